"""What a player reads in the menus: Continue first on the main menu, its title
clear of the card fan, the new-game screen's partnerships, seat letters and
labels in every language, the save name; and the menus rest until input."""

from __future__ import annotations

import math

import pygame
import pytest

from rummy_gui.play.settings import Settings
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.scene import Scene
from rummy_gui.ui.widgets.controls import Button
from tests.ui.ui_driver import frame, labels_in, melded_table

LANGS = ("en", "fi", "ru")


def test_the_save_name_counts_deals_as_the_title_does(app: App) -> None:
    scene = melded_table(app)
    from rummy_gui.ui.screens.saving import SaveAsScene

    dialog = SaveAsScene(app, scene.session)
    assert dialog.field.text == "Rummy 500, deal 1"


def test_the_main_menu_offers_continue_first_when_there_is_a_game(app: App) -> None:
    melded_table(app)
    app.pop_to(MainMenu)
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    primary = [w.label for w in menu.widgets if isinstance(w, Button) and w.primary]
    assert primary == ["Continue"]


def test_the_menu_title_is_clear_of_the_card_fan() -> None:
    a = App((960, 600), Settings(animation="off", mute=True))
    menu = MainMenu(a)
    a.push(menu)
    bottom = 200
    fan = menu._fan(bottom, 154, 480)
    assert max(r.bottom for r, _img in fan) <= bottom
    assert min(r.top for r, _img in fan) >= 0
    pygame.display.quit()


def test_russian_seat_names_give_distinct_letters_of_one_alphabet() -> None:
    from rummy_gui import i18n
    from rummy_gui.play.session import initials
    from rummy_gui.ui.screens.new_game import seat_name

    i18n.set_language("ru")
    try:
        marks = initials([seat_name(i) for i in range(8)])
    finally:
        i18n.set_language("en")
    assert len(set(marks)) == 8
    assert all("\u0400" <= m <= "\u04ff" for m in marks), marks


def test_the_new_game_screen_shows_the_partnerships(app: App) -> None:
    from rummy_gui.ui.screens.new_game import NewGameScene

    screen = NewGameScene(app)
    app.push(screen)
    screen._pick_preset([p.id for p in screen.presets].index("persian"))
    assert screen.team_lines() == ["Team A: You & Boris", "Team B: Ada & Chloe"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_new_game_label_fits_its_box_at_960x600(app: App, lang: str) -> None:
    from rummy_gui import i18n
    from rummy_gui.ui.screens.new_game import NewGameScene
    from rummy_gui.ui.widgets.controls import label_image

    i18n.set_language(lang)
    try:
        app.resize((960, 600))
        screen = NewGameScene(app)
        app.push(screen)
        for i, info in enumerate(screen.presets):
            screen._pick_preset(i)
            screen._set_players(info.max_players)
            for text, img, room in labels_in(screen):
                assert img.get_width() <= room.w, (info.id, text)
                assert img.get_height() <= room.h, (info.id, text)
            for text, (_x, _y), width in screen.option_labels:
                img = label_image(text, 18, (0, 0, 0), (width, 48), centred=False)
                assert img.get_width() <= width, (info.id, text)
    finally:
        i18n.set_language("en")


def menu_screens(app: App) -> list[Scene]:
    from rummy_gui.ui.screens.new_game import NewGameScene
    from rummy_gui.ui.screens.rules import RulesScene
    from rummy_gui.ui.screens.saving import LoadScene
    from rummy_gui.ui.screens.settings import SettingsScene
    from rummy_gui.ui.screens.statistics import StatisticsScene

    return [
        NewGameScene(app),
        SettingsScene(app),
        RulesScene(app),
        StatisticsScene(app),
        LoadScene(app),
    ]


def test_the_main_menu_rests_until_input(app: App) -> None:

    frame(app)
    assert app.frame_wait() == math.inf


@pytest.mark.parametrize("index", range(5))
def test_each_menu_screen_rests_until_input(app: App, index: int) -> None:

    app.push(menu_screens(app)[index])
    frame(app)
    assert app.frame_wait() == math.inf


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.usefixtures("app")
def test_the_menu_subtitle_names_every_game(lang: str) -> None:
    from rummy_gui import i18n
    from rummy_gui.engine import catalog as engine_catalog
    from rummy_gui.ui.screens.main_menu import subtitle

    i18n.set_language(lang)
    try:
        assert len(subtitle().split(" · ")) == len(engine_catalog.presets())
    finally:
        i18n.set_language("en")
