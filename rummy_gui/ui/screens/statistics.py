"""The Statistics screen: each player's record per game, from
`rummy_gui.play.stats` (games are recorded there when they end), a bar chart of
the win rates in one game, and Reset (after a question)."""

from __future__ import annotations

from typing import Any

import pygame

from rummy_gui.i18n import N_, _
from rummy_gui.play.problems import explain
from rummy_gui.safetext import clean
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.shell.intents import Intent, Wheel
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel, fit_text
from rummy_gui.ui.widgets.dialogs import WidgetScene
from rummy_gui.ui.widgets.uiscale import px

COLUMNS = (
    N_("Player"),
    N_("Game"),
    N_("Games"),
    N_("Wins"),
    N_("Win %"),
    N_("Avg deal"),
    N_("Best deal"),
    N_("Went out"),
    N_("Rummy calls"),
    N_("Buys"),
)
COLUMN_STARTS = (0.02, 0.16, 0.34, 0.41, 0.48, 0.55, 0.63, 0.71, 0.79, 0.9)
CHART_H = 170  # the bar chart under the table (when the window is tall enough)


def cells(row: Any) -> tuple[str, ...]:
    """One line of the table: the texts of its columns."""
    avg = row.average_deal
    best = row.best_deal
    name = row.name
    if getattr(row, "level", ""):  # a bot: one row per level ("Ada · Hard")
        name = f"{row.name} · {catalog.level_name(row.level)}"
    return (
        name,
        catalog.preset_name(row.preset),
        str(row.games),
        str(row.wins),
        f"{row.win_rate * 100:.0f}",
        "—" if avg is None else f"{avg:.0f}",
        "—" if best is None else str(best),
        str(row.went_out),
        str(row.rummy_calls),
        str(row.buys),
    )


