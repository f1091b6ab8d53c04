"""Card faces, backs and the felt, drawn by code at whatever size is needed.

Every image is drawn at twice (or three times) its size and smoothscaled down,
which gives antialiased edges and crisp type at any window size; the result
is cached per (card, size) in art/cache.py, so a resize costs one redraw per card
in view.
Small cards (melds, the discard fan) get a compact face: a large index only,
because pips become mush below ~90 px.

Court cards carry a drawn figure, double-ended as printed cards are: the king
with a crown and a beard and a sword, the queen with a rounded crown, long hair
and a flower, the jack with a feathered cap and a halberd, in the suit's colour
with a second colour for the trim; the joker is a jester with a three-pointed
cap with bells. The figures are SVG written here and drawn by pygame-ce's SVG
loader (`load_sized_svg`) at the size needed, so they stay crisp at any size.
Card letters are the international A, K, Q, J in every language, as the
game's notation and log write them.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable

import pygame

from rummy_gui.engine.cards import Card, rank_text, suit_symbol
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
    side = int(min(W * 0.72, H * 0.52))
    bust = svg_image(bust_svg(card.rank, colour), (side, side))
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


# ---- court figures and the jester, as SVG ------------------------------------

SKIN = "#f6d7b4"
GOLD = "#e0ac2a"
GOLD_DARK = "#9c6d10"
INK = "#222228"


def _hex(c: Colour) -> str:
    return f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}"


def _accent(suit_rgb: Colour) -> str:
    """The second colour of a figure's clothes: blue beside red, red beside dark."""
    r, g, _b = suit_rgb
    return "#2f56b0" if r > 150 and g < 80 else "#c8202c"


