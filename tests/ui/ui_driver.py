"""Test helpers: real pygame mouse events posted to the queue, one frame per step."""

from __future__ import annotations

import time
from typing import Any

import pygame

from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene


def frame(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.tick(0.05)


def whole_frame(app: App) -> None:
    """One frame with every screen on show drawn whole: the pictures the menus
    keep of what did not change are made again (so every text is rendered)."""
    for scene in app.stack.visible():
        forget = getattr(scene, "forget_layer", None)
        if forget is not None:
            forget()
    frame(app)


def press(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frame(app)


def release(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frame(app)


def click(app: App, pos: tuple[int, int]) -> None:
    press(app, pos)
    release(app, pos)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> None:
    press(app, start)
    for k in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * k // steps
        y = start[1] + (end[1] - start[1]) * k // steps
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        )
        frame(app)
    release(app, end)


def open_table(app: App, game: Any) -> TableScene:
    """A table over `game` with the viewer in seat 0 and random bots that wait:
    the test plays their moves itself."""
    seats = [SeatConfig("You", "human")] + [
        SeatConfig(f"Bot {i}", "random") for i in range(1, game.players)
    ]
    session = Session(game.preset, seats, {}, game=game, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.cooldown = 1e9
    frame(app)
    return scene


def key(app: App, key: int) -> None:
    """One key press, then a frame."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    frame(app)


def finish_review(app: App, review: Any) -> None:
    """Frames until the deal review's computation is over (at most a minute)."""
    for _ in range(600):
        frame(app)
        if not review.computing:
            return
        time.sleep(0.1)
    raise AssertionError("the review did not finish")
