"""The cloth of the table, the soft areas on it and the shadows cards cast.

The felt is made once per window size (art/cache.py keeps one): a light map
of 64 x 40 pixels (a warm spot above the middle, falling off to a dark rim,
the vignette) smoothscaled to the window, then a twill weave and a grain of
noise laid over it from two small tiles, one lightening and one darkening,
so the cloth has a nap without changing its colour.

The players' areas are soft: a shade whose edge fades over a few pixels and
a faint rim of the seat's colour, not a box with a line. A card's shadow is
a blurred rounded rectangle, larger and softer for a card that is lifted.
"""

from __future__ import annotations

import math
import random

import pygame

Colour = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

FELT_MIDDLE: Colour = (44, 132, 80)  # under the lamp
FELT_EDGE: Colour = (10, 54, 32)  # the table's rim, in the vignette
LIGHT_SIZE = (64, 40)
TILE = 64  # the weave's and the grain's tile


def felt_light() -> pygame.Surface:
    """The felt's light, 64 x 40: a soft spot above the middle, dark at the rim."""
    w, h = LIGHT_SIZE
    (r0, g0, b0), (r1, g1, b1) = FELT_MIDDLE, FELT_EDGE
    pixels = bytearray()
    for y in range(h):
        dy = (y - h * 0.42) / (h * 0.62)
        for x in range(w):
            dx = (x - (w - 1) / 2) / (w * 0.58)
            d = math.sqrt(dx * dx + dy * dy)
            # smoothstep: a lamp's pool of light with no ring at its edge
            t = min(1.0, max(0.0, (d - 0.15) / 0.95))
            t = t * t * (3 - 2 * t)
            pixels += bytes(
                (int(r0 + (r1 - r0) * t), int(g0 + (g1 - g0) * t), int(b0 + (b1 - b0) * t))
            )
    return pygame.image.frombuffer(bytes(pixels), (w, h), "RGB")


_TILES: list[pygame.Surface] = []


def weave_tiles() -> tuple[pygame.Surface, pygame.Surface]:
    """Two tiles of the cloth's nap: what is added to the light, what is taken off.

    A twill (diagonal threads, two pixels wide) and a fine grain of noise,
    each a few levels of 255 at most: seen, not noticed."""
    if not _TILES:
        noise = random.Random(5).randbytes(TILE * TILE)
        # the twill's diagonal threads, the weft fainter across them, and a grain
        nap = [
            (3 if (x + y) % 4 < 2 else 0) + ((x - y) % 8 == 0) + noise[y * TILE + x] % 7 - 3
            for y in range(TILE)
            for x in range(TILE)
        ]
        add = bytes(max(0, v) for v in nap for _ in range(3))
        sub = bytes(max(0, 1 - v) for v in nap for _ in range(3))
        _TILES.append(pygame.image.frombuffer(bytes(add), (TILE, TILE), "RGB").copy())
        _TILES.append(pygame.image.frombuffer(bytes(sub), (TILE, TILE), "RGB").copy())
    return _TILES[0], _TILES[1]


def draw_felt(size: tuple[int, int]) -> pygame.Surface:
    """Green baize at `size`: the lamp's light and the rim's shade, with a weave."""
    w, h = max(1, size[0]), max(1, size[1])
    small = felt_light()
    shown = pygame.display.get_surface() is not None
    if shown:  # scaled up in the display's pixel format: no window-sized convert after
        small = small.convert()
    felt = pygame.transform.smoothscale(small, (w, h))
    add, sub = weave_tiles()
    if shown:  # in the display's pixel format the tiles' blits are several times faster
        add, sub = add.convert(), sub.convert()
    for gy in range(0, h, TILE):
        for gx in range(0, w, TILE):
            felt.blit(add, (gx, gy), special_flags=pygame.BLEND_RGB_ADD)
            felt.blit(sub, (gx, gy), special_flags=pygame.BLEND_RGB_SUB)
    return felt


def soft_area(
    size: tuple[int, int], shade: RGBA | None, rim: RGBA | None, radius: int = 18
) -> pygame.Surface:
    """A player's area on the felt: a shade whose edge fades out over a few
    pixels, and a faint rim of `rim`'s colour just inside it."""
    w, h = size
    layer = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    feather = max(2, min(8, min(w, h) // 12))
    if shade is not None:
        r, g, b, a = shade
        # rings of growing alpha inward, each drawn over the outer half of the
        # one before (no blending: draw.rect writes the alpha as given), so the
        # edge fades rather than stops; then the inside at the full shade
        for k in range(feather):
            rect = layer.get_rect().inflate(-2 * k, -2 * k)
            pygame.draw.rect(
                layer,
                (r, g, b, a * (k + 1) // feather),
                rect,
                width=2,
                border_radius=max(2, radius - k),
            )
        inside = layer.get_rect().inflate(-2 * feather, -2 * feather)
        pygame.draw.rect(layer, shade, inside, border_radius=max(2, radius - feather))
    if rim is not None:
        r, g, b, a = rim
        for k, share in enumerate((0.35, 1.0, 0.35)):
            rect = layer.get_rect().inflate(-2 * (feather + k - 1), -2 * (feather + k - 1))
            pygame.draw.rect(
                layer, (r, g, b, int(a * share)), rect, width=1, border_radius=max(2, radius - k)
            )
    return layer


SHADOW_ALPHA = 125


def shadow_pad(h: int, lifted: bool) -> int:
    """How far a card's shadow reaches past the card, for a card `h` high."""
    return max(3, h // (9 if lifted else 18))


def shadow_offset(h: int, lifted: bool) -> tuple[int, int]:
    """Where a card's shadow sits against the card: down and a little right,
    further for a lifted card (the light is above the table)."""
    d = max(2, h // (13 if lifted else 32))
    return (d // 2, d)


def card_shadow(w: int, h: int, lifted: bool = False) -> pygame.Surface:
    """The soft shadow of a w x h card, `shadow_pad` larger on each side."""
    pad = shadow_pad(h, lifted)
    img = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    alpha = SHADOW_ALPHA - (30 if lifted else 0)  # a higher card's shadow is fainter
    pygame.draw.rect(img, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=max(3, int(w * 0.075)))
    return pygame.transform.gaussian_blur(img, max(1, pad // 2))


def shadow_reach(x: int, y: int, w: int, h: int, lifted: bool) -> tuple[int, int, int, int]:
    """The rectangle a card at (x, y, w, h) and its shadow cover together."""
    pad = shadow_pad(h, lifted)
    dx, dy = shadow_offset(h, lifted)
    left, top = min(x, x + dx - pad), min(y, y + dy - pad)
    right, bottom = max(x + w, x + dx + w + pad), max(y + h, y + dy + h + pad)
    return (left, top, right - left, bottom - top)