def _half_figure(rank: int, robe: str, accent: str, h: float) -> str:
    """One half of a double-ended court figure in a 100 x 2h box, above y = h:
    the bust, the head, what the rank wears on the head and holds."""
    head_y, head_r = h * 0.46, h * 0.19
    sh = h * 0.76  # shoulder line
    parts = [
        # the robe: shoulders down to the middle line, with a gold collar
        f'<path d="M6 {h:.1f} L6 {sh + 10:.1f} Q8 {sh - 4:.1f} 30 {sh - 6:.1f} L70 {sh - 6:.1f} '
        f'Q92 {sh - 4:.1f} 94 {sh + 10:.1f} L94 {h:.1f} Z" fill="{robe}" stroke="{INK}" '
        f'stroke-width="1.2"/>',
        f'<path d="M30 {sh - 6:.1f} L50 {h - 2:.1f} L70 {sh - 6:.1f} Z" fill="#fbf6ea" '
        f'stroke="{INK}" stroke-width="1"/>',
        f'<path d="M26 {sh - 5:.1f} L50 {sh + 12:.1f} L74 {sh - 5:.1f} L70 {sh + 3:.1f} L50 '
        f"{sh + 18:.1f} "
        f'L30 {sh + 3:.1f} Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.8"/>',
        f'<rect x="14" y="{sh + 6:.1f}" width="8" height="{h - sh - 6:.1f}" fill="{accent}"/>',
        f'<rect x="78" y="{sh + 6:.1f}" width="8" height="{h - sh - 6:.1f}" fill="{accent}"/>',
    ]
    if rank == 12:  # long hair behind the queen's face
        parts.append(
            f'<path d="M{50 - head_r * 1.25:.1f} {head_y:.1f} Q50 {head_y - head_r * 1.9:.1f} '
            f"{50 + head_r * 1.25:.1f} {head_y:.1f} L{50 + head_r * 1.4:.1f} {sh:.1f} "
            f'L{50 - head_r * 1.4:.1f} {sh:.1f} Z" fill="#c98a2b" stroke="{INK}" '
            f'stroke-width="0.8"/>'
        )
    # neck and face
    parts.append(
        f'<rect x="45" y="{head_y:.1f}" width="10" height="{sh - head_y - 4:.1f}" fill="{SKIN}"/>'
    )
    parts.append(
        f'<ellipse cx="50" cy="{head_y:.1f}" rx="{head_r * 0.9:.1f}" ry="{head_r:.1f}" '
        f'fill="{SKIN}" '
        f'stroke="{INK}" stroke-width="1"/>'
    )
    eye_y = head_y - head_r * 0.1
    parts.extend(
        f'<circle cx="{ex:.1f}" cy="{eye_y:.1f}" r="{head_r * 0.11:.1f}" fill="{INK}"/>'
        for ex in (50 - head_r * 0.38, 50 + head_r * 0.38)
    )
    parts.append(
        f'<path d="M{50 - head_r * 0.3:.1f} {head_y + head_r * 0.45:.1f} Q50 '
        f"{head_y + head_r * 0.62:.1f} "
        f'{50 + head_r * 0.3:.1f} {head_y + head_r * 0.45:.1f}" fill="none" stroke="#b03030" '
        f'stroke-width="1.2"/>'
    )
    if rank == 13:  # the king's beard
        parts.append(
            f'<path d="M{50 - head_r * 0.85:.1f} {head_y + head_r * 0.15:.1f} '
            f"Q{50 - head_r * 0.7:.1f} "
            f"{head_y + head_r * 1.7:.1f} 50 {head_y + head_r * 1.9:.1f} Q{50 + head_r * 0.7:.1f} "
            f"{head_y + head_r * 1.7:.1f} {50 + head_r * 0.85:.1f} {head_y + head_r * 0.15:.1f} "
            f"Q50 {head_y + head_r * 0.9:.1f} {50 - head_r * 0.85:.1f} "
            f'{head_y + head_r * 0.15:.1f} Z" '
            f'fill="#ecece4" stroke="{INK}" stroke-width="0.8"/>'
        )
    top = head_y - head_r * 0.75  # where the headwear sits
    if rank == 13:  # a crown of five points with jewels
        w, ch = head_r * 1.1, head_r * 1.2
        pts = [
            (50 - w, top),
            (50 - w, top - ch),
            (50 - w / 2, top - ch * 0.55),
            (50, top - ch * 1.15),
            (50 + w / 2, top - ch * 0.55),
            (50 + w, top - ch),
            (50 + w, top),
        ]
        parts.append(
            '<polygon points="'
            + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            + f'" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1"/>'
        )
        for x, y in [*pts[1:6:2], pts[3]]:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{head_r * 0.13:.1f}" fill="{accent}"/>'
            )
        parts.append(
            f'<rect x="{50 - w:.1f}" y="{top - head_r * 0.25:.1f}" width="{2 * w:.1f}" '
            f'height="{head_r * 0.25:.1f}" fill="{accent}"/>'
        )
        # a sword held upright at the left
        parts.append(
            f'<rect x="17" y="{h * 0.08:.1f}" width="4" height="{sh - h * 0.08:.1f}" '
            f'fill="#cfd4da" '
            f'stroke="{INK}" stroke-width="0.8"/>'
        )
        parts.append(
            f'<rect x="11" y="{sh - 2:.1f}" width="16" height="4" fill="{GOLD}" '
            f'stroke="{GOLD_DARK}" '
            f'stroke-width="0.8"/>'
        )
    elif rank == 12:  # a rounded crown, and a flower held at the right
        w, ch = head_r * 0.95, head_r * 0.8
        parts.append(
            f'<path d="M{50 - w:.1f} {top:.1f} L{50 - w:.1f} {top - ch * 0.6:.1f} '
            f"Q{50 - w / 2:.1f} {top - ch * 1.3:.1f} 50 {top - ch * 0.6:.1f} "
            f"Q{50 + w / 2:.1f} {top - ch * 1.3:.1f} {50 + w:.1f} {top - ch * 0.6:.1f} "
            f'L{50 + w:.1f} {top:.1f} Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="1"/>'
        )
        parts.append(
            f'<circle cx="50" cy="{top - ch * 0.75:.1f}" r="{head_r * 0.16:.1f}" fill="{accent}"/>'
        )
        fx, fy = 80, h * 0.3
        parts.append(
            f'<path d="M{fx:.1f} {fy:.1f} L{fx - 4:.1f} {sh + 4:.1f}" stroke="#3c8a3c" '
            f'stroke-width="2"/>'
        )
        for k in range(5):
            a = 2 * math.pi * k / 5
            parts.append(
                f'<circle cx="{fx + 5 * math.cos(a):.1f}" cy="{fy + 5 * math.sin(a):.1f}" r="4" '
                f'fill="{accent}" stroke="{INK}" stroke-width="0.6"/>'
            )
        parts.append(f'<circle cx="{fx:.1f}" cy="{fy:.1f}" r="3" fill="{GOLD}"/>')
    else:  # the jack: a soft cap with a feather, and a halberd at the right
        parts.append(
            f'<path d="M{50 - head_r * 1.15:.1f} {top + 2:.1f} Q50 {top - head_r * 1.3:.1f} '
            f'{50 + head_r * 1.15:.1f} {top + 2:.1f} Z" fill="{accent}" stroke="{INK}" '
            f'stroke-width="1"/>'
        )
        parts.append(
            f'<rect x="{50 - head_r * 1.2:.1f}" y="{top - 1:.1f}" width="{head_r * 2.4:.1f}" '
            f'height="4" '
            f'fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.6"/>'
        )
        parts.append(
            f'<path d="M{50 + head_r * 0.6:.1f} {top - 1:.1f} Q{50 + head_r * 2.2:.1f} '
            f"{top - head_r * 1.6:.1f} "
            f"{50 + head_r * 2.4:.1f} {top - head_r * 2.1:.1f} Q{50 + head_r * 1.2:.1f} "
            f"{top - head_r * 1.2:.1f} "
            f'{50 + head_r * 0.6:.1f} {top - 1:.1f} Z" fill="#f4f0e0" stroke="{INK}" '
            f'stroke-width="0.7"/>'
        )
        parts.append(
            f'<rect x="80" y="{h * 0.1:.1f}" width="3" height="{sh - h * 0.1:.1f}" fill="#8a5a2a"/>'
        )
        parts.append(
            f'<path d="M81.5 {h * 0.04:.1f} L88 {h * 0.16:.1f} L81.5 {h * 0.2:.1f} L75 '
            f'{h * 0.16:.1f} Z" '
            f'fill="#cfd4da" stroke="{INK}" stroke-width="0.8"/>'
        )
    return "".join(parts)


