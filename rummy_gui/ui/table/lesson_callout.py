"""A lesson's callout on the table: the step's words in a box beside what
the step points at (the stock, the pile, a card of the hand or the pile, the
melds), with an outline round that place and a line from the box to it.

The box never covers what the step's move needs (`step_needs`: the cards it
names in the hand, as high as a selected card stands, the stock it draws,
the pile cards it takes, the pile it discards on, the meld it lays off to,
the pack it cuts, the contract's slots) nor the place it points at. It goes
beside the place, on the first side where it lies inside the table, off the
buttons the player presses to act (the action column, a claim prompt), and
off the cards the player reads to act (the stock, the pile, the hand, the
melds) as far as it can; where no place beside will do, anywhere on the
table, nearest first; where no box of its width will do, a wider one (fewer
lines). Read-only: it changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from rummy_gui.engine import Action, Move
from rummy_gui.engine.cards import parse_card
from rummy_gui.i18n import _
from rummy_gui.ui.table.geometry import SELECTED_LIFT, Geometry
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


def _candidates(size: tuple[int, int], place: Rect, gap: int = GAP) -> list[Rect]:
    """The box above, right of, below and left of the place, `gap` from it:
    centred on it, then slid along that side a quarter of the box at a time."""
    out = []
    for side in ("above", "right", "below", "left"):
        for k in SLIDES:
            box = Rect((0, 0), size)
            dx, dy = k * size[0] // 4, k * size[1] // 4
            if side == "above":
                box.midbottom = (place.centerx + dx, place.top - gap)
            elif side == "right":
                box.midleft = (place.right + gap, place.centery + dy)
            elif side == "below":
                box.midtop = (place.centerx + dx, place.bottom + gap)
            else:
                box.midright = (place.left - gap, place.centery + dy)
            out.append(box)
    return out


def step_needs(t: TableState, geo: Geometry, move: Move | None) -> list[Rect]:
    """What the player must see and reach to make the step's `move` by mouse."""
    if move is None:
        return []
    out: list[Rect] = []
    named = [tok.card for tok in move.cards] + [tok.card for g in move.groups for tok in g]
    for card, rect in geo.zones.get(("hand", t.viewer), []):
        if card in named:
            named.remove(card)
            out.append(rect.union(rect.move(0, -SELECTED_LIFT)))  # a selected card stands higher
    pile = geo.zones.get(("discard",), [])
    if move.action is Action.DRAW:
        out.extend(Rect(r) for _c, r in geo.zones.get(("stock",), []))
    elif move.action is Action.TAKE and move.count:
        out.extend(Rect(r) for _c, r in pile[-move.count :])
    elif move.action is Action.DISCARD:
        out.append(Rect(pile[-1][1]) if pile else Rect(geo.layout.discard.topleft, geo.pile_card))
    elif move.action in (Action.LAYOFF, Action.SWAP) and move.meld_id is not None:
        out.append(geo.meld_area(move.meld_id))
    elif move.action is Action.CUT:
        out.append(t.cut_rect())
    elif move.action is Action.CONTRACT:
        out.extend(t.slot_rects())
    return [r for r in out if r.w and r.h]


