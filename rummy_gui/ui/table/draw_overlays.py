"""Drawing what lies over the table: the keyboard focus and the messages."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from rummy_gui.ui.table import callout
from rummy_gui.ui.table.draw_common import draw_focus_box, focus_colour
from rummy_gui.ui.table.draw_piles import pile_cards
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.table.hand_stack import focus_shown

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState as TableScene


def draw_focus(surface: pygame.Surface, scene: TableScene) -> None:
    """Where the keys act: always shown while the player may act (thin until keys are used)."""
    if not focus_shown(scene):
        return
    from rummy_gui.ui.table.keyboard import focus_rect

    rect = focus_rect(scene)
    if scene.focus.keyboard_used:
        draw_focus_box(surface, scene, rect)
    else:
        pygame.draw.rect(surface, focus_colour(scene), rect.inflate(8, 8), width=1, border_radius=9)


def message_boxes(scene: TableScene, geo: Geometry) -> list[tuple[pygame.Surface, Rect, int]]:
    """The messages shown (newest last): their text, the region their callout
    covers, and their opacity."""
    zone = geo.layout.seats[scene.viewer].zone
    window = Rect((0, 0), geo.layout.size)
    shown = callout.layout_messages(
        scene.messages.items, geo.layout.table, zone.y - 8, window, pile_cards(geo)
    )
    return [(text, region, alpha) for _msg, text, _box, region, alpha in shown]


def draw_messages(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    zone = geo.layout.seats[scene.viewer].zone
    callout.draw_messages(
        surface, scene.messages.items, geo.layout.table, zone.y - 8, pile_cards(geo)
    )
