"""The main loop rests when nothing moves (issue 18): scenes say how long
they can wait for their next frame, and `App.rest` sleeps until input comes
or that time is up."""

from __future__ import annotations

import math
import time
from typing import Any

import pygame
import pytest
from ui_driver import frame

from rummy_gui.engine import Action, Game, Move
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell import app as app_module
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.scene import Scene
from rummy_gui.ui.table import idle
from rummy_gui.ui.table.scene import TableScene


def waiting_table(app: App, turn: int = 0, threaded: bool = False) -> TableScene:
    game = Game.from_layout(
        "rummy500",
        hands=["7H 8H 9H 10C 10S KD 2C", "3S 4S 5C 6D 8C JD QC", "2D 3D 5H 9S JC QD KC"],
        stock="AC 2S 3C 4D 5D 6C 7C 8D 9D",
        discard="KS 10D 6H 4H",
        turn=turn,
    )
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]
    session = Session(game.preset, seats, {}, game=game, threaded=threaded, bot_process=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    frame(app, 3)
    return scene


def test_a_table_waiting_for_the_human_needs_no_frame_until_input(app: App) -> None:
    waiting_table(app)
    assert app.frame_wait() == math.inf


def test_a_scene_needs_every_frame_unless_it_says_otherwise(app: App) -> None:
    assert Scene(app).frame_wait() == 0.0


def test_the_frame_after_a_move_is_drawn_then_the_table_rests(app: App) -> None:
    scene = waiting_table(app)
    assert scene.play(Move(Action.DRAW))
    assert app.frame_wait() == 0.0  # the table reacts to the new position in its next update
    frame(app, 2)
    assert app.frame_wait() == math.inf


def test_cards_in_flight_and_a_drag_need_every_frame(app: App) -> None:
    app.settings.animation = "normal"
    scene = waiting_table(app)
    assert scene.play(Move(Action.DRAW))
    assert scene.motion.flights
    assert app.frame_wait() == 0.0
    frame(app, 60)
    assert not scene.motion.flights
    assert app.frame_wait() == math.inf


def test_a_message_wakes_the_table_when_it_starts_to_fade(app: App) -> None:
    scene = waiting_table(app)
    scene.message("hello", ttl=3.0)
    frame(app)
    assert app.frame_wait() == pytest.approx(
        3.0 - idle.MESSAGE_FADE - 0.05, abs=0.02
    )  # one frame of 0.05 s
    scene.messages[0].ttl = 0.5  # fading: every frame
    assert app.frame_wait() == 0.0


def test_the_pause_before_a_bots_move_is_waited_out_then_the_bot_is_polled(app: App) -> None:
    scene = waiting_table(app, turn=1, threaded=True)
    scene.pace.cooldown = 0.4
    assert 0.3 < app.frame_wait() <= 0.4
    scene.pace.cooldown = 0.0
    assert app.frame_wait() == 0.0
    frame(app)  # the bot starts thinking on its thread
    if scene.session.bot_thinking():
        assert app.frame_wait() == idle.BOT_POLL


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
