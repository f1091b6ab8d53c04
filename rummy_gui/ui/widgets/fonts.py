"""The bundled DejaVu fonts, cached per size.

pygame's default font has no ♠♥♦♣, so every piece of text, suit symbols
included, is drawn with DejaVu Sans from the package's assets. If a font file
is missing or can not be read, pygame's default font stands in (one warning
on stderr naming the file) and the game goes on.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
_warned: set[str] = set()


# A font at one size holds ~0.2 MB with its glyphs, and the card art asks for
# one per card size (cards in flight change size every frame): the sizes in use
# now stay, the others are loaded again when asked for.
FONT_CACHE = 40


@lru_cache(maxsize=FONT_CACHE)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = FONT_DIR / name
    px = max(6, int(size))
    try:
        loaded = pygame.font.Font(str(path), px)
        loaded.size("A♠")  # a damaged file opens, then fails on first use: find out now
        return loaded
    except (OSError, pygame.error, RuntimeError) as e:
        if str(path) not in _warned:
            _warned.add(str(path))
            print(
                f"rummy-gui: font {path} could not be loaded ({e}); using pygame's default font",
                file=sys.stderr,
            )
        fallback = pygame.font.Font(None, px)
        fallback.bold = bold
        return fallback


def render(
    text: str,
    size: int,
    colour: tuple[int, int, int],
    bold: bool = False,
    wrap: int = 0,
    centred: bool = False,
) -> pygame.Surface:
    """`text` in one surface; with `wrap` its lines break at words to stay within
    that many pixels (pygame-ce's wraplength), each line `centred` or to the left."""
    f = font(size, bold)
    if wrap <= 0:
        return f.render(text, True, colour)
    f.align = pygame.FONT_CENTER if centred else pygame.FONT_LEFT
    try:
        return f.render(text, True, colour, None, wrap)
    finally:
        f.align = pygame.FONT_LEFT


@lru_cache(maxsize=512)
def text_cached(
    text: str,
    size: int,
    colour: tuple[int, int, int],
    bold: bool = False,
    wrap: int = 0,
    centred: bool = False,
) -> pygame.Surface:
    """Rendered text for labels that repeat every frame (names, buttons)."""
    if wrap > 0:
        return render(text, size, colour, bold, wrap, centred)
    return render(text, size, colour, bold)


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than `width` pixels."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines
