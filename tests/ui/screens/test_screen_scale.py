"""The Rules, Statistics and Load screens at the smallest window and at
2560x1440 in English, Finnish and Russian: every word inside the window and
the control it labels, none over another, and larger on the large screen
(issue 47, "Text that scales")."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_gui import i18n
from rummy_gui.engine import Game
from rummy_gui.play import savelist, saves, stats
from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.screens.saving import LoadScene
from rummy_gui.ui.screens.statistics import StatisticsScene
from rummy_gui.ui.shell.app import App
from tests.ui.ink_boxes import inked
from tests.ui.screens.test_saving import finished_game
from tests.ui.screens.test_screen_text_fits import SIZES, check, opened

SCREENS = [RulesScene, StatisticsScene, LoadScene]
SEATS = [saves.Seat("You"), saves.Seat("Alexandra", "expert"), saves.Seat("Bo", "easy")]


@pytest.fixture(autouse=True)
def filled_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder with two saves and a finished game's statistics."""
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path))
    game = Game.new("contract", players=3, seed=7)
    saves.write(savelist.save_path("the long evening game"), game, SEATS)
    saves.write(savelist.save_path("second"), game, SEATS)
    assert stats.record_game(finished_game(11), SEATS[:2])
    return tmp_path


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("screen", SCREENS)
def test_every_word_fits_its_box_and_none_is_over_another(
    app: App, screen: type, size: tuple[int, int], lang: str
) -> None:
    i18n.set_language(lang)
    try:
        scene = opened(app, screen, size, "normal")
        check(app, scene)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("screen", SCREENS)
def test_the_words_grow_on_a_large_screen(app: App, screen: type) -> None:
    heights = []
    for size in SIZES:
        scene = opened(app, screen, size, "normal")
        boxes = [r.h for _t, r in inked(app.size, scene.draw_whole)]
        heights.append(sorted(boxes)[len(boxes) // 2])  # the median line
        app.pop()
    assert heights[1] >= heights[0] * 1.4
