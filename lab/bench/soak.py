"""Soak: bot-only games through the table loop, headless, watching memory.

    python -m lab.bench soak --games 200

Each game is a demo table (`start_table(..., demo=True)`, bots in their
worker process, the deal-summary screens passing by themselves) driven by
`App.tick` with a fixed 50 ms step, drawn every frame into a 960x600 window
with the dummy video driver. The presets take turns in `PRESETS` order.

Speed: medium bots (about 1 ms a decision; hard ones take a hundred times
longer and would not change what is measured here), animations off. The 500
family plays to a target of 100 and contract games start at round 6 (of 7), so a
game is a few hundred moves (a whole contract match is 1,000-1,600 moves with
medium bots, 4,000-11,000 with easy ones); every preset still deals, scores
and reaches its game-over screen. Not part of CI: a long run.

Reported: RSS now and the process's peak RSS (VmHWM) at a checkpoint every
10% of the run, and the growth of the peak from the first checkpoint after
warm-up (the first fifth of the games, while caches fill) to the last one.
Past 10% growth the run fails: `failed` is true and the bench command
exits with code 1.
"""

from __future__ import annotations

import math
import os
import resource
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its banner would spoil --json

PRESETS: tuple[tuple[str, int], ...] = (
    ("rummy500", 3),
    ("rummy500-classic", 3),
    ("persian", 4),
    ("pinochle", 3),
    ("contract", 4),
    ("liverpool", 4),
    ("shanghai", 4),
)
SHORT_TARGET = 100
CONTRACT_FIRST_ROUND = 6
STEP = 0.05  # seconds of game time per frame
MAX_FRAMES_PER_GAME = 200_000
CHECKPOINTS = 10  # one every 10% of the run
WARM_UP = 0.2  # the first fifth of the games: caches fill, the heap finds its size
GROWTH_LIMIT = 0.10


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def rss_mb() -> float:
    """Resident set size of this process now, in MB (Linux /proc; else the peak)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return peak_rss_mb()


def peak_rss_mb() -> float:
    """This program's peak RSS so far, in MB.

    Linux: VmHWM of /proc/self/status. Not ru_maxrss, which a child process
    inherits from its parent across fork and exec: a section run in a child of
    the bench process would report the bench's own peak. Elsewhere ru_maxrss
    (KB on Linux, bytes on macOS)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024


def pack_intact(game: Any) -> bool:
    """Every physical card of the match in exactly one place."""
    from rummy_gui.engine.cards import make_pack

    n = game.players
    pack = make_pack(game.rules.decks(n), game.rules.joker_count(n))
    return Counter(game.all_cards()) == Counter(pack)


def new_game(preset: str, players: int, seed: int) -> Any:
    """A demo match that finishes in reasonable time (see the module's docstring)."""
    from lab.arena import layout_game
    from rummy_gui.engine import Game

    if preset in ("contract", "liverpool", "shanghai"):
        return layout_game(preset, players, seed, CONTRACT_FIRST_ROUND - 1)
    options = {"target": SHORT_TARGET} if preset != "persian" else None
    return Game.new(preset, players, seed=seed, options=options)


class DemoTable:
    """A headless app playing bot-only games at a table, one after another."""

    def __init__(self, size: tuple[int, int] = (960, 600), level: str = "medium") -> None:
        _headless()
        from rummy_gui.play.settings import Settings
        from rummy_gui.ui.screens.menus import MainMenu
        from rummy_gui.ui.shell.app import App

        self.app = App(size, Settings(animation="off", mute=True))
        self.app.push(MainMenu(self.app))
        self.level = level
        self.frames = 0

    def play(self, preset: str, players: int, seed: int) -> tuple[bool, Any]:
        """One whole game through the table loop: (finished, the engine's game)."""
        from rummy_gui.play.session import SeatConfig, Session
        from rummy_gui.ui.screens.menus import MainMenu
        from rummy_gui.ui.table.overlays import GameOverScene
        from rummy_gui.ui.table.scene import TableScene

        app = self.app
        old = app.session
        if isinstance(old, Session):
            old.close()
        seats = [SeatConfig(f"Bot {i + 1}", self.level) for i in range(players)]
        game = new_game(preset, players, seed)
        session = Session(preset, seats, {}, seed=seed, demo=True, game=game)
        app.session = session
        app.pop_to(MainMenu)
        app.push(TableScene(app, session))
        for _ in range(MAX_FRAMES_PER_GAME):
            app.tick(STEP)
            # The program sleeps between frames; this loop does not, and without a
            # pause the thread that reads the bots' answers hardly gets to run.
            time.sleep(0)
            self.frames += 1
            if isinstance(app.stack.top, GameOverScene):
                return True, session.game
        return False, session.game

    def close(self) -> None:
        import pygame

        close = getattr(self.app.session, "close", None)
        if close is not None:
            close()
        pygame.display.quit()


def checkpoint_every(games: int) -> int:
    """Games between checkpoints: a tenth of the run (at least one)."""
    return max(1, games // CHECKPOINTS)


def growth(curve: list[dict[str, Any]], games: int) -> tuple[dict[str, Any], dict[str, Any], float]:
    """(baseline, last, growth of the peak): the baseline is the first checkpoint
    at or after the warm-up, the growth relative to it."""
    warm = max(1, math.ceil(games * WARM_UP))
    first = next((p for p in curve if p["game"] >= warm), curve[-1])
    last = curve[-1]
    grew = (last["peak MB"] - first["peak MB"]) / first["peak MB"] if first["peak MB"] else 0.0
    return first, last, grew


def play_games(
    games: int,
    every: int | None = None,
    progress: Callable[[int, dict[str, Any]], None] | None = None,
    presets: tuple[tuple[str, int], ...] = PRESETS,
) -> dict[str, Any]:
    if games < 1:
        raise ValueError("the soak plays at least one game")
    every = checkpoint_every(games) if every is None else every
    table = DemoTable()
    curve: list[dict[str, Any]] = []
    unfinished: list[str] = []
    broken: list[str] = []
    started = time.perf_counter()
    try:
        for k in range(1, games + 1):
            preset, players = presets[(k - 1) % len(presets)]
            finished, game = table.play(preset, players, seed=k)
            if not finished:
                unfinished.append(f"game {k} ({preset})")
            if not pack_intact(game):
                broken.append(f"game {k} ({preset})")
            if k % every == 0 or k == games:
                point = {
                    "game": k,
                    "rss MB": round(rss_mb(), 1),
                    "peak MB": round(peak_rss_mb(), 1),
                    "minutes": round((time.perf_counter() - started) / 60, 2),
                }
                curve.append(point)
                if progress is not None:
                    progress(k, point)
    finally:
        table.close()
    first, last, grew = growth(curve, games)
    too_much = grew > GROWTH_LIMIT
    return {
        "games": games,
        "frames": table.frames,
        "curve": curve,
        "peak growth": f"{grew * 100:+.1f}% (game {first['game']} -> {last['game']})",
        "grew more than 10%": too_much,
        "unfinished games": unfinished or "none",
        "card count broken": broken or "none",
        "failed": too_much or bool(unfinished) or bool(broken),
    }


def run(games: int = 200) -> dict[str, Any]:
    def progress(_k: int, point: dict[str, Any]) -> None:
        print(f"  soak: {point}", file=sys.stderr, flush=True)

    return play_games(games, progress=progress)
