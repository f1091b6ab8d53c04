"""The first table frame waits for nothing it does not show (issue 18): the
bots' worker process starts when a bot first thinks, after the table is on
screen, not with the session (a new interpreter starting beside the first
frame delayed it on a two-core machine)."""

from __future__ import annotations

from rummy_gui.play.session import SeatConfig
from rummy_gui.ui.shell.app import App


def bots_table(app: App) -> None:
    seats = [SeatConfig("Bot 1", "medium"), SeatConfig("Bot 2", "medium")]
    app.rooms.start_table("rummy500", seats, {}, seed=4, demo=True)


def test_the_bot_process_is_not_started_before_the_first_table_frame(app: App) -> None:
    bots_table(app)
    app.tick(1 / 60)
    session = app.session
    assert session is not None
    assert session.thinking._process is None


def test_the_bot_process_starts_when_a_bot_first_thinks(app: App) -> None:
    bots_table(app)
    session = app.session
    assert session is not None
    for _ in range(40):  # the table's pause before the first bot move, in 0.1 s frames
        app.tick(0.1)
        if session.bot_thinking():
            break
    assert session.thinking._process is not None
