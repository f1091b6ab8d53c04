"""A lesson's end: "Lesson complete", what the lesson says at its end (the
deal's scores), the deal's score item by item on the cards when the deal is
over, and "Play a game of X" or "Back to menu"."""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from rummy_gui.i18n import _
from rummy_gui.levels import DEFAULT_LEVEL
from rummy_gui.play.lesson_session import LessonSession
from rummy_gui.play.session import SeatConfig
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.table.breakdown import MAX_CARD, MIN_CARD, draw_breakdown, rows_height
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel, fit_text
from rummy_gui.ui.widgets.dialogs import Overlay
from rummy_gui.ui.widgets.uiscale import px

TEXT = 17


class LessonTable(Protocol):
    """What the end screen uses of the lesson's table (lesson.LessonTable)."""

    @property
    def view(self) -> TableView: ...

    @property
    def lesson(self) -> LessonSession: ...


class LessonEndScene(Overlay):
    def __init__(self, app: App, table: LessonTable) -> None:
        super().__init__(app)
        self.table = table
        self.card_cap = MIN_CARD

    def game_name(self) -> str:
        return catalog.preset(self.table.lesson.preset).display_name

    def lines(self) -> list[str]:
        return fonts.wrap(self.table.lesson.text(), px(TEXT), self.rect.w - 48)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rw = min(px(1100), w - 60)
        self.card_cap = max(MIN_CARD, min(MAX_CARD, h // 14))
        self.rect = pygame.Rect(0, 0, rw, 0)  # the width first: the words wrap to it
        game = self.table.view
        rows = rows_height(game, self.card_cap) if game.deal_over else 0
        need = px(70) + px(24) * len(self.lines()) + 12 + rows + px(90)
        rh = min(h - 60, need)
        self.rect = pygame.Rect(w // 2 - rw // 2, max(30, (h - rh) // 2), rw, rh)
        bw, bh = min(px(360), (rw - 90) // 2), px(50)
        y = self.rect.bottom - px(70)
        self.buttons = [
            Button(
                (self.rect.centerx - bw - 15, y, bw, bh),
                _("Play a game of {game}").format(game=self.game_name()),
                self._play,
                primary=True,
                size=px(16),
            ),
            Button((self.rect.centerx + 15, y, bw, bh), _("Back to menu"), self._menu, size=px(16)),
        ]

    def _play(self) -> None:
        """A new game of the lesson's game, seated as the new-game screen seats it."""
        from rummy_gui.ui.screens.new_game import seat_name

        preset = self.table.lesson.preset
        players = catalog.preset(preset).default_players
        seats = [
            SeatConfig(seat_name(s), "human" if s == 0 else DEFAULT_LEVEL) for s in range(players)
        ]
        self.app.rooms.start_table(preset, seats, {})

    def _menu(self) -> None:
        self.app.rooms.main_menu()

    def frame_wait(self) -> float:
        return math.inf

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        r = self.rect
        draw_panel(surface, r, alpha=255)
        title = fit_text(_("Lesson complete"), px(28), theme.GOLD, r.w - 48, True)
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.y + px(18))))
        y = r.y + px(70)
        for line in self.lines():
            surface.blit(fonts.text_cached(line, px(TEXT), theme.TEXT), (r.x + 24, y))
            y += px(24)
        game = self.table.view
        if game.deal_over:
            area = pygame.Rect(r.x + 24, y + 12, r.w - 48, r.bottom - px(90) - (y + 12))
            if area.h > 40:
                draw_breakdown(
                    surface,
                    area,
                    game,
                    self.table.lesson,
                    self.app.art,
                    self.app.settings.four_colour,
                    self.card_cap,
                )
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)
