"""The court figures and the jester, written as SVG text.

Each court card shows a double-ended figure, as printed cards do: one half
is drawn in a 100 x 100 box and turned about the middle line for the other.
The king wears a tall arched crown over white hair and a full beard, an
ermine collar, and holds a sword; the queen a smaller crown over long golden
hair and a pearl necklace, and holds a rose; the jack a feathered cap over a
brown bob, and holds a halberd. The robe is the suit's colour (so the four-
colour deck shows green clubs and blue diamonds) with a patterned gold panel
and sleeves of a second colour; the suit's sign stands in the corner beside
the head. The joker is a whole jester: a three-pointed cap with bells, a
ruff, a harlequin coat, a bauble held up, curled shoes.

pygame-ce draws SVG with SDL_image's nanosvg: paths, shapes, gradients and
transforms, but no text, clip paths or <use>: the suit signs are paths here
and the turned half is the same text written twice.
"""

from __future__ import annotations

import math

Colour = tuple[int, int, int]

SKIN = "#f6d7b4"
GOLD = "#e0ac2a"
GOLD_DARK = "#9c6d10"
INK = "#222228"
CREAM = "#fbf6ea"
SILVER = "#d6dbe2"
LIPS = "#c0383a"

# Suit signs as paths in a 20 x 20 box centred on (10, 10).
SUIT_PATHS: dict[str, str] = {
    "H": "M10 18 C4 13 1 9.5 1 6.2 C1 3.2 3.3 1.2 5.8 1.2 C7.7 1.2 9.2 2.4 10 4 "
    "C10.8 2.4 12.3 1.2 14.2 1.2 C16.7 1.2 19 3.2 19 6.2 C19 9.5 16 13 10 18 Z",
    "D": "M10 0.6 L17.4 10 L10 19.4 L2.6 10 Z",
    "S": "M10 1 C13 5.5 19 8.2 19 12.2 C19 14.8 17 16.4 14.8 16.4 C13.2 16.4 11.8 15.6 "
    "11 14.2 C11.2 16.4 12.2 18 14 19 L6 19 C7.8 18 8.8 16.4 9 14.2 C8.2 15.6 6.8 16.4 "
    "5.2 16.4 C3 16.4 1 14.8 1 12.2 C1 8.2 7 5.5 10 1 Z",
    "C": "M10 1.4 A4.3 4.3 0 0 1 13.6 8.2 A4.3 4.3 0 1 1 11.2 14.6 C11.4 16.6 12.4 18 14 19 "
    "L6 19 C7.6 18 8.6 16.6 8.8 14.6 A4.3 4.3 0 1 1 6.4 8.2 A4.3 4.3 0 0 1 10 1.4 Z",
}


def hex_colour(c: Colour) -> str:
    return f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}"


def accent_for(suit_rgb: Colour) -> str:
    """The sleeves' colour: blue beside a red robe, red beside any other."""
    r, g, _b = suit_rgb
    return "#2f56b0" if r > 150 and g < 80 else "#c8202c"


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def suit_sign(suit: str, colour: str, cx: float, cy: float, size: float) -> str:
    """The suit's sign as a path, `size` units high, centred on (cx, cy)."""
    k = size / 20
    return (
        f'<path transform="translate({_f(cx - 10 * k)} {_f(cy - 10 * k)}) scale({k:.3f})" '
        f'd="{SUIT_PATHS[suit]}" fill="{colour}"/>'
    )


def _eyes(cx: float, cy: float, r: float) -> str:
    out = []
    for side in (-1, 1):
        ex = cx + side * r * 0.4
        out.append(
            f'<ellipse cx="{_f(ex)}" cy="{_f(cy)}" rx="{_f(r * 0.19)}" ry="{_f(r * 0.1)}" '
            f'fill="#ffffff" stroke="{INK}" stroke-width="0.5"/>'
            f'<circle cx="{_f(ex + side * r * 0.02)}" cy="{_f(cy)}" r="{_f(r * 0.075)}" '
            f'fill="#2b3550"/>'
            f'<path d="M{_f(ex - r * 0.22)} {_f(cy - r * 0.2 + side * 0)} Q{_f(ex)} '
            f'{_f(cy - r * 0.34)} {_f(ex + r * 0.22)} {_f(cy - r * 0.2)}" fill="none" '
            f'stroke="#5a3a1c" stroke-width="{_f(r * 0.07)}"/>'
        )
    return "".join(out)


