"""Learn to play (ui/screens/learn): from the main menu and from each game's
Rules page; the seven games listed, those without a lesson yet greyed; a
game with one opens its lesson at the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_gui.play.lessons import GAMES
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.learn import LearnScene
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.lesson import LessonTable
from rummy_gui.ui.widgets.controls import Button
from tests.ui.ui_driver import click, frame


@pytest.fixture(autouse=True)
def _a_home_of_its_own(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path))


def _button(scene: object, label: str) -> Button:
    widgets = getattr(scene, "widgets", [])
    return next(w for w in widgets if isinstance(w, Button) and w.label == label)


def _learn(app: App) -> LearnScene:
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    click(app, _button(menu, "Learn to play").rect.center)
    scene = app.stack.top
    assert isinstance(scene, LearnScene)
    return scene


def test_the_main_menu_opens_learn_to_play_with_the_seven_games(app: App) -> None:
    scene = _learn(app)
    games = [w for w in scene.widgets if isinstance(w, Button) and w.label != "Back"]
    presets = catalog.presets()
    assert [b.label for b in games] == [p.display_name for p in presets]
    assert len(games) == 7
    assert [b.enabled for b in games] == [p.id in GAMES for p in presets]
    shown_note = scene.note()
    assert bool(shown_note) == (len(GAMES) < 7)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_chooser_fits_the_window(app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    scene = _learn(app)
    rects = [w.rect for w in scene.widgets]
    window = app.screen.get_rect()
    assert all(window.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_a_game_with_a_lesson_opens_it_at_the_table(app: App) -> None:
    scene = _learn(app)
    name = catalog.preset(GAMES[0]).display_name
    click(app, _button(scene, name).rect.center)
    frame(app)
    table = app.stack.top
    assert isinstance(table, LessonTable)
    assert table.session.preset == GAMES[0]
    assert app.session is None  # a lesson is not a game to continue


def test_a_greyed_game_opens_nothing(app: App) -> None:
    scene = _learn(app)
    greyed = [w for w in scene.widgets if isinstance(w, Button) and not w.enabled]
    if not greyed:
        pytest.skip("every game has its lesson")
    click(app, greyed[0].rect.center)
    assert app.stack.top is scene


def test_each_rules_page_has_learn_to_play(app: App) -> None:
    rules = RulesScene(app, "rummy500")
    app.push(rules)
    frame(app)
    learn = _button(rules, "Learn to play")
    for k, preset in enumerate(rules.presets):
        rules._pick(k)
        assert learn.enabled == (preset.id in GAMES), preset.id
    rules._pick([p.id for p in rules.presets].index("rummy500"))
    click(app, rules.learn_button.rect.center)
    frame(app)
    assert isinstance(app.stack.top, LessonTable)
    assert [type(s).__name__ for s in app.stack.scenes] == ["MainMenu", "LessonTable"]
