"""A game state's copy draws the same random numbers as the state, and a
view's generator is `Random(0)`'s (the deal's seed never reaches a bot)."""

from __future__ import annotations

import random

from rummy_gui.engine import Game
from rummy_gui.engine.state import new_rng


def test_a_copy_of_the_state_draws_what_the_state_would() -> None:
    game = Game.new("rummy500", players=3, seed=11)
    state = game._s
    state.rng.random()
    state.rng.gauss(0, 1)  # a half-used pair of gauss values is part of the state
    copy = state.copy()
    assert copy.rng is not state.rng
    assert [copy.rng.random() for _ in range(5)] == [state.rng.random() for _ in range(5)]
    assert copy.rng.gauss(0, 1) == state.rng.gauss(0, 1)


def test_a_view_holds_a_generator_seeded_with_zero() -> None:
    view = Game.new("persian", players=4, seed=3).view(1)
    assert view._public.rng.getstate() == random.Random(0).getstate()
    assert new_rng().getstate() == random.Random(0).getstate()