def face(cx: float, cy: float, r: float, smile: float = 0.0) -> str:
    """A face seen from the front: the skin, eyes and brows, nose, cheeks, lips."""
    return (
        f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(r * 0.86)}" ry="{_f(r)}" fill="{SKIN}" '
        f'stroke="{INK}" stroke-width="0.9"/>'
        + _eyes(cx, cy - r * 0.08, r)
        + f'<path d="M{_f(cx - r * 0.02)} {_f(cy)} Q{_f(cx - r * 0.12)} {_f(cy + r * 0.26)} '
        f'{_f(cx + r * 0.04)} {_f(cy + r * 0.32)}" fill="none" stroke="#b07850" '
        f'stroke-width="0.8"/>'
        + "".join(
            f'<circle cx="{_f(cx + s * r * 0.5)}" cy="{_f(cy + r * 0.3)}" r="{_f(r * 0.16)}" '
            f'fill="#eb8f86" fill-opacity="0.45"/>'
            for s in (-1, 1)
        )
        + f'<path d="M{_f(cx - r * 0.24)} {_f(cy + r * 0.55)} Q{_f(cx)} '
        f"{_f(cy + r * (0.62 + smile))} {_f(cx + r * 0.24)} {_f(cy + r * 0.55)} Q{_f(cx)} "
        f'{_f(cy + r * 0.5)} {_f(cx - r * 0.24)} {_f(cy + r * 0.55)} Z" fill="{LIPS}" '
        f'stroke="{LIPS}" stroke-width="0.6"/>'
    )


