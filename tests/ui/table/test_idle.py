"""The table rests when nothing moves (issue 18): it says how long the main loop
can wait for its next frame (input, a message's fade, the pause before a bot)."""

from __future__ import annotations

import math

import pytest

from rummy_gui.engine import Action, Move
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import idle
from tests.ui.ui_driver import frame, waiting_table


def test_a_table_waiting_for_the_human_needs_no_frame_until_input(app: App) -> None:
    waiting_table(app)
    assert app.frame_wait() == math.inf


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
