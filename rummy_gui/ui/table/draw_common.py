"""What every part of the table's drawing uses: a card (face, back, shadow),
the keyboard focus box, the contrast setting and a prompt panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from rummy_gui.engine.cards import Card
from rummy_gui.play import palette
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import draw_panel

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState as TableScene

SHADOW = (0, 0, 0, 70)


def high_contrast(scene: TableScene) -> bool:
    return scene.app.settings.high_contrast


def focus_colour(scene: TableScene) -> tuple[int, int, int]:
    return palette.HC_FOCUS if high_contrast(scene) else palette.FOCUS


def draw_focus_box(surface: pygame.Surface, scene: TableScene, rect: Rect) -> None:
    """The keyboard focus: a bright double outline that no card colour shares."""
    colour = focus_colour(scene)
    outer = rect.inflate(10, 10)
    pygame.draw.rect(surface, (0, 0, 0), outer.inflate(4, 4), width=2, border_radius=10)
    pygame.draw.rect(surface, colour, outer, width=3, border_radius=9)


SHADOW_OFFSET = (3, 4)  # a card's shadow lies this far right and down of it


def draw_card(
    surface: pygame.Surface, scene: TableScene, card: Card | None, rect: Rect, shadow: bool = False
) -> None:
    size = (rect.w, rect.h)
    # Outside the clip (a frame drawn in parts) a card's blits change no pixel.
    dx, dy = SHADOW_OFFSET
    if not surface.get_clip().colliderect(rect.x, rect.y, rect.w + dx, rect.h + dy):
        return
    if shadow:
        surface.blit(card_shadow(size), (rect.x + dx, rect.y + dy))
    if card is None:
        img = scene.app.art.back(scene.app.settings.card_back, size)
    else:
        img = scene.app.art.face(card, size, scene.app.settings.four_colour)
    surface.blit(img, rect.topleft)


_SHADOWS: dict[tuple[int, int], pygame.Surface] = {}


def card_shadow(size: tuple[int, int]) -> pygame.Surface:
    """A card's shadow, made once per card size."""
    sh = _SHADOWS.get(size)
    if sh is None:
        if len(_SHADOWS) > 64:  # many resizes: drop the old sizes
            _SHADOWS.clear()
        sh = _SHADOWS[size] = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(sh, SHADOW, sh.get_rect(), border_radius=max(3, size[0] // 12))
    return sh


def draw_prompt(surface: pygame.Surface, rect: Rect, title: str, lines: list[str]) -> None:
    draw_panel(surface, rect, alpha=238)
    surface.blit(fonts.text_cached(title, 20, theme.GOLD, True), (rect.x + 18, rect.y + 14))
    y = rect.y + 46
    for line in lines:
        surface.blit(fonts.text_cached(line, 16, theme.TEXT), (rect.x + 18, y))
        y += 22