class StatisticsScene(WidgetScene):
    title = N_("Statistics")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scroll = 0
        self.rows: list[Any] = []
        self.note = ""
        self.chart_preset: str | None = None
        self.load()

    def load(self) -> None:
        self.rows = []
        self.note = ""
        from rummy_gui.play.stats import load_stats

        stats, warnings = load_stats()  # never raises: what was damaged is left out, and said
        self.rows = stats.rows()
        self.note = clean("; ".join(warnings))
        presets = self.presets()
        if self.chart_preset not in presets:
            # the game played most, to begin with
            games: dict[str, int] = {}
            for r in self.rows:
                games[r.preset] = games.get(r.preset, 0) + r.games
            self.chart_preset = max(presets, key=lambda p: games[p]) if presets else None

    def presets(self) -> list[str]:
        return sorted({r.preset for r in self.rows})

    def chart_rows(self) -> list[Any]:
        by_preset: dict[str | None, list[Any]] = {}
        for r in self.rows:
            if r.games:
                by_preset.setdefault(r.preset, []).append(r)
        return by_preset.get(self.chart_preset, [])

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        chart = px(CHART_H) if h >= 560 else 0
        top = px(80)
        self.panel = pygame.Rect(40, top, w - 80, h - top - px(100) - chart)
        self.chart = (
            pygame.Rect(40, self.panel.bottom + 10, w - 80, chart - 10)
            if chart
            else pygame.Rect(0, 0, 0, 0)
        )
        side_w, side_h = px(250), px(42)
        self.widgets = [
            Button((w // 2 - px(110), h - px(80), px(220), px(50)), _("Back"), self.app.pop),
            Button(
                (w - 50 - side_w, h - px(76), side_w, side_h),
                _("Reset statistics"),
                self._ask_reset,
                size=px(15),
                enabled=bool(self.rows),
            ),
        ]
        if len(self.presets()) > 1:
            self.widgets.append(
                Button(
                    (50, h - px(76), side_w, side_h),
                    _("Chart: next game"),
                    self._next_preset,
                    size=px(15),
                )
            )

    def _next_preset(self) -> None:
        presets = self.presets()
        if presets:
            i = presets.index(self.chart_preset) if self.chart_preset in presets else -1
            self.chart_preset = presets[(i + 1) % len(presets)]

    def _ask_reset(self) -> None:
        from rummy_gui.ui.widgets.dialogs import ConfirmScene

        self.app.push(
            ConfirmScene(
                self.app,
                _("Reset all statistics? Every player's record is forgotten."),
                self._reset,
            )
        )

    def _reset(self) -> None:
        from rummy_gui.play import jsonio
        from rummy_gui.play.stats import reset_stats

        try:
            reset_stats()
        except jsonio.WriteError as e:  # a read-only folder: the screen says why
            self.load()
            self.note = clean(str(e))
            return
        self.scroll = 0
        self.load()
        self.layout(self.app.size)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Wheel):
            self.scroll = max(0, min(max(0, len(self.rows) - 5), self.scroll - intent.dy))
            return
        super().handle(intent)

    def layer_key(self) -> object:
        return (
            list(self.rows),
            self.scroll,
            self.note,
            self.chart_preset,
            tuple(self.panel),
            tuple(self.chart),
            px(100),
        )

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        r = self.panel
        draw_panel(surface, r)
        xs = [r.x + int(r.w * f) for f in COLUMN_STARTS]
        widths = [b - a - 6 for a, b in zip(xs, [*xs[1:], r.right - 6], strict=True)]
        for text, x, width in zip(COLUMNS, xs, widths, strict=True):
            img = fit_text(_(text), px(15), theme.GOLD, width, True)
            surface.blit(img, img.get_rect(midleft=(x, r.y + px(23))))
        y = r.y + px(46)
        row_h = px(26)
        if not self.rows or self.note:
            msg = (
                explain(self.note, N_("The statistics could not be read."))
                if self.note
                else _("No finished games yet.")
            )
            msg = fonts.wrap(msg, px(17), r.w - 40)[0]
            surface.blit(
                fonts.text_cached(msg, px(17), theme.TEXT_DIM if not self.note else theme.ERROR),
                (xs[0], y),
            )
            if self.rows:
                y += row_h
        for row in self.rows[self.scroll :]:
            if y > r.bottom - row_h - 4:
                break
            for text, x, width in zip(cells(row), xs, widths, strict=True):
                surface.blit(fit_text(text, px(15), theme.TEXT, width), (x, y))
            y += row_h
        if self.chart.h > 60:
            self.draw_chart(surface, self.chart)

    def draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Win rate per player in one game: a labelled bar each (the number on it)."""
        rows = self.chart_rows()
        if not rows or self.chart_preset is None:
            return
        draw_panel(surface, rect, alpha=160)
        title = _("Win rate in {game}").format(game=catalog.preset_name(self.chart_preset))
        title_img = fit_text(title, px(15), theme.GOLD, rect.w - 24, True)
        surface.blit(title_img, (rect.x + 12, rect.y + px(8)))
        plot = pygame.Rect(rect.x + 20, rect.y + px(34), rect.w - 40, rect.h - px(62))
        pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright)
        rows = rows[:12]
        slot = plot.w // len(rows)
        bar_w = max(8, min(90, slot - 16))
        for i, row in enumerate(rows):
            cx = plot.x + slot * i + slot // 2
            value = fonts.text_cached(f"{row.win_rate * 100:.0f}%", px(13), theme.TEXT, True)
            bar, at = bar_and_value(plot, cx, bar_w, row.win_rate, value.get_size())
            pygame.draw.rect(surface, theme.GOLD, bar, border_radius=3)
            surface.blit(value, at)
            name = fit_text(cells(row)[0], px(13), theme.TEXT, slot - 6)
            surface.blit(name, name.get_rect(midtop=(cx, plot.bottom + 4)))


def bar_and_value(
    plot: pygame.Rect, cx: int, bar_w: int, rate: float, value_size: tuple[int, int]
) -> tuple[pygame.Rect, pygame.Rect]:
    """A bar of the chart and its number's place: always above the bar, on the
    panel (light text on the gold bar could not be read), even at 100 %."""
    room = max(2, plot.h - value_size[1] - 2)
    height = max(2, int(room * rate))
    bar = pygame.Rect(cx - bar_w // 2, plot.bottom - height, bar_w, height)
    value = pygame.Rect((0, 0), value_size)
    value.midbottom = (cx, bar.y - 2)
    return bar, value
