"""The table's messages: one stack of opaque boxes with a coloured edge,
anchored at the bottom right of the felt between the pile and the player's
own zone, the newest lowest.

The stack never covers the hand, a seat's badge, the actions by the hand,
the stock or the pile's cards: a box that would, goes above them in the same
column, and the older messages that find no room are left out. A message's
text wraps (it never shrinks to nothing), so no word is cut at an edge."""

from __future__ import annotations

from collections.abc import Sequence

import pygame
from pygame import Rect

from rummy_gui.ui.table.drops import Message
from rummy_gui.ui.widgets import fonts
from rummy_gui.ui.widgets.uiscale import px

FADE = 0.8  # a message fades out over its last 0.8 s
TEXT_SIZE = 17
PAD_X, PAD_Y = 14, 9
MARGIN = 6  # the least room between a box and what it keeps off, or the next box
WIDEST = 560  # a box's widest, at a UI scale of 1
NARROWEST = 200  # the column's least width, at a UI scale of 1
SHOWN = 3  # the newest messages the stack holds at most
FILL = (18, 24, 22)


def text_image(msg: Message, width: int) -> pygame.Surface:
    """The message's text, its lines wrapped to `width` and centred (a wrapped
    text is as wide as its longest line, not the whole `width`)."""
    face = fonts.font(px(TEXT_SIZE), True)
    if face.size(msg.text)[0] <= width:
        return fonts.text_cached(msg.text, px(TEXT_SIZE), msg.colour, True)
    widest = max(face.size(line)[0] for line in fonts.wrap(msg.text, px(TEXT_SIZE), width, True))
    wrap = min(width, widest + 2)
    return fonts.text_cached(msg.text, px(TEXT_SIZE), msg.colour, True, wrap=wrap, centred=True)


def column(area: Rect, pile: Sequence[Rect]) -> Rect:
    """The stack's column: the part of `area` right of the stock and the
    pile's cards, when that leaves room; else all of it."""
    left = max((r.right + MARGIN for r in pile if r.right < area.right), default=area.x)
    if area.right - left >= px(NARROWEST):
        return Rect(left, area.y, area.right - left, area.h)
    return Rect(area)


def layout_messages(
    messages: Sequence[Message], area: Rect, pile: Sequence[Rect], keep_out: Sequence[Rect]
) -> list[tuple[Message, pygame.Surface, Rect, int]]:
    """The newest messages, each with its text, its box and its opacity: the
    stack's anchor is the bottom right of `area`, right of the `pile`'s cards
    when there is room, each older message above the one after it, every box
    off the pile and the rects in `keep_out` and inside `area` (the newest one
    at the anchor, over the pile, if nowhere else)."""
    col = column(area, pile)
    avoid = [*pile, *keep_out]
    width = max(px(120), min(px(WIDEST), col.w))
    y = area.bottom
    out = []
    for k, msg in enumerate(reversed(messages[-SHOWN:])):
        text = text_image(msg, width - 2 * PAD_X)
        box = Rect(0, 0, text.get_width() + 2 * PAD_X, text.get_height() + 2 * PAD_Y)
        box.bottomright = (col.right, y)
        while (hit := box.collidelist(avoid)) >= 0 and box.top >= area.top:
            box.bottom = avoid[hit].top - MARGIN
        if box.top < area.top:
            if k > 0:
                break  # no room left for the older ones: the newest are shown
            box.bottomright = (col.right, y)
        alpha = max(0, min(255, int(255 * min(1.0, msg.ttl / FADE))))
        out.append((msg, text, box, alpha))
        y = box.top - MARGIN
    return out


def draw_messages(
    surface: pygame.Surface,
    messages: Sequence[Message],
    area: Rect,
    pile: Sequence[Rect],
    keep_out: Sequence[Rect],
) -> None:
    """The stack of messages (see `layout_messages`)."""
    for msg, text, box, alpha in layout_messages(messages, area, pile, keep_out):
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        local = Rect((0, 0), box.size)
        pygame.draw.rect(layer, FILL, local, border_radius=9)
        pygame.draw.rect(layer, msg.colour, local, width=2, border_radius=9)
        layer.blit(text, text.get_rect(center=local.center))
        layer.set_alpha(alpha)
        surface.blit(layer, box.topleft)