def _robe(robe: str, accent: str, rank: int) -> str:
    """Shoulders and chest from y 62 to the middle line, at 100."""
    parts = [
        # the sleeves first, in the second colour, under the robe's shoulders
        f'<path d="M0 100 L0 78 Q2 66 20 62 L30 100 Z" fill="{accent}" stroke="{INK}" '
        f'stroke-width="0.9"/>',
        f'<path d="M100 100 L100 78 Q98 66 80 62 L70 100 Z" fill="{accent}" stroke="{INK}" '
        f'stroke-width="0.9"/>',
        # shade on the outer sleeves: a body, not a cut-out
        '<path d="M0 100 L0 78 Q2 68 10 64 L12 100 Z" fill="#000000" fill-opacity="0.18"/>',
        '<path d="M100 100 L100 78 Q98 68 90 64 L88 100 Z" fill="#000000" fill-opacity="0.18"/>',
        # the robe, in the suit's colour
        f'<path d="M10 100 L14 70 Q18 62 34 60 L66 60 Q82 62 86 70 L90 100 Z" fill="{robe}" '
        f'stroke="{INK}" stroke-width="0.9"/>',
        # folds
        f'<path d="M22 100 Q24 84 20 72 M78 100 Q76 84 80 72" fill="none" stroke="{INK}" '
        f'stroke-opacity="0.45" stroke-width="0.8"/>',
        # the gold panel down the chest, with a pattern of the second colour
        f'<path d="M38 100 L40 66 L60 66 L62 100 Z" fill="{GOLD}" stroke="{GOLD_DARK}" '
        f'stroke-width="0.8"/>',
    ]
    for k in range(4):
        y = 72 + k * 7.5
        parts.append(
            f'<path d="M50 {_f(y - 3.2)} L53.4 {_f(y)} L50 {_f(y + 3.2)} L46.6 {_f(y)} Z" '
            f'fill="{accent}" stroke="{INK}" stroke-width="0.4"/>'
        )
        parts.append(f'<circle cx="42.6" cy="{_f(y + 3.6)}" r="0.9" fill="{INK}"/>')
        parts.append(f'<circle cx="57.4" cy="{_f(y + 3.6)}" r="0.9" fill="{INK}"/>')
    # black trim bands on the sleeves, as on printed court cards
    for x0, x1 in ((6, 9), (91, 94)):
        parts.append(
            f'<path d="M{x0} 100 L{x0 + 1} 72 L{x1 + 1} 70 L{x1} 100 Z" fill="{INK}" '
            f'fill-opacity="0.85"/>'
        )
    if rank == 13:  # an ermine collar across the shoulders
        parts.append(
            f'<path d="M16 70 Q20 60 36 58 L64 58 Q80 60 84 70 Q66 64 50 72 Q34 64 16 70 Z" '
            f'fill="#fbfbf6" stroke="{INK}" stroke-width="0.8"/>'
        )
        parts.extend(
            f'<path d="M{_f(x)} 63 l1 2.6 l-2 0 Z" fill="{INK}"/>' for x in (24, 32, 41, 59, 68, 76)
        )
    elif rank == 12:  # a square neckline and a string of pearls
        parts.append(
            f'<path d="M38 60 L40 70 L60 70 L62 60 Z" fill="{SKIN}" stroke="{INK}" '
            f'stroke-width="0.7"/>'
        )
        for k in range(9):
            a = math.pi * (0.15 + 0.7 * k / 8)
            parts.append(
                f'<circle cx="{_f(50 - 11 * math.cos(a))}" cy="{_f(60 + 7 * math.sin(a))}" '
                f'r="1.3" fill="#fffdf4" stroke="#8a8a80" stroke-width="0.3"/>'
            )
    else:  # a standing gold collar with buttons
        parts.append(
            f'<path d="M36 60 L50 70 L64 60 L62 66 L50 74 L38 66 Z" fill="{GOLD}" '
            f'stroke="{GOLD_DARK}" stroke-width="0.8"/>'
        )
    return "".join(parts)


def _king_head(accent: str) -> str:
    hair = "#ece8dc"
    return (
        # white hair behind the face, to the shoulders
        f'<path d="M33 34 Q32 58 38 62 L62 62 Q68 58 67 34 Q50 26 33 34 Z" fill="{hair}" '
        f'stroke="{INK}" stroke-width="0.8"/>'
        f'<rect x="45" y="50" width="10" height="10" fill="{SKIN}"/>'
        + face(50, 42, 13.5)
        # the beard and the moustache over the lower face
        + f'<path d="M38.5 44 Q38 58 44 63 Q47 66 50 67 Q53 66 56 63 Q62 58 61.5 44 '
        f'Q58 52 54 51 Q50 49 46 51 Q42 52 38.5 44 Z" fill="{hair}" stroke="{INK}" '
        f'stroke-width="0.7"/>'
        '<path d="M43 56 Q45 61 47 58 M50 59 L50 64 M57 56 Q55 61 53 58" fill="none" '
        'stroke="#a8a498" stroke-width="0.6"/>'
        f'<path d="M50 50.5 Q44 48 41 52 Q45 51 50 52.5 Q55 51 59 52 Q56 48 50 50.5 Z" '
        f'fill="{hair}" stroke="{INK}" stroke-width="0.6"/>'
        # the crown: a red cap under gold arches, points with jewels, a cross
        f'<path d="M37 30 Q38 14 50 12 Q62 14 63 30 Z" fill="{accent}" stroke="{INK}" '
        f'stroke-width="0.7"/>'
        f'<path d="M36 31 L35 17 L40.5 23 L45 13 L50 21 L55 13 L59.5 23 L65 17 L64 31 Z" '
        f'fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.9"/>'
        f'<path d="M40 24 Q50 8 60 24" fill="none" stroke="{GOLD_DARK}" stroke-width="1.2"/>'
        f'<path d="M50 11 L50 4 M47.2 6.6 L52.8 6.6" stroke="{GOLD_DARK}" stroke-width="1.6"/>'
        f'<rect x="35" y="27" width="30" height="5" rx="1" fill="#fbfbf6" stroke="{INK}" '
        f'stroke-width="0.6"/>'
        + "".join(
            f'<path d="M{x} 28.4 l0.8 2 l-1.6 0 Z" fill="{INK}"/>' for x in (39, 45, 51, 57, 62)
        )
        + "".join(
            f'<circle cx="{x}" cy="{y}" r="1.6" fill="{c}" stroke="{GOLD_DARK}" '
            f'stroke-width="0.4"/>'
            for x, y, c in (
                (35, 17, accent),
                (45, 13, "#2c8a4a"),
                (55, 13, "#2c8a4a"),
                (65, 17, accent),
                (50, 21, accent),
            )
        )
    )


