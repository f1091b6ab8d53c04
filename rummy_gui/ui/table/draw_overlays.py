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


def message_room(scene: TableScene, geo: Geometry) -> tuple[Rect, list[Rect], list[Rect]]:
    """Where the stack of messages may stand (the felt between the seats at
    the sides, above the player's own zone), the stock and the pile's cards,
    and what else it keeps off: the hand, the actions by it, every badge and
    the claim prompt."""
    lt = geo.layout
    own = lt.seats[scene.viewer].zone
    area = Rect(lt.table.x, lt.table.y, lt.table.w, own.y - lt.table.y)
    for place in lt.seats.values():
        if place.side == "left":
            area = Rect(place.zone.right, area.y, area.right - place.zone.right, area.h)
        elif place.side == "right":
            area = Rect(area.x, area.y, place.zone.x - area.x, area.h)
    area = area.inflate(-2 * callout.MARGIN, -2 * callout.MARGIN)
    keep_out = [lt.hand.inflate(0, 80), lt.actions, *(p.badge for p in lt.seats.values())]
    if scene.answers.answer_buttons:
        keep_out.append(scene.answers.panel)  # the claim prompt by the hand
    return area, pile_cards(geo), keep_out


def message_boxes(scene: TableScene, geo: Geometry) -> list[tuple[pygame.Surface, Rect, int]]:
    """The messages shown (newest first): their text, their box and their opacity."""
    area, pile, keep_out = message_room(scene, geo)
    shown = callout.layout_messages(scene.messages.items, area, pile, keep_out)
    return [(text, box, alpha) for _msg, text, box, alpha in shown]


def draw_messages(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    area, pile, keep_out = message_room(scene, geo)
    callout.draw_messages(surface, scene.messages.items, area, pile, keep_out)
