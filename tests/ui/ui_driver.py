"""Test helpers: real pygame mouse events posted to the queue, one frame per step."""

from __future__ import annotations

import pygame

from rummy_gui.ui.app import App


def frame(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.tick(0.05)


def press(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
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
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0)))
        frame(app)
    release(app, end)
