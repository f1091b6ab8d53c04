"""RULES.md 3.4: the turn in the 500 family — draw (stock or a deep take from
the discard pile), melds and lay-offs, one discard — and the discard
restriction on taken cards. Also the decisions of docs/engine.md on deep
takes."""

from __future__ import annotations

import pytest

from tests.engine._helpers import (
    cards,
    discard,
    hand,
    layout,
    legal,
    legal_texts,
    meld_cards,
    owners,
    pile,
    play,
    refused,
)

# --- the draw -------------------------------------------------------------


def test_turn_starts_with_a_draw():
    g = layout("rummy500", ["7H 8H 9H 2S", "3C 4D"], stock="KS QD", discard="5C")
    assert g.phase == "draw"
    assert tuple(g.to_act) == (0,)
    refused(g, "0: meld 7H 8H 9H")
    refused(g, "0: discard 2S")
    assert legal_texts(g) == {"0: draw", "0: take 1"}


def test_only_the_player_in_turn_may_draw():
    g = layout("rummy500", ["7H 8H 9H 2S", "3C 4D"], stock="KS QD", discard="5C")
    refused(g, "1: draw")
    refused(g, "1: take 1")


def test_draw_takes_the_top_card_of_the_stock():
    g = layout("rummy500", ["7H 2S", "3C 4D"], stock="KS QD JD", discard="5C")
    play(g, "0: draw")
    assert hand(g, 0) == cards("7H 2S KS")
    assert g.stock_count == 2
    assert pile(g) == ["5C"]
    assert g.phase == "play"
    refused(g, "0: draw")  # one draw per turn
    play(g, "0: discard 7H")
    play(g, "1: draw")
    assert hand(g, 1) == cards("3C 4D QD")


def test_deep_take_takes_the_target_and_every_card_above_it():
    g = layout("rummy500", ["7H 8H 2S 3S", "4C 6C"], stock="KS QD", discard="9H 2C 5D")
    play(g, "0: take 3")
    assert hand(g, 0) == cards("7H 8H 2S 3S 9H 2C 5D")
    assert pile(g) == []
    assert g.stock_count == 2


def test_deep_take_target_must_be_melded_this_turn():
    g = layout("rummy500", ["7H 8H 2S 3S", "4C 6C"], stock="KS QD", discard="9H 2C 5D")
    play(g, "0: take 3")
    refused(g, "0: discard 2S", card="9H")
    play(g, "0: meld 7H 8H 9H")
    play(g, "0: discard 2S")
    assert g.turn == 1


def test_deep_take_is_illegal_when_the_target_cannot_be_used():
    g = layout("rummy500", ["7H 8H 2S 3S", "4C 6C"], stock="KS QD", discard="9H 2C 5D")
    refused(g, "0: take 2")  # the 2♣ can not be melded or laid off
    refused(g, "0: take 4")  # there are only 3 cards
    refused(g, "0: take 0")
    assert legal_texts(g) == {"0: draw", "0: take 1", "0: take 3"}


def test_deep_take_target_may_be_laid_off_on_a_table_meld():
    g = layout(
        "rummy500",
        ["5S 6S 7S 2H 3C", "2C 3D"],
        stock="KD QD JD",
        discard="8S 4D",
        options={"rummy_call": "off"},
    )
    play(g, "0: draw", "0: meld 5S 6S 7S", "0: discard KD")
    assert pile(g) == ["8S", "4D", "KD"]
    assert legal(g, "1: take 3")  # the 8♠ goes on seat 0's run
    refused(g, "1: take 2")
    play(g, "1: take 3")
    refused(g, "1: discard 2C", card="8S")
    play(g, "1: layoff 8S to 1")
    assert meld_cards(g, 1) == ["5S", "6S", "7S", "8S"]
    assert owners(g, 1) == (0, 0, 0, 1)
    play(g, "1: discard 2C")


