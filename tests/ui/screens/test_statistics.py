"""The Statistics screen: every number of the chart readable beside its bar;
Export writes the files and says where (or why not)."""

from __future__ import annotations

import csv
from pathlib import Path

import pygame
import pytest

from rummy_gui.ui.screens.statistics import bar_and_value
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.widgets.controls import Button
from tests.ui.ui_driver import click, frame


@pytest.mark.parametrize("rate", [0.0, 0.5, 0.97, 1.0])
def test_a_bars_number_stays_above_it_on_the_panel(rate: float) -> None:
    plot = pygame.Rect(20, 34, 600, 108)
    bar, value = bar_and_value(plot, 100, 60, rate, (34, 16))
    assert not value.colliderect(bar)  # white on gold could not be read
    assert plot.contains(value)
    assert plot.contains(bar)


def _export_button(app: App) -> Button:
    from rummy_gui.ui.screens.statistics import StatisticsScene

    scene = StatisticsScene(app)
    app.push(scene)
    frame(app)
    return next(w for w in scene.widgets if isinstance(w, Button) and w.label.startswith("Export"))


def test_export_writes_the_files_and_says_where(app: App, home: Path) -> None:
    from rummy_gui.play.stats import record_game
    from rummy_gui.ui.screens.statistics import NoticeScene
    from tests.play.test_stats import bot_game

    record_game(bot_game(), ["Ann", "Bob", "Cid"])
    click(app, _export_button(app).rect.center)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    assert notice.title == "Statistics exported"
    folder = home / "documents"
    assert str(folder) in notice.text
    with open(folder / "rummy-gui-statistics.csv", newline="", encoding="utf-8-sig") as f:
        assert len(list(csv.reader(f))) == 2  # the header and the one game
    assert (folder / "rummy-gui-statistics.json").is_file()
    click(app, notice.buttons[0].rect.center)
    assert not isinstance(app.stack.top, NoticeScene)


def test_an_export_that_fails_says_why(app: App, home: Path) -> None:
    from rummy_gui.ui.screens.statistics import NoticeScene

    (home / "documents").parent.mkdir(parents=True, exist_ok=True)
    (home / "documents").write_text("a file where the folder would be")
    click(app, _export_button(app).rect.center)
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    assert notice.title == "The statistics could not be exported"
    assert notice.text[0].startswith("Nothing was written: ")
