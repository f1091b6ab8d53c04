"""The deal's fingerprint on the table (docs/fairness.md): its first digits
at the right end of the log's heading line from the deal's first card on,
with a small padlock before them; the pointer over them shows what they are.

The heading line has room beside "Game log" in every language at 960x600
(tests/ui/table/test_fingerprint.py measures it); the log's own lines are
not touched, so nothing wraps. A position set up by hand (a lesson, a test)
has no fingerprint and shows none. Read-only: it changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from rummy_gui.engine.fairness import short
from rummy_gui.i18n import _
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import draw_panel, fit_text
from rummy_gui.ui.widgets.uiscale import px

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState

SIZE = 11  # the digits' type
HEADING = 14  # the log heading's type (draw_seats.draw_log)
LOCK = 9  # the padlock's width
GAP = 8  # between the heading and the fingerprint
TIP = 14  # the explanation's type
TIP_WIDTH = 360


def heading_rect(geo: Geometry) -> Rect:
    """Where the log's heading ("Game log") is drawn."""
    log = geo.layout.log
    w, h = fonts.font(px(HEADING), True).size(_("Game log"))
    return Rect(log.x, log.y, w, h)


def fingerprint_image(t: TableState, geo: Geometry) -> tuple[pygame.Surface, Rect] | None:
    """The digits and where the padlock and they go (None: no fingerprint)."""
    print_ = t.view.fingerprint
    if print_ is None:
        return None
    log = geo.layout.log
    head = heading_rect(geo)
    room = log.right - (head.right + GAP) - LOCK - 4
    img = fit_text(short(print_), px(SIZE), theme.TEXT_DIM, room, min_size=8)
    rect = Rect(0, 0, LOCK + 4 + img.get_width(), max(img.get_height(), 12))
    rect.midright = (log.right, head.centery)
    return img, rect


def draw_fingerprint(surface: pygame.Surface, t: TableState, geo: Geometry) -> None:
    shown = fingerprint_image(t, geo)
    if shown is None:
        return
    img, rect = shown
    body = Rect(rect.x, rect.centery - 1, LOCK, 7)
    shackle = Rect(body.x + 2, body.y - 6, LOCK - 4, 10)  # its foot hides behind the body
    pygame.draw.rect(surface, theme.TEXT_DIM, shackle, width=1, border_radius=3)
    pygame.draw.rect(surface, theme.TEXT_DIM, body, border_radius=1)
    surface.blit(img, img.get_rect(midright=rect.midright))


def tip_text() -> str:
    return _(
        "Deal fingerprint: a SHA-256 commitment to this deal's shuffle, fixed before "
        "the first card is played. When the deal ends, its seed is shown: anyone can "
        "check the shuffle against this fingerprint (rummy-gui --verify)."
    )


def tip(t: TableState, geo: Geometry) -> tuple[list[str], Rect] | None:
    """The explanation's lines and box while the pointer is over the fingerprint."""
    shown = fingerprint_image(t, geo)
    at = t.pointer.at
    if shown is None or at is None or not shown[1].inflate(6, 6).collidepoint(at):
        return None
    window = Rect((0, 0), geo.layout.size)
    width = min(px(TIP_WIDTH), window.w - 20)
    lines = fonts.wrap(tip_text(), px(TIP), width - 20)
    line_h = fonts.font(px(TIP)).get_linesize()
    box = Rect(0, 0, width, line_h * len(lines) + 16)
    box.topright = (shown[1].right, shown[1].bottom + 6)
    return lines, box.clamp(window)


def draw_tip(surface: pygame.Surface, t: TableState, geo: Geometry) -> None:
    shown = tip(t, geo)
    if shown is None:
        return
    lines, box = shown
    draw_panel(surface, box, alpha=245, radius=6)
    y = box.y + 8
    for line in lines:
        surface.blit(fonts.text_cached(line, px(TIP), theme.TEXT), (box.x + 10, y))
        y += fonts.font(px(TIP)).get_linesize()
