"""Hard's endgame search (`RolloutBot(endgame=N)`, not the level): once an
opponent holds N cards or fewer, medium's best draws and discards are
compared by rollouts too. It lost to the level in the arena (docs/bots.md,
"Hard against medium, eighth pass")."""

from __future__ import annotations

import random

import pytest

from rummy_gui.bots import search as search_mod
from rummy_gui.bots.search import RolloutBot, hard_level
from rummy_gui.engine import Action, Game, View
from rummy_gui.engine.cards import make_pack

from ._shared import spy_playouts


def _position(other: str) -> Game:
    """Two players, no jokers; seat 0 (ten loose-ish cards) to draw, QH on the
    pile, seat 1 holding `other`."""
    h0 = "9S 9D KC 2D 4D 6H 8C JS AD 3H"
    used = set(h0.split() + other.split() + ["QH"])
    stock = [str(c) for c in make_pack(1, 0) if str(c) not in used]
    return Game.from_layout(
        "rummy500",
        hands=[h0, other],
        stock=" ".join(stock),
        discard="QH",
        turn=0,
        options={"jokers": False},
        seed=3,
    )


def _at_discard(other: str) -> View:
    g = _position(other)
    g.play("0: draw")
    return g.view(0)


def _searching(**kw: object) -> RolloutBot:
    settings: dict[str, object] = {
        "candidates": 2,
        "margin": 1000.0,
        "budget": 120,
        "min_samples": 5,
        "moves": 12,
        "discard_candidates": 2,
        "discard_margin": 1000.0,
        "endgame": 2,
    }
    settings.update(kw)
    return RolloutBot(3, "hard", **settings)  # type: ignore[arg-type]


def test_an_opponent_near_out_makes_the_discard_searched() -> None:
    compared = _searching().compared(_at_discard("2C 7H"), random.Random(0))
    assert [m.action for m in compared] == [Action.DISCARD, Action.DISCARD]


def test_an_opponent_near_out_makes_a_single_card_take_searched() -> None:
    compared = _searching().compared(_position("2C 7H").view(0), random.Random(0))
    assert {m.action for m in compared} == {Action.DRAW, Action.TAKE}


def test_without_its_draws_the_endgame_search_leaves_the_draw_to_medium() -> None:
    view = _position("2C 7H").view(0)
    assert _searching(endgame_draws=False).compared(view, random.Random(0)) == []


def test_without_its_discards_the_endgame_search_still_checks_the_draw() -> None:
    draws_only = _searching(endgame_discards=False)
    assert draws_only.compared(_at_discard("2C 7H"), random.Random(0)) == []
    compared = draws_only.compared(_position("2C 7H").view(0), random.Random(0))
    assert {m.action for m in compared} == {Action.DRAW, Action.TAKE}


def test_an_opponent_with_more_cards_leaves_the_endgame_to_medium() -> None:
    view = _at_discard("2C 7H 5S")
    assert _searching().compared(view, random.Random(0)) == []


def test_the_endgame_rollouts_are_cut_after_their_own_number_of_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = spy_playouts(monkeypatch, search_mod, lambda _first, limit: limit)
    _searching(endgame_moves=7).choose(_at_discard("2C 7H"))
    assert (len(calls) > 0, set(calls)) == (True, {7})


def test_the_level_leaves_the_endgame_to_medium(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy_playouts(monkeypatch, search_mod, lambda first, _limit: first)
    view = _at_discard("2C 7H")
    move = hard_level(3).choose(view)
    assert (calls, move) == ([], hard_level(3).base.choose(view))