def test_deep_take_target_may_be_used_with_the_taken_cards_alone():
    g = layout("rummy500", ["2S 4S", "4C 6C"], stock="KS QD", discard="9H 10H JH")
    play(g, "0: take 3", "0: meld 9H 10H JH", "0: discard 2S")
    assert hand(g, 0) == cards("4S")


def test_cards_taken_above_the_target_may_be_melded_the_same_turn():
    g = layout("rummy500", ["7H 8H 5S 2S 3S", "4C 6C"], stock="KS QD", discard="9H 5C 5D")
    play(g, "0: take 3", "0: meld 7H 8H 9H", "0: meld 5C 5D 5S", "0: discard 2S")
    assert g.turn == 1
    assert len(g.melds) == 2


def test_meld_that_would_strand_the_target_is_refused():
    # docs/engine.md: no meld may leave the player unable to use the target.
    g = layout("rummy500", ["7H 8H 7C 7D 2S", "4C 6C"], stock="KS QD", discard="9H KC")
    play(g, "0: take 2")
    refused(g, "0: meld 7H 7C 7D")  # the 9♥ could no longer be melded
    play(g, "0: meld 7H 8H 9H")


def test_taking_only_the_top_card_is_free_in_rummy500():
    g = layout("rummy500", ["2S 3S 4C", "5C 6C"], stock="AD QD", discard="9H KD")
    assert legal(g, "0: take 1")  # the K♦ can not be melded: no obligation
    refused(g, "0: take 2")
    play(g, "0: take 1", "0: discard 2S")
    assert hand(g, 0) == cards("3S 4C KD")


def test_taking_only_the_top_card_is_free_in_persian():
    g = layout("persian", ["2S 3S 4C", "5C 6C", "7C 8C", "9C 10C"], stock="AD QD", discard="9H KD")
    play(g, "0: take 1", "0: discard 2S")
    assert hand(g, 0) == cards("3S 4C KD")


def test_top_card_is_a_target_in_classic():
    g = layout("rummy500-classic", ["2S 3S 4C", "5C 6C"], stock="AD QD", discard="9H KD")
    refused(g, "0: take 1")
    assert legal_texts(g) == {"0: draw"}
    g = layout("rummy500-classic", ["QD JD 2S", "5C 6C"], stock="AD 3D", discard="9H KD")
    play(g, "0: take 1")
    refused(g, "0: discard 2S", card="KD")
    play(g, "0: meld JD QD KD", "0: discard 2S")


def test_top_card_is_a_target_in_pinochle():
    hands = ["9D 10D JD QD 2S 3S", "5C 6C", "7C 8C"]
    g = layout("pinochle", ["2S 3S 4C", "5C 6C", "7C 8C"], stock="AD QD", discard="9H KD")
    refused(g, "0: take 1")
    g = layout("pinochle", hands, stock="AD 3D", discard="9H KD")
    play(g, "0: take 1", "0: meld 9D 10D JD QD KD", "0: discard 2S")
    assert hand(g, 0) == cards("3S")


def test_top_discard_must_meld_option():
    on = layout(
        "rummy500",
        ["2S 3S 4C", "5C 6C"],
        stock="AD QD",
        discard="9H KD",
        options={"top_discard_must_meld": True},
    )
    refused(on, "0: take 1")
    off = layout(
        "rummy500-classic",
        ["2S 3S 4C", "5C 6C"],
        stock="AD QD",
        discard="9H KD",
        options={"top_discard_must_meld": False},
    )
    play(off, "0: take 1", "0: discard 2S")


# --- the discard restriction ------------------------------------------------


def test_single_taken_card_may_not_be_discarded_this_turn():
    g = layout("rummy500", ["2S 3S 4C", "5C 6C"], stock="AD QD", discard="9H KD")
    play(g, "0: take 1")
    refused(g, "0: discard KD", card="KD")
    play(g, "0: discard 3S")


