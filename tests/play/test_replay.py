"""Replay last deal: stepping through a recorded deal reproduces each position."""

from __future__ import annotations

import random

import pytest

from rummy_gui.engine import Game
from rummy_gui.play.replay import Replay


def _played(preset: str, players: int, seed: int, deals: int) -> tuple[Game, list[list[tuple]]]:
    """A random game through `deals` deals, with the state after every move of each deal."""
    g = Game.new(preset, players, seed=seed)
    rng = random.Random(seed)
    per_deal: list[list[tuple]] = [[g._state()]]
    while not g.game_over and len(per_deal) <= deals:
        move = rng.choice(list(g.legal_moves))
        g.play(move)
        if move.action == "deal":
            per_deal.append([g._state()])
        else:
            per_deal[-1].append(g._state())
        if len(g.moves) > 5000:
            break
    return g, per_deal


@pytest.mark.parametrize(("preset", "players"), [("rummy500", 3), ("contract", 4), ("persian", 4)])
def test_stepping_forward_reproduces_every_position_of_the_deal(preset: str, players: int) -> None:
    g, per_deal = _played(preset, players, seed=11, deals=2)
    deal = 2 if len(per_deal) > 1 else 1
    replay = Replay(g.record(), deal)
    want = per_deal[deal - 1]
    assert len(replay) == len(want)
    seen = [replay.game._state()]
    while replay.forward():
        seen.append(replay.game._state())
    assert seen == want
    # and back again
    while replay.back():
        pass
    assert replay.index == 0
    assert replay.game._state() == want[0]


def test_all_hands_are_there_to_show() -> None:
    g, _ = _played("rummy500", 3, seed=3, deals=1)
    replay = Replay(g.record(), 1)
    assert all(len(replay.game.hand(s)) == 7 for s in range(3))
    replay.forward()
    assert replay.last_move == g.moves[0]


def test_a_deal_the_record_does_not_have_is_refused() -> None:
    g, _ = _played("rummy500", 3, seed=3, deals=1)
    with pytest.raises(ValueError, match="deal"):
        Replay(g.record(), 99)
