"""Speed figures of the table, for `lab.bench` (never asserted in tests).

    python -m lab.bench.perf     # prints the three figures of issue 4

- first frame: seconds from starting `rummy-gui` to its first frame on screen;
- table frame p95: milliseconds per frame at 1280x800, six players, a 30-card
  discard fan, the pointer moving over the fan (dummy video driver);
- frames while a hard bot thinks: the longest frame while the bots' worker
  process decides (bots must never freeze the window).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from typing import Any

from rummy_gui.engine import Action, Move

LAST_DRIVER = ""  # the video driver of the last first_frame runs


def use_display() -> str:
    """The video driver the figures are taken with: the real one when a display
    is there (DISPLAY or WAYLAND_DISPLAY set, SDL_VIDEODRIVER not forced to
    dummy), else the dummy driver, where a flip costs nothing."""
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "SDL_VIDEODRIVER" not in os.environ and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    return os.environ.get("SDL_VIDEODRIVER", "")


def first_frame_seconds(repeats: int = 3, args: tuple[str, ...] = ()) -> list[float]:
    """Seconds from starting `rummy-gui ARGS --frames 1` (a new process each
    time) to its first frame on screen; with `--preset` that frame is the table."""
    return [wall for wall, _cpu in first_frame(repeats, args)]


def first_frame(repeats: int = 3, args: tuple[str, ...] = ()) -> list[tuple[float, float]]:
    """(wall seconds, CPU seconds of the new process) up to its first frame on
    screen, per run: on a loaded machine the CPU time is the steadier figure.
    The video driver the runs used is kept in `LAST_DRIVER`."""
    global LAST_DRIVER
    import tempfile

    out = []
    env = dict(os.environ, RUMMY_GUI_FIRST_FRAME="1")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env.setdefault(
        "RUMMY_GUI_HOME", tempfile.mkdtemp(prefix="rummy-gui-bench-")
    )  # never the player's saves
    # An installed game starts from compiled bytecode: a source tree that may not
    # write any (PYTHONDONTWRITEBYTECODE) gets it in a scratch folder, made by one
    # run that is not timed.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault(
        "PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "rummy-gui-bench-pycache")
    )
    subprocess.run(
        [sys.executable, "-m", "rummy_gui", *args, "--frames", "1"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    for _ in range(repeats):
        start = time.time()
        done = subprocess.run(
            [sys.executable, "-m", "rummy_gui", *args, "--frames", "1"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        stamp = [line for line in done.stdout.splitlines() if line.startswith("first-frame ")][
            -1
        ].split()
        out.append((float(stamp[1]) - start, float(stamp[2])))
        LAST_DRIVER = stamp[3] if len(stamp) > 3 else ""
    return out


def _table(
    players: int, pile: int, kinds: str = "medium", size: tuple[int, int] = (1280, 800)
) -> Any:
    """A Rummy 500 table, seat 0 (human) to draw: seven cards a hand and `pile` cards in the
    discard fan; the other seats are bots of level `kinds` (idle until seat 0 plays)."""
    use_display()
    from rummy_gui.engine import Game
    from rummy_gui.engine.cards import NATURALS
    from rummy_gui.play.session import SeatConfig, Session
    from rummy_gui.play.settings import Settings
    from rummy_gui.ui.screens.main_menu import MainMenu
    from rummy_gui.ui.shell.app import App
    from rummy_gui.ui.table.scene import TableScene

    deck = [str(c) for c in NATURALS] * (2 if players >= 5 else 1)
    hands = [" ".join(deck[i * 7 : (i + 1) * 7]) for i in range(players)]
    rest = deck[players * 7 :]
    game = Game.from_layout(
        "rummy500",
        hands=hands,
        discard=" ".join(rest[:pile]),
        stock=" ".join(rest[pile : pile + 20]),
        turn=0,
    )
    app = App(size, Settings(animation="normal", mute=True))
    app.push(MainMenu(app))
    seats = [SeatConfig("You", "human")] + [
        SeatConfig(f"Bot {i}", kinds) for i in range(1, players)
    ]
    session = Session("rummy500", seats, {}, game=game)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.motion.deal([])  # the figures are of play: the opening deal's show is timed apart
    return app, scene


def table_frame_ms(
    frames: int = 300,
    players: int = 6,
    size: tuple[int, int] = (1280, 800),
    pile: int = 30,
    warmup: int = 5,
    cpu: list[float] | None = None,
) -> list[float]:
    """Milliseconds per frame (wall clock) with the pointer moving over the discard fan;
    `cpu` (if given) gets each frame's CPU milliseconds of the program's thread."""
    import pygame

    app, scene = _table(players, pile, size=size)
    try:
        for _ in range(warmup):  # the felt and the card art are made on the first frames
            app.tick(1 / 60)
        times = []
        fan = scene.geometry().zones[("discard",)]
        for i in range(frames):
            x, y = fan[i % len(fan)][1].center
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
            )
            start, used = time.perf_counter(), time.thread_time()
            app.tick(1 / 60)
            times.append((time.perf_counter() - start) * 1000)
            if cpu is not None:
                cpu.append((time.thread_time() - used) * 1000)
        return times
    finally:
        scene.session.close()


def frames_while_bot_thinks(
    level: str = "hard",
    seconds: float = 8.0,
    players: int = 4,
    size: tuple[int, int] = (1280, 800),
    memory: dict[str, float] | None = None,
    cpu: list[float] | None = None,
) -> list[float]:
    """Milliseconds of the frames drawn while a bot thinks, over `seconds` of bot
    turns; `memory` (if given) gets `memory_mb()` taken before the table closes,
    `cpu` (if given) each of those frames' CPU milliseconds of the program's thread."""
    app, scene = _table(players, 10, kinds=level, size=size)
    app.settings.animation = (
        "off"  # bot after bot without pauses: more frames drawn while one thinks
    )
    session = scene.session
    scene.pace.cooldown = 1e9
    for _ in range(5):  # warm up: the felt and the card art are made on the first frames
        app.tick(1 / 60)
    session.play(0, Move(Action.DRAW))
    scene.sync_hand()
    session.play(0, next(m for m in session.legal(0) if m.action is Action.DISCARD))
    scene.pace.cooldown = 0
    times = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        _keep_bots_busy(app, scene)
        start, used = time.perf_counter(), time.thread_time()
        app.tick(1 / 60)
        if session.bot_thinking():
            times.append((time.perf_counter() - start) * 1000)
            if cpu is not None:
                cpu.append((time.thread_time() - used) * 1000)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
    if memory is not None:
        memory.update(memory_mb())
    session.close()
    return times


def frames_with_flights(
    seconds: float = 8.0,
    players: int = 8,
    size: tuple[int, int] = (1920, 1080),
    cpu: list[float] | None = None,
    seed: int = 3,
) -> list[float]:
    """Milliseconds of the frames drawn while cards fly: a show of medium bots
    in every seat (Rummy 500, animations "normal": the opening deal and every
    draw, discard and meld in flight), run at 60 frames a second for
    `seconds`; `cpu` (if given) gets each of those frames' CPU milliseconds
    of the program's thread. Frames with no card in the air are not counted."""
    use_display()
    from rummy_gui.engine import Game
    from rummy_gui.play.session import SeatConfig, Session
    from rummy_gui.play.settings import Settings
    from rummy_gui.ui.screens.main_menu import MainMenu
    from rummy_gui.ui.shell.app import App
    from rummy_gui.ui.table.scene import TableScene

    app = App(size, Settings(animation="normal", mute=True))
    app.push(MainMenu(app))
    seats = [SeatConfig(f"Bot {i + 1}", "medium") for i in range(players)]
    game = Game.new("rummy500", players, seed=seed)
    session = Session("rummy500", seats, {}, seed=seed, demo=True, game=game)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    times: list[float] = []
    try:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            top = app.stack.top
            if top is not scene:  # the deal's summary: on to the next deal
                advance = getattr(top, "_next", None)
                if advance is not None:
                    advance()
            start, used = time.perf_counter(), time.thread_time()
            flying = bool(scene.motion.flights)
            app.tick(1 / 60)
            if flying:
                times.append((time.perf_counter() - start) * 1000)
                if cpu is not None:
                    cpu.append((time.thread_time() - used) * 1000)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
    finally:
        session.close()
    return times


