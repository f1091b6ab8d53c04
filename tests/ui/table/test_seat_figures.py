"""The running figures beside each seat (issue 47, defect 3: the badges said
"0 pts" until the deal ended): the side's melded points this deal (500
family) or its cards left (contract family), and the player's own hand's
value; they follow the engine as melds go down."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.engine import Game, Move, ask
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.draw_seats import badge_lines, draw_badge
from rummy_gui.ui.table.score_sheet import ScoreSheetScene
from tests.ui.ui_driver import click, drawn, frame, game_of, key, open_table

HANDS = ["7H 8H 9H 2C 3D 4S KS", "2H 3H 4C 5D 6S 9C 10D", "AD 2D 5C 6C 8S JD QD"]


def _rummy500() -> Game:
    return Game.from_layout("rummy500", hands=HANDS, stock="QS QH QC", discard="10S", turn=0)


def test_the_badges_follow_a_meld_laid_down(monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    table = open_table(app, _rummy500())
    table.moves.play(Move.parse("draw"))
    frame(app)

    def texts() -> list[str]:
        """Every text of the three badges, drawn afresh."""

        def badges(surface: pygame.Surface) -> None:
            for seat in range(3):
                draw_badge(surface, table, table.geometry(), seat, set())

        return [t for t, _b in drawn(monkeypatch, app.size, badges) if t]

    before = texts()
    assert badge_lines(table, 0)[2] == "0 pts · melded +0"
    assert badge_lines(table, 1)[2] == "0 pts · melded +0"
    value = ask.hand_points(game_of(table), 0)
    assert f"your hand: -{value}" in before
    assert table.moves.play(Move.parse("meld 7H 8H 9H"))
    frame(app)
    after = texts()
    assert badge_lines(table, 0)[2] == "0 pts · melded +24"
    assert badge_lines(table, 1)[2] == "0 pts · melded +0"
    assert f"your hand: -{value - 24}" in after
    assert "0 pts · melded +24" in after


def test_a_contract_badge_counts_the_cards_left(app: App) -> None:
    table = open_table(app, Game.new("contract", players=3, seed=2))
    seat = game_of(table).turn
    n = len(game_of(table).hand(seat))
    assert badge_lines(table, seat)[2] == f"0 pts · {n} cards left"
    table.moves.play(Move.parse("draw"), seat)
    frame(app)
    assert badge_lines(table, seat)[2] == f"0 pts · {n + 1} cards left"


def test_the_sheet_opens_from_the_table_by_its_key_and_its_button(app: App) -> None:
    table = open_table(app, _rummy500())
    key(app, pygame.K_c)
    assert isinstance(app.stack.top, ScoreSheetScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    click(app, table.buttons["scores"].rect.center)
    assert isinstance(app.stack.top, ScoreSheetScene)
    key(app, pygame.K_c)
    assert app.stack.top is table


@pytest.mark.usefixtures("app")  # fonts need pygame started
def test_a_narrow_badge_puts_its_total_beside_the_level_at_the_same_size() -> None:
    from rummy_gui.ui.table.draw_seats import badge_split

    line = "0 pts · melded +24"
    assert badge_split(line, 2000) == ("", line)
    assert badge_split(line, 60) == ("0 pts", "melded +24")
    assert badge_split("no dot here", 10) == ("", "no dot here")
