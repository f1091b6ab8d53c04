"""The words of the main menu, New game, Settings, Rules, Statistics and Load
at the smallest window and at 2560x1440, in English, Finnish and Russian:
every text inside the window and inside the control it labels, no text over
another, no control over another, and larger on the large screen (issue 47,
"Text that scales")."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.engine import Game
from rummy_gui.play import savelist, saves, stats
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.screens.new_game import NewGameScene
from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.screens.saving import LoadScene
from rummy_gui.ui.screens.settings import SettingsScene
from rummy_gui.ui.screens.statistics import StatisticsScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import Resize
from rummy_gui.ui.widgets import uiscale
from rummy_gui.ui.widgets.dialogs import WidgetScene
from tests.ui.ink_boxes import inked
from tests.ui.ui_driver import finished_game

SIZES = [(960, 600), (2560, 1440)]
MENUS = [MainMenu, NewGameScene, SettingsScene]
SCREENS = [*MENUS, RulesScene, StatisticsScene, LoadScene]
SEATS = [saves.Seat("You"), saves.Seat("Alexandra", "expert"), saves.Seat("Bo", "easy")]


@pytest.fixture(autouse=True)
def filled_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder with two saves and a finished game's statistics: the
    Load and Statistics screens have rows to show."""
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path))
    game = Game.new("contract", players=3, seed=7)
    saves.write(savelist.save_path("the long evening game"), game, SEATS)
    saves.write(savelist.save_path("second"), game, SEATS)
    assert stats.record_game(finished_game(11), SEATS[:2])
    return tmp_path


def opened(app: App, screen: type, size: tuple[int, int], text_size: str) -> WidgetScene:
    app.settings.text_size = text_size
    app.dispatch(Resize(size))
    assert app.size == size
    if screen is not MainMenu:
        app.push(screen(app))
    scene = app.stack.top
    assert isinstance(scene, WidgetScene)
    if isinstance(scene, NewGameScene):
        scene._pick_preset(1)  # the classic rules: the most house rules
        scene._set_players(8)
    return scene


def check(app: App, scene: WidgetScene) -> None:
    window = pygame.Rect((0, 0), app.size)
    boxes = inked(app.size, scene.draw_whole)
    assert [(t, tuple(r)) for t, r in boxes if not window.contains(r)] == []
    # the title's shadow is the same word drawn beneath it, on purpose
    over = [(a, b) for (a, ra), (b, rb) in combinations(boxes, 2) if a != b and ra.colliderect(rb)]
    assert over == []
    controls = [w for w in scene.widgets if w.visible]
    for text, r in boxes:
        for w in controls:
            if w.rect.collidepoint(r.center):
                assert w.rect.inflate(2, 2).contains(r), (text, tuple(r), tuple(w.rect))
    clashes = [
        (tuple(a.rect), tuple(b.rect))
        for a, b in combinations(controls, 2)
        if a.rect.colliderect(b.rect)
    ]
    assert clashes == []


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


@pytest.mark.parametrize("lang", ["fi", "ru"])
@pytest.mark.parametrize("screen", MENUS)
def test_large_text_fits_the_smallest_window(app: App, screen: type, lang: str) -> None:
    i18n.set_language(lang)
    try:
        scene = opened(app, screen, (960, 600), "large")
        assert uiscale.scale() > 1.0
        check(app, scene)
    finally:
        i18n.set_language("en")
        app.settings.text_size = "normal"
        app.relayout()


@pytest.mark.parametrize("screen", SCREENS)
def test_the_words_grow_on_a_large_screen(app: App, screen: type) -> None:
    heights = []
    for size in SIZES:
        scene = opened(app, screen, size, "normal")
        boxes = [r.h for _t, r in inked(app.size, scene.draw_whole)]
        heights.append(sorted(boxes)[len(boxes) // 2])  # the median line
        if screen is not MainMenu:
            app.pop()
    assert heights[1] >= heights[0] * 1.4
