"""Every screen renders; the menus start a game by mouse; Continue reloads
the autosaved game; resize and fullscreen lay the screens out again."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.screens.new_game import NewGameScene
from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.screens.settings import SettingsScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import Back, Resize, ToggleFullscreen
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import click, drag, frame, game_of, local


def button(app: App, label: str) -> pygame.Rect:
    scene = app.stack.top
    for w in [*getattr(scene, "widgets", []), *getattr(scene, "buttons", [])]:
        if getattr(w, "label", None) == label:
            return w.rect
    raise AssertionError(f"no button {label!r} on {scene}")


def non_trivial(surface: pygame.Surface) -> bool:
    small = pygame.transform.scale(surface, (40, 25))
    return len({small.get_at((x, y))[:3] for x in range(40) for y in range(25)}) > 40


@pytest.mark.parametrize("screen", [MainMenu, NewGameScene, SettingsScene, RulesScene])
def test_menus_render(app: App, screen: type) -> None:
    app.push(screen(app))
    frame(app)
    assert non_trivial(app.screen)
    app.dispatch(Resize((960, 600)))
    frame(app)
    assert app.screen.get_size() == (960, 600)
    assert non_trivial(app.screen)


def test_rules_of_every_preset_render(app: App) -> None:
    for info in catalog.presets():
        app.push(RulesScene(app, info.id))
        frame(app)
        assert non_trivial(app.screen)
        app.pop()


def test_new_game_by_mouse_then_continue_after_a_restart(app: App) -> None:
    click(app, button(app, "New game").center)
    assert isinstance(app.stack.top, NewGameScene)
    click(app, button(app, "Pinochle Rummy").center)
    assert app.stack.top.info.id == "pinochle"
    click(app, button(app, "Start").center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.preset == "pinochle"
    table.pace.cooldown = 1e9
    g = game_of(table)
    if 0 not in g.to_act:  # let the bots play up to the human's turn
        table.pace.cooldown = 0
        local(table).threaded = False
        for _ in range(200):
            frame(app)
            if 0 in g.to_act and not table.motion.flights:
                break
        table.pace.cooldown = 1e9
    drag(app, table.geometry().zones[("stock",)][0][1].center, table.geometry().layout.hand.center)
    hand = g.hand(0)
    app.dispatch(Back())  # to the menu; the game is autosaved
    frame(app)
    assert isinstance(app.stack.top, MainMenu)
    table.session.close()  # as when the program ends: the last autosave is written
    app.session = None
    app.stack.top.layout(app.size)
    assert button(app, "Continue") is not None
    click(app, button(app, "Continue").center)
    again = app.stack.top
    assert isinstance(again, TableScene)
    assert game_of(again).hand(0) == hand


def test_settings_change_the_table(app: App) -> None:
    app.push(SettingsScene(app))
    frame(app)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    click(app, settings.by_name["four_colour"].rect.center)
    assert app.settings.four_colour
    app.dispatch(ToggleFullscreen())
    frame(app)
    assert app.settings.fullscreen
    app.dispatch(ToggleFullscreen())
    frame(app)
    assert not app.settings.fullscreen
    assert app.screen.get_size() == (1280, 800)


def test_save_as_then_load(app: App) -> None:
    from rummy_gui.play.session import SeatConfig
    from rummy_gui.ui.screens.saving import LoadScene, SaveAsScene

    app.rooms.start_table(
        "rummy500", [SeatConfig("You", "human"), SeatConfig("Ada", "easy")], {}, seed=3
    )
    table = app.stack.top
    assert isinstance(table, TableScene)
    table.pace.cooldown = 1e9
    click(app, button(app, "Save as…").center)
    prompt = app.stack.top
    assert isinstance(prompt, SaveAsScene)
    prompt.field.text = ""
    for ch in "my game":
        app.dispatch(__import__("rummy_gui.ui.shell.intents", fromlist=["Key"]).Key(ord(ch), ch))
    click(app, button(app, "Save").center)
    assert app.stack.top is table
    assert "Saved" in table.messages[-1].text
    hand = game_of(table).hand(0)
    app.dispatch(Back())
    frame(app)
    click(app, button(app, "Load").center)
    assert isinstance(app.stack.top, LoadScene)
    row = next(w for w in app.stack.top.widgets if getattr(w, "label", "").startswith("my game"))
    click(app, row.rect.center)
    again = app.stack.top
    assert isinstance(again, TableScene)
    assert game_of(again).hand(0) == hand
