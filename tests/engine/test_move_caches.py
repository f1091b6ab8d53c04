"""The engine's caches of moves, readings and meld fits stay within their
bounds game after game (a host plays game after game in one process), and
starting a cache over changes no legal move nor its order."""

from __future__ import annotations

import random

import pytest

from rummy_gui.engine import Game, melds, memo, movegen

KEPT = 30  # small bounds, so a few games go past them


def sizes() -> dict[str, int]:
    return {
        "moves": len(movegen._MOVES),
        "layoffs": len(movegen._LAYOFFS),
        "melds": len(movegen._MELDS),
        "readings": max((len(e[1]) for e in memo._READINGS.values()), default=0),
        "canonical": max((len(e[1]) for e in memo._CANONICAL.values()), default=0),
        "fits": max((len(e[1]) for e in melds._FITS.values()), default=0),
    }


def play(preset: str, seed: int, watch: bool) -> list[list[str]]:
    """A seeded game of random legal moves: the legal moves of every turn
    (and, `watch`: every cache within its bound after every move)."""
    options = {"target": 100} if preset == "rummy500" else None
    game = Game.new(preset, players=4, seed=seed, options=options)
    rng = random.Random(seed)
    seen: list[list[str]] = []
    while not game.game_over and len(seen) < 600:
        seat = game.to_act[0]
        legal = game.view(seat).legal_moves
        seen.append([str(m) for m in legal])
        game.play(rng.choice(legal).with_seat(seat))
        if watch:
            over = {k: n for k, n in sizes().items() if n > KEPT + 1}
            assert not over, f"past the bound after move {len(seen)}: {over}"
    return seen


@pytest.mark.parametrize("preset", ["rummy500", "persian"])
def test_the_caches_stay_within_their_bounds_game_after_game(
    monkeypatch: pytest.MonkeyPatch, preset: str
) -> None:
    before = [play(preset, seed, watch=False) for seed in range(3)]
    for cache in (movegen._MOVES, movegen._LAYOFFS, movegen._MELDS):
        monkeypatch.setattr(cache, "limit", KEPT, raising=False)
    monkeypatch.setattr(memo, "_LIMIT", KEPT)
    monkeypatch.setattr(melds, "_FITS_LIMIT", KEPT)
    for cache in (movegen._MOVES, movegen._LAYOFFS, movegen._MELDS):
        cache.clear()
    memo._READINGS.clear()
    memo._CANONICAL.clear()
    melds._FITS.clear()
    after = [play(preset, seed, watch=True) for seed in range(3)]
    assert after == before  # the same moves offered, in the same order
