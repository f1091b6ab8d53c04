"""The Statistics screen: each player's record per game, from
`rummy_gui.stats` (games are recorded there when they end)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummy_gui.i18n import N_, _
from rummy_gui.ui import catalog, fonts, theme
from rummy_gui.ui.intents import Intent, Wheel
from rummy_gui.ui.menus import WidgetScene, explain
from rummy_gui.ui.widgets import Button, draw_panel, fit_text

if TYPE_CHECKING:
    from rummy_gui.ui.app import App

COLUMNS = (N_("Player"), N_("Game"), N_("Games"), N_("Wins"), N_("Win %"), N_("Avg deal"), N_("Best deal"),
           N_("Went out"))
COLUMN_STARTS = (0.03, 0.2, 0.42, 0.52, 0.61, 0.7, 0.8, 0.9)


class StatisticsScene(WidgetScene):
    title = N_("Statistics")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scroll = 0
        self.rows: list[Any] = []
        self.note = ""
        try:
            from rummy_gui.stats import load_stats

            stats, warnings = load_stats()
            self.rows = stats.rows()
            self.note = "; ".join(warnings)
        except Exception as e:  # unreadable statistics: an empty screen that says why
            self.note = str(e)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.panel = pygame.Rect(40, 80, w - 80, h - 180)
        self.widgets = [Button((w // 2 - 110, h - 80, 220, 50), _("Back"), self.app.pop)]

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Wheel):
            self.scroll = max(0, min(max(0, len(self.rows) - 5), self.scroll - intent.dy))
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        r = self.panel
        draw_panel(surface, r)
        xs = [r.x + int(r.w * f) for f in COLUMN_STARTS]
        widths = [b - a - 6 for a, b in zip(xs, [*xs[1:], r.right - 6], strict=True)]
        for text, x, width in zip(COLUMNS, xs, widths, strict=True):
            img = fit_text(_(text), 15, theme.GOLD, width, True)
            surface.blit(img, img.get_rect(midleft=(x, r.y + 23)))
        y = r.y + 46
        if not self.rows:
            msg = (explain(self.note, N_("The statistics could not be read.")) if self.note
                   else _("No finished games yet."))
            msg = fonts.wrap(msg, 17, r.w - 40)[0]
            surface.blit(fonts.text_cached(msg, 17, theme.TEXT_DIM), (xs[0], y))
        for row in self.rows[self.scroll:]:
            if y > r.bottom - 30:
                break
            avg = row.average_deal
            best = row.best_deal
            cells = (row.name, catalog.preset_name(row.preset), str(row.games), str(row.wins),
                     f"{row.win_rate * 100:.0f}", "—" if avg is None else f"{avg:.0f}",
                     "—" if best is None else str(best), str(row.went_out))
            for text, x, width in zip(cells, xs, widths, strict=True):
                surface.blit(fit_text(text, 15, theme.TEXT, width), (x, y))
            y += 26
        for wd in self.widgets:
            wd.draw(surface)
