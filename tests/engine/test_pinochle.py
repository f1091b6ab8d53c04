"""RULES.md 3.3 and 3.5 for `pinochle`: runs of at least five, the ace low
only (K highest), no jokers, sets of 3-4 (a four-set is complete), 3-8
players. (Going out by discard, the top-discard target and the last round of
turns are in test_500_going_out.py and test_500_turn_and_takes.py.)"""

from __future__ import annotations

import pytest

from rummy_gui.engine import Game
from tests.engine._helpers import layout, legal, meld, meld_cards, play, refused

OTHERS = ["2D 3D", "4D 5D", "6D 8D", "10D JD"]


def at_play(hand0, players=3, options=None):
    g = layout(
        "pinochle", [hand0, *OTHERS[: players - 1]], stock="KC QC", discard="JC", options=options
    )
    play(g, "0: draw")
    return g


def test_pinochle_run_needs_at_least_five_cards():
    g = at_play("5H 6H 7H 8H 9H 2C 3C")
    refused(g, "0: meld 5H 6H 7H")
    refused(g, "0: meld 5H 6H 7H 8H")
    play(g, "0: meld 5H 6H 7H 8H 9H")
    assert meld(g, 1).kind == "run"


def test_pinochle_min_run_option_lets_players_use_three():
    g = at_play("5H 6H 7H 2C 3C", options={"min_run": 3})
    play(g, "0: meld 5H 6H 7H")
    assert meld_cards(g, 1) == ["5H", "6H", "7H"]


def test_pinochle_ace_is_low_only_and_king_is_highest():
    g = at_play("9S 10S JS QS KS AS AH 2H 3H 4H 5H 9D")
    refused(g, "0: meld 10S JS QS KS AS")
    assert legal(g, "0: meld AH 2H 3H 4H 5H")
    play(g, "0: meld 9S 10S JS QS KS")
    refused(g, "0: layoff AS to 1")
    play(g, "0: meld AH 2H 3H 4H 5H")
    assert meld_cards(g, 2) == ["AH", "2H", "3H", "4H", "5H"]


def test_pinochle_sets_of_three_or_four():
    g = at_play("7C 7D 7H 7S 9S 2H")
    refused(g, "0: meld 7C 7D")
    play(g, "0: meld 7C 7D 7H")
    play(g, "0: layoff 7S to 1")
    assert len(meld_cards(g, 1)) == 4


def test_pinochle_set_made_four_is_complete():
    # five players: two decks, so a second 7♥ exists, yet the set is complete
    g = at_play("7C 7D 7H 7S 7H 9S 2H", players=5)
    play(g, "0: meld 7C 7D 7H")
    m = meld(g, 1)
    if hasattr(m, "complete"):
        assert not m.complete
    play(g, "0: layoff 7S to 1")
    m = meld(g, 1)
    if hasattr(m, "complete"):
        assert m.complete
    refused(g, "0: layoff 7H to 1")


@pytest.mark.parametrize("players", [2, 9])
def test_pinochle_seats_three_to_eight(players):
    with pytest.raises(ValueError, match="3 to 8 players"):
        Game.new("pinochle", players=players, seed=1)


@pytest.mark.parametrize("players", [3, 4, 8])
def test_pinochle_allowed_player_counts(players):
    g = Game.new("pinochle", players=players, seed=1)
    assert len(g.totals) == players
