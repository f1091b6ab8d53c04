"""The Rules screen: each game's rules, made from the engine's rules data (rules_text)."""

from __future__ import annotations

from typing import Any

import pygame

from rummy_gui import i18n
from rummy_gui.i18n import N_, _
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.rules_text import rules_for
from rummy_gui.ui.shell.intents import Intent, Wheel
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, Cycler, draw_panel, fit_text
from rummy_gui.ui.widgets.dialogs import WidgetScene
from rummy_gui.ui.widgets.uiscale import px

# how far down each kind of line in the rules moves, at a UI scale of 1
RULES_STEPS = {"heading": 28, "line": 23, "gap": 12}
HEADING_SIZE, LINE_SIZE = 20, 17


def step(kind: str) -> int:
    """How far down a line of this kind moves, at the UI scale now."""
    return px(RULES_STEPS[kind])


class RulesScene(WidgetScene):
    title = N_("Rules")

    def __init__(
        self, app: App, preset_id: str | None = None, options: dict[str, Any] | None = None
    ) -> None:
        super().__init__(app)
        self.presets = catalog.presets()
        ids = [p.id for p in self.presets]
        self.index = ids.index(preset_id) if preset_id in ids else 0
        self.options = options or {}
        self.scroll = 0
        self._lines: tuple[tuple[object, ...], list[tuple[str, str]]] | None = None

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.widgets = [
            Cycler(
                (w // 2 - px(200), px(76), px(400), px(42)),
                list(range(len(self.presets))),
                self.index,
                self._pick,
                lambda i: self.presets[int(str(i))].display_name,
            ),
            Button((w // 2 - px(110), h - px(76), px(220), px(50)), _("Back"), self.app.pop),
        ]
        top = px(132)
        self.text_rect = pygame.Rect(
            w // 2 - min(px(460), w // 2 - 40), top, min(px(920), w - 80), h - top - px(92)
        )

    def _pick(self, i: object) -> None:
        self.index = int(str(i))
        self.options = {}
        self.scroll = 0

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Wheel):
            self.scroll = max(0, self.scroll - intent.dy * px(40))
            return
        super().handle(intent)

    def text_lines(self) -> list[tuple[str, str]]:
        """The rules shown, wrapped to the panel: ("heading" | "line" | "gap", text)."""
        r = self.text_rect
        key = (self.index, repr(sorted(self.options.items())), r.w, i18n.language(), px(100))
        if self._lines is None or self._lines[0] != key:
            lines: list[tuple[str, str]] = []
            for heading, text in rules_for(self.presets[self.index], self.options):
                lines.append(("heading", heading))
                lines.extend(
                    ("line", line) for line in fonts.wrap(text, px(LINE_SIZE), r.w - px(40))
                )
                lines.append(("gap", ""))
            self._lines = (key, lines)
        return self._lines[1]

    def layer_key(self) -> object:
        return (
            self.index,
            repr(sorted(self.options.items())),
            self.scroll,
            tuple(self.text_rect),
            px(100),
        )

    def draw(self, surface: pygame.Surface) -> None:
        r = self.text_rect
        height = sum(step(kind) for kind, _text in self.text_lines())
        # no scrolling past the end: the last line stays at the panel's foot
        self.scroll = min(self.scroll, max(0, r.y + px(16) + height - r.bottom))
        super().draw(surface)

    def placed(self) -> list[tuple[str, str, int]]:
        """The lines drawn now, each with its top: only whole lines within the panel."""
        r = self.text_rect
        view = r.inflate(-8, -8)
        y = r.y + px(16) - self.scroll
        out = []
        for kind, text in self.text_lines():
            if kind != "gap" and y >= view.y and y + step(kind) - px(4) <= view.bottom:
                out.append((kind, text, y))
            y += step(kind)
        return out

    def scroll_thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb at the panel's right edge; None when all the text fits."""
        r = self.text_rect
        height = sum(step(kind) for kind, _text in self.text_lines()) + px(16)
        if height <= r.h:
            return None
        track = pygame.Rect(r.right - 12, r.y + 10, 6, r.h - 20)
        size = max(24, track.h * r.h // height)
        top = track.y + (track.h - size) * self.scroll // max(1, height - r.h)
        return pygame.Rect(track.x, min(top, track.bottom - size), track.w, size)

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        r = self.text_rect
        draw_panel(surface, r)
        for kind, text, y in self.placed():
            if kind == "heading":
                img = fit_text(text, px(HEADING_SIZE), theme.GOLD, r.w - px(40), True)
                surface.blit(img, (r.x + px(20), y))
            else:
                surface.blit(fonts.text_cached(text, px(LINE_SIZE), theme.TEXT), (r.x + px(20), y))
        thumb = self.scroll_thumb()
        if thumb is not None:  # the text goes on: the wheel scrolls it
            track = pygame.Rect(thumb.x, r.y + 10, thumb.w, r.h - 20)
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=3)
            pygame.draw.rect(surface, theme.GOLD, thumb, border_radius=3)