def court_svg(rank: int, suit_rgb: Colour, aspect: float) -> str:
    """A double-ended court figure (J, Q or K) in its frame, as SVG text;
    `aspect` is the frame's height over its width."""
    h2 = 100 * aspect
    h = h2 / 2
    robe, accent = _hex(suit_rgb), _accent(suit_rgb)
    r, g, b = (255 - (255 - c) // 8 for c in suit_rgb)
    tint = _hex((r, g, b))
    half = _half_figure(rank, robe, accent, h)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 {h2:.1f}">'
        f'<rect x="1" y="1" width="98" height="{h2 - 2:.1f}" rx="4" fill="{tint}"/>'
        f'{half}<g transform="rotate(180 50 {h:.1f})">{half}</g>'
        f'<path d="M2 {h:.1f} L98 {h:.1f}" stroke="{INK}" stroke-width="1"/>'
        f'<rect x="1" y="1" width="98" height="{h2 - 2:.1f}" rx="4" fill="none" stroke="{robe}" '
        f'stroke-width="2"/>'
        "</svg>"
    )


def jester_svg(aspect: float) -> str:
    """The joker: a jester with a three-pointed cap with bells, a ruff and a
    chequered coat, as SVG text for a frame of height/width `aspect`."""
    h2 = 100 * aspect
    hy, hr = h2 * 0.34, 15.0  # the face
    purple, red, green = "#7a2896", "#c8202c", "#2c8a4a"
    cap_base = hy - hr * 0.7
    cap = [
        f'<path d="M{50 - hr:.1f} {cap_base:.1f} Q20 {cap_base - 20:.1f} 10 {cap_base - 6:.1f} '
        f'Q30 {cap_base - 10:.1f} {50 - hr * 0.4:.1f} {cap_base - 4:.1f} Z" fill="{red}" '
        f'stroke="{INK}"/>',
        f'<path d="M{50 - hr * 0.5:.1f} {cap_base - 2:.1f} Q50 {cap_base - 40:.1f} 52 '
        f"{cap_base - 34:.1f} "
        f'Q56 {cap_base - 20:.1f} {50 + hr * 0.5:.1f} {cap_base - 2:.1f} Z" fill="{purple}" '
        f'stroke="{INK}"/>',
        f'<path d="M{50 + hr:.1f} {cap_base:.1f} Q80 {cap_base - 20:.1f} 90 {cap_base - 6:.1f} '
        f'Q70 {cap_base - 10:.1f} {50 + hr * 0.4:.1f} {cap_base - 4:.1f} Z" fill="{green}" '
        f'stroke="{INK}"/>',
        f'<rect x="{50 - hr * 1.05:.1f}" y="{cap_base - 3:.1f}" width="{hr * 2.1:.1f}" height="6" '
        f'rx="2" '
        f'fill="{GOLD}" stroke="{GOLD_DARK}"/>',
    ]
    for x, y in ((10, cap_base - 6), (52, cap_base - 34), (90, cap_base - 6)):
        cap.append(f'<circle cx="{x}" cy="{y:.1f}" r="4" fill="{GOLD}" stroke="{GOLD_DARK}"/>')
    body_top = hy + hr * 1.05
    coat = [
        f'<path d="M12 {h2 - 4:.1f} L20 {body_top + 8:.1f} L80 {body_top + 8:.1f} L88 '
        f'{h2 - 4:.1f} Z" '
        f'fill="{purple}" stroke="{INK}"/>'
    ]
    step = 14.0
    rows = int((h2 - 4 - body_top - 8) // step)
    for r in range(rows):
        for c in range(5):
            if (r + c) % 2:
                continue
            cx, cy = 22 + c * 14, body_top + 8 + step / 2 + r * step
            coat.append(
                f'<path d="M{cx:.1f} {cy - 7:.1f} L{cx + 7:.1f} {cy:.1f} L{cx:.1f} {cy + 7:.1f} '
                f'L{cx - 7:.1f} {cy:.1f} Z" fill="{red}"/>'
            )
    ruff = " ".join(
        f"{50 + 34 * (k - 6) / 6:.1f},{body_top + (16 if k % 2 else 2):.1f}" for k in range(13)
    )
    face = [
        f'<ellipse cx="50" cy="{hy:.1f}" rx="{hr * 0.9:.1f}" ry="{hr:.1f}" fill="{SKIN}" '
        f'stroke="{INK}"/>',
        f'<circle cx="{50 - hr * 0.38:.1f}" cy="{hy - 2:.1f}" r="1.6" fill="{INK}"/>',
        f'<circle cx="{50 + hr * 0.38:.1f}" cy="{hy - 2:.1f}" r="1.6" fill="{INK}"/>',
        f'<circle cx="{50 - hr * 0.55:.1f}" cy="{hy + 4:.1f}" r="2.4" fill="#f0a0a0"/>',
        f'<circle cx="{50 + hr * 0.55:.1f}" cy="{hy + 4:.1f}" r="2.4" fill="#f0a0a0"/>',
        f'<path d="M{50 - hr * 0.5:.1f} {hy + 4:.1f} Q50 {hy + hr * 0.9:.1f} {50 + hr * 0.5:.1f} '
        f'{hy + 4:.1f}" '
        f'fill="none" stroke="#b03030" stroke-width="1.6"/>',
    ]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 {h2:.1f}">'
        + "".join(coat)
        + f'<polygon points="16,{body_top + 2:.1f} {ruff} 84,{body_top + 2:.1f} '
        f'50,{body_top - 6:.1f}" '
        f'fill="#fbf6ea" stroke="{INK}"/>' + "".join(face) + "".join(cap) + "</svg>"
    )


