"""The menus keep a picture of what does not change (the felt, titles, panels,
texts) and draw again only the widgets whose look changed: the picture on
screen must always be the one drawn afresh, and it must follow the window's
size, the language and the settings."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.screens.new_game import NewGameScene
from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.screens.saving import LoadScene
from rummy_gui.ui.screens.settings import SettingsScene
from rummy_gui.ui.screens.statistics import StatisticsScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import Resize
from rummy_gui.ui.shell.scene import Scene
from rummy_gui.ui.widgets import controls, dialogs, fonts
from rummy_gui.ui.widgets.controls import Cycler, Toggle
from rummy_gui.ui.widgets.dialogs import ConfirmScene, WidgetScene
from tests.ui.ui_driver import click, frame


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def afresh(app: App) -> bytes:
    """The frame on show drawn afresh on a new surface, no kept picture used."""
    fresh = app.screen.copy()
    fresh.fill((255, 0, 255))  # whatever is not drawn afresh shows
    for scene in app.stack.visible():
        if isinstance(scene, WidgetScene):
            scene.draw_whole(fresh, live=not scene.covered)
        else:
            scene.draw(fresh)
    return pygame.image.tobytes(fresh, "RGB")


def shown(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def move(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frame(app)


def top(app: App) -> Any:
    return app.stack.top


def key(app: App, text: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode=text))
    frame(app)


def wheel(app: App, dy: int) -> None:
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy)
        )
    )
    frame(app)


SCREENS: dict[str, Callable[[App], Scene]] = {
    "main menu": MainMenu,
    "settings": SettingsScene,
    "new game": NewGameScene,
    "rules": lambda app: RulesScene(app, "contract"),
    "load": LoadScene,
    "statistics": StatisticsScene,
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_every_frame_of_a_screen_is_the_picture_drawn_afresh(app: App, name: str) -> None:
    if name != "main menu":
        app.push(SCREENS[name](app))
    frame(app)
    scene = top(app)
    assert shown(app) == afresh(app)
    # the pointer over each control in turn, then away, with a click and a key now and then
    for i, w in enumerate(list(scene.widgets)):
        if not isinstance(top(app), type(scene)) or w not in scene.widgets:
            break  # a click opened another screen or laid this one out again
        move(app, w.rect.center)
        assert shown(app) == afresh(app), f"{name}: pointer on widget {i}"
        if isinstance(w, Cycler | Toggle):
            click(app, w.rect.center)
            assert shown(app) == afresh(app), f"{name}: widget {i} clicked"
    if isinstance(top(app), type(scene)):
        wheel(app, -3)
        assert shown(app) == afresh(app), f"{name}: wheel"
        move(app, (2, 2))
        assert shown(app) == afresh(app), f"{name}: pointer away"


def test_a_frame_in_which_nothing_changed_draws_nothing(app: App) -> None:
    frame(app)
    scene = top(app)
    assert isinstance(scene, MainMenu)
    assert scene.dirty_rects is None  # the first frame: the whole window
    frame(app)
    assert scene.dirty_rects == []  # nothing changed: nothing drawn, nothing sent to the screen
    move(app, (2, 2))  # the pointer moves where no control is: still nothing
    assert scene.dirty_rects == []


def test_a_hover_draws_only_the_controls_it_changes(app: App) -> None:
    frame(app)
    scene = top(app)
    new_game, load = scene.widgets[1], scene.widgets[2]
    move(app, new_game.rect.center)
    assert scene.dirty_rects == [new_game.area()]
    move(app, load.rect.center)  # one lit, the other put out
    assert scene.dirty_rects == [new_game.area(), load.area()]
    assert shown(app) == afresh(app)


def settings_over_the_menu(app: App) -> tuple[bytes, bytes]:
    """The main menu's picture, then the settings' opened over it."""
    frame(app)
    menu = shown(app)
    app.push(SettingsScene(app))
    frame(app)
    return menu, shown(app)


def test_a_control_moved_in_place_leaves_nothing_where_it_was(app: App) -> None:
    frame(app)
    scene = top(app)
    scene.widgets[3].rect.move_ip(0, 70)  # no new layout: the same widget elsewhere
    frame(app)
    assert shown(app) == afresh(app)
    assert len(scene.dirty_rects) == 2  # where it is and where it was


def test_the_picture_follows_the_language(app: App) -> None:
    english, _settings = settings_over_the_menu(app)
    rendered: list[str] = []
    real = fonts.text_cached

    def spy(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        rendered.append(text)
        return real(text, *args, **kwargs)

    chooser = top(app).by_name["language"]
    assert chooser.value == "en"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fonts, "text_cached", spy)
        for lang in ("fi", "ru"):  # the chooser's right arrow: the next language
            click(app, (chooser.rect.right - 6, chooser.rect.centery))
            chooser = top(app).by_name["language"]  # laid out again in the language
            assert i18n.language() == lang
            assert shown(app) == afresh(app)
    assert {"Kieli", "Takaisin"} <= set(rendered)  # the Finnish picture was made
    assert {"Язык", "Назад", "Настройки"} <= set(rendered)
    app.pop()
    rendered.clear()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fonts, "text_cached", spy)
        frame(app)
    assert {"Новая игра", "Правила"} <= set(rendered)  # the main menu's too, when it shows
    assert shown(app) == afresh(app)
    assert shown(app) != english


def test_the_picture_follows_the_window_size(app: App) -> None:
    frame(app)
    scene = top(app)
    app.dispatch(Resize((1000, 640)))
    frame(app)
    assert app.screen.get_size() == (1000, 640)
    assert scene.dirty_rects is None  # all of it drawn again
    assert shown(app) == afresh(app)
    layer = scene._layer
    assert layer is not None
    assert layer[1].get_size() == (1000, 640)
    app.dispatch(Resize((1280, 800)))
    frame(app)
    assert shown(app) == afresh(app)


def test_the_settings_previews_and_the_menu_fan_follow_the_settings(app: App) -> None:
    menu_before, before = settings_over_the_menu(app)
    settings = top(app)
    click(app, settings.by_name["card_back"].rect.center)
    assert app.settings.card_back != "blue"
    assert shown(app) == afresh(app)
    assert shown(app) != before
    four = next(w for w in settings.widgets if isinstance(w, Toggle))
    click(app, four.rect.center)
    assert app.settings.four_colour
    assert shown(app) == afresh(app)
    app.pop()
    frame(app)
    assert shown(app) == afresh(app)  # the fan's diamond is blue now
    assert shown(app) != menu_before


def test_a_name_typed_changes_the_initial_on_its_colour(app: App) -> None:
    app.push(NewGameScene(app))
    frame(app)
    scene = top(app)
    field = scene.name_fields[1]
    click(app, field.rect.center)
    for _ in range(len(field.text)):
        pygame.event.post(
            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")
        )
    frame(app)
    key(app, "Z")
    assert field.text == "Z"
    assert scene.swatches[1].mark == "Z"
    assert shown(app) == afresh(app)
    click(app, scene.swatches[1].rect.center)  # the next colour
    assert shown(app) == afresh(app)


def test_the_rules_scroll_stops_at_the_end_and_follows_the_house_rules(app: App) -> None:
    app.push(RulesScene(app, "contract"))
    frame(app)
    scene = top(app)
    for _ in range(100):
        wheel(app, -5)
    end = scene.scroll
    assert end > 0
    wheel(app, -5)
    assert scene.scroll == end  # no further
    assert shown(app) == afresh(app)
    click(app, (scene.widgets[0].rect.right - 6, scene.widgets[0].rect.centery))
    assert scene.scroll == 0  # another game's rules, from the top
    assert shown(app) == afresh(app)


def test_a_question_over_a_screen_dims_it_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    app.push(StatisticsScene(app))
    frame(app)
    beneath = top(app)
    app.push(ConfirmScene(app, "Reset all statistics?", lambda: None))
    frame(app)
    assert shown(app) == afresh(app)  # the shade in the kept picture: the same pixels
    dims: list[int] = []
    real = dialogs.dim_beneath

    def counted(surface: pygame.Surface) -> None:
        dims.append(1)
        real(surface)

    monkeypatch.setattr(dialogs, "dim_beneath", counted)
    frame(app, 3)
    assert not dims  # the picture beneath is kept dimmed
    move(app, top(app).buttons[0].rect.center)
    assert shown(app) == afresh(app)
    app.pop()
    frame(app)
    assert top(app) is beneath
    assert shown(app) == afresh(app)  # lit again


def test_panels_are_kept_within_their_budget() -> None:
    surface = pygame.Surface((400, 300))
    for w in range(100, 2600, 100):
        controls.draw_panel(surface, pygame.Rect(0, 0, w, 1400))
        kept = sum(pw * ph for pw, ph, _a, _r in controls._PANELS)
        assert kept <= controls.PANEL_CACHE_PIXELS
    small = pygame.Rect(10, 10, 120, 80)
    fresh = pygame.Surface((400, 300))
    controls.draw_panel(fresh, small, alpha=200)
    again = pygame.Surface((400, 300))
    controls.draw_panel(again, small, alpha=200)  # the kept one
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(fresh, "RGB")