def _queen_head(accent: str) -> str:
    hair = "#e2b24a"
    return (
        # long golden hair behind, falling past the shoulders
        f'<path d="M34 40 Q30 22 50 20 Q70 22 66 40 Q72 48 68 54 Q74 60 72 68 L60 66 L40 66 '
        f'L28 68 Q26 60 32 54 Q28 48 34 40 Z" fill="{hair}" stroke="{INK}" '
        f'stroke-width="0.8"/>'
        '<path d="M34 46 Q33 58 29 66 M66 46 Q67 58 71 66" fill="none" stroke="#a87a22" '
        'stroke-width="0.7"/>'
        f'<rect x="45.5" y="50" width="9" height="11" fill="{SKIN}"/>'
        + face(50, 42, 12.8, smile=0.06)
        # a parting and a fringe of hair over the brow
        + f'<path d="M37.5 38 Q40 29 50 29 Q60 29 62.5 38 Q56 32 50 33 Q44 32 37.5 38 Z" '
        f'fill="{hair}" stroke="{INK}" stroke-width="0.6"/>'
        # a coronet: a band with three rounded points and pearls
        f'<path d="M38 31 L37 22 Q40 25 43 21 Q46.5 15 50 12 Q53.5 15 57 21 Q60 25 63 22 '
        f'L62 31 Z" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.9"/>'
        f'<rect x="37.5" y="28" width="25" height="3.6" rx="1" fill="{accent}"/>'
        + "".join(
            f'<circle cx="{x}" cy="{y}" r="1.5" fill="#fffdf4" stroke="#8a8a80" '
            f'stroke-width="0.3"/>'
            for x, y in ((37, 22), (50, 12), (63, 22))
        )
        + f'<circle cx="50" cy="22" r="2.2" fill="{accent}" stroke="{GOLD_DARK}" '
        f'stroke-width="0.4"/>'
    )


def _jack_head(accent: str) -> str:
    hair = "#7a4a22"
    return (
        # a brown bob to the jaw
        f'<path d="M35 38 Q34 60 40 61 L60 61 Q66 60 65 38 Q50 28 35 38 Z" fill="{hair}" '
        f'stroke="{INK}" stroke-width="0.8"/>'
        f'<rect x="45.5" y="50" width="9" height="11" fill="{SKIN}"/>'
        + face(50, 43, 12.5, smile=0.04)
        # a fringe, and a small moustache
        + f'<path d="M38 40 Q39 31 50 31 Q61 31 62 40 Q56 35 50 36.5 Q44 35 38 40 Z" '
        f'fill="{hair}" stroke="{INK}" stroke-width="0.6"/>'
        f'<path d="M50 50.6 Q46 49.6 44 51.6 Q47 51.4 50 52 Q53 51.4 56 51.6 Q54 49.6 50 50.6 Z" '
        f'fill="{hair}"/>'
        # a flat cap with a gold band, and a feather sweeping back
        f'<path d="M33 33 Q34 19 50 18 Q67 19 68 32 Q50 28 33 33 Z" fill="{accent}" '
        f'stroke="{INK}" stroke-width="0.8"/>'
        f'<path d="M34 33 Q50 27 67 32 L67 35 Q50 30 34 36 Z" fill="{GOLD}" '
        f'stroke="{GOLD_DARK}" stroke-width="0.6"/>'
        f'<path d="M60 24 Q76 12 86 4 Q80 14 74 18 Q82 15 84 13 Q76 24 62 27 Z" '
        f'fill="#fbfbf6" stroke="{INK}" stroke-width="0.6"/>'
        '<path d="M61 25.5 Q74 16 85 5" fill="none" stroke="#9a9a90" stroke-width="0.5"/>'
    )


