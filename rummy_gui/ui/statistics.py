"""The Statistics screen: each player's record per game, from
`rummy_gui.stats` (games are recorded there when they end)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummy_gui.ui import fonts, theme
from rummy_gui.ui.intents import Intent, Wheel
from rummy_gui.ui.menus import WidgetScene
from rummy_gui.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummy_gui.ui.app import App

COLUMNS = ("Player", "Game", "Games", "Wins", "Win %", "Avg deal", "Best deal", "Went out")


class StatisticsScene(WidgetScene):
    title = "Statistics"

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
        self.widgets = [Button((w // 2 - 110, h - 80, 220, 50), "Back", self.app.pop)]

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Wheel):
            self.scroll = max(0, min(max(0, len(self.rows) - 5), self.scroll - intent.dy))
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        r = self.panel
        draw_panel(surface, r)
        xs = [r.x + int(r.w * f) for f in (0.03, 0.2, 0.42, 0.52, 0.61, 0.7, 0.8, 0.9)]
        for text, x in zip(COLUMNS, xs, strict=True):
            surface.blit(fonts.text_cached(text, 15, theme.GOLD, True), (x, r.y + 14))
        y = r.y + 46
        if not self.rows:
            msg = "No finished games yet." if not self.note else self.note[:100]
            surface.blit(fonts.text_cached(msg, 17, theme.TEXT_DIM), (xs[0], y))
        for row in self.rows[self.scroll:]:
            if y > r.bottom - 30:
                break
            avg = row.average_deal
            best = row.best_deal
            cells = (row.name, _preset_name(row.preset), str(row.games), str(row.wins),
                     f"{row.win_rate * 100:.0f}", "—" if avg is None else f"{avg:.0f}",
                     "—" if best is None else str(best), str(row.went_out))
            for text, x in zip(cells, xs, strict=True):
                surface.blit(fonts.text_cached(text, 15, theme.TEXT), (x, y))
            y += 26
        for wd in self.widgets:
            wd.draw(surface)


def _preset_name(pid: str) -> str:
    try:
        from rummy_gui.engine import PRESETS

        return str(PRESETS[pid].name)
    except Exception:
        return pid