def test_top_card_of_a_multi_card_take_may_be_discarded():
    g = layout("rummy500", ["7H 8H 2S 3S", "4C 6C"], stock="KS QD", discard="9H 2C 5D")
    play(g, "0: take 3", "0: meld 7H 8H 9H", "0: discard 5D")
    assert pile(g) == ["5D"]


def test_other_taken_cards_may_not_be_discarded():
    g = layout("rummy500", ["7H 8H 2S 3S", "4C 6C"], stock="KS QD", discard="9H 2C 5D")
    play(g, "0: take 3", "0: meld 7H 8H 9H")
    refused(g, "0: discard 2C", card="2C")


def test_two_decks_restricted_card_is_a_count():
    # docs/engine.md: holding another 7♥ from before the take, discarding 7♥
    # is allowed; without it, it is not.
    others = ["5C 6C", "5D 6D", "5S 6S", "8C 9C"]
    g = layout("rummy500", ["7H 2S 3S", *others], stock="AD QD", discard="9H 7H")
    play(g, "0: take 1", "0: discard 7H")
    assert hand(g, 0) == cards("7H 2S 3S")
    g = layout("rummy500", ["2S 3S 4S", *others], stock="AD QD", discard="9H 7H")
    play(g, "0: take 1")
    refused(g, "0: discard 7H")


# --- melds, lay-offs and the discard ---------------------------------------


def test_any_number_of_melds_and_layoffs_before_one_discard():
    g = layout("rummy500", ["5H 6H 7H 9C 9D 9S 8H 2S 3S", "4C 6C"], stock="KS QD", discard="10C")
    play(g, "0: draw", "0: meld 5H 6H 7H", "0: meld 9C 9D 9S", "0: layoff 8H to 1")
    assert g.phase == "play"
    assert g.turn == 0
    play(g, "0: discard 2S")
    assert g.turn == 1
    assert hand(g, 0) == cards("3S KS")


def test_discard_ends_the_turn_and_play_passes_left():
    g = layout("rummy500", ["2S 3S", "4C 6C", "7D 8D"], stock="KS QD JD", discard="10C")
    play(g, "0: draw")
    discard(g, "KS")
    assert g.turn == 1
    assert tuple(g.to_act) == (1,)
    assert g.phase == "draw"
    refused(g, "0: discard 2S")
    play(g, "1: draw")
    discard(g, "4C")
    play(g, "2: draw")
    discard(g, "7D")
    assert g.turn == 0


def test_discard_pile_is_fanned_every_card_in_order():
    g = layout("rummy500", ["2S 3S", "4C 6C", "7D 8D"], stock="KS QD JD", discard="10C")
    play(g, "0: draw")
    discard(g, "2S")
    play(g, "1: draw")
    discard(g, "6C")
    assert pile(g) == ["10C", "2S", "6C"]


def test_discarding_a_card_not_in_hand_is_refused():
    g = layout("rummy500", ["2S 3S", "4C 6C"], stock="KS QD", discard="10C")
    play(g, "0: draw")
    refused(g, "0: discard AH")
    refused(g, "0: discard 4C")


# --- moves of the contract family are not 500-family moves ------------------


@pytest.mark.parametrize("round_", [1, 8])
def test_contract_move_is_refused_in_the_500_family(round_):
    # RULES.md 3.4: a 500-family turn melds meld by meld; `contract` is the
    # Contract Rummy lay-down (RULES.md 7) and must be refused, in any deal.
    g = layout(
        "rummy500", ["7H 7S 7D 9C 9D 9H 2S", "4C 5C"], stock="KD QD", discard="2C", round=round_
    )
    play(g, "0: draw")
    refused(g, "0: contract 7H 7S 7D / 9C 9D 9H")


def test_claims_of_the_contract_family_are_refused_in_the_500_family():
    g = layout("rummy500", ["7H 7S 7D 9C 9D 9H 2S", "4C 5C"], stock="KD QD", discard="2C")
    play(g, "0: draw")
    for text in ("1: buy", "0: swap 7H in 1", "0: cut 3", "0: discard 2S shanghai"):
        refused(g, text)
