"""The first table frame waits for nothing it does not show (issue 18): the
bots' worker process starts once the table is on screen, in the pause before
the first bot move, not with the session (a new interpreter starting beside
the first frame delayed it on a two-core machine)."""

from __future__ import annotations

from rummy_gui.play.session import SeatConfig
from rummy_gui.ui.shell.app import App
from tests.ui.ui_driver import local


def bots_table(app: App) -> None:
    seats = [SeatConfig("Bot 1", "medium"), SeatConfig("Bot 2", "medium")]
    app.rooms.start_table("rummy500", seats, {}, seed=4, demo=True)


def test_the_bot_process_is_not_started_before_the_first_table_frame(app: App) -> None:
    bots_table(app)
    app.tick(1 / 60)
    session = app.session
    assert session is not None
    assert local(session).thinking._process is None


def test_the_bot_process_starts_once_the_first_frame_is_shown(app: App) -> None:
    bots_table(app)
    app.tick(1 / 60)
    app.tick(1 / 60)
    session = app.session
    assert session is not None
    assert local(session).thinking._process is not None
    assert not session.bot_thinking()  # before the first bot move: its pause is not over


def test_a_session_without_a_table_starts_its_process_when_a_bot_first_thinks() -> None:
    from rummy_gui.play.session import Session

    seats = [SeatConfig("Bot 1", "medium"), SeatConfig("Bot 2", "medium")]
    session = Session("rummy500", seats, {}, seed=4, demo=True)
    try:
        assert local(session).thinking._process is None
        assert session.poll_bot() is None  # the first bot starts thinking
        assert local(session).thinking._process is not None
    finally:
        session.close()