def _sword() -> str:
    """The king's sword, upright at the left, hilt in his hand."""
    return (
        f'<path d="M14 4 L17 0 L20 4 L20 70 L14 70 Z" fill="{SILVER}" stroke="{INK}" '
        f'stroke-width="0.7"/>'
        '<path d="M17 3 L17 68" stroke="#a9b0ba" stroke-width="0.8"/>'
        f'<rect x="8" y="70" width="18" height="3.6" rx="1.4" fill="{GOLD}" stroke="{GOLD_DARK}" '
        f'stroke-width="0.6"/>'
        f'<rect x="15" y="73.6" width="4" height="9" fill="#6a3a1a"/>'
        f'<ellipse cx="17" cy="78" rx="5" ry="4" fill="{SKIN}" stroke="{INK}" '
        f'stroke-width="0.7"/>'
    )


def _rose(accent: str) -> str:
    """The queen's rose, held at the right."""
    petals = "".join(
        f'<circle cx="{_f(82 + 4.2 * math.cos(a))}" cy="{_f(38 + 4.2 * math.sin(a))}" r="4" '
        f'fill="{accent}" stroke="{INK}" stroke-width="0.5"/>'
        for a in (2 * math.pi * k / 5 - math.pi / 2 for k in range(5))
    )
    return (
        '<path d="M82 40 Q80 58 78 76" fill="none" stroke="#2f7a34" stroke-width="1.8"/>'
        '<path d="M80 56 Q72 50 70 54 Q74 58 80 56 Z" fill="#3c9a44" stroke="#1f5a24" '
        'stroke-width="0.4"/>'
        + petals
        + f'<circle cx="82" cy="38" r="2.6" fill="{GOLD}" stroke="{GOLD_DARK}" '
        f'stroke-width="0.4"/>'
        f'<ellipse cx="78" cy="77" rx="4.6" ry="3.8" fill="{SKIN}" stroke="{INK}" '
        f'stroke-width="0.7"/>'
    )


def _halberd() -> str:
    """The jack's halberd, held upright at the right."""
    return (
        '<rect x="81.5" y="10" width="3" height="72" fill="#8a5a2a" stroke="#4a2a10" '
        'stroke-width="0.5"/>'
        f'<path d="M83 0 L86 10 L80 10 Z M84.5 12 Q95 14 96 24 Q90 20 84.5 22 Z '
        f'M81.5 13 L75 17 L81.5 20 Z" fill="{SILVER}" stroke="{INK}" stroke-width="0.6"/>'
        f'<ellipse cx="83" cy="78" rx="4.6" ry="3.8" fill="{SKIN}" stroke="{INK}" '
        f'stroke-width="0.7"/>'
    )


def half_figure(rank: int, suit: str, robe: str, accent: str, sign: str) -> str:
    """One half of a court figure in a 100 x 100 box, its middle line at y = 100."""
    held = _sword() if rank == 13 else _rose(accent) if rank == 12 else _halberd()
    # the suit's sign in the corner beside the head, away from what is held
    sx = 84 if rank == 13 else 15
    return (
        _robe(robe, accent, rank) + _head(rank, accent) + held + suit_sign(suit, sign, sx, 14, 15)
    )


def _head(rank: int, accent: str) -> str:
    """The rank's head, a little larger than life as on printed cards: it is
    what a player recognises."""
    head = {13: _king_head, 12: _queen_head}.get(rank, _jack_head)(accent)
    return f'<g transform="translate(50 62) scale(1.14) translate(-50 -62)">{head}</g>'


