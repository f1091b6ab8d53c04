"""Speed figures of the table, for `rummy_gui.bench` (never asserted in tests).

    python -m rummy_gui.ui.perf     # prints the three figures of issue 4

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


def first_frame_seconds(repeats: int = 3) -> list[float]:
    out = []
    env = dict(os.environ, RUMMY_GUI_FIRST_FRAME="1")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    for _ in range(repeats):
        start = time.time()
        done = subprocess.run([sys.executable, "-m", "rummy_gui", "--frames", "1"], env=env,
                              capture_output=True, text=True, check=True)
        stamp = [line for line in done.stdout.splitlines() if line.startswith("first-frame ")]
        out.append(float(stamp[-1].split()[1]) - start)
    return out


def _table(players: int, pile: int, kinds: str = "medium", size: tuple[int, int] = (1280, 800)) -> Any:
    """A Rummy 500 table, seat 0 (human) to draw: seven cards a hand and `pile` cards in the
    discard fan; the other seats are bots of level `kinds` (idle until seat 0 plays)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from rummy_gui.engine import Game
    from rummy_gui.engine.cards import NATURALS
    from rummy_gui.play.session import SeatConfig, Session
    from rummy_gui.ui.app import App
    from rummy_gui.ui.menus import MainMenu
    from rummy_gui.ui.settings import Settings
    from rummy_gui.ui.table import TableScene

    deck = [str(c) for c in NATURALS] * (2 if players >= 5 else 1)
    hands = [" ".join(deck[i * 7:(i + 1) * 7]) for i in range(players)]
    rest = deck[players * 7:]
    game = Game.from_layout("rummy500", hands=hands, discard=" ".join(rest[:pile]),
                            stock=" ".join(rest[pile:pile + 20]), turn=0)
    app = App(size, Settings(animation="normal", mute=True))
    app.push(MainMenu(app))
    seats = [SeatConfig("You", "human")] + [SeatConfig(f"Bot {i}", kinds) for i in range(1, players)]
    session = Session("rummy500", seats, {}, game=game)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    return app, scene


def table_frame_ms(frames: int = 300, players: int = 6, size: tuple[int, int] = (1280, 800),
                   pile: int = 30, warmup: int = 5) -> list[float]:
    """Milliseconds per frame (wall clock) with the pointer moving over the discard fan."""
    import pygame

    app, scene = _table(players, pile, size=size)
    try:
        for _ in range(warmup):  # the felt and the card art are made on the first frames
            app.tick(1 / 60)
        times = []
        fan = scene.geometry().zones[("discard",)]
        for i in range(frames):
            x, y = fan[i % len(fan)][1].center
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
            start = time.perf_counter()
            app.tick(1 / 60)
            times.append((time.perf_counter() - start) * 1000)
        return times
    finally:
        scene.session.close()


def frames_while_bot_thinks(level: str = "hard", seconds: float = 8.0) -> list[float]:
    app, scene = _table(4, 10, kinds=level)
    app.settings.animation = "off"  # bot after bot without pauses: more frames drawn while one thinks
    session = scene.session
    scene.cooldown = 1e9
    for _ in range(5):  # warm up: the felt and the card art are made on the first frames
        app.tick(1 / 60)
    session.play(0, "draw")
    scene.sync_hand()
    session.play(0, f"discard {scene.game.hand(0)[0]}")
    scene.cooldown = 0
    times = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        _keep_bots_busy(app, scene)
        start = time.perf_counter()
        app.tick(1 / 60)
        if session.bot_thinking():
            times.append((time.perf_counter() - start) * 1000)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
    session.close()
    return times


def _keep_bots_busy(app: Any, scene: Any) -> None:
    """Seat 0's turns played at once (a draw, then a discard), and the deal
    summary passed, so that the bots have one turn after another to think about."""
    top = app.stack.top
    if top is not scene:
        advance = getattr(top, "_next", None)
        if advance is not None:
            advance()
        return
    if scene.flights or 0 not in scene.game.to_act or scene.session.bot_thinking():
        return
    legal = scene.session.legal(0)
    for wanted in ("draw", "discard", "pass"):
        moves = [m for m in legal if m.split()[0] == wanted]
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
