"""RULES.md 3.8: Persian Rummy — partnerships, 56 cards, joker-only sets worth
20, doubled four-sets melded at once, the 25 and 50 bonuses, exactly two
deals; decisions table row "Persian 25 bonus"; docs/engine.md: equal team
totals after two deals -> both teams win, no bonus."""

from __future__ import annotations

import pytest

from rummy_gui.engine import JOKER, Game
from rummy_gui.engine.cards import Token
from tests.engine._helpers import deal_scores, discard, layout, legal, meld, play, refused, totals


def test_persian_partners_sit_opposite():
    g = Game.new("persian", players=4, seed=3)
    assert tuple(tuple(side) for side in g.sides) == ((0, 2), (1, 3))
    assert len(g.totals) == 2


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_persian_needs_exactly_four_players(players):
    with pytest.raises(ValueError, match="exactly 4 players"):
        Game.new("persian", players=players, seed=1)


def test_persian_layout_needs_four_hands_and_holds_four_jokers():
    with pytest.raises(ValueError, match="exactly 4 players, not 3"):
        layout("persian", ["2C", "3C", "4C"], stock="5C", discard="6C")
    layout("persian", ["JK JK", "JK", "JK", "4C"], stock="5C", discard="6C")
    with pytest.raises(ValueError, match="JK: 5 in this layout"):
        layout("persian", ["JK JK", "JK", "JK", "JK"], stock="5C", discard="6C")


def test_persian_jokers_only_in_sets_of_jokers():
    g = layout(
        "persian",
        ["JK JK JK JK 7H 7S 7C 6D 8D 2C", "2S", "3S", "4S"],
        stock="QC KC",
        discard="KD",
    )
    play(g, "0: draw")
    refused(g, "0: meld 7H 7S JK")
    refused(g, "0: meld set 7H JK JK")
    refused(g, "0: meld 6D JK 8D")
    refused(g, "0: meld run 6D JK=7D 8D")
    play(g, "0: meld 7H 7S 7C")
    refused(g, "0: layoff JK to 1")  # a joker never substitutes for another card
    play(g, "0: meld JK JK JK")
    assert meld(g, 2).kind == "set"
    assert legal(g, "0: layoff JK to 2")


def test_persian_joker_set_scores_20_a_joker():
    g = layout("persian", ["JK JK JK 9H 10H", "2C", "3C", "JK"], stock="JH QC", discard="KD")
    play(g, "0: draw", "0: meld JK JK JK", "0: meld 9H 10H JH")
    assert g.deal_over
    # seat 0: 3 jokers x 20 = 60, 9+10+10 = 29, out on the first melding turn +25 -> 114
    # team (0, 2): 114 - 3 = 111.  team (1, 3): -2 and a joker in hand -20 -> -22
    assert deal_scores(g) == [111, -22]


def four_set(round=1, at_once=True):
    g = layout(
        "persian",
        ["7C 7D 7H 7S 9H 10H", "2C", "KS", "AS 2S"],
        stock="JH QC",
        discard="KD",
        round=round,
    )
    play(g, "0: draw")
    if at_once:
        play(g, "0: meld 7C 7D 7H 7S")
    else:
        play(g, "0: meld 7C 7D 7H", "0: layoff 7S to 1")
    play(g, "0: meld 9H 10H JH")
    assert g.deal_over
    return g


def test_persian_set_of_four_melded_at_once_scores_double_and_25_bonus():
    g = four_set()
    # seat 0: four 7s at once (28 x 2 = 56) + 9+10+10 = 29 + 25 bonus = 110
    # team (0, 2): 110 - K (10) = 100.  team (1, 3): -2 - (ace 15 + 2) = -19
    assert deal_scores(g) == [100, -19]
    assert totals(g) == [100, -19]
    assert not g.game_over  # one deal of two


def test_persian_set_of_four_built_up_by_layoff_is_not_doubled():
    g = four_set(at_once=False)
    # seat 0: 7+7+7 + 7 laid off = 28, + 29 + 25 bonus = 82; team (0, 2): 82 - 10 = 72
    assert deal_scores(g) == [72, -19]


def test_persian_25_bonus_also_when_going_out_with_a_discard():
    g = layout("persian", ["7C 7D 7H", "2C", "3C", "4C"], stock="KS QC", discard="KD")
    play(g, "0: draw", "0: meld 7C 7D 7H", "0: discard KS")
    assert g.deal_over
    # seat 0: 21 + 25 = 46; team (0, 2): 46 - 3 = 43; team (1, 3): -2 - 4 = -6
    assert deal_scores(g) == [43, -6]


