"""Icons drawn by code, and the buttons with a tooltip: the icon button, a
square with an icon whose name (and key, if it has one) shows as a tooltip
while the pointer is on it, and the keyed button, a labelled one whose
tooltip says its key.

    IconButton(rect, "undo", _("Undo"), table.undo, key="Ctrl+Z")

Each icon is a few lines and shapes in a unit square, drawn at any size with
pygame's own primitives: no image files, crisp at every UI scale."""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from rummy_gui.engine.cards import rank_ends, suit_order
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel
from rummy_gui.ui.widgets.uiscale import px

Colour = tuple[int, int, int]
Point = tuple[float, float]


def _pts(r: pygame.Rect, points: list[Point]) -> list[tuple[int, int]]:
    """Unit-square points (0..1) placed in `r`."""
    return [(round(r.x + x * r.w), round(r.y + y * r.h)) for x, y in points]


def _arc_arrow(s: pygame.Surface, r: pygame.Rect, c: Colour, width: int, back: bool) -> None:
    """A curved arrow: undo (`back`, pointing left) or redo."""
    box = pygame.Rect(_pts(r, [(0.2, 0.25)])[0], (round(r.w * 0.6), round(r.h * 0.6)))
    pygame.draw.arc(s, c, box, 0.0, math.pi, width)  # the upper half, from right to left
    tip_x = box.left if back else box.right
    tip = (tip_x, box.centery + 1)
    d = r.w * 0.14
    pygame.draw.polygon(
        s, c, [(tip[0] - d, tip[1] - d * 0.2), (tip[0] + d, tip[1] - d * 0.2), (tip[0], tip[1] + d)]
    )


def _gear(s: pygame.Surface, r: pygame.Rect, c: Colour) -> None:
    cx, cy, rad = r.centerx, r.centery, r.w * 0.3
    teeth = []
    for i in range(16):
        a = i * math.pi / 8
        k = rad * (1.28 if i % 2 == 0 else 1.0)
        teeth.append((cx + k * math.cos(a), cy + k * math.sin(a)))
    pygame.draw.polygon(s, c, teeth)
    pygame.draw.circle(s, theme.BUTTON, (cx, cy), max(2, round(rad * 0.45)))


