"""Card faces and backs, drawn by code at whatever size is needed.

Every image is drawn at twice (or three times) its size and smoothscaled down,
which gives antialiased edges and crisp type at any window size; the result
is cached per (card, size) in art/cache.py, so a resize costs one redraw per card
in view.
Small cards (melds, the discard fan) get a compact face: a large index only,
because pips become mush below ~90 px.

Court cards carry a double-ended figure and the joker a jester (art/figures.py
writes them as SVG); pygame-ce's SVG loader (`load_sized_svg`) draws them at
the size needed, so they stay crisp at any size. The felt is art/felt.py's.
Card letters are the international A, K, Q, J in every language, as the
game's notation and log write them.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pygame

from rummy_gui.engine.cards import Card, rank_text, suit_symbol
from rummy_gui.ui.art.figures import bust_svg, court_svg, jester_svg
from rummy_gui.ui.widgets import fonts

Colour = tuple[int, int, int]

FACE = (252, 250, 244)
EDGE = (110, 110, 104)
TWO_COLOUR: dict[str, Colour] = {
    "C": (28, 28, 36),
    "S": (28, 28, 36),
    "H": (200, 28, 40),
    "D": (200, 28, 40),
}
FOUR_COLOUR: dict[str, Colour] = {
    "C": (22, 130, 52),
    "S": (28, 28, 36),
    "H": (200, 28, 40),
    "D": (24, 86, 196),
}
JOKER_COLOUR: Colour = (120, 40, 150)
BACK_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "blue": ((30, 62, 140), (70, 110, 200)),
    "red": ((150, 26, 36), (210, 70, 76)),
    "green": ((20, 90, 60), (70, 160, 110)),
}
COMPACT_BELOW = 96  # card height in px under which the compact face is used (layout.py too)

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


def _supersample(
    w: int, h: int, paint: Callable[[pygame.Surface, int, int], None]
) -> pygame.Surface:
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
    pygame.draw.rect(
        s, fill, (border, border, w - 2 * border, h - 2 * border), border_radius=radius - border
    )


def draw_face(card: Card, w: int, h: int, four_colour: bool = False) -> pygame.Surface:
    """The face of one card at w x h pixels."""

    compact = h < COMPACT_BELOW

    def paint(s: pygame.Surface, W: int, H: int) -> None:
        _card_base(s, W, H, FACE)
        if card.is_joker:
            _paint_joker(s, W, H, compact)
        elif compact:
            _paint_compact(s, card, W, H, four_colour)
        else:
            _paint_full(s, card, W, H, four_colour)

    img = _supersample(w, h, paint)
    # The SVG figures are drawn antialiased at the final size: drawing them at
    # the supersampled size cost four to nine times the pixels for nothing.
    if card.is_joker:
        _jester(img, w, h, compact)
    elif card.rank in (11, 12, 13):
        (_bust if compact else _court)(img, card, w, h, suit_colour(card.suit, four_colour))
    return img


def _index(card: Card, colour: Colour, rank_px: int, suit_px: int) -> pygame.Surface:
    """Rank over suit, as in a card's corner."""
    rank = fonts.render(rank_text(card.rank), rank_px, colour, bold=True)
    suit = fonts.render(suit_symbol(card.suit), suit_px, colour)
    box = pygame.Surface(
        (
            max(rank.get_width(), suit.get_width()),
            rank.get_height() + suit.get_height() - rank_px // 5,
        ),
        pygame.SRCALPHA,
    )
    box.blit(rank, rank.get_rect(midtop=(box.get_width() // 2, 0)))
    box.blit(suit, suit.get_rect(midbottom=(box.get_width() // 2, box.get_height())))
    return box


def corner_box(card: Card, w: int, h: int) -> pygame.Rect:
    """Where a face's corner index (rank over suit) sits on a w x h card, as
    the painters below place it: what an overlapping card must leave in view."""
    if h < COMPACT_BELOW:
        rank_px = int(h * 0.30) if card.rank != 10 else int(h * 0.245)
        idx = _index(card, (0, 0, 0), rank_px, int(h * 0.24))
        return idx.get_rect(topleft=(int(w * 0.06), int(h * 0.04)))
    idx = _index(card, (0, 0, 0), int(h * 0.15), int(h * 0.13))
    return idx.get_rect(topleft=(int(w * 0.05), int(h * 0.03)))


def _bust(s: pygame.Surface, card: Card, W: int, H: int, colour: Colour) -> None:
    h = int(min(W * 0.66 / 0.75, H * 0.6))  # the bust's picture is 3 wide to 4 high
    bust = svg_image(bust_svg(card.rank, colour), (h * 3 // 4, h))
    s.blit(bust, bust.get_rect(bottomright=(W - int(W * 0.05), H - int(H * 0.03))))


def _paint_compact(s: pygame.Surface, card: Card, W: int, H: int, four: bool) -> None:
    colour = suit_colour(card.suit, four)
    rank_px = int(H * 0.30) if card.rank != 10 else int(H * 0.245)  # "10" kept narrow
    idx = _index(card, colour, rank_px, int(H * 0.24))
    s.blit(idx, (int(W * 0.06), int(H * 0.04)))
    if card.rank in (11, 12, 13):
        return  # the bust is drawn by _bust
    big = fonts.render(suit_symbol(card.suit), int(H * 0.42), colour)
    _blit_centered(s, big, W * 0.68, H * 0.72)


# ---- court figures and the jester (SVG text written in art/figures.py) -------


def svg_image(svg: str, size: tuple[int, int]) -> pygame.Surface:
    """SVG text drawn by pygame-ce's SVG loader to fit `size` (the aspect kept),
    centred on an image of exactly `size`."""
    w, h = max(1, size[0]), max(1, size[1])
    img = pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (w, h))
    if img.get_size() == (w, h):
        return img
    # the loader rounds its fitted size, a pixel either way, or fits a
    # different aspect: the picture is centred, never stretched (stays crisp)
    exact = pygame.Surface((w, h), pygame.SRCALPHA)
    exact.blit(img, img.get_rect(center=(w // 2, h // 2)))
    return exact


def _paint_full(s: pygame.Surface, card: Card, W: int, H: int, four: bool) -> None:
    colour = suit_colour(card.suit, four)
    symbol = suit_symbol(card.suit)
    idx = _index(card, colour, int(H * 0.15), int(H * 0.13))
    pad_x, pad_y = int(W * 0.05), int(H * 0.03)
    s.blit(idx, (pad_x, pad_y))
    s.blit(
        pygame.transform.rotate(idx, 180),
        (W - pad_x - idx.get_width(), H - pad_y - idx.get_height()),
    )
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


def _court(s: pygame.Surface, card: Card, W: int, H: int, colour: Colour) -> None:
    """A court card's double-ended figure, with the suit's sign beside both heads."""
    frame = pygame.Rect(int(W * 0.2), int(H * 0.075), int(W * 0.6), int(H * 0.85))
    svg = court_svg(card.rank, card.suit, colour, frame.h / frame.w)
    s.blit(svg_image(svg, frame.size), frame.topleft)


def _jester_frame(W: int, H: int, compact: bool) -> pygame.Rect:
    if compact:
        return pygame.Rect(int(W * 0.3), int(H * 0.36), int(W * 0.66), int(H * 0.62))
    return pygame.Rect(int(W * 0.2), int(H * 0.08), int(W * 0.6), int(H * 0.84))


def _jester(s: pygame.Surface, W: int, H: int, compact: bool) -> None:
    frame = _jester_frame(W, H, compact)
    s.blit(svg_image(jester_svg(frame.h / frame.w), frame.size), frame.topleft)


def _paint_joker(s: pygame.Surface, W: int, H: int, compact: bool) -> None:
    """The joker's corner marks: the star the texts use for a joker, not a word,
    so the card reads the same in every language (its jester is drawn by _jester)."""
    colour = JOKER_COLOUR
    if compact:
        _blit_centered(s, fonts.render("★", int(H * 0.26), colour, bold=True), W * 0.32, H * 0.2)
        return
    star = fonts.render("★", int(H * 0.16), colour, bold=True)
    s.blit(star, (int(W * 0.05), int(H * 0.03)))
    s.blit(
        pygame.transform.rotate(star, 180),
        (W - int(W * 0.05) - star.get_width(), H - int(H * 0.03) - star.get_height()),
    )


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
        pygame.draw.rect(
            s, light, field, width=max(1, W // 60), border_radius=max(2, int(W * 0.04))
        )
        r = int(min(field.w, field.h) * 0.24)
        pygame.draw.circle(s, dark, field.center, r)
        pygame.draw.circle(s, (240, 220, 150), field.center, r, width=max(1, W // 70))
        _blit_centered(s, fonts.render("♠", int(r * 1.2), (240, 220, 150)), *field.center)

    return _supersample(w, h, paint)