def court_svg(rank: int, suit: str, suit_rgb: Colour, aspect: float) -> str:
    """A double-ended court figure (J, Q or K of `suit`) in its frame, as SVG
    text; `aspect` is the frame's height over its width."""
    h2 = 100 * aspect
    h = h2 / 2
    robe, accent = hex_colour(suit_rgb), accent_for(suit_rgb)
    tint = hex_colour(tuple(255 - (255 - c) // 10 for c in suit_rgb))  # type: ignore[arg-type]
    # the half fits the frame's width, or its height where the frame is squat,
    # and stands on the middle line
    k = min(1.0, (h - 2) / 100)
    place = f"translate({_f(50 - 50 * k)} {_f(h - 100 * k)}) scale({k:.4f})"
    half = f'<g transform="{place}">{half_figure(rank, suit, robe, accent, robe)}</g>'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 {_f(h2)}">'
        f'<rect x="1" y="1" width="98" height="{_f(h2 - 2)}" rx="3" fill="{tint}"/>'
        f'{half}<g transform="rotate(180 50 {_f(h)})">{half}</g>'
        f'<path d="M2 {_f(h)} L98 {_f(h)}" stroke="{INK}" stroke-width="0.8"/>'
        f'<rect x="1" y="1" width="98" height="{_f(h2 - 2)}" rx="3" fill="none" '
        f'stroke="{robe}" stroke-width="1.6"/>'
        f'<rect x="3.2" y="3.2" width="93.6" height="{_f(h2 - 6.4)}" rx="2" fill="none" '
        f'stroke="{GOLD}" stroke-width="0.8"/>'
        "</svg>"
    )


def bust_svg(rank: int, suit_rgb: Colour) -> str:
    """The upper half of a court figure alone (no frame, no sign), for small
    cards: the head and shoulders, closer than on a full card."""
    robe, accent = hex_colour(suit_rgb), accent_for(suit_rgb)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="14 4 72 96">'
        f"{_robe(robe, accent, rank)}{_head(rank, accent)}</svg>"
    )