def _grid(size: tuple[int, int], area: Rect, steps: int = 12) -> list[Rect]:
    """Boxes of `size` all over `area`, a twelfth of its free room apart."""
    free_w, free_h = max(0, area.w - size[0]), max(0, area.h - size[1])
    return [
        Rect((area.x + free_w * i // steps, area.y + free_h * j // steps), size)
        for j in range(steps + 1)
        for i in range(steps + 1)
    ]


def box_for(
    size: tuple[int, int],
    place: Rect | None,
    area: Rect,
    keep_out: Sequence[Rect],
    buttons: Sequence[Rect] = (),
    needs: Sequence[Rect] = (),
) -> Rect:
    """The box's place: inside `area`, off `needs` and the `place`, off the
    `buttons` the player may press now, beside the place if it can be, and
    off `keep_out` as far as it can."""
    must = [*needs, *([place.inflate(8, 8)] if place is not None else [])]
    aim = place if place is not None else (must[0].unionall(must[1:]) if must else None)

    def cost(box: Rect, tier: int) -> tuple[int, int, int, int, int]:
        hits = sum(1 for r in must if box.colliderect(r))
        pressed = sum(1 for r in buttons if box.colliderect(r))
        covered = sum(box.clip(r).w * box.clip(r).h for r in keep_out)
        far = 0 if aim is None else abs(box.centerx - aim.centerx) + abs(box.centery - aim.centery)
        return (hits, pressed, tier, covered, far)

    # beside it, then a little farther: clear of the cards a selection lifts
    gaps = (GAP, 2 * GAP + SELECTED_LIFT)
    beside = [b.clamp(area) for g in gaps for b in _candidates(size, place, g)] if place else []
    best = min(((cost(b, 0), b) for b in beside), default=None, key=lambda cb: cb[0])
    if best is not None and best[0][:2] == (0, 0):
        return best[1]  # the first of the best beside it: above, right, below, left
    if place is None and not must:
        box = Rect((0, 0), size)
        box.midtop = (area.centerx, area.y + area.h // 3)
        return box.clamp(area)
    anywhere = ((cost(b, 1), b) for b in _grid(size, area))
    return min([*([best] if best else []), *anywhere], key=lambda cb: cb[0])[1]


def _fits(box: Rect, needs: Sequence[Rect], place: Rect | None, buttons: Sequence[Rect]) -> bool:
    must = [*needs, *([place.inflate(8, 8)] if place is not None else []), *buttons]
    return not any(box.colliderect(r) for r in must)


def callout(
    t: TableState,
    geo: Geometry,
    head: str,
    text: str,
    point: str,
    meld: int | None = None,
    move: Move | None = None,
) -> Callout:
    """The callout of a step's words, laid out for this table, off what the
    step's `move` needs."""
    table = geo.layout.table
    area = table.inflate(-2 * MARGIN, -2 * MARGIN)
    place = place_of(t, geo, point, meld)
    room, shown = _lifted(t, geo, place)
    needs = step_needs(t, geo, move)
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
    narrow = max(px(240), min(px(420), int(table.w * 0.42)))
    widths = sorted({narrow, max(narrow, min(px(560), int(area.w * 0.6))), area.w})
    box = Rect(0, 0, 0, 0)
    for width in widths:  # wider boxes are lower: one of them may find room
        lines, size = _measure(head, text, width)
        box = box_for(size, room, area, keep_out, buttons, needs)
        if _fits(box, needs, room, buttons):
            break
    return Callout(head, lines, box, shown)


def _lifted(t: TableState, geo: Geometry, place: Rect | None) -> tuple[Rect | None, Rect | None]:
    """A hand card's place: the room it may rise into when selected (the box
    keeps off it), and where it is drawn now (the outline goes round it)."""
    slots = geo.zones.get(("hand", t.viewer), [])
    i = next((k for k, (_c, r) in enumerate(slots) if place is not None and r == place), None)
    if place is None or i is None:
        return place, place
    risen = place.move(0, -SELECTED_LIFT)
    return place.union(risen), risen if i in t.hand.selected else place


def _measure(head: str, text: str, width: int) -> tuple[tuple[str, ...], tuple[int, int]]:
    """The step's words wrapped to `width` and the box they need."""
    lines = tuple(fonts.wrap(text, px(TEXT), width - 2 * PAD))
    line_h = fonts.font(px(TEXT)).get_linesize()
    widest = max([fonts.font(px(TEXT)).size(line)[0] for line in lines] or [0])
    head_w = fonts.font(px(HEAD), True).size(head)[0]
    w = max(widest, head_w) + 2 * PAD
    h = PAD + fonts.font(px(HEAD), True).get_linesize() + 4 + line_h * len(lines) + PAD
    return lines, (w, h)


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
