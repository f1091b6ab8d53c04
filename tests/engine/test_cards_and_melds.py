"""RULES.md section 2 (cards, melds, jokers, laying off) and the meld table of
section 3.3, played in `rummy500` positions (one deck up to 4 players, two
decks from 5).
"""

from __future__ import annotations

import pytest

from tests.engine._helpers import (
    at_play,
    discard,
    find_meld,
    hand,
    layout,
    legal,
    meld,
    meld_cards,
    melds,
    owners,
    play,
    refused,
)

# --- physical cards -------------------------------------------------------


def test_two_decks_copies_are_distinct_physical_cards():
    # 5 players: two decks, so two 7H exist, and both may be in one hand.
    g = layout("rummy500", ["7H 7H", "2C", "3C", "4C", "5C"], stock="9D", discard="KC")
    assert hand(g, 0)["7H"] == 2


def test_no_card_exists_more_often_than_the_decks_hold():
    with pytest.raises(ValueError, match="7H: 3 in this layout"):
        layout("rummy500", ["7H 7H 7H", "2C", "3C", "4C", "5C"], stock="9D", discard="KC")
    with pytest.raises(ValueError, match="7H: 2 in this layout"):  # one deck for 2 players
        layout("rummy500", ["7H", "7H"], stock="9D", discard="KC")
    with pytest.raises(ValueError, match="7H: 2 in this layout"):  # in a hand and the stock
        layout("rummy500", ["7H", "2C"], stock="7H", discard="KC")


def test_classic_and_pinochle_have_no_jokers():
    with pytest.raises(ValueError, match="pack holds 0"):
        layout("rummy500-classic", ["JK 2C", "3C"], stock="9D", discard="KC")
    with pytest.raises(ValueError, match="pack holds 0"):
        layout("pinochle", ["JK 2C", "3C", "4C"], stock="9D", discard="KC")


def test_rummy500_has_two_jokers_per_deck():
    layout("rummy500", ["JK JK", "2C"], stock="9D", discard="KC")
    with pytest.raises(ValueError, match="JK: 3 in this layout"):
        layout("rummy500", ["JK JK", "JK"], stock="9D", discard="KC")
    layout("rummy500", ["JK JK", "JK JK", "3C", "4C", "5C"], stock="9D", discard="KC")
    with pytest.raises(ValueError, match="JK: 5 in this layout"):
        layout("rummy500", ["JK JK", "JK JK", "JK", "4C", "5C"], stock="9D", discard="KC")


# --- sets and runs --------------------------------------------------------


def test_set_is_cards_of_one_rank():
    g = at_play("7C 7D 7H 8S 9S")
    refused(g, "meld 7C 7D 8S")
    play(g, "meld 7C 7D 7H")
    assert meld(g, 1).kind == "set"
    assert sorted(meld_cards(g, 1)) == ["7C", "7D", "7H"]
    assert owners(g, 1) == (0, 0, 0)
    assert hand(g, 0) == {"8S": 1, "9S": 1, "QC": 1}


def test_run_is_consecutive_ranks_of_one_suit():
    g = at_play("5H 6H 7H 8S 9H")
    refused(g, "meld 6H 7H 8S")  # two suits
    refused(g, "meld 5H 7H 9H")  # not consecutive
    play(g, "meld 7H 5H 6H")  # card order in the move does not matter
    assert meld(g, 1).kind == "run"
    assert meld_cards(g, 1) == ["5H", "6H", "7H"]  # runs are kept low to high


def test_set_and_run_need_at_least_three_cards_in_rummy500():
    g = at_play("7C 7D 5H 6H 9S")
    refused(g, "meld 7C 7D")
    refused(g, "meld 5H 6H")


def test_ace_low_run_a_2_3():
    g = at_play("AS 2S 3S 9D")
    play(g, "meld AS 2S 3S")
    assert meld_cards(g, 1) == ["AS", "2S", "3S"]


def test_ace_high_run_q_k_a():
    g = at_play("QS KS AS 9D")
    play(g, "meld AS QS KS")
    assert meld_cards(g, 1) == ["QS", "KS", "AS"]
    assert str(meld(g, 1)) == "QS KS AS"


def test_run_never_turns_the_corner_k_a_2():
    g = at_play("QS KS AS 2S 9D")
    refused(g, "meld KS AS 2S")
    refused(g, "meld QS KS AS 2S")


