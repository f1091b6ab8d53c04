"""The table's messages: a refusal as a solid callout beside the place the
player acted on, other news above the player's own zone.

A callout is an opaque box with a coloured edge and a pointer towards the
place; its text wraps (it never shrinks to nothing) and the box is kept wholly
inside the window, so no word is cut at an edge."""

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
MARGIN = 8  # the least room between a callout and the window's edge
POINTER = 10  # the pointer's height: between the box and the place
FILL = (18, 24, 22)


def callout_rect(msg: Message, text_size: tuple[int, int], window: Rect, anchor_y: int) -> Rect:
    """Where a message's box goes: centred above its place (below it when there
    is no room above), else above `anchor_y` in the middle; always inside `window`."""
    box = Rect(0, 0, text_size[0] + 2 * PAD_X, text_size[1] + 2 * PAD_Y)
    inside = window.inflate(-2 * MARGIN, -2 * MARGIN)
    if msg.pos is not None:
        x, y = msg.pos
        box.midbottom = (x, y - POINTER - 4)
        if box.top < inside.top:
            box.midtop = (x, y + POINTER + 4)
    else:
        box.midbottom = (window.centerx, anchor_y)
    box.clamp_ip(inside)
    return box


def text_image(msg: Message, width: int) -> pygame.Surface:
    """The message's text, its lines wrapped to `width` and centred (a wrapped
    text is as wide as its longest line, not the whole `width`)."""
    face = fonts.font(px(TEXT_SIZE), True)
    if face.size(msg.text)[0] <= width:
        return fonts.text_cached(msg.text, px(TEXT_SIZE), msg.colour, True)
    widest = max(face.size(line)[0] for line in fonts.wrap(msg.text, px(TEXT_SIZE), width, True))
    wrap = min(width, widest + 2)
    return fonts.text_cached(msg.text, px(TEXT_SIZE), msg.colour, True, wrap=wrap, centred=True)


def clear_of(box: Rect, keep_out: Sequence[Rect], area: Rect) -> Rect:
    """The box moved off the cards in `keep_out` (the stock and the pile, which
    the player reads to act on the message): beside them in the free part of
    their row, else above them; as it was when neither fits in `area`."""
    if box.collidelist(list(keep_out)) < 0:
        return box
    row = [r for r in keep_out if r.top < box.bottom and r.bottom > box.top]
    left, right = max(r.right for r in row) + MARGIN, area.right
    if right - left >= box.w:
        beside = Rect(box)
        beside.centerx = (left + right) // 2
        if beside.collidelist(list(keep_out)) < 0:
            return beside
    above = Rect(box)
    above.bottom = min(r.top for r in keep_out) - MARGIN
    if above.top >= area.top:
        return above
    return box


def layout_messages(
    messages: Sequence[Message],
    table: Rect,
    anchor_y: int,
    window: Rect,
    keep_out: Sequence[Rect] = (),
) -> list[tuple[Message, pygame.Surface, Rect, Rect, int]]:
    """The last three messages, each with its text, its box, the region its
    callout covers (pointer included) and its opacity: refusals at their
    places, the others stacked upwards from `anchor_y` over the table, off
    the cards in `keep_out`."""
    width = max(160, min(560, table.w - 48))
    inside = window.inflate(-2 * MARGIN, -2 * MARGIN).clip(table)
    y = anchor_y
    out = []
    for msg in reversed(messages[-3:]):
        text = text_image(msg, width - 2 * PAD_X)
        box = callout_rect(msg, text.get_size(), window, y)
        if msg.pos is None:
            box.centerx = table.centerx
            box.clamp_ip(inside)
            box = clear_of(box, keep_out, inside)
        alpha = max(0, min(255, int(255 * min(1.0, msg.ttl / FADE))))
        region = box.inflate(0, 2 * (POINTER + 4)) if msg.pos is not None else box
        out.append((msg, text, box, region, alpha))
        if msg.pos is None:
            y = box.top - 10
    return out


def draw_messages(
    surface: pygame.Surface,
    messages: Sequence[Message],
    table: Rect,
    anchor_y: int,
    keep_out: Sequence[Rect] = (),
) -> None:
    """The last three messages (see `layout_messages`), drawn as callouts."""
    for msg, text, box, region, alpha in layout_messages(
        messages, table, anchor_y, surface.get_rect(), keep_out
    ):
        layer = pygame.Surface(region.size, pygame.SRCALPHA)
        offset = region.topleft
        local = box.move(-offset[0], -offset[1])
        edge = msg.colour
        if msg.pos is not None:
            _pointer(layer, local, (msg.pos[0] - offset[0], msg.pos[1] - offset[1]), edge)
        pygame.draw.rect(layer, FILL, local, border_radius=9)
        pygame.draw.rect(layer, edge, local, width=2, border_radius=9)
        layer.blit(text, text.get_rect(center=local.center))
        layer.set_alpha(alpha)
        surface.blit(layer, offset)


def _pointer(
    layer: pygame.Surface, box: Rect, place: tuple[int, int], colour: tuple[int, int, int]
) -> None:
    """A small triangle from the box towards the place (none when the place is under the box)."""
    x = max(box.x + 14, min(box.right - 14, place[0]))
    if place[1] >= box.bottom:
        base, tip = box.bottom - 2, min(place[1], box.bottom + POINTER)
    elif place[1] <= box.top:
        base, tip = box.top + 2, max(place[1], box.top - POINTER)
    else:
        return
    points = [(x - 8, base), (x + 8, base), (x, tip)]
    pygame.draw.polygon(layer, FILL, points)
    pygame.draw.lines(layer, colour, False, [points[0], points[2], points[1]], 2)