def draw_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, colour: Colour) -> None:
    """Draw icon `name` within `rect` (a square works best)."""
    r = rect
    w = max(2, round(r.w / 12))
    c = colour
    if name in ("sort_suit", "sort_rank"):
        # three cards of rising height, the sort's key written over them
        for i, hgt in enumerate((0.45, 0.6, 0.75)):
            bar = pygame.Rect(_pts(r, [(0.14 + i * 0.26, 0.9 - hgt)])[0], (r.w * 0.2, r.h * hgt))
            pygame.draw.rect(surface, c, bar, width=max(1, w - 1), border_radius=2)
        key = suit_order()[-1:-3:-1] if name == "sort_suit" else "-".join(rank_ends())
        img = fonts.text_cached(key, max(8, r.h * 2 // 5), c, True)
        surface.blit(img, img.get_rect(midtop=(r.centerx, r.y - r.h // 10)))
    elif name == "undo":
        _arc_arrow(surface, r, c, w, back=True)
    elif name == "redo":
        _arc_arrow(surface, r, c, w, back=False)
    elif name == "hint":  # a light bulb
        pygame.draw.circle(surface, c, _pts(r, [(0.5, 0.4)])[0], round(r.w * 0.24), w)
        base = pygame.Rect(_pts(r, [(0.38, 0.66)])[0], (round(r.w * 0.24), round(r.h * 0.2)))
        pygame.draw.rect(surface, c, base, border_radius=2)
    elif name == "rules":  # an open book
        left = _pts(r, [(0.5, 0.3), (0.12, 0.2), (0.12, 0.8), (0.5, 0.88)])
        right = _pts(r, [(0.5, 0.3), (0.88, 0.2), (0.88, 0.8), (0.5, 0.88)])
        pygame.draw.lines(surface, c, True, left, w)
        pygame.draw.lines(surface, c, True, right, w)
    elif name == "save":  # a floppy disk
        body = pygame.Rect(_pts(r, [(0.15, 0.15)])[0], (round(r.w * 0.7), round(r.h * 0.7)))
        pygame.draw.rect(surface, c, body, width=w, border_radius=3)
        shutter = pygame.Rect(body.x + body.w // 4, body.y, body.w // 2, body.h // 3)
        pygame.draw.rect(surface, c, shutter)
    elif name == "settings":
        _gear(surface, r, c)
    elif name == "menu":  # three lines
        for y in (0.28, 0.5, 0.72):
            a, b = _pts(r, [(0.18, y), (0.82, y)])
            pygame.draw.line(surface, c, a, b, w + 1)
    elif name == "scores":  # a score sheet: a grid
        sheet = pygame.Rect(_pts(r, [(0.18, 0.14)])[0], (round(r.w * 0.64), round(r.h * 0.72)))
        pygame.draw.rect(surface, c, sheet, width=w, border_radius=2)
        for y in (0.38, 0.62):
            a, b = _pts(r, [(0.18, y), (0.82, y)])
            pygame.draw.line(surface, c, a, b, max(1, w - 1))
        a, b = _pts(r, [(0.5, 0.14), (0.5, 0.86)])
        pygame.draw.line(surface, c, a, b, max(1, w - 1))
    else:  # an unknown name: a dot, never a crash
        pygame.draw.circle(surface, c, r.center, max(2, r.w // 8))


ICONS = (
    "sort_suit",
    "sort_rank",
    "undo",
    "redo",
    "hint",
    "rules",
    "save",
    "settings",
    "menu",
    "scores",
)


class KeyedButton(Button):
    """A button with a tooltip that names it and the `key` that does the same."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        on_click: Callable[[], object],
        key: str = "",
        enabled: bool = True,
        primary: bool = False,
        size: int = 0,
    ) -> None:
        super().__init__(rect, label, on_click, enabled=enabled, primary=primary, size=size)
        self.key = key
        self.tip_above: int | None = None  # the tooltip goes above this y (a bar's top)

    def tooltip(self) -> str:
        """What the tooltip says: the name, and the key in brackets."""
        return f"{self.label} ({self.key})" if self.key else self.label


class IconButton(KeyedButton):
    """A button that shows an icon; `label` is its name, said by the tooltip."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        icon: str,
        label: str,
        on_click: Callable[[], object],
        key: str = "",
        enabled: bool = True,
    ) -> None:
        super().__init__(rect, label, on_click, key=key, enabled=enabled)
        self.icon = icon

    def state(self, live: bool = True) -> tuple[object, ...]:
        return (*super().state(live), self.icon, self.key)

    def draw(self, surface: pygame.Surface, live: bool = True) -> None:
        if not self.visible:
            return
        enabled, hover = self.enabled and live, self.hover and live
        fill = theme.BUTTON_HOVER if hover and enabled else theme.BUTTON
        if not enabled:
            fill = theme.BUTTON_DISABLED
        radius = max(4, self.rect.h // 5)
        pygame.draw.rect(surface, (6, 24, 14), self.rect.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        edge = theme.GOLD if hover and enabled else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=radius)
        colour = theme.TEXT if enabled else (110, 130, 112)
        inner = self.rect.inflate(-self.rect.w // 3, -self.rect.h // 3)
        draw_icon(surface, self.icon, inner, colour)


def tooltip_rect(button: KeyedButton, window: pygame.Rect) -> pygame.Rect:
    """Where a button's tooltip goes: above it, within the window."""
    img = fonts.text_cached(button.tooltip(), px(15), theme.TEXT)
    box = img.get_rect().inflate(px(16), px(10))
    above = button.rect.y if button.tip_above is None else min(button.rect.y, button.tip_above)
    box.midbottom = (button.rect.centerx, above - px(6))
    if box.y < window.y:
        box.midtop = (button.rect.centerx, button.rect.bottom + px(6))
    return box.clamp(window)


def draw_tooltip(surface: pygame.Surface, button: KeyedButton) -> pygame.Rect:
    """The tooltip of `button` (the one under the pointer), drawn; its rectangle."""
    box = tooltip_rect(button, surface.get_rect())
    draw_panel(surface, box, alpha=245, radius=6)
    img = fonts.text_cached(button.tooltip(), px(15), theme.TEXT)
    surface.blit(img, img.get_rect(center=box.center))
    return box
