"""The main loop rests when nothing moves (issue 18): a scene needs every frame
unless it says otherwise, and `App.rest` sleeps until input comes or that
time is up."""

from __future__ import annotations

import time
from typing import Any

import pygame

from rummy_gui.ui.shell import app as app_module
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.scene import Scene
from rummy_gui.ui.table import idle
from tests.ui.ui_driver import frame, waiting_table


def test_a_scene_needs_every_frame_unless_it_says_otherwise(app: App) -> None:
    assert Scene(app).frame_wait() == 0.0


def test_rest_sleeps_until_the_deadline_and_counts_the_sleep_in_the_next_frame(app: App) -> None:
    scene = waiting_table(app)
    scene.message("soon gone", ttl=idle.MESSAGE_FADE + 0.15)
    frame(app)
    pygame.event.clear()
    slept = app.rest()
    assert 0.05 < slept < 0.6
    app.tick()  # measured dt: the sleep counts in full, so the message starts to fade
    assert scene.messages
    assert scene.messages[0].ttl <= idle.MESSAGE_FADE + 0.01


def test_rest_ends_at_once_when_input_is_waiting(app: App) -> None:
    waiting_table(app)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    )
    started = time.perf_counter()
    assert app.rest() < 0.05
    assert time.perf_counter() - started < 0.05


def test_rest_sleeps_no_longer_than_the_cap(app: App, monkeypatch: Any) -> None:
    waiting_table(app)
    monkeypatch.setattr(app_module, "REST_CAP", 0.1)
    pygame.event.clear()
    assert 0.05 < app.rest() < 0.5