def jester_svg(aspect: float) -> str:
    """The joker: a jester standing, one hand holding up a bauble on a stick,
    in a three-pointed cap with bells, a ruff and a harlequin coat, in a frame
    of height/width `aspect`."""
    h2 = 100 * aspect
    k = min(1.0, h2 / 190)  # the figure is drawn 190 units tall
    place = f"translate({_f(50 - 50 * k)} {_f((h2 - 190 * k) / 2)}) scale({k:.4f})"
    purple, red, green = "#7a2896", "#c8202c", "#2c8a4a"
    parts = [
        # the bauble on its stick, behind the raised arm
        '<path d="M84 100 L84 34" stroke="#8a5a2a" stroke-width="2.4"/>',
        f'<circle cx="84" cy="28" r="7" fill="{SKIN}" stroke="{INK}" stroke-width="0.8"/>',
        f'<path d="M77 26 Q76 16 70 12 L80 22 Z M91 26 Q92 16 98 12 L88 22 Z" fill="{red}" '
        f'stroke="{INK}" stroke-width="0.6"/>',
        f'<circle cx="70" cy="12" r="2.2" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.5"/>',
        f'<circle cx="98" cy="12" r="2.2" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.5"/>',
        # legs in two colours, and curled shoes with bells
        f'<path d="M38 142 L36 176 L46 176 L48 142 Z" fill="{red}" stroke="{INK}" '
        f'stroke-width="0.8"/>',
        f'<path d="M52 142 L54 176 L64 176 L62 142 Z" fill="{green}" stroke="{INK}" '
        f'stroke-width="0.8"/>',
        f'<path d="M46 176 L34 176 Q24 178 20 170 Q24 184 46 184 Z" fill="{purple}" '
        f'stroke="{INK}" stroke-width="0.8"/>',
        f'<path d="M54 176 L66 176 Q76 178 80 170 Q76 184 54 184 Z" fill="{purple}" '
        f'stroke="{INK}" stroke-width="0.8"/>',
        f'<circle cx="20" cy="170" r="2.6" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.5"/>',
        f'<circle cx="80" cy="170" r="2.6" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.5"/>',
        # the arms: the left on the hip, the right raised to the stick
        f'<path d="M30 84 Q16 100 24 118 L32 116 Q28 102 36 92 Z" fill="{green}" '
        f'stroke="{INK}" stroke-width="0.8"/>',
        f'<circle cx="28" cy="118" r="4.6" fill="{SKIN}" stroke="{INK}" stroke-width="0.7"/>',
        f'<path d="M66 84 Q80 80 82 64 L88 66 Q88 90 70 96 Z" fill="{red}" stroke="{INK}" '
        f'stroke-width="0.8"/>',
        f'<circle cx="85" cy="62" r="4.6" fill="{SKIN}" stroke="{INK}" stroke-width="0.7"/>',
        # the coat: halves of two colours, with diamonds and a gold hem of points
        f'<path d="M30 80 L50 76 L50 144 L28 144 Q26 110 30 80 Z" fill="{purple}" '
        f'stroke="{INK}" stroke-width="0.8"/>',
        f'<path d="M70 80 L50 76 L50 144 L72 144 Q74 110 70 80 Z" fill="{GOLD}" '
        f'stroke="{INK}" stroke-width="0.8"/>',
    ]
    for row in range(4):
        y = 90 + row * 14
        parts.append(
            f'<path d="M39 {y - 6} L44 {y} L39 {y + 6} L34 {y} Z" fill="{GOLD}" '
            f'stroke="{INK}" stroke-width="0.4"/>'
        )
        parts.append(
            f'<path d="M61 {y - 6} L66 {y} L61 {y + 6} L56 {y} Z" fill="{purple}" '
            f'stroke="{INK}" stroke-width="0.4"/>'
        )
    hem = " ".join(f"{28 + 4.4 * j:.1f},{144 + (8 if j % 2 else 0)}" for j in range(11))
    parts.append(
        f'<polygon points="28,144 {hem} 72,144" fill="{red}" stroke="{INK}" stroke-width="0.6"/>'
    )
    parts.extend(
        f'<circle cx="50" cy="{y}" r="1.8" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.4"/>'
        for y in (96, 110, 124)
    )
    # the ruff, the face and the cap
    ruff = " ".join(
        f"{50 + 26 * math.cos(a):.1f},{80 + 9 * math.sin(a) + (3 if j % 2 else -2):.1f}"
        for j, a in enumerate(math.pi * (0.05 + 0.9 * j / 14) for j in range(15))
    )
    parts.append(
        f'<polygon points="22,78 {ruff} 78,78 50,70" fill="{CREAM}" stroke="{INK}" '
        'stroke-width="0.7"/>'
    )
    parts.append(face(50, 56, 14, smile=0.22))
    parts.append(
        f'<path d="M36 48 Q24 30 8 34 Q20 38 30 50 Z" fill="{red}" stroke="{INK}" '
        f'stroke-width="0.8"/>'
        f'<path d="M42 44 Q44 18 54 6 Q58 24 58 44 Z" fill="{purple}" stroke="{INK}" '
        f'stroke-width="0.8"/>'
        f'<path d="M64 48 Q76 30 92 34 Q80 38 70 50 Z" fill="{green}" stroke="{INK}" '
        f'stroke-width="0.8"/>'
        f'<path d="M35 50 Q50 38 65 50 L64 46 Q50 36 36 46 Z" fill="{GOLD}" '
        f'stroke="{GOLD_DARK}" stroke-width="0.8"/>'
    )
    parts.extend(
        f'<circle cx="{x}" cy="{y}" r="3.4" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.6"/>'
        for x, y in ((8, 34), (54, 6), (92, 34))
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 {_f(h2)}">'
        f'<g transform="{place}">{"".join(parts)}</g></svg>'
    )
