"""Frame times, idle cost and memory of the table, through `lab.bench.perf`.

The real video driver runs when a display is there (DISPLAY or
WAYLAND_DISPLAY set and SDL_VIDEODRIVER not forced), else the dummy driver,
where a flip is free; the figures say which one ran ("video driver").

- table frames: Rummy 500, a 30-card discard fan, the pointer moving over the
  fan, at 1280x800 and 1920x1080 with 2, 4 and 8 players; per run the p50,
  p95 and longest frame, summarized over the runs;
- frames while a hard (and an expert) bot thinks in its worker process, at
  1920x1080 with 8 players: the same figures for the frames drawn while a
  decision is pending, over four seconds of bot turns one after another
  (animations off, seat 0's turns played at once), each run in a fresh
  process, which also reports the memory (RSS) of the game and of its bot
  process before the table closes;
- frames with cards in flight: a show of medium bots in all 8 seats at
  1920x1080, animations "normal" (the opening deal and every move's cards in
  the air), 60 frames a second for eight seconds in a fresh process; only the
  frames with a card in flight are counted;
- idle: a table waiting for the human's draw, run by the program's own loop
  (it rests when nothing moves) for ten seconds in a fresh process: CPU
  seconds (all threads) per wall second, in per cent.

Wall-clock milliseconds of `App.tick` (events, update, draw, flip), and the
CPU milliseconds of the program's thread in those frames (`cpu p50 ms`,
`cpu p95 ms`: what the frame costs, whatever the neighbours do); on a
shared, loaded machine read the medians.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from lab.bench import summarize

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its banner would spoil --json

SIZES = ((1280, 800), (1920, 1080))
PLAYERS = (2, 4, 8)
PILE = 30
FRAMES = 200
THINK_SECONDS = 4.0
THINK_AT = ((1920, 1080), 8)
IDLE_SECONDS = 10.0
FLIGHT_SECONDS = 8.0
IDLE_AT = ((1920, 1080), 4)


def _percentiles(times: list[float]) -> tuple[float, float, float]:
    s = sorted(times)
    if not s:
        return 0.0, 0.0, 0.0
    return s[len(s) // 2], s[min(len(s) - 1, round(0.95 * (len(s) - 1)))], s[-1]


def frame_figures(
    runs: list[list[float]], cpu: list[list[float]] | None = None
) -> dict[str, dict[str, float]]:
    p50s, p95s, maxes = zip(*(_percentiles(r) for r in runs), strict=True)
    out = {"p50 ms": summarize(p50s), "p95 ms": summarize(p95s), "max ms": summarize(maxes)}
    if cpu:  # the program's thread alone: steadier than wall time on a loaded machine
        c50s, c95s, _cmax = zip(*(_percentiles(r) for r in cpu), strict=True)
        out["cpu p50 ms"], out["cpu p95 ms"] = summarize(c50s), summarize(c95s)
    return out


def _child(code: str) -> dict[str, Any]:
    """Run `code` (which prints `RESULT <json>`) in a fresh Python process."""
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if "RUMMY_GUI_HOME" not in env:
        import tempfile

        env["RUMMY_GUI_HOME"] = tempfile.mkdtemp(prefix="rummy-gui-bench-")
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    line = [x for x in done.stdout.splitlines() if x.startswith("RESULT ")][-1]
    result: dict[str, Any] = json.loads(line.split(" ", 1)[1])
    return result


def thinking_run(level: str, seconds: float, size: tuple[int, int], players: int) -> dict[str, Any]:
    return _child(
        "import json, pygame; from lab.bench import perf; m = {}; c = []; "
        f"t = perf.frames_while_bot_thinks({level!r}, {seconds}, {players}, {tuple(size)}, "
        "memory=m, cpu=c); "
        "print('RESULT ' + json.dumps({'times': t, 'cpu': c, 'memory': m, "
        "'driver': pygame.display.get_driver()}))"
    )


def flights_run(seconds: float, size: tuple[int, int], players: int) -> dict[str, Any]:
    return _child(
        "import json, pygame; from lab.bench import perf; c = []; "
        f"t = perf.frames_with_flights({seconds}, {players}, {tuple(size)}, cpu=c); "
        "print('RESULT ' + json.dumps({'times': t, 'cpu': c, "
        "'driver': pygame.display.get_driver()}))"
    )


def idle_run(seconds: float, size: tuple[int, int], players: int) -> dict[str, Any]:
    return _child(
        "import json, pygame; from lab.bench import perf; "
        f"r = perf.idle_cpu({seconds}, {players}, {tuple(size)}); "
        "r['driver'] = pygame.display.get_driver(); print('RESULT ' + json.dumps(r))"
    )


def run(
    repeats: int = 5,
    frames: int = FRAMES,
    think_seconds: float = THINK_SECONDS,
    sizes: tuple[tuple[int, int], ...] = SIZES,
    players: tuple[int, ...] = PLAYERS,
    think_levels: tuple[str, ...] = ("hard", "expert"),
    think_at: tuple[tuple[int, int], int] = THINK_AT,
    idle_seconds: float = IDLE_SECONDS,
    idle_at: tuple[tuple[int, int], int] = IDLE_AT,
    flight_seconds: float = FLIGHT_SECONDS,
) -> dict[str, Any]:
    from lab.bench import perf

    out: dict[str, Any] = {"video driver": perf.use_display() or "(the platform's default)"}
    for size in sizes:
        for n in players:
            cpu: list[list[float]] = [[] for _ in range(repeats)]
            runs = [
                perf.table_frame_ms(frames, players=n, size=size, pile=PILE, cpu=cpu[k])
                for k in range(repeats)
            ]
            out[f"{size[0]}x{size[1]}, {n} players"] = frame_figures(runs, cpu)
    import pygame

    out["video driver"] = (
        pygame.display.get_driver() if pygame.display.get_init() else out["video driver"]
    )
    # The in-process tables' window goes, so that no later figure (the start-up's
    # first frames, run after this section) shares the X server with an open window.
    pygame.display.quit()
    (tw, th), tn = think_at
    memory: list[dict[str, float]] = []
    for level in think_levels:
        key = f"{tw}x{th}, {tn} players, {level} bot thinking"
        results = [
            thinking_run(level, think_seconds, (tw, th), tn) for _ in range(max(1, min(repeats, 3)))
        ]
        memory.extend(r["memory"] for r in results)
        thinking = [r["times"] for r in results if r["times"]]
        if thinking:
            figures: dict[str, Any] = frame_figures(
                thinking, [r["cpu"] for r in results if r["times"]]
            )
            figures["frames"] = summarize([float(len(t)) for t in thinking])
            out[key] = figures
        else:
            out[key] = "no frame while a bot thought (it answered at once)"
    if memory:
        out[f"memory, {tw}x{th}, {tn} players, after bots played"] = {
            name: summarize([m[name] for m in memory]) for name in memory[0]
        }
    flying = [flights_run(flight_seconds, (tw, th), tn) for _ in range(max(1, min(repeats, 3)))]
    out[f"{tw}x{th}, {tn} players, cards in flight"] = {
        **frame_figures([r["times"] for r in flying], [r["cpu"] for r in flying]),
        "frames": summarize([float(len(r["times"])) for r in flying]),
    }
    (iw, ih), idle_n = idle_at
    idles = [idle_run(idle_seconds, (iw, ih), idle_n) for _ in range(max(1, min(repeats, 3)))]
    out[f"idle, {iw}x{ih}, {idle_n} players, waiting {idle_seconds:g} s for the human"] = {
        "cpu %": summarize([r["cpu %"] for r in idles]),
        "frames": summarize([r["frames"] for r in idles]),
    }
    return out
