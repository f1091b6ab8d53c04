"""RULES.md 3.5: going out and the end of a deal in the 500 family, including
the empty-stock endings (Pinochle's last round of turns)."""

from __future__ import annotations

import pytest

from tests.engine._helpers import (
    cards,
    deal_scores,
    discard,
    hand,
    layout,
    legal,
    legal_texts,
    pile,
    play,
    refused,
)


def test_go_out_by_melding_the_whole_hand_without_a_discard():
    g = layout("rummy500", ["7H 8H 9H 5C 5D", "KD 2S"], stock="5S QC", discard="2D")
    play(g, "0: draw", "0: meld 7H 8H 9H", "0: meld 5C 5D 5S")
    assert hand(g, 0) == cards("")
    assert g.deal_over
    assert g.phase == "deal_over"
    assert not g.game_over
    assert legal_texts(g) == {f"{g.turn}: deal"}


def test_go_out_by_melding_all_but_one_card_and_discarding_it():
    g = layout("rummy500", ["7H 8H 9H", "KD 2S"], stock="KS QC", discard="2D")
    play(g, "0: draw", "0: meld 7H 8H 9H", "0: discard KS")
    assert g.deal_over
    assert pile(g)[-1] == "KS"
    refused(g, "1: draw")


def test_go_out_by_discard_option_refuses_melding_the_last_card():
    opts = {"go_out_by_discard": True}
    g = layout("rummy500", ["7H 8H 9H 5C 5D", "KD 2S"], stock="5S QC", discard="2D", options=opts)
    play(g, "0: draw", "0: meld 7H 8H 9H")
    refused(g, "0: meld 5C 5D 5S")  # would leave nothing to discard
    assert not g.deal_over
    g = layout("rummy500", ["7H 8H 9H", "KD 2S"], stock="KS QC", discard="2D", options=opts)
    play(g, "0: draw", "0: meld 7H 8H 9H", "0: discard KS")
    assert g.deal_over


def test_pinochle_must_go_out_by_discarding():
    hands = ["5H 6H 7H 8H", "KD 2S", "QD 3S"]
    g = layout("pinochle", hands, stock="9H QC", discard="2D")
    play(g, "0: draw")
    refused(g, "0: meld 5H 6H 7H 8H 9H")  # the last card must be a discard
    hands = ["5H 6H 7H 8H 9H", "KD 2S", "QD 3S"]
    g = layout("pinochle", hands, stock="KS QC", discard="2D")
    play(g, "0: draw", "0: meld 5H 6H 7H 8H 9H", "0: discard KS")
    assert g.deal_over


def test_pinochle_nobody_melds_after_going_out():
    hands = ["5H 6H 7H 8H 9H", "10H JH QH KH 2S", "QD 3S"]
    g = layout("pinochle", hands, stock="KS QC", discard="2D", options={"rummy_call": "full"})
    play(g, "0: draw", "0: meld 5H 6H 7H 8H 9H", "0: discard KS")
    assert g.deal_over
    assert legal_texts(g) == {f"{g.turn}: deal"}
    refused(g, "1: layoff 10H to 1")
    refused(g, "1: rummy 1")


# --- empty stock, rummy500 / classic / persian ------------------------------


@pytest.mark.parametrize(
    ("preset", "others"),
    [
        ("rummy500", ["KD 3C"]),
        ("rummy500-classic", ["KD 3C"]),
        ("persian", ["KD 3C", "4D", "5D"]),
    ],
)
def test_draw_from_the_empty_stock_ends_the_deal(preset, others):
    g = layout(preset, ["7H 8H 9H 2S", *others], stock="QS", discard="5C")
    play(g, "0: draw", "0: meld 7H 8H 9H")
    discard(g, "QS")
    assert g.stock_count == 0
    assert legal(g, "1: draw")
    play(g, "1: draw")
    assert g.deal_over
    if preset == "persian":
        # teams (0, 2) and (1, 3): 7+8+9 - 2 - 4 = 18; -(10+3) - 5 = -18
        assert deal_scores(g) == [18, -18]
    else:
        # seat 0: 7+8+9 melded - 2 in hand = 22; seat 1: -(10+3) = -13
        assert deal_scores(g) == [22, -13]


def test_empty_stock_play_goes_on_while_players_take_from_the_pile():
    g = layout("rummy500", ["7H 2S 3S", "KD 3C 4C"], stock="", discard="5C")
    assert legal_texts(g) == {"0: draw", "0: take 1"}
    play(g, "0: take 1")
    discard(g, "2S")
    assert not g.deal_over
    assert g.turn == 1
    play(g, "1: take 1")
    discard(g, "KD")
    assert not g.deal_over
    play(g, "0: draw")
    assert g.deal_over


def test_empty_stock_draw_is_the_only_move_when_no_take_is_legal():
    g = layout("rummy500-classic", ["7H 2S 3S", "KD 3C 4C"], stock="", discard="5C QD")
    assert legal_texts(g) == {"0: draw"}


# --- empty stock, pinochle: one more turn each ------------------------------


def pinochle_last_card():
    hands = ["9H 2C 5S", "10H JH QH KH 3D 6C", "4S 7D JC"]
    g = layout("pinochle", hands, stock="8D", discard="2D")
    play(g, "0: draw", "0: discard 9H")  # seat 0 drew the last stock card
    assert g.stock_count == 0
    return g


def test_pinochle_empty_stock_only_a_discard_pile_take_or_pass():
    g = pinochle_last_card()
    assert g.turn == 1
    assert not g.deal_over
    refused(g, "1: draw")
    assert legal_texts(g) == {"1: pass", "1: take 1"}
    play(g, "1: take 1", "1: meld 9H 10H JH QH KH", "1: discard 3D")
    assert legal_texts(g) == {"2: pass"}
    play(g, "2: pass")
    assert g.phase == "play"
    assert hand(g, 2) == cards("4S 7D JC")
    play(g, "2: discard 4S")


def test_pinochle_empty_stock_every_player_gets_one_more_turn_ending_with_last_drawer():
    g = pinochle_last_card()
    play(g, "1: pass", "1: discard 3D")
    assert not g.deal_over
    play(g, "2: pass", "2: discard 4S")
    assert not g.deal_over
    assert g.turn == 0
    play(g, "0: pass")
    assert not g.deal_over
    play(g, "0: discard 2C")
    assert g.deal_over  # whether or not anyone melded
    # seat 0: -(5S + 8D) = -13; seat 1: -(10H JH QH KH 6C) = -46; seat 2: -(7D + JC) = -17
    assert deal_scores(g) == [-13, -46, -17]


def test_pinochle_last_turns_may_meld_then_the_deal_ends():
    g = pinochle_last_card()
    play(g, "1: take 1", "1: meld 9H 10H JH QH KH", "1: discard 3D")
    play(g, "2: pass", "2: discard 4S", "0: pass", "0: discard 2C")
    assert g.deal_over
    # seat 1: 9+10+10+10+10 melded - 6 in hand = 43
    assert deal_scores(g) == [-13, 43, -17]
