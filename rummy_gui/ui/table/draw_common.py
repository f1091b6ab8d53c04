"""What every part of the table's drawing uses: a card (face, back, soft shadow; in flight),
the keyboard focus box and the contrast setting."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from rummy_gui.engine.cards import Card
from rummy_gui.play import palette
from rummy_gui.ui.table import card_paint
from rummy_gui.ui.table.geometry import Flight

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState as TableScene


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


def draw_card(
    surface: pygame.Surface,
    scene: TableScene,
    card: Card | None,
    rect: Rect,
    shadow: bool = False,
    lifted: bool = False,
) -> None:
    """A face (or a back, for None) over its soft shadow (card_paint.py); a
    lifted card's shadow is larger and further off."""
    settings = scene.app.settings
    card_paint.draw_card(
        surface, scene.app.art, settings.card_back, settings.four_colour, card, rect, shadow, lifted
    )


def draw_flight(surface: pygame.Surface, scene: TableScene, flight: Flight, private: bool) -> None:
    """A card on its way (card_paint.py); into a hand kept hidden (`private`) a back."""
    settings = scene.app.settings
    card_paint.draw_flight(
        surface, scene.app.art, settings.card_back, settings.four_colour, flight, private
    )
