"""The one Settings screen (ui/screens/settings.py): every setting once, the
same screen from the main menu and from the table (issue 47, defect 18)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from rummy_gui import i18n
from rummy_gui.play.settings import Settings
from rummy_gui.ui.screens import settings as settings_screen
from rummy_gui.ui.screens.settings import SettingsScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.widgets.controls import Cycler, Toggle
from tests.ui.ui_driver import click, frame, from_menu, melded_rummy500, open_table

# What the program keeps for itself, not a player's choice on a screen.
NOT_ON_SCREEN = {
    "window_size",
    "window_position",
    "seat_names",
    "seat_kinds",
}  # New game keeps these


def open_from_menu(app: App) -> SettingsScene:
    return from_menu(app, "Settings", SettingsScene)


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
def test_every_setting_appears_once(app: App, lang: str) -> None:
    i18n.set_language(lang)
    try:
        scene = open_from_menu(app)
        wanted = {f.name for f in fields(Settings)} - NOT_ON_SCREEN
        assert set(scene.by_name) == wanted
        controls = [w for w in scene.widgets if isinstance(w, (Cycler, Toggle))]
        assert len(controls) == len(wanted)  # one control each
        words = [w.label for w in controls if isinstance(w, Toggle)] + [
            i18n._(text) for text, _box in scene.labels
        ]
        assert len(words) == len(set(words)) == len(wanted)  # each named once
    finally:
        i18n.set_language("en")


def test_the_table_opens_the_same_settings_screen(app: App) -> None:
    table = open_table(app, melded_rummy500([2, 1, 1, 1]))
    settings = next(b for b in table.buttons if b.label == "Settings")
    click(app, settings.rect.center)
    assert type(app.stack.top) is SettingsScene
    assert not hasattr(settings_screen, "TableOptionsScene")


def test_the_card_size_set_from_the_menu_is_the_table_s(app: App) -> None:
    # card size was reachable only from the table
    scene = open_from_menu(app)
    chooser = scene.by_name["card_scale"].rect
    click(app, (chooser.right - 6, chooser.centery))
    assert app.settings.card_scale == pytest.approx(1.1)
    app.pop()
    frame(app)
    table = open_table(app, melded_rummy500([2, 1, 1, 1]))
    small = table.geometry().layout.hand_card
    app.settings.card_scale = 1.0
    table.layout(app.size)
    assert table.geometry().layout.hand_card[1] < small[1]


def test_the_settings_move_by_keys(app: App) -> None:
    import pygame

    scene = open_from_menu(app)
    order = list(scene.by_name)
    for _ in range(order.index("mute")):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    frame(app)
    assert app.settings.mute is False  # the app fixture's mute, switched off


def test_the_coach_is_chosen_on_the_settings_screen(app: App) -> None:
    scene = open_from_menu(app)
    chooser = scene.by_name["coach"]
    assert isinstance(chooser, Cycler)
    assert app.settings.coach == "off"
    click(app, (chooser.rect.right - 6, chooser.rect.centery))
    assert app.settings.coach == "gentle"
    click(app, (chooser.rect.right - 6, chooser.rect.centery))
    assert app.settings.coach == "strict"
