"""The game log reads from the top (issue 18): at 1920x1080 its column is
tall, and a short log sat at the foot of it under a tall empty space. Its
lines now start under the heading, oldest first; a log longer than the
column shows its newest lines, the latest last, and nothing below the
column."""

from __future__ import annotations

import pytest
from pygame import Rect

from rummy_gui.engine import Action, Game
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw_seats
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import drawn, frame, open_table

LINE = 18  # the log's line height


def _lines(monkeypatch: pytest.MonkeyPatch, scene: TableScene) -> list[tuple[str, Rect]]:
    """The log's lines as the panel draws them: text and where, top to bottom."""
    boxes = [
        (text, box)
        for text, box in drawn(
            monkeypatch, scene.app.size, lambda s: draw_seats.draw_log(s, scene, scene.geometry())
        )
        if text is not None
    ]
    log = scene.geometry().layout.log
    heading = boxes[0]
    assert heading[1].y == log.y  # the first text is the heading, at the top
    return sorted(boxes[1:], key=lambda b: b[1].y)


def _table(app: App, moves: int) -> TableScene:
    app.resize((1920, 1080))
    scene = open_table(app, Game.new("rummy500", players=3, seed=5))
    session = scene.session
    for _ in range(moves):
        seat = session.to_act[0]
        legal = session.legal(seat)
        move = next((m for m in legal if m.action in (Action.DRAW, Action.DISCARD)), legal[0])
        assert scene.play(move, seat, quiet=True)
    frame(app)
    return scene


def test_a_short_log_starts_under_its_heading(monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    scene = _table(app, 3)
    log = scene.geometry().layout.log
    assert log.h > 500  # the tall column of a 1080p window
    lines = _lines(monkeypatch, scene)
    assert len(lines) == 4  # the deal's line and three moves
    assert lines[0][1].y < log.y + 2 * LINE
    assert lines[-1][1].bottom < log.y + log.h // 3


def test_the_log_lines_are_in_the_order_played(monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    scene = _table(app, 3)
    shown = [text for text, _box in _lines(monkeypatch, scene)]
    assert shown == [e.text() for e in scene.session.log]


def test_a_long_log_shows_its_newest_lines_inside_the_column(
    monkeypatch: pytest.MonkeyPatch, app: App
) -> None:
    scene = _table(app, 60)
    log = scene.geometry().layout.log
    lines = _lines(monkeypatch, scene)
    assert lines[-1][0] == scene.session.log[-1].text()
    assert all(box.bottom <= log.bottom for _text, box in lines)
    assert lines[-1][1].bottom > log.bottom - 2 * LINE  # the column is used to its foot


def test_the_columns_top_line_begins_an_entry(monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    """At 960x600 the column is short and entries wrap: the top line shown is
    never the second half of an entry cut by the column's top."""
    app.resize((960, 600))
    scene = open_table(app, Game.new("shanghai", players=4, seed=5))
    session = scene.session
    starts: set[str] = set()
    for _ in range(80):
        seat = session.to_act[0]
        legal = session.legal(seat)
        move = next((m for m in legal if m.action in (Action.DRAW, Action.DISCARD)), legal[0])
        assert scene.play(move, seat, quiet=True)
        frame(app)
        width = scene.geometry().layout.log.w - 6
        starts |= {draw_seats.wrapped_lines(e.text(), width)[0] for e in session.log}
        top = _lines(monkeypatch, scene)[0][0]
        assert top in starts, f"the log's top line {top!r} is the middle of an entry"