def test_persian_no_25_bonus_when_the_player_melded_on_an_earlier_turn():
    g = layout(
        "persian",
        ["7C 7D 7H 9H 10H 2C", "2S", "3S", "4D"],
        stock="3D 4S 5C 6D JH QC",
        discard="KD",
    )
    play(g, "0: draw", "0: meld 7C 7D 7H")
    discard(g, "2C")
    play(g, "1: draw")
    discard(g, "4S")
    play(g, "2: draw")
    discard(g, "5C")
    play(g, "3: draw")
    discard(g, "6D")
    play(g, "0: draw", "0: meld 9H 10H JH", "0: discard 3D")
    assert g.deal_over
    # seat 0: 21 + 29 = 50, no bonus; team (0, 2): 50 - 3 = 47; team (1, 3): -2 - 4 = -6
    assert deal_scores(g) == [47, -6]


def test_persian_game_is_exactly_two_deals_then_50_points_to_the_leading_team():
    g = four_set(round=2)
    assert g.game_over
    # the deal gives (100, -19); the team with more points gets 50
    assert totals(g) == [150, -19]
    assert tuple(sorted(g.winners)) == (0, 2)
    assert deal_scores(g)[1] == -19
    assert deal_scores(g)[0] in (100, 150)  # whether the 50 shows in the deal: open


def test_persian_first_deal_never_ends_the_game():
    g = four_set(round=1)
    assert g.deal_over
    assert not g.game_over
    play(g, f"{g.turn}: deal")
    assert g.round == 2
    assert not g.game_over


def test_persian_equal_teams_after_two_deals_both_win_without_bonus():
    g = layout(
        "persian",
        ["9H 10H JH", "2C", "JK JK JK 8S", "2D"],
        stock="QH QC",
        discard="KD",
        round=2,
    )
    play(g, "0: draw", "0: meld 9H 10H JH QH")
    assert g.game_over
    # seat 0: 9+10+10+10 = 39 + 25 = 64; seat 2 holds 3 jokers (60) and 8 -> team 64 - 68 = -4
    # team (1, 3): -2 - 2 = -4
    assert totals(g) == [-4, -4]
    assert tuple(sorted(g.winners)) == (0, 1, 2, 3)


def _joker_set_on_table() -> Game:
    g = layout(
        "persian",
        ["JK JK JK 7H 7S 7C 2C", "2S 9S", "3S 9D", "JK 4S"],
        stock="QC KC 5H 8C 10D",
        discard="KD",
    )
    play(g, "0: draw", "0: meld JK JK JK")
    return g


def test_persian_joker_set_is_written_jk_jk_jk_everywhere():
    # RULES.md 5, "how a set of jokers is written": it stands for no rank
    g = _joker_set_on_table()
    joker_set = meld(g, 1)
    assert str(joker_set) == "JK JK JK"
    assert joker_set.pretty() == "★ ★ ★"
    assert joker_set.tokens() == (Token(JOKER),) * 3
    assert [str(m) for m in g.view(1).melds] == ["JK JK JK"]
    assert [str(m) for m in g.moves][-1] == "0: meld JK JK JK"
    assert g.record()["moves"][-1] == "0: meld JK JK JK"
    assert Game.from_record(g.record()) == g


def test_persian_joker_set_text_parses_back_for_every_legal_move():
    from rummy_gui.engine import Move

    g = _joker_set_on_table()
    texts = [str(m) for m in g.legal_moves]
    assert "0: meld 7C 7H 7S" in texts
    for m in g.legal_moves:
        assert Move.parse(str(m)) == m
    # the meld's own text is playable move text: laying the set's cards again parses
    Move.parse(f"3: meld {meld(g, 1)}")
    discard(g, "2C")
    play(g, "1: draw")
    discard(g, "2S")
    play(g, "2: draw")
    discard(g, "3S")
    play(g, "3: draw")
    assert "3: layoff JK to 1" in [str(m) for m in g.legal_moves]


def test_persian_records_that_wrote_jk_equals_0_still_load():
    g = _joker_set_on_table()
    record = g.record()
    record["moves"][-1] = "0: meld JK=0 JK=0 JK=0"  # how earlier versions wrote the set
    old = Game.from_record(record)
    assert old == g
    assert old.record()["moves"][-1] == "0: meld JK JK JK"