def test_ace_never_both_ends_of_a_run():
    # 5 players: two decks, so a second A♠ exists.
    g = at_play("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS AS 9D", players=5)
    play(g, "meld 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    play(g, "layoff AS to 1")  # one ace, at one end
    assert len(meld_cards(g, 1)) == 13
    refused(g, "layoff AS to 1")  # A-2-...-K-A would use the ace at both ends


def test_thirteen_card_run_with_a_natural_ace_can_be_melded():
    # RULES.md 2: a run may have the ace low or high (never both). A-2-...-K
    # (or 2-...-K-A) is a legal run of 13; some spelling of the move must
    # meld it, and a refusal must not talk about a joker there is none of.
    g = at_play("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 9D")
    texts = [
        "meld AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
        "meld 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS",
        "meld run AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
    ]
    assert any(legal(g, t) for t in texts)


def test_no_layoff_round_the_corner():
    g = at_play("AS 2S 3S KS QH KH AH 2H 9D")
    play(g, "meld AS 2S 3S", "meld QH KH AH")
    refused(g, "layoff KS to 1")
    refused(g, "layoff 2H to 2")


# --- laying off -------------------------------------------------------------


def test_laid_off_card_keeps_its_owner_on_anyones_meld():
    g = layout(
        "rummy500",
        ["5H 6H 7H 9D KS", "8H 4H 2C 3C"],
        stock="QC JC 10C 9C",
        discard="KC",
    )
    play(g, "0: draw", "0: meld 5H 6H 7H")
    discard(g, "KS")
    play(g, "1: draw", "1: layoff 8H to 1")
    assert meld_cards(g, 1) == ["5H", "6H", "7H", "8H"]
    assert owners(g, 1) == (0, 0, 0, 1)
    play(g, "1: layoff 4H to 1")
    assert meld_cards(g, 1) == ["4H", "5H", "6H", "7H", "8H"]
    assert owners(g, 1) == (1, 0, 0, 0, 1)


def test_layoff_names_the_meld_and_the_card_must_fit_it():
    g = at_play("5H 6H 7H 9S 9H 9C 8H 2S")
    play(g, "meld 5H 6H 7H", "meld 9S 9H 9C")
    refused(g, "layoff 8H to 2")  # 8H is no 9
    refused(g, "layoff 8H")  # which meld?
    refused(g, "layoff 8H to 7")  # there is no meld 7
    play(g, "layoff 8H to 1")
    assert meld_cards(g, 1) == ["5H", "6H", "7H", "8H"]


def test_layoff_of_a_natural_chain_on_a_run_end():
    g = at_play("5H 6H 7H 8H 9H 2S")
    play(g, "meld 5H 6H 7H", "layoff 8H 9H to 1")
    assert str(meld(g, 1)) == "5H 6H 7H 8H 9H"


def test_layoff_of_a_card_not_in_hand_is_refused():
    g = at_play("5H 6H 7H 2S")
    play(g, "meld 5H 6H 7H")
    refused(g, "layoff 8H to 1")


def test_melds_are_numbered_in_the_order_made():
    g = at_play("9C 9H 9S 5H 6H 7H 2S")
    play(g, "meld 9C 9H 9S", "meld 5H 6H 7H")
    assert [m.id for m in g.melds] == [1, 2]
    assert find_meld(g, "9C 9H 9S").id == 1
    assert find_meld(g, "5H 6H 7H").id == 2
    assert melds(g)[1] == "5H 6H 7H"


# --- section 3.3: sets with two decks and the maximum set size ---------------


def test_two_decks_no_repeated_suit_in_set():
    g = at_play("7H 7H 7S 7D 7C 9D", players=5)
    refused(g, "meld 7H 7H 7S")
    play(g, "meld 7H 7S 7D")
    refused(g, "layoff 7H to 1")  # a second 7♥ in the set
    assert legal(g, "layoff 7C to 1")


def test_set_is_at_most_four_cards_jokers_included():
    g = at_play("7C 7D 7H 7S JK 9D")
    refused(g, "meld 7C 7D 7H 7S JK")
    play(g, "meld 7C 7D 7H 7S")
    refused(g, "layoff JK to 1")


def test_no_five_card_set_with_two_decks():
    g = at_play("7C 7D 7H 7S 7S 9D", players=5)
    refused(g, "meld 7C 7D 7H 7S 7S")
    play(g, "meld 7C 7D 7H 7S")
    refused(g, "layoff 7S to 1")


def test_min_run_option_sets_the_run_length():
    g = at_play("5H 6H 7H 8H 9D", options={"min_run": 4})
    refused(g, "meld 5H 6H 7H")
    play(g, "meld 5H 6H 7H 8H")
    assert meld(g, 1).kind == "run"


def test_the_sort_orders_are_named_from_the_sort_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_gui.engine import cards

    assert cards.suit_order() == "♣♦♥♠"
    assert cards.rank_ends() == ("A", "K")
    # the names follow the keys: a different suit order renames the sort
    monkeypatch.setattr(cards, "SUITS", "SHDC")
    monkeypatch.setattr(cards, "SUIT_SYMBOLS", "♠♥♦♣")
    assert cards.suit_order() == "♠♥♦♣"