def idle_cpu(
    seconds: float = 10.0, players: int = 4, size: tuple[int, int] = (1920, 1080)
) -> dict[str, float]:
    """A table waiting for the human's draw, run by the program's own loop
    (`App.rest`, then `App.tick`) for `seconds`: CPU seconds of this process
    (every thread) per wall second, in per cent, and the frames drawn."""
    app, scene = _table(players, 10, size=size)
    try:
        for _ in range(10):  # the first frames make the felt and the card art
            app.rest()
            app.tick()
        cpu, wall, frames = time.process_time(), time.perf_counter(), app.frame
        while time.perf_counter() - wall < seconds:
            app.rest()
            app.tick()
        wall = time.perf_counter() - wall
        return {
            "cpu %": 100 * (time.process_time() - cpu) / wall,
            "frames": float(app.frame - frames),
        }
    finally:
        scene.session.close()


def _status_mb(pid: int | str, field: str) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return 0.0


def _children(pid: str) -> list[int]:
    pids: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return pids
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                pids.extend(int(p) for p in f.read().split())
        except (OSError, ValueError):  # noqa: PERF203 (a thread gone meanwhile is skipped)
            continue
    return pids


def child_pids() -> list[int]:
    """This process's descendants (Linux): the bots' worker process, and a
    deal review's process and its second process, among them."""
    pids, todo = [], _children("self")
    while todo:
        pid = todo.pop()
        pids.append(pid)
        todo.extend(_children(str(pid)))
    return pids


