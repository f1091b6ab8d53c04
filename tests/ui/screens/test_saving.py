"""Saved games, as the player meets them: saving off says why once, Continue
with a damaged autosave uses its backup (or says why not), the Load screen's
rows and Delete, and the Statistics screen's columns, chart and Reset."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pygame
import pytest

from rummy_gui.engine import Game
from rummy_gui.play import jsonio, savelist, saves, stats
from rummy_gui.play.session import SeatConfig
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.screens.saving import LoadScene
from rummy_gui.ui.screens.statistics import StatisticsScene, cells
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets import fonts
from rummy_gui.ui.widgets.dialogs import ConfirmScene
from tests.ui.ui_driver import click, finished_game, frame, game_of, local, whole_frame

SEATS = [saves.Seat("You"), saves.Seat("Ada", "easy")]


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own data folder: no autosave, saves or statistics of another."""
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text rendered from now on."""
    texts: list[str] = []
    real = fonts.text_cached

    def spy(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        texts.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "text_cached", spy)
    return texts


def widget(app: App, label: str) -> Any:
    scene = app.stack.top
    for w in [*getattr(scene, "widgets", []), *getattr(scene, "buttons", [])]:
        if getattr(w, "label", None) == label:
            return w
    raise AssertionError(f"no button {label!r} on {scene}")


def flush(session: TableSession) -> None:
    local(session)._saver.submit(lambda: None).result()  # the autosave thread has done its writes


def failing_write(code: int) -> Any:
    def write(p: Path, _blob: bytes, _backup: bool) -> None:
        raise jsonio._write_problem(OSError(code, "simulated"), p)

    return write


# ----------------------------------------------------------------- 1. saving off
def test_saving_off_is_said_once_per_reason_and_the_game_goes_on(
    app: App, drawn: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    app.rooms.start_table(
        "rummy500", [SeatConfig("You", "human"), SeatConfig("Ada", "easy")], {}, seed=3
    )
    table = app.stack.top
    assert isinstance(table, TableScene)
    table.pace.cooldown = 1e9
    s = table.session
    monkeypatch.setattr(jsonio, "_write_locked", failing_write(errno.ENOSPC))
    s.autosave()
    flush(s)
    assert s.save_error
    assert s.save_error_kind == "disk_full"
    frame(app)
    said = [m.text for m in table.messages if m.text.startswith("Saving is off: ")]
    assert len(said) == 1
    assert "full" in said[0]
    assert said[0] in drawn
    s.autosave()  # the same reason again: not said again
    flush(s)
    frame(app, 2)
    assert len([m for m in table.messages if m.text.startswith("Saving is off")]) == 1
    monkeypatch.setattr(jsonio, "_write_locked", failing_write(errno.EROFS))
    s.autosave()  # another reason: said
    flush(s)
    frame(app)
    said = [m.text for m in table.messages if m.text.startswith("Saving is off: ")]
    assert len(said) == 2
    assert "read-only" in said[1]
    assert app.stack.top is table
    assert not s.finished


def test_saving_off_in_finnish_uses_the_translated_reason() -> None:
    from rummy_gui import i18n
    from rummy_gui.play.problems import saving_off_text

    try:
        i18n.set_language("fi")
        text = saving_off_text("the disk holding /x is full", "disk_full")
    finally:
        i18n.set_language("en")
    assert "/x" not in text
    assert text != "Saving is off: the disk is full"
    assert (
        saving_off_text("the disk holding /x is full", "disk_full")
        == "Saving is off: the disk holding /x is full"
    )


# ----------------------------------------------------------------- 2. Continue
def write_autosave_twice() -> Game:
    """An autosave and a good .bak of it (the same game, one move apart)."""
    game = Game.new("rummy500", players=2, seed=5)
    saves.write(saves.autosave_path(), game, SEATS)  # becomes the .bak
    first = game.copy()
    game.play(next(str(m) for m in game.legal_moves if str(m).endswith("draw")))
    saves.write(saves.autosave_path(), game, SEATS)
    return first


def continue_from_menu(app: App) -> None:
    app.session = None
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    menu.layout(app.size)
    assert widget(app, "Continue").enabled
    click(app, widget(app, "Continue").rect.center)


def test_continue_with_a_damaged_autosave_uses_its_backup(app: App, drawn: list[str]) -> None:
    first = write_autosave_twice()
    path = saves.autosave_path()
    path.write_bytes(b'{"format": "rummy-gui-save", "vers')  # truncated
    continue_from_menu(app)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert game_of(table).hand(0) == first.hand(0)
    assert len(game_of(table).moves) == len(first.moves)
    frame(app)
    texts = [m.text for m in table.messages]
    assert "The autosave was damaged; continuing from its backup." in texts
    corrupt = list(path.parent.glob("autosave.json.corrupt-*"))
    assert len(corrupt) == 1
    assert corrupt[0].read_bytes().startswith(b'{"format"')
    assert any(corrupt[0].name in t for t in texts)
    assert any(corrupt[0].name in t for t in drawn)


def test_continue_with_autosave_and_backup_both_damaged(app: App, drawn: list[str]) -> None:
    write_autosave_twice()
    path = saves.autosave_path()
    path.write_bytes(b"garbage")
    jsonio.backup_path(path).write_bytes(b"")
    continue_from_menu(app)
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    assert app.session is None
    assert "can't be loaded" in menu.autosave_problem
    assert "moved aside" in menu.autosave_problem
    assert not widget(app, "Continue").enabled  # greyed out
    corrupt = list(path.parent.glob("autosave.json.corrupt-*"))
    assert len(corrupt) == 1
    assert corrupt[0].read_bytes() == b"garbage"
    assert not path.exists()
    frame(app)
    assert any("can't be loaded" in t for t in drawn)


# ----------------------------------------------------------------- 3. Load screen
def make_saves() -> None:
    game = Game.new("rummy500", players=2, seed=7)
    saves.write(savelist.save_path("first game"), game, SEATS)
    saves.write(savelist.save_path("second game"), game, SEATS)
    savelist.save_path("broken").write_text("{}", encoding="utf-8")


def test_load_screen_rows_show_game_players_round_scores_and_date(
    app: App, drawn: list[str]
) -> None:
    make_saves()
    app.push(LoadScene(app))
    frame(app)
    row = widget(app, "first game")
    first, second = row.lines
    assert "Rummy 500" in first
    assert "deal 1" in first  # as the table's title counts a Rummy 500 game
    assert row.summary.date.astimezone().strftime("%Y-%m-%d %H:%M") in first
    assert second == "2 players: You 0, Ada 0"
    assert first in drawn
    assert second in drawn
    broken = widget(app, "broken")
    assert not broken.enabled
    assert "can't be loaded" in broken.lines[0]
    assert "not a rummy-gui save" in broken.lines[1]


def test_delete_asks_and_no_keeps_yes_removes(app: App) -> None:
    make_saves()
    app.push(LoadScene(app))
    frame(app)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    rows = [w for w in load.widgets if getattr(w, "label", "") == "Delete"]
    assert len(rows) == 3
    target = next(i for i, w in enumerate(load.widgets) if getattr(w, "label", "") == "second game")
    click(app, load.widgets[target + 1].rect.center)  # its Delete
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene)
    assert ask.question == "Delete “second game”?"
    click(app, widget(app, "No").rect.center)
    assert app.stack.top is load
    assert savelist.save_path("second game").exists()
    click(app, load.widgets[target + 1].rect.center)
    click(app, widget(app, "Yes").rect.center)
    assert app.stack.top is load
    assert not savelist.save_path("second game").exists()
    assert "second game" not in [s.name for s in load.saves]
    # a damaged save can be deleted too
    broken = next(i for i, w in enumerate(load.widgets) if getattr(w, "label", "") == "broken")
    click(app, load.widgets[broken + 1].rect.center)
    click(app, widget(app, "Yes").rect.center)
    assert not savelist.save_path("broken").exists()
    assert [s.name for s in load.saves] == ["first game"]


# ----------------------------------------------------------------- 4. Statistics
def test_statistics_columns_chart_and_reset(app: App, drawn: list[str]) -> None:
    game = finished_game(11)
    assert stats.record_game(game, SEATS)
    app.push(StatisticsScene(app))
    frame(app)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    assert "Rummy calls" in drawn
    assert "Buys" in drawn
    you = next(r for r in scene.rows if r.name == "You")
    assert cells(you)[-2:] == (str(you.rummy_calls), str(you.buys))
    assert "Win rate in Rummy 500" in drawn
    assert "100%" in drawn
    assert "0%" in drawn
    click(app, widget(app, "Reset statistics").rect.center)
    assert isinstance(app.stack.top, ConfirmScene)
    click(app, widget(app, "No").rect.center)
    assert app.stack.top is scene
    assert scene.rows
    assert stats.load_stats()[0].rows()
    click(app, widget(app, "Reset statistics").rect.center)
    click(app, widget(app, "Yes").rect.center)
    assert app.stack.top is scene
    assert not scene.rows
    assert not stats.load_stats()[0].rows()
    assert not widget(app, "Reset statistics").enabled
    drawn.clear()
    whole_frame(app)  # the screen as it is now, drawn whole
    assert "No finished games yet." in drawn
