"""Frame times of the table (dummy video driver), through `rummy_gui.ui.perf`.

- table frames: Rummy 500, a 30-card discard fan, the pointer moving over the
  fan, at 1280x800 and 1920x1080 with 2, 4 and 8 players; per run the p50,
  p95 and longest frame, summarized over the runs;
- frames while a hard (and an expert) bot thinks in its worker process: the
  same figures for the frames drawn while a decision is pending, over four
  seconds of bot turns one after another (animations off, seat 0's turns
  played at once).

Wall-clock milliseconds of `App.tick` (events, update, draw, flip); on a
shared, loaded machine read the medians.
"""

from __future__ import annotations

import os
from typing import Any

from rummy_gui.bench import summarize

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its banner would spoil --json

SIZES = ((1280, 800), (1920, 1080))
PLAYERS = (2, 4, 8)
PILE = 30
FRAMES = 200
THINK_SECONDS = 4.0


def _percentiles(times: list[float]) -> tuple[float, float, float]:
    s = sorted(times)
    if not s:
        return 0.0, 0.0, 0.0
    return s[len(s) // 2], s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))], s[-1]


def frame_figures(runs: list[list[float]]) -> dict[str, dict[str, float]]:
    p50s, p95s, maxes = zip(*(_percentiles(r) for r in runs), strict=True)
    return {"p50 ms": summarize(p50s), "p95 ms": summarize(p95s), "max ms": summarize(maxes)}


def run(repeats: int = 5, frames: int = FRAMES, think_seconds: float = THINK_SECONDS,
        sizes: tuple[tuple[int, int], ...] = SIZES, players: tuple[int, ...] = PLAYERS,
        think_levels: tuple[str, ...] = ("hard", "expert")) -> dict[str, Any]:
    from rummy_gui.ui import perf

    out: dict[str, Any] = {}
    for size in sizes:
        for n in players:
            runs = [perf.table_frame_ms(frames, players=n, size=size, pile=PILE) for _ in range(repeats)]
            out[f"{size[0]}x{size[1]}, {n} players"] = frame_figures(runs)
    for level in think_levels:
        key = f"1280x800, 4 players, {level} bot thinking"
        thinking = [perf.frames_while_bot_thinks(level, think_seconds) for _ in range(max(1, min(repeats, 3)))]
        thinking = [t for t in thinking if t]
        if thinking:
            figures: dict[str, Any] = frame_figures(thinking)
            figures["frames"] = summarize([float(len(t)) for t in thinking])
            out[key] = figures
        else:
            out[key] = "no frame while a bot thought (it answered at once)"
    return out
