"""RULES.md 4.7: the stock (reshuffling the discard pile), the end of a round
(going out, or no winner when stock and pile are used up), both penalty
tables, and the end of the game after round 7 (lowest total wins, a tie is
shared); decisions table row "round ends with stock and pile both empty"."""

from __future__ import annotations

import pytest

from tests.engine._helpers import cards, deal_scores, hand, layout, pass_claims, pile, play, totals


@pytest.mark.parametrize("preset", ["contract", "liverpool", "shanghai"])
def test_empty_stock_is_refilled_from_the_pile_under_its_top_card(preset):
    g = layout(preset, ["2C 3C", "4D 5D", "6H 8H"], stock="", discard="4S 5C 9D")
    play(g, "0: draw")
    pass_claims(g)
    got = hand(g, 0) - cards("2C 3C")
    assert sum(got.values()) == 1
    assert set(got) <= {"4S", "5C"}
    assert pile(g) == ["9D"]  # the top card stays as the discard pile
    assert g.stock_count == 1


@pytest.mark.parametrize(
    ("preset", "scores"),
    [
        # seat 0: 5 + K 10 = 15; seat 1: ace 15 + joker 15 = 30; seat 2: 2 + 8 = 10
        ("contract", [15, 30, 10]),
        ("liverpool", [15, 30, 10]),
        # shanghai: 5 + 10 = 15; ace 20 + joker 50 = 70; 2 -> 5, 8 -> 10: 15
        ("shanghai", [15, 70, 15]),
    ],
)
def test_stock_and_pile_used_up_ends_the_round_with_no_winner(preset, scores):
    g = layout(preset, ["5C KD", "AS JK", "2H 8S"], stock="", discard="9D")
    play(g, "0: draw")
    assert g.deal_over
    assert deal_scores(g) == scores  # everyone scores the cards in their hand
    assert totals(g) == scores


ALL_RANKS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC JK"


@pytest.mark.parametrize(
    ("preset", "penalty"),
    [
        # 2+3+4+5+6+7 = 27, 8+9 = 17, 10 J Q K = 40, ace 15, joker 15 -> 114
        ("contract", [0, 114, 2]),
        ("liverpool", [0, 114, 2]),
        # 2-7: 6 x 5 = 30, 8 9: 2 x 10 = 20, 10 J Q K = 40, ace 20, joker 50 -> 160
        ("shanghai", [0, 160, 5]),
    ],
)
def test_going_out_ends_the_round_others_score_their_hands(preset, penalty):
    g = layout(preset, ["7H 7S 7D 9H 9D 9S", ALL_RANKS, "2D"], stock="KH QH JH", discard="4S")
    play(g, "0: draw")
    pass_claims(g)
    play(g, "0: contract 7H 7S 7D / 9H 9D 9S", "0: discard KH")
    assert g.deal_over
    assert not g.game_over
    assert deal_scores(g) == penalty  # the winner scores 0
    assert totals(g) == penalty


def test_after_round_seven_the_lowest_total_wins():
    hand7 = "3H 4H 5H 6H 8C 9C 10C JC 2S 3S 4S 5S"
    g = layout("contract", [hand7, "4C 5C", "KC QC"], stock="7H KD", discard="2C", round=7)
    play(g, "0: draw")
    pass_claims(g)
    play(g, "0: contract 3H 4H 5H 6H 7H / 8C 9C 10C JC / 2S 3S 4S 5S")
    assert g.game_over
    assert g.phase == "game_over"
    assert totals(g) == [0, 9, 20]
    assert tuple(g.winners) == (0,)
    assert len(g.legal_moves) == 0


def test_after_round_seven_a_tie_for_the_lowest_total_is_shared():
    g = layout("contract", ["KD QD", "5C", "5H"], stock="", discard="9D", round=7)
    play(g, "0: draw")
    assert g.game_over
    assert totals(g) == [20, 5, 5]
    assert tuple(sorted(g.winners)) == (1, 2)


def test_rounds_one_to_six_do_not_end_the_game():
    g = layout("contract", ["KD QD", "5C", "5H"], stock="", discard="9D", round=6)
    play(g, "0: draw")
    assert g.deal_over
    assert not g.game_over
    play(g, f"{g.turn}: deal")
    assert g.round == 7