def bust_svg(rank: int, suit_rgb: Colour) -> str:
    """The upper half of a court figure alone (no frame), for small cards."""
    h = 100.0
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 {h:.0f}">'
        f"{_half_figure(rank, _hex(suit_rgb), _accent(suit_rgb), h)}</svg>"
    )


def svg_image(svg: str, size: tuple[int, int]) -> pygame.Surface:
    """SVG text drawn at `size` (fitted, the aspect kept) by pygame-ce's SVG loader."""
    return pygame.image.load_sized_svg(
        io.BytesIO(svg.encode("utf-8")), (max(1, size[0]), max(1, size[1]))
    )


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
    """A court card's double-ended figure, with the suit on its chests."""
    symbol = suit_symbol(card.suit)
    frame = pygame.Rect(int(W * 0.2), int(H * 0.075), int(W * 0.6), int(H * 0.85))
    s.blit(svg_image(court_svg(card.rank, colour, frame.h / frame.w), frame.size), frame.topleft)
    # the suit on the chest of both halves, drawn with the font (SVG here has no text)
    small = fonts.render(symbol, int(H * 0.075), colour)
    badge = pygame.Surface((small.get_width() + 4, small.get_height()), pygame.SRCALPHA)
    pygame.draw.ellipse(badge, (251, 246, 234), badge.get_rect())
    badge.blit(small, small.get_rect(center=badge.get_rect().center))
    chest = frame.h * 0.5 * 0.86
    _blit_centered(s, badge, frame.centerx, frame.top + chest)
    _blit_centered(s, pygame.transform.rotate(badge, 180), frame.centerx, frame.bottom - chest)


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


def draw_felt(size: tuple[int, int]) -> pygame.Surface:
    """Green baize: a soft radial light in the middle and a fine grain."""
    w, h = size
    small = _felt_light()
    shown = pygame.display.get_surface() is not None
    if shown:  # scaled up in the display's pixel format: no window-sized convert after
        small = small.convert()
    felt = pygame.transform.smoothscale(small, (max(1, w), max(1, h)))
    grain = _grain()
    if shown:
        # in the display's pixel format the grain's blits are several times faster
        grain = grain.convert()
        grain.set_alpha(10)
    for gy in range(0, h, grain.get_height()):
        for gx in range(0, w, grain.get_width()):
            felt.blit(grain, (gx, gy))
    return felt


def _felt_light() -> pygame.Surface:
    """The felt's light, 48x30: bright in the middle, dark at the edges."""
    (r, g, b), (er, eg, eb) = (38, 122, 72), (12, 62, 36)
    pixels = bytearray()
    for y in range(30):
        dy = ((y - 13) / 19) ** 2
        for x in range(48):
            t = min(1.0, ((x - 23.5) / 26) ** 2 + dy)  # the distance squared
            pixels += bytes((int(r + (er - r) * t), int(g + (eg - g) * t), int(b + (eb - b) * t)))
    return pygame.image.frombuffer(bytes(pixels), (48, 30), "RGB")


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
