"""A card on the table: its soft shadow, lifted or lying, and a card in flight
(scaled from one cached size, turning over when it comes out of hiding)."""

from __future__ import annotations

import pygame
from pygame import Rect

from rummy_gui.engine.cards import Card
from rummy_gui.ui.art.cache import ArtCache
from rummy_gui.ui.art.felt import shadow_offset, shadow_pad, shadow_reach
from rummy_gui.ui.art.motion import flip_image
from rummy_gui.ui.table.geometry import Flight

# The part of its flight in which a card turns over: it leaves face down and
# shows its face well before it lands.
TURN_FROM, TURN_TO = 0.15, 0.75


def reach(rect: Rect, lifted: bool = False) -> Rect:
    """What a card at `rect` and its shadow cover together."""
    return Rect(shadow_reach(rect.x, rect.y, rect.w, rect.h, lifted))


def draw_card(
    surface: pygame.Surface,
    art: ArtCache,
    back: str,
    four_colour: bool,
    card: Card | None,
    rect: Rect,
    shadow: bool = False,
    lifted: bool = False,
) -> None:
    """A face (or a back, for None) at `rect`, over its soft shadow: a lifted
    card's shadow is larger, softer and further off, as if the card were higher."""
    # Outside the clip (a frame drawn in parts) a card's blits change no pixel.
    if not surface.get_clip().colliderect(reach(rect, lifted) if shadow else rect):
        return
    size = (rect.w, rect.h)
    if shadow:
        _shadow(surface, art.shadow(size, lifted), rect, lifted)
    img = art.back(back, size) if card is None else art.face(card, size, four_colour)
    surface.blit(img, rect.topleft)


def _shadow(surface: pygame.Surface, img: pygame.Surface, rect: Rect, lifted: bool) -> None:
    pad = shadow_pad(rect.h, lifted)
    dx, dy = shadow_offset(rect.h, lifted)
    surface.blit(img, (rect.x + dx - pad, rect.y + dy - pad))


def draw_flight(
    surface: pygame.Surface,
    art: ArtCache,
    back: str,
    four_colour: bool,
    flight: Flight,
    private: bool,
) -> None:
    """A card on its way, high over the table (a lifted card's shadow).

    Its picture is the cached one of the larger of its two sizes, scaled to
    the size it has now: a flight passes through a new size every frame, and
    drawing the card afresh at each (a court figure is SVG) would cost
    milliseconds a card. A card coming out of hiding (`flight.flip`) turns
    over on the way; into a hand kept hidden (`private`) it stays a back."""
    rect = flight.rect()
    if rect.w < 2 or rect.h < 2:
        return
    big = max(flight.start, flight.end, key=lambda r: r.w * r.h)
    source = (big.w, big.h)
    card = None if private else flight.card
    face = art.back(back, source) if card is None else art.face(card, source, four_colour)
    dx = 0
    if card is not None and flight.flip:
        turn = (flight.progress() - TURN_FROM) / (TURN_TO - TURN_FROM)
        if turn < 1:
            face, dx = flip_image(face, art.back(back, source), turn)
            dx = dx * rect.w // source[0]
    shadow = art.shadow(source, True)
    pad = shadow_pad(source[1], True)
    sw = rect.w + 2 * pad * rect.w // source[0]
    sh = rect.h + 2 * pad * rect.h // source[1]
    ox, oy = shadow_offset(rect.h, True)
    surface.blit(
        pygame.transform.scale(shadow, (sw, sh)),
        (rect.x + ox - (sw - rect.w) // 2, rect.y + oy - (sh - rect.h) // 2),
    )
    w = max(1, face.get_width() * rect.w // source[0])
    if (w, rect.h) != face.get_size():
        face = pygame.transform.scale(face, (w, rect.h))
    surface.blit(face, (rect.x + dx, rect.y))
