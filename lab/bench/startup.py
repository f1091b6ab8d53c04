"""Start-up time and memory.

- first table frame: seconds from starting `python -m rummy_gui --preset
  rummy500 --players N --size WxH --frames 1` (a new process each run) to its
  first frame on screen, which is the table, as stamped by the process itself
  (`lab.bench.perf.first_frame_seconds`); the real video driver when a
  display is there (the figures name it), else the dummy one; the first menu
  frame (`--frames 1` alone) beside it; and the CPU seconds the new process
  used up to that frame (steadier than wall time on a loaded machine). One
  untimed run first: bytecode compiled, as an installed game has it. Beside
  them, the CPU a bare `python -c` has used at its first line (the
  interpreter's and the environment's share of every start);
- RSS after a whole demo game: a fresh process plays one Rummy 500 match (3
  medium bots, to 500 points) through the table loop at 1280x800, headless,
  and reports its own peak RSS (VmHWM) and, before the table closes, the RSS
  of the game and of the bots' worker process together.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

from lab.bench import summarize

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its banner would spoil --json

DEMO_PRESET = "rummy500"
DEMO_PLAYERS = 3


def demo_game_child(
    preset: str = DEMO_PRESET, players: int = DEMO_PLAYERS, seed: int = 1
) -> dict[str, Any]:
    """In this process: one whole demo match through the table loop; memory and frames."""
    from lab.bench import perf, soak

    start = time.perf_counter()
    table = soak.DemoTable(size=(1280, 800))
    try:
        session_game = _whole_match(table, preset, players, seed)
        memory = perf.memory_mb()  # the bot process still runs
    finally:
        table.close()
    return {
        "peak MB": soak.peak_rss_mb(),
        "rss MB": soak.rss_mb(),
        "frames": table.frames,
        "seconds": time.perf_counter() - start,
        "finished": session_game,
        "together MB": memory["together MB"],
        "bot process MB": memory["bot process MB"],
    }


def _whole_match(table: Any, preset: str, players: int, seed: int) -> bool:
    from rummy_gui.engine import Game
    from rummy_gui.play.session import SeatConfig, Session
    from rummy_gui.ui.screens.main_menu import MainMenu
    from rummy_gui.ui.table.overlays import GameOverScene
    from rummy_gui.ui.table.scene import TableScene

    app = table.app
    seats = [SeatConfig(f"Bot {i + 1}", table.level) for i in range(players)]
    session = Session(
        preset, seats, {}, seed=seed, demo=True, game=Game.new(preset, players, seed=seed)
    )
    app.session = session
    app.pop_to(MainMenu)
    app.push(TableScene(app, session))
    for _ in range(500_000):
        app.tick(0.05)
        time.sleep(
            0
        )  # let the thread that reads the bots' answers run, as the program's frame pause does
        table.frames += 1
        if isinstance(app.stack.top, GameOverScene):
            return True
    return False


def peak_rss_after_demo(seed: int = 1) -> dict[str, Any]:
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    code = (
        "import json, sys; from lab.bench.startup import demo_game_child; "
        f"print('RESULT ' + json.dumps(demo_game_child(seed={seed})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    line = [x for x in done.stdout.splitlines() if x.startswith("RESULT ")][-1]
    result: dict[str, Any] = json.loads(line.split(" ", 1)[1])
    return result


TABLES = (((1280, 800), 4), ((1920, 1080), 8))


def interpreter_cpu(repeats: int = 5) -> list[float]:
    """CPU seconds a bare `python -c` has used when its first line runs: the
    part of every first-frame figure that is the interpreter's and its site's
    start (.pth files of the environment included), not the program's."""
    code = "import time; print(time.process_time())"
    return [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout.split()[-1]
        )
        for _ in range(repeats)
    ]


def run(
    repeats: int = 5, demo_games: int = 1, tables: tuple[tuple[tuple[int, int], int], ...] = TABLES
) -> dict[str, Any]:
    from lab.bench import perf

    driver = perf.use_display() or "(the platform's default)"
    out: dict[str, Any] = {"video driver": driver}
    for (w, h), n in tables:
        args = ("--preset", "rummy500", "--players", str(n), "--size", f"{w}x{h}")
        runs = perf.first_frame(repeats, args)
        out[f"first table frame, {w}x{h}, {n} players"] = {
            "seconds": summarize([r[0] for r in runs]),
            "cpu seconds": summarize([r[1] for r in runs]),
        }
    out["interpreter start alone (python -c, site included), cpu seconds"] = summarize(
        interpreter_cpu(repeats)
    )
    runs = perf.first_frame(repeats)
    out["first menu frame"] = {
        "seconds": summarize([r[0] for r in runs]),
        "cpu seconds": summarize([r[1] for r in runs]),
    }
    demos = [peak_rss_after_demo(seed=1 + k) for k in range(demo_games)]
    out[f"whole demo game ({DEMO_PRESET}, {DEMO_PLAYERS} medium bots)"] = {
        "peak RSS MB": summarize([d["peak MB"] for d in demos]),
        "game + bot process RSS MB": summarize([d["together MB"] for d in demos]),
        "frames": summarize([float(d["frames"]) for d in demos]),
    }
    out["demo games finished"] = all(d["finished"] for d in demos)
    out["video driver"] = perf.LAST_DRIVER or driver  # as the new processes reported it
    return out