def memory_mb() -> dict[str, float]:
    """RSS of this process and of its descendants (the bot processes), now and at peak, in MB."""
    kids = child_pids()
    game, bots = _status_mb("self", "VmRSS"), sum(_status_mb(p, "VmRSS") for p in kids)
    return {
        "game MB": game,
        "bot process MB": bots,
        "together MB": game + bots,
        "peak together MB": _status_mb("self", "VmHWM") + sum(_status_mb(p, "VmHWM") for p in kids),
    }


def _keep_bots_busy(app: Any, scene: Any) -> None:
    """Seat 0's turns played at once (a draw, then a discard), and the deal
    summary passed, so that the bots have one turn after another to think about."""
    top = app.stack.top
    if top is not scene:
        advance = getattr(top, "_next", None)
        if advance is not None:
            advance()
        return
    if scene.motion.flights or 0 not in scene.game.to_act or scene.session.bot_thinking():
        return
    legal = scene.session.legal(0)
    for wanted in (Action.DRAW, Action.DISCARD, Action.PASS):
        moves = [m for m in legal if m.action is wanted]
        if moves:
            scene.play(moves[0])
            return
    if legal:
        scene.play(legal[0])


def run(repeats: int = 3) -> dict[str, Any]:
    def p95(xs: list[float]) -> float:
        s = sorted(xs)
        return s[min(len(s) - 1, int(0.95 * (len(s) - 1)))] if s else 0.0

    first = first_frame_seconds(repeats)
    frames = table_frame_ms()
    think = frames_while_bot_thinks()
    return {
        "first frame s (median)": round(sorted(first)[len(first) // 2], 3),
        "table frame ms p95 (6 players, 30-card fan)": round(p95(frames), 2),
        "frames while hard bot thinks": len(think),
        "longest frame while hard bot thinks ms": round(max(think), 1) if think else None,
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name:48s} {value}")
