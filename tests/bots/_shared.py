"""Test helpers shared by the bots' tests: a constructed discard position, the
first position of played deals that a test wants, and a rollout spy."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.engine import Game, View
from rummy_gui.engine.cards import make_pack

T = TypeVar("T")


def one_stream(preset: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Game:
    """The deal a seed gave when one random stream shuffled the whole game (a
    record of version 1): the deals these tests were written about."""
    record = {
        "format": "rummy-gui-record",
        "version": 1,
        "preset": preset,
        "players": players,
        "seed": seed,
        "options": options,
        "moves": [],
    }
    return Game.from_record(record)


def next_holds_two_nines() -> View:
    """Two players, no jokers: the next player has picked up 9H and 9S from
    the pile (and let 2C and 3C go); seat 0 has drawn and must discard, with
    9D in hand."""
    h0 = "9S 9D KC 2D 4D 6H 8C JS AD 3H 5S 7S 10C"
    h1 = "2C 3C 4S 6D 8D 10S QD AH 5H 7D JC KH 3S"
    used = set(h0.split() + h1.split() + ["9H"])
    stock = [str(c) for c in make_pack(1, 0) if str(c) not in used]
    g = Game.from_layout(
        "rummy500",
        hands=[h0, h1],
        stock=" ".join(stock),
        discard="9H",
        turn=1,
        options={"jokers": False},
        seed=3,
    )
    for move in (
        "1: take 1",
        "1: discard 2C",
        "0: draw",
        "0: discard 9S",
        "1: take 1",
        "1: discard 3C",
        "0: draw",
    ):
        g.play(move)
    return g.view(0)


def first_view(
    preset: str, players: int, deals: int, moves: int, wanted: Callable[[View], bool]
) -> tuple[Game, View]:
    """The first view of medium-played seeded deals for which `wanted` holds."""
    for seed in range(deals):
        g = Game.new(preset, players, seed=seed)
        bots = [make_bot("medium", seed=s) for s in range(players)]
        for _ in range(moves):
            if g.deal_over:
                break
            seat = g.to_act[0]
            view = g.view(seat)
            if wanted(view):
                return g, view
            g.play(bots[seat].choose(view))
    raise AssertionError(f"no such position in {deals} deals")


def spy_playouts(
    monkeypatch: pytest.MonkeyPatch, module: ModuleType, what: Callable[[object, int], T]
) -> list[T]:
    """`module.playout` still runs; the list fills with `what(first move, move limit)` of each."""
    calls: list[T] = []
    real = module.playout

    def spying(
        world: Game,
        me: int,
        first: object,
        seed: int,
        limit: int = 600,
        used: list[int] | None = None,
        *more: object,
    ) -> float:
        calls.append(what(first, limit))
        result: float = real(world, me, first, seed, limit, used, *more)
        return result

    monkeypatch.setattr(module, "playout", spying)
    return calls
