"""Bot thinking time: every level decides on the same recorded positions.

Positions come from seeded deals of Rummy 500 (2 players, 13-card hands,
and 3 players, 7 cards) and Contract Rummy (4 players, every round) played
by medium bots; only positions with a real choice (more than one legal
move) are kept, so the hands hold 7 to 20 cards. Each level then decides on
each position; the figures are wall-clock milliseconds per decision, with
the bots' caches emptied before every pass (`rummy_gui.bots.forget`), so a
pass does not profit from the one before.

Hard plays as medium except where it searches (rollouts at deep takes and
rummy calls), so its figures over all decisions say little about the
searched ones: those are reported alone too, from positions where hard
searches (Rummy 500, 2 and 3 players), by hand size.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rummy_gui.bench import summarize
from rummy_gui.bots import LEVELS, forget, make_bot
from rummy_gui.engine import View

POSITIONS = 40  # per family
HAND_SIZES = (7, 20)  # the hands the positions hold, fewest and most cards
TARGETS_MS = {"random": None, "easy": 2.0, "medium": 20.0, "hard": 300.0, "expert": 1000.0}


def positions(preset: str, players: int, count: int, seed: int = 7,
              wanted: Callable[[View, int], bool] | None = None) -> list[View]:
    """Views from seeded deals played by medium bots, the hand holding 7 to
    20 cards: by default every fifth move's view with a real choice, or
    those for which `wanted(view, move number)` holds (at most 400 deals
    are played)."""
    from rummy_gui.arena import layout_game

    def every_fifth(view: View, moves: int) -> bool:
        return len(view.legal_moves) > 1 and moves % 5 == 0

    keep = wanted or every_fifth
    out: list[View] = []
    index = 0
    while len(out) < count and index < 400:
        g = layout_game(preset, players, seed, index)
        bots = [make_bot("medium", seed=s) for s in range(players)]
        moves = 0
        while not g.deal_over and moves < 600:
            seat = g.to_act[0]
            view = g.view(seat)
            if HAND_SIZES[0] <= len(view.hand) <= HAND_SIZES[1] and keep(view, moves):
                out.append(view)
            g.play(bots[seat].choose(view))
            moves += 1
        index += 1
    return out[:count]


def sampled_positions(count: int, players: int = 3, seed: int = 9) -> list[View]:
    """Rummy 500 positions where hard compares moves by rollouts."""
    import random

    from rummy_gui.bots.search import RolloutBot

    probe = RolloutBot(seed=1)
    return positions("rummy500", players, count, seed=seed,
                     wanted=lambda view, _: bool(probe.compared(view, random.Random(0))))


def decision_times(level: str, views: list[View]) -> list[float]:
    """Milliseconds per decision of a fresh bot of `level` (caches emptied
    first), sorted."""
    return sorted(_timed(level, views))


def _timed(level: str, views: list[View]) -> list[float]:
    forget()
    bot = make_bot(level, seed=1)
    ts = []
    for v in views:
        t = time.perf_counter()
        bot.choose(v)
        ts.append((time.perf_counter() - t) * 1000)
    return ts


def _p95(ts: list[float]) -> float:
    return ts[min(len(ts) - 1, int(round(0.95 * (len(ts) - 1))))]


def _figures(ts: list[float]) -> dict[str, Any]:
    s = sorted(ts)
    return {"p50": s[len(s) // 2], "p95": _p95(s), "max": s[-1], "decisions": len(s)}


SIZE_BANDS = ((7, 9), (10, 13), (14, 17), (18, 20))


def run(repeats: int = 5) -> dict[str, Any]:
    views = (positions("rummy500", 2, POSITIONS) + positions("rummy500", 3, POSITIONS)
             + positions("contract", 4, POSITIONS))
    sizes = [len(v.hand) for v in views]
    out: dict[str, Any] = {}
    for level in LEVELS:
        p50s: list[float] = []
        p95s: list[float] = []
        maxes: list[float] = []
        for _ in range(repeats if level not in ("hard", "expert") else 1):
            ts = decision_times(level, views)
            p50s.append(ts[len(ts) // 2])
            p95s.append(_p95(ts))
            maxes.append(ts[-1])
        out[f"{level}, all decisions (ms)"] = {
            "p50": summarize(p50s), "p95": summarize(p95s), "max": summarize(maxes)}
    out["positions"] = {"count": len(views), "hand sizes": [min(sizes), max(sizes)]}
    # hard's searched decisions alone (deep takes and rummy calls it rolls out)
    sampled = sampled_positions(POSITIONS // 2, players=2) + sampled_positions(POSITIONS // 2)
    for level in ("hard", "expert"):
        ts = _timed(level, sampled)
        out[f"{level}, searched decisions only (ms)"] = _figures(ts)
        for lo, hi in SIZE_BANDS:
            band = [t for t, v in zip(ts, sampled, strict=True) if lo <= len(v.hand) <= hi]
            if band:
                out[f"{level}, searched, {lo}-{hi} cards (ms)"] = _figures(band)
    out["targets p95 (ms)"] = {k: v for k, v in TARGETS_MS.items() if v is not None}
    return out
