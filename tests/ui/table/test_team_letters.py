"""The partnerships' letters come from the catalogs (issue 18): in Russian the
teams are А and Б at the table and in the new-game screen, not the Latin
A and B beside Cyrillic names."""

from __future__ import annotations

import re

import pytest

from rummy_gui.engine import Game
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.new_game import NewGameScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.draw_seats import badge_lines
from rummy_gui.ui.table.scene import TableScene

LETTERS = {"en": "AB", "fi": "AB", "ru": "АБ"}  # the Russian ones are Cyrillic


@pytest.mark.parametrize("language", sorted(LETTERS), indirect=True)
def test_the_team_letters_are_the_catalogs(language: str) -> None:
    assert catalog.team_letter(0) + catalog.team_letter(1) == LETTERS[language]


@pytest.mark.usefixtures("language")
@pytest.mark.parametrize("language", ["ru"], indirect=True)
def test_the_new_game_screen_names_the_teams_in_russian(app: App) -> None:
    screen = NewGameScene(app)
    app.push(screen)
    screen._pick_preset([p.id for p in screen.presets].index("persian"))
    lines = screen.team_lines()
    assert len(lines) == 2
    assert "А" in lines[0]
    assert "Б" in lines[1]
    assert re.findall("[A-Za-z]", " ".join(lines)) == []  # no Latin letter left


@pytest.mark.parametrize("language", ["ru", "fi"], indirect=True)
def test_the_table_badges_name_the_team_in_the_language(app: App, language: str) -> None:
    game = Game.new("persian", players=4, seed=7)
    seats = [SeatConfig("Вы", "human")] + [SeatConfig(f"Бот {i}", "easy") for i in (1, 2, 3)]
    session = Session("persian", seats, {}, game=game, threaded=False, bot_process=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    for seat in range(4):
        level = badge_lines(scene, seat)[1]
        letter = LETTERS[language][game.side_of(seat)]
        assert level.endswith(" " + letter), level
