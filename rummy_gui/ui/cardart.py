"""Card faces, backs and the felt, drawn by code at whatever size is needed.

Every image is drawn at twice (or three times) its size and smoothscaled down,
which gives antialiased edges and crisp type at any window size; the result
is cached per (card, size), so a resize costs one redraw per card in view.
Small cards (melds, the discard fan) get a compact face: a large index only,
because pips become mush below ~90 px.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rummy_gui.engine.cards import SUIT_SYMBOLS, SUITS, Card, rank_text
from rummy_gui.ui import fonts

Colour = tuple[int, int, int]

FACE = (252, 250, 244)
EDGE = (110, 110, 104)
TWO_COLOUR: dict[str, Colour] = {"C": (28, 28, 36), "S": (28, 28, 36), "H": (200, 28, 40), "D": (200, 28, 40)}
FOUR_COLOUR: dict[str, Colour] = {"C": (22, 130, 52), "S": (28, 28, 36), "H": (200, 28, 40), "D": (24, 86, 196)}
JOKER_COLOUR: Colour = (120, 40, 150)
BACK_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "blue": ((30, 62, 140), (70, 110, 200)),
    "red": ((150, 26, 36), (210, 70, 76)),
    "green": ((20, 90, 60), (70, 160, 110)),
}
COMPACT_BELOW = 96  # card height in px under which the compact face is used

# Pip positions for 2..10 as (column, row) in a 3 x 7 grid of the face's middle.
PIPS: dict[int, list[tuple[int, float]]] = {
    2: [(1, 0), (1, 6)],
    3: [(1, 0), (1, 3), (1, 6)],
    4: [(0, 0), (2, 0), (0, 6), (2, 6)],
    5: [(0, 0), (2, 0), (1, 3), (0, 6), (2, 6)],
    6: [(0, 0), (2, 0), (0, 3), (2, 3), (0, 6), (2, 6)],
    7: [(0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (0, 6), (2, 6)],
    8: [(0, 0), (2, 0), (1, 1.5), (0, 3), (2, 3), (1, 4.5), (0, 6), (2, 6)],
    9: [(0, 0), (2, 0), (0, 2), (2, 2), (1, 3), (0, 4), (2, 4), (0, 6), (2, 6)],
    10: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2), (0, 4), (2, 4), (1, 5), (0, 6), (2, 6)],
}


def suit_colour(suit: str, four_colour: bool) -> Colour:
    return (FOUR_COLOUR if four_colour else TWO_COLOUR).get(suit, JOKER_COLOUR)


def _supersample(w: int, h: int, paint: Callable[[pygame.Surface, int, int], None]) -> pygame.Surface:
    factor = 3 if h < 120 else 2
    big = pygame.Surface((w * factor, h * factor), pygame.SRCALPHA)
    paint(big, w * factor, h * factor)
    return pygame.transform.smoothscale(big, (w, h))


def _blit_centered(dst: pygame.Surface, img: pygame.Surface, cx: float, cy: float) -> None:
    dst.blit(img, img.get_rect(center=(round(cx), round(cy))))


def _card_base(s: pygame.Surface, w: int, h: int, fill: Colour) -> None:
    radius = max(3, int(w * 0.075))
    border = max(1, w // 90)
    pygame.draw.rect(s, EDGE, (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(s, fill, (border, border, w - 2 * border, h - 2 * border), border_radius=radius - border)


def draw_face(card: Card, w: int, h: int, four_colour: bool = False) -> pygame.Surface:
    """The face of one card at w x h pixels."""

    def paint(s: pygame.Surface, W: int, H: int) -> None:
        _card_base(s, W, H, FACE)
        if card.is_joker:
            _paint_joker(s, W, H, compact=h < COMPACT_BELOW)
        elif h < COMPACT_BELOW:
            _paint_compact(s, card, W, H, four_colour)
        else:
            _paint_full(s, card, W, H, four_colour)

    return _supersample(w, h, paint)


def _index(card: Card, W: int, H: int, colour: Colour, rank_px: int, suit_px: int) -> pygame.Surface:
    """Rank over suit, as in a card's corner."""
    rank = fonts.render(rank_text(card.rank), rank_px, colour, bold=True)
    suit = fonts.render(SUIT_SYMBOLS[SUITS.index(card.suit)], suit_px, colour)
    box = pygame.Surface((max(rank.get_width(), suit.get_width()), rank.get_height() + suit.get_height() - rank_px // 5), pygame.SRCALPHA)
    box.blit(rank, rank.get_rect(midtop=(box.get_width() // 2, 0)))
    box.blit(suit, suit.get_rect(midbottom=(box.get_width() // 2, box.get_height())))
    return box


def _paint_compact(s: pygame.Surface, card: Card, W: int, H: int, four: bool) -> None:
    colour = suit_colour(card.suit, four)
    rank_px = int(H * 0.30) if card.rank != 10 else int(H * 0.27)
    idx = _index(card, W, H, colour, rank_px, int(H * 0.24))
    s.blit(idx, (int(W * 0.06), int(H * 0.04)))
    big = fonts.render(SUIT_SYMBOLS[SUITS.index(card.suit)], int(H * 0.42), colour)
    _blit_centered(s, big, W * 0.68, H * 0.72)


def _paint_full(s: pygame.Surface, card: Card, W: int, H: int, four: bool) -> None:
    colour = suit_colour(card.suit, four)
    symbol = SUIT_SYMBOLS[SUITS.index(card.suit)]
    idx = _index(card, W, H, colour, int(H * 0.15), int(H * 0.13))
    pad_x, pad_y = int(W * 0.05), int(H * 0.03)
    s.blit(idx, (pad_x, pad_y))
    s.blit(pygame.transform.rotate(idx, 180), (W - pad_x - idx.get_width(), H - pad_y - idx.get_height()))
    left, right = W * 0.34, W * 0.66
    top, bottom = H * 0.2, H * 0.8
    if card.rank == 1:
        _blit_centered(s, fonts.render(symbol, int(H * 0.42), colour), W / 2, H / 2)
    elif card.rank <= 10:
        pip = fonts.render(symbol, int(H * 0.15), colour)
        pip_down = pygame.transform.rotate(pip, 180)
        for col, row in PIPS[card.rank]:
            x = left + (right - left) * col / 2
            y = top + (bottom - top) * row / 6
            _blit_centered(s, pip if row <= 3 else pip_down, x, y)
    else:
        frame = pygame.Rect(int(W * 0.24), int(H * 0.16), int(W * 0.52), int(H * 0.68))
        tint = tuple(255 - (255 - c) // 7 for c in colour)
        pygame.draw.rect(s, tint, frame, border_radius=int(W * 0.04))
        pygame.draw.rect(s, colour, frame, width=max(2, W // 80), border_radius=int(W * 0.04))
        letter = fonts.render(rank_text(card.rank), int(H * 0.34), colour, bold=True)
        _blit_centered(s, letter, frame.centerx, frame.centery)
        small = fonts.render(symbol, int(H * 0.12), colour)
        _blit_centered(s, small, frame.left + frame.w * 0.22, frame.top + frame.h * 0.12)
        _blit_centered(s, pygame.transform.rotate(small, 180), frame.right - frame.w * 0.22, frame.bottom - frame.h * 0.12)


def _paint_joker(s: pygame.Surface, W: int, H: int, compact: bool) -> None:
    colour = JOKER_COLOUR
    star = fonts.render("★", int(H * (0.5 if compact else 0.42)), (222, 160, 20))
    _blit_centered(s, star, W * (0.62 if compact else 0.5), H * (0.66 if compact else 0.5))
    if compact:
        _blit_centered(s, fonts.render("JK", int(H * 0.26), colour, bold=True), W * 0.32, H * 0.2)
        return
    letters = [fonts.render(ch, int(H * 0.1), colour, bold=True) for ch in "JOKER"]
    y = H * 0.05
    for img in letters:
        s.blit(img, (int(W * 0.07), int(y)))
        s.blit(pygame.transform.rotate(img, 180), (W - int(W * 0.07) - img.get_width(), H - int(y) - img.get_height()))
        y += img.get_height() * 0.92


def draw_back(name: str, w: int, h: int) -> pygame.Surface:
    dark, light = BACK_COLOURS.get(name, BACK_COLOURS["blue"])

    def paint(s: pygame.Surface, W: int, H: int) -> None:
        _card_base(s, W, H, (250, 250, 250))
        inset = max(3, int(W * 0.07))
        field = pygame.Rect(inset, inset, W - 2 * inset, H - 2 * inset)
        pygame.draw.rect(s, dark, field, border_radius=max(2, int(W * 0.04)))
        lattice = pygame.Surface(field.size, pygame.SRCALPHA)
        step = max(6, W // 9)
        lw = max(1, W // 100)
        for x in range(-field.h, field.w + field.h, step):
            pygame.draw.line(lattice, (*light, 150), (x, 0), (x + field.h, field.h), lw)
            pygame.draw.line(lattice, (*light, 150), (x + field.h, 0), (x, field.h), lw)
        s.blit(lattice, field.topleft)
        pygame.draw.rect(s, light, field, width=max(1, W // 60), border_radius=max(2, int(W * 0.04)))
        r = int(min(field.w, field.h) * 0.24)
        pygame.draw.circle(s, dark, field.center, r)
        pygame.draw.circle(s, (240, 220, 150), field.center, r, width=max(1, W // 70))
        _blit_centered(s, fonts.render("♠", int(r * 1.2), (240, 220, 150)), *field.center)

    return _supersample(w, h, paint)


def draw_felt(size: tuple[int, int]) -> pygame.Surface:
    """Green baize: a soft radial light in the middle and a fine grain."""
    w, h = size
    small = pygame.Surface((48, 30))
    centre, edge = (38, 122, 72), (12, 62, 36)
    for y in range(30):
        for x in range(48):
            d = min(1.0, (((x - 23.5) / 26) ** 2 + ((y - 13) / 19) ** 2) ** 0.5)
            t = d * d
            small.set_at((x, y), tuple(int(c + (e - c) * t) for c, e in zip(centre, edge, strict=True)))
    felt = pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
    grain = _grain()
    for gy in range(0, h, grain.get_height()):
        for gx in range(0, w, grain.get_width()):
            felt.blit(grain, (gx, gy))
    return felt


_GRAIN: pygame.Surface | None = None


def _grain() -> pygame.Surface:
    """A tile of faint noise laid over the felt, like the nap of the cloth."""
    global _GRAIN
    if _GRAIN is None:
        import random

        size = 96
        noise = random.Random(5).randbytes(size * size * 3)
        _GRAIN = pygame.image.frombuffer(noise, (size, size), "RGB").copy()
        _GRAIN.set_alpha(10)
    return _GRAIN


def _fast(img: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format, blits are several times faster."""
    if pygame.display.get_surface() is not None:
        return img.convert_alpha()
    return img


class ArtCache:
    """Scaled art per size, made on first use and kept until the size changes."""

    def __init__(self) -> None:
        self._faces: dict[tuple[int, int, int, bool], pygame.Surface] = {}
        self._backs: dict[tuple[str, int, int], pygame.Surface] = {}
        self._felt: tuple[tuple[int, int], pygame.Surface] | None = None

    def face(self, card: Card, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
        key = (card.code, size[0], size[1], four_colour)
        img = self._faces.get(key)
        if img is None:
            if len(self._faces) > 2000:  # many resizes: drop the old sizes
                self._faces.clear()
            img = self._faces[key] = _fast(draw_face(card, size[0], size[1], four_colour))
        return img

    def back(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        key = (name, size[0], size[1])
        img = self._backs.get(key)
        if img is None:
            if len(self._backs) > 200:
                self._backs.clear()
            img = self._backs[key] = _fast(draw_back(name, size[0], size[1]))
        return img

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        if self._felt is None or self._felt[0] != size:
            felt = draw_felt(size)
            if pygame.display.get_surface() is not None:
                felt = felt.convert()
            self._felt = (size, felt)
        return self._felt[1]
