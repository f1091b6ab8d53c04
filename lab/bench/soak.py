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

    python -m lab.bench soak --minutes 30

The timed soak plays as a player would watch: a real window (whatever video
driver the desktop gives; the dummy one only where there is none, and the
figures say which), animations at "fast" (cards in flight change size on
every frame), the window resized during play every `RESIZE_SECONDS` through
`SIZES`, and a deal review (`ReviewScene`, its own bot processes included)
after the first deal of every `REVIEW_EVERY`-th game. The window's size is
most of what the program holds (the display, the table's layers, the art at
the cards' size), so the two minutes compared are played at the same size:
the window is `SIZES[0]` (the largest) through the 5th minute and through the
last one, whatever the cycle says (`window_at`). Memory is the RSS of the
program and every process under it (the bots' worker) but a review's two bot
processes, which live while the review computes (the largest with them is
reported beside), read from /proc every `SAMPLE_EVERY` seconds; reported:
the first sample, the 5th minute's and the last minute's largest (the game
and its bot process apart too), the largest of the run and the largest at
each window size, and the growth from the 5th minute to the last. It fails
past `TOTAL_LIMIT_MB` or `MINUTE_GROWTH_LIMIT`.
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
# the timed soak (issue 47): limits, window sizes, how often it resizes and reviews
TOTAL_LIMIT_MB = 150.0
MINUTE_GROWTH_LIMIT = 0.05
SIZES: tuple[tuple[int, int], ...] = ((1920, 1080), (1280, 800), (960, 600), (1600, 900))
RESIZE_SECONDS = 60.0
REVIEW_EVERY = 7
FIFTH_MINUTE = (240.0, 300.0)
SAMPLE_EVERY = 5.0


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
    from rummy_gui.engine import Game
    from rummy_gui.engine.seeded import seeded_deal

    if preset in ("contract", "liverpool", "shanghai"):
        return seeded_deal(preset, players, seed, CONTRACT_FIRST_ROUND - 1)
    options = {"target": SHORT_TARGET} if preset != "persian" else None
    return Game.new(preset, players, seed=seed, options=options)


class DemoTable:
    """A headless app playing bot-only games at a table, one after another."""

    def __init__(
        self,
        size: tuple[int, int] = (960, 600),
        level: str = "medium",
        animation: str = "off",
        headless: bool = True,
    ) -> None:
        if headless or not real_display():
            _headless()
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from rummy_gui.play.settings import Settings
        from rummy_gui.ui.screens.main_menu import MainMenu
        from rummy_gui.ui.shell.app import App

        self.app = App(size, Settings(animation=animation, mute=True))
        self.app.push(MainMenu(self.app))
        self.level = level
        self.frames = 0
        self.reviews = 0
        self.review_pid: int | None = None  # a review's bot process while it runs

    def play(
        self,
        preset: str,
        players: int,
        seed: int,
        review: bool = False,
        deadline: float = math.inf,
    ) -> tuple[bool, Any]:
        """One whole game through the table loop: (finished, the engine's game).
        With `review`, seat 0's first deal is reviewed when it ends; past
        `deadline` (perf_counter) the game stops where it is."""
        from rummy_gui.play.session import SeatConfig, Session
        from rummy_gui.ui.screens.main_menu import MainMenu
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
            if review and session.game.deal_over:
                review = False
                self.review(session)
            if time.perf_counter() > deadline:
                break
        return False, session.game

    def review(self, session: Any) -> None:
        """Seat 0's review of the deal just over, computed, each finding shown, closed."""
        from rummy_gui.ui.screens.review import ReviewScene

        app = self.app
        scene = ReviewScene(app, session, 0)
        app.push(scene)
        if scene.job is not None:
            self.review_pid = scene.job.pid
        while scene.computing:
            app.tick(STEP)
            time.sleep(0.01)
            self.frames += 1
        for _ in range(len(scene.findings or ())):
            app.tick(STEP)
            scene.next()
        app.tick(STEP)
        scene.close()
        self.review_pid = None
        self.reviews += 1

    def close(self) -> None:
        import pygame

        close = getattr(self.app.session, "close", None)
        if close is not None:
            close()
        pygame.display.quit()


def real_display() -> bool:
    """Whether a desktop is there for a real window (X11 or Wayland)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _rss_kb(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _children(pid: int) -> list[int]:
    out: list[int] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                out += [int(c) for c in f.read().split()]
    except (OSError, ValueError):
        pass
    return out


def tree_rss_mb(pid: int | None = None, skip: frozenset[int] = frozenset()) -> float:
    """RSS of a process and every process under it, in MB (Linux /proc; else
    this process's own); the processes in `skip` and those under them left out."""
    root = os.getpid() if pid is None else pid
    if not os.path.isdir(f"/proc/{root}"):
        return rss_mb()
    total, todo, seen = 0, [root], set()
    while todo:
        p = todo.pop()
        if p in seen or p in skip:
            continue
        seen.add(p)
        total += _rss_kb(p)
        todo += _children(p)
    return total / 1024


def window_at(t: float, total: float) -> tuple[int, int]:
    """The window's size `t` seconds into a soak of `total` seconds: the next of
    `SIZES` every `RESIZE_SECONDS`, but the first (largest) through the 5th
    minute and the last one, so the two minutes compared hold the same pictures."""
    if FIFTH_MINUTE[0] <= t < FIFTH_MINUTE[1] or t >= total - 60.0:
        return SIZES[0]
    return SIZES[int(t // RESIZE_SECONDS) % len(SIZES)]


def minute_figures(samples: list[tuple[float, float]]) -> dict[str, Any]:
    """From (seconds, MB) samples: the first, the 5th minute's largest (the
    last minute before it if the run was shorter), the last minute's largest,
    the largest of all, and the growth from the 5th minute to the last."""
    end = samples[-1][0]
    fifth_start, fifth_end = _fifth(end)
    fifth = _top(samples, fifth_start, fifth_end)
    last = _top(samples, max(0.0, end - 60.0), math.inf)
    grew = (last - fifth) / fifth if fifth else 0.0
    return {
        "start MB": round(samples[0][1], 1),
        "5th minute MB": round(fifth, 1),
        "last minute MB": round(last, 1),
        "max MB": round(max(mb for _t, mb in samples), 1),
        "growth 5th -> last minute": f"{grew * 100:+.1f}%",
        "growth": grew,
    }


def _fifth(end: float) -> tuple[float, float]:
    """The 5th minute's seconds (the last minute before it if the run was shorter)."""
    start = min(FIFTH_MINUTE[0], max(0.0, end - 60.0))
    return start, start + 60.0


def _top(samples: list[tuple[float, float]], lo: float, hi: float) -> float:
    inside = [mb for t, mb in samples if lo <= t < hi]
    return max(inside) if inside else samples[-1][1]


def process_figures(
    samples: list[tuple[float, float, float, tuple[int, int]]],
) -> dict[str, Any]:
    """From (seconds, game MB, bot process MB, window) samples: each process's
    largest in the 5th and the last minute, and the largest of the whole tree
    at each window size (like compared with like)."""
    end = samples[-1][0]
    fifth = _fifth(end)
    out: dict[str, Any] = {}
    for name, bots in (("game", False), ("bot process", True)):
        own = [(t, bot if bots else game) for t, game, bot, _size in samples]
        out[f"{name} 5th minute MB"] = round(_top(own, *fifth), 1)
        out[f"{name} last minute MB"] = round(_top(own, max(0.0, end - 60.0), math.inf), 1)
        out[f"{name} max MB"] = round(max(mb for _t, mb in own), 1)
    sizes: dict[str, float] = {}
    for _t, game, bot, (w, h) in samples:
        key = f"{w}x{h}"
        sizes[key] = round(max(sizes.get(key, 0.0), game + bot), 1)
    out["max MB by window size"] = sizes
    return out


def soak_minutes(
    minutes: float,
    presets: tuple[tuple[str, int], ...] = PRESETS,
    progress: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """The timed soak (see the module's docstring): bot play for `minutes`
    in a real window, with resizes and reviews, memory of the whole process tree."""
    import pygame

    total = minutes * 60
    table = DemoTable(size=window_at(0.0, total), animation="fast", headless=False)
    driver = pygame.display.get_driver()
    started = time.perf_counter()
    deadline = started + total
    samples: list[tuple[float, float, float, tuple[int, int]]] = []
    with_reviews = 0.0  # the largest, a review's own processes counted
    next_sample = 0.0
    games = 0
    unfinished: list[str] = []
    broken: list[str] = []

    def sample(now: float) -> None:
        nonlocal next_sample, with_reviews
        next_sample = now + SAMPLE_EVERY
        review = table.review_pid
        tree = tree_rss_mb(skip=frozenset({review} if review else ()))
        game = rss_mb()
        samples.append((now, game, max(0.0, tree - game), table.app.size))
        with_reviews = max(with_reviews, tree_rss_mb() if review else tree)
        if progress is not None and len(samples) % 12 == 0:
            size = "x".join(map(str, table.app.size))
            minute = round(now / 60, 1)
            progress(
                {"minute": minute, "MB": round(tree, 1), "game": round(game, 1), "window": size}
            )

    real_tick = table.app.tick
    asked = window_at(0.0, total)  # the screen may fit the window smaller than asked

    def tick(dt: float | None = None) -> None:
        nonlocal asked
        real_tick(dt)
        now = time.perf_counter() - started
        size = window_at(now, total)
        if size != asked:
            asked = size
            table.app.resize(size)  # as a player drags the window's edge, in play
        if now >= next_sample:
            sample(now)

    table.app.tick = tick  # type: ignore[method-assign]
    try:
        while time.perf_counter() < deadline:
            preset, players = presets[games % len(presets)]
            games += 1
            review = games % REVIEW_EVERY == 1
            finished, game = table.play(preset, players, games, review, deadline)
            if not finished and time.perf_counter() < deadline:
                unfinished.append(f"game {games} ({preset})")
            if not pack_intact(game):
                broken.append(f"game {games} ({preset})")
    finally:
        table.close()
    figures = minute_figures([(t, game + bot) for t, game, bot, _size in samples])
    grew = figures.pop("growth")
    too_big = figures["max MB"] > TOTAL_LIMIT_MB
    too_much = grew > MINUTE_GROWTH_LIMIT
    return {
        "minutes": round((time.perf_counter() - started) / 60, 1),
        "video driver": driver,
        "window in the 5th and last minute": "x".join(map(str, SIZES[0])),
        "games": games,
        "reviews": table.reviews,
        "frames": table.frames,
        **figures,
        **process_figures(samples),
        "max MB with a review's processes": round(max(with_reviews, figures["max MB"]), 1),
        "load average": round(os.getloadavg()[0], 1),
        f"over {TOTAL_LIMIT_MB:.0f} MB": too_big,
        f"grew more than {MINUTE_GROWTH_LIMIT:.0%}": too_much,
        "unfinished games": unfinished or "none",
        "card count broken": broken or "none",
        "failed": too_big or too_much or bool(unfinished) or bool(broken),
    }


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


def run(games: int = 200, minutes: float = 0.0) -> dict[str, Any]:
    """The soak by games (headless, `games`) or, with `minutes`, the timed one."""

    def progress(_k: int, point: dict[str, Any]) -> None:
        print(f"  soak: {point}", file=sys.stderr, flush=True)

    if minutes > 0:
        return soak_minutes(minutes, progress=lambda point: progress(0, point))
    return play_games(games, progress=progress)
