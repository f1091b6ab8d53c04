"""A lesson's callout on the table: the step's words in a box beside what
the step points at (the stock, the pile, a card of the hand or the pile, the
melds), with an outline round that place and a line from the box to it.

The box goes beside the place, on the first side where it lies inside the
table, off the place and the buttons the player presses to act (the action
column, a claim prompt), and off the cards the player reads to act (the
stock, the pile); else where it covers least of them. Read-only: it changes
nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from rummy_gui.engine.cards import parse_card
from rummy_gui.i18n import _
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.uiscale import px

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState

TEXT = 16  # the step's words
HEAD = 13  # "Lesson · step 3 of 10"
PAD = 12
GAP = 18  # between the box and the place it points at
MARGIN = 8  # between the box and the table's edges
FILL = (16, 30, 40)
EDGE = (120, 200, 255)  # the lesson's colour: not a refusal's red, not a message's gold


@dataclass(frozen=True)
class Callout:
    head: str
    lines: tuple[str, ...]
    box: Rect
    place: Rect | None  # what it points at (None: nothing in particular)

    @property
    def region(self) -> Rect:
        """Everything it draws: the box, the line and the outline round the place."""
        return self.box.union(self.place.inflate(16, 16)) if self.place else Rect(self.box)


def place_of(t: TableState, geo: Geometry, point: str, meld: int | None = None) -> Rect | None:
    """Where on the table a step's `point` is: "stock", "discard", "hand",
    "melds" (the meld `meld` the step plays to, else the player's own meld
    area) or a card ("7H") in the hand, the pile or a meld."""
    lt = geo.layout
    if not point:
        return None
    if point == "stock":
        return Rect(geo.zones[("stock",)][0][1])
    if point == "discard":
        pile = geo.zones.get(("discard",), [])
        return Rect(pile[-1][1]) if pile else Rect(lt.discard)
    if point == "hand":
        rects = [r for _c, r in geo.zones.get(("hand", t.viewer), [])]
        return rects[0].unionall(rects[1:]) if rects else Rect(lt.hand)
    if point == "melds":
        rects = geo.meld_rects.get(meld, []) if meld is not None else []
        return rects[0].unionall(rects[1:]) if rects else Rect(lt.seats[t.viewer].melds)
    try:
        card = parse_card(point)
    except ValueError:
        return None
    zones = [("hand", t.viewer), ("discard",), *(z for z in geo.zones if z[0] == "meld")]
    for zone in zones:
        for c, rect in geo.zones.get(zone, []):
            if c == card:
                return Rect(rect)
    return None


SLIDES = (0, -1, 1, -2, 2, -3, 3, -4, 4)  # quarter boxes along the side, nearest first


def _candidates(size: tuple[int, int], place: Rect) -> list[Rect]:
    """The box above, right of, below and left of the place: centred on it,
    then slid along that side a quarter of the box at a time."""
    out = []
    for side in ("above", "right", "below", "left"):
        for k in SLIDES:
            box = Rect((0, 0), size)
            dx, dy = k * size[0] // 4, k * size[1] // 4
            if side == "above":
                box.midbottom = (place.centerx + dx, place.top - GAP)
            elif side == "right":
                box.midleft = (place.right + GAP, place.centery + dy)
            elif side == "below":
                box.midtop = (place.centerx + dx, place.bottom + GAP)
            else:
                box.midright = (place.left - GAP, place.centery + dy)
            out.append(box)
    return out


def box_for(
    size: tuple[int, int],
    place: Rect | None,
    area: Rect,
    keep_out: Sequence[Rect],
    buttons: Sequence[Rect] = (),
) -> Rect:
    """The box's place: beside `place`, inside `area`, off it, off the
    `buttons` the player may press now, and off `keep_out` as far as it can."""
    if place is None:
        box = Rect((0, 0), size)
        box.midtop = (area.centerx, area.y + area.h // 3)
        return box.clamp(area)

    def cost(box: Rect) -> tuple[int, int, int]:
        covered = sum(box.clip(r).w * box.clip(r).h for r in keep_out)
        pressed = sum(1 for r in buttons if box.colliderect(r))
        return (1 if box.colliderect(place.inflate(8, 8)) else 0, pressed, covered)

    boxes = [b.clamp(area) for b in _candidates(size, place)]
    return min(boxes, key=cost)  # the first of the best: above, right, below, left


def callout(
    t: TableState, geo: Geometry, head: str, text: str, point: str, meld: int | None = None
) -> Callout:
    """The callout of a step's words, laid out for this table."""
    table = geo.layout.table
    area = table.inflate(-2 * MARGIN, -2 * MARGIN)
    width = max(px(240), min(px(420), int(table.w * 0.42)))
    lines = tuple(fonts.wrap(text, px(TEXT), width - 2 * PAD))
    line_h = fonts.font(px(TEXT)).get_linesize()
    widest = max([fonts.font(px(TEXT)).size(line)[0] for line in lines] or [0])
    head_w = fonts.font(px(HEAD), True).size(head)[0]
    w = max(widest, head_w) + 2 * PAD
    h = PAD + fonts.font(px(HEAD), True).get_linesize() + 4 + line_h * len(lines) + PAD
    place = place_of(t, geo, point, meld)
    # what the player reads to act: the piles, the hand, whose turn it is, the melds
    keep_out = [
        *(
            r
            for z in (("stock",), ("discard",), ("hand", t.viewer))
            for _c, r in geo.zones.get(z, [])
        ),
        *(seat.badge for seat in geo.layout.seats.values()),
        *(r for rects in geo.meld_rects.values() for r in rects),
    ]
    if place is not None:
        keep_out = [r for r in keep_out if not r.colliderect(place)]
    # what the player presses to act: the action column and a claim prompt's answers
    buttons = [geo.layout.actions, *([t.answers.panel] if t.answers.answer_buttons else [])]
    return Callout(head, lines, box_for((w, h), place, area, keep_out, buttons), place)


def step_head(index: int, total: int) -> str:
    return _("Lesson · step {n} of {total}").format(n=index + 1, total=total)


def draw_callout(surface: pygame.Surface, c: Callout) -> None:
    box = c.box
    if c.place is not None:
        pygame.draw.rect(surface, EDGE, c.place.inflate(10, 10), width=3, border_radius=8)
        start = _nearest(box, c.place.center)
        end = _nearest(c.place.inflate(10, 10), box.center)
        pygame.draw.line(surface, EDGE, start, end, 3)
    pygame.draw.rect(surface, FILL, box, border_radius=10)
    pygame.draw.rect(surface, EDGE, box, width=2, border_radius=10)
    head = fonts.text_cached(c.head, px(HEAD), EDGE, True)
    surface.blit(head, (box.x + PAD, box.y + PAD))
    y = box.y + PAD + fonts.font(px(HEAD), True).get_linesize() + 4
    line_h = fonts.font(px(TEXT)).get_linesize()
    for line in c.lines:
        surface.blit(fonts.text_cached(line, px(TEXT), theme.TEXT), (box.x + PAD, y))
        y += line_h


def _nearest(rect: Rect, point: tuple[int, int]) -> tuple[int, int]:
    """The point of `rect`'s edge nearest to `point` (a point inside: itself)."""
    x = max(rect.left, min(rect.right - 1, point[0]))
    y = max(rect.top, min(rect.bottom - 1, point[1]))
    return (x, y)
