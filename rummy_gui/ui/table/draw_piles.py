"""Drawing the stock, the discard pile (with the cards the pointer would take
lifted) and Liverpool's cut."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from rummy_gui.i18n import _
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.table import draw_common
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.uiscale import px

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState as TableScene


def draw_stock(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    g: TableView = scene.view
    top = geo.zones[("stock",)][0][1]
    n = g.stock_count
    if scene.cutting():
        _draw_cut(surface, scene, geo)
        return
    layers = min(4, (n + 9) // 10)
    for i in range(layers, 0, -1):
        r = top.move(-2 * i, -2 * i)
        draw_common.draw_card(surface, scene, None, r, shadow=(i == layers))
    if n:
        draw_common.draw_card(surface, scene, None, top, shadow=layers == 0)
    else:
        pygame.draw.rect(surface, (255, 255, 255), top, width=2, border_radius=8)
    count = fonts.text_cached(_("stock {n}").format(n=n), px(15), theme.TEXT, True)
    at = count.get_rect(midtop=(top.centerx, top.bottom + 6))
    at.left = max(4, at.left)  # "nostopakka 29" is wider than the stock near the window's edge
    surface.blit(count, at)
    if scene.pointer.hover_stock and scene.can_draw():
        pygame.draw.rect(surface, theme.HIGHLIGHT, top.inflate(6, 6), width=3, border_radius=9)


def _draw_cut(surface: pygame.Surface, scene: TableScene, _geo: Geometry) -> None:
    """The pack seen from its long edge: click anywhere along it to cut there."""
    edge = scene.cut_rect()
    shadow = pygame.Surface(edge.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=6)
    surface.blit(shadow, edge.move(4, 6))
    pygame.draw.rect(surface, (236, 232, 220), edge, border_radius=6)
    for x in range(edge.x + 3, edge.right - 3, 3):
        shade = 180 + (x * 37 % 40)
        pygame.draw.line(surface, (shade, shade, shade - 10), (x, edge.y + 3), (x, edge.bottom - 4))
    pygame.draw.rect(surface, (90, 90, 80), edge, width=2, border_radius=6)
    if scene.pointer.at and edge.collidepoint(scene.pointer.at):
        x = scene.pointer.at[0]
        pygame.draw.line(surface, theme.HIGHLIGHT, (x, edge.y - 8), (x, edge.bottom + 8), 3)
    msg = (
        _("Cut the pack: click a point along its edge")
        if scene.my_cut()
        else _("{name} cuts the pack…").format(name=scene.session.name(scene.view.to_act[0]))
    )
    img = fonts.text_cached(msg, px(18), theme.GOLD, True)
    surface.blit(img, img.get_rect(midbottom=(edge.centerx, edge.y - 12)))


def draw_discard(
    surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]
) -> None:
    slots = geo.zones[("discard",)]
    dragging_from = scene.drag.discard_index if scene.drag else None
    for i, (card, rect) in enumerate(slots):
        if (("discard",), i) in hidden:
            continue
        if dragging_from is not None and scene.drag and scene.drag.active and i >= dragging_from:
            continue
        up = pile_lifted(scene, i)
        draw_common.draw_card(
            surface, scene, card, rect.move(0, -PILE_LIFT) if up else rect, True, up
        )
    tip = pile_tip(scene, geo)
    if tip is not None:
        surface.blit(*tip)


PILE_LIFT = 16  # how far the pointer lifts the pile's cards it would take


def pile_lifted(scene: TableScene, i: int) -> bool:
    """Whether the pile's card `i` is lifted: the pointer is over it or a card below it."""
    lift_from = scene.pointer.hover_discard
    return (
        lift_from is not None
        and i >= lift_from
        and not (scene.drag and scene.drag.discard_index is not None)
    )


def pile_tip(scene: TableScene, geo: Geometry) -> tuple[pygame.Surface, Rect] | None:
    """The "take n" tip over the lifted cards, and where it goes."""
    slots = geo.zones[("discard",)]
    lift_from = scene.pointer.hover_discard
    if lift_from is None or lift_from >= len(slots) or not pile_lifted(scene, lift_from):
        return None
    n = len(slots) - lift_from
    tip = fonts.text_cached(
        _("take {n}").format(n=n) if n > 1 else _("take the top card"), px(14), theme.GOLD, True
    )
    r = slots[lift_from][1]
    return tip, tip.get_rect(midbottom=(r.centerx, r.y - 20))


def pile_cards(geo: Geometry) -> list[Rect]:
    """Where the stock and the pile's cards are drawn (lifted ones too): a
    message over the table is kept off them."""
    fan = [r.union(r.move(0, -PILE_LIFT)) for _c, r in geo.zones[("discard",)]]
    return [geo.layout.stock, *fan]
