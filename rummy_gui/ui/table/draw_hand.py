"""Drawing the hand at the bottom, the dragged cards and where they may land."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from rummy_gui.engine.cards import Card
from rummy_gui.engine.enums import Phase
from rummy_gui.i18n import _
from rummy_gui.ui.table import draw_common, hand_stack
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import draw_outlined
from rummy_gui.ui.widgets.uiscale import px

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState as TableScene


def draw_hand(surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]) -> None:
    slots = geo.zones[("hand", scene.viewer)]
    if scene.concealed():  # hot seat: nobody's cards face up while the machine changes hands
        for i, (_card_value, rect) in enumerate(slots):
            if (("hand", scene.viewer), i) not in hidden:
                draw_common.draw_card(surface, scene, None, rect, shadow=True)
        return
    dragging = set(scene.drag.hand_indices) if scene.drag and scene.drag.active else set()
    # a card flying home after a refused drop is drawn by its flight, not also in its place
    dragging |= {f.dest[1] for f in scene.motion.returning if f.dest[0] == ("hand", scene.viewer)}
    marked = marked_card(scene, slots)
    for i in hand_stack.order(scene, len(slots)):
        if (("hand", scene.viewer), i) in hidden or i in dragging:
            continue
        card = slots[i][0]
        r = hand_stack.drawn_rect(scene, slots, i)
        up = r.y != slots[i][1].y
        draw_common.draw_card(surface, scene, card, r, shadow=True, lifted=up)
        if i in scene.hand.selected:
            pygame.draw.rect(surface, theme.HIGHLIGHT, r, width=3, border_radius=max(3, r.w // 12))
        if i == marked:
            pygame.draw.rect(surface, theme.ERROR, r, width=3, border_radius=max(3, r.w // 12))
            tag = meld_me_tag()
            surface.blit(tag, tag.get_rect(bottomleft=(r.x + 2, r.y - 2)))
    if not slots and scene.session.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER, Phase.CUT):
        img = fonts.text_cached(_("no cards in hand"), px(16), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(center=geo.layout.hand.center))


def marked_card(scene: TableScene, slots: Sequence[tuple[Card | None, Rect]]) -> int | None:
    """The card taken from deep in the pile must be melded this turn: the index
    of the one copy of it in the hand that is marked."""
    target = scene.view.target if scene.my_turn() else None
    if target is None:
        return None
    return next((i for i, (c, _) in enumerate(slots) if c == target), None)


def meld_me_tag() -> pygame.Surface:
    return fonts.text_cached(_("meld me"), px(12), theme.ERROR, True)


def draw_targets(surface: pygame.Surface, scene: TableScene) -> None:
    if not scene.drag or not scene.drag.active:
        return
    pulse = 90 + int(50 * abs((scene.motion.clock * 2) % 2 - 1))
    for target in scene.drag.targets:
        over = target.rect.collidepoint(scene.pointer.at or (-1, -1))
        fill = (*theme.LEGAL, 60 if over else 26)
        draw_outlined(surface, target.rect, fill, (*theme.LEGAL, 255 if over else pulse), 3, 12)
    for target in scene.drag.targets:
        img = fonts.text_cached(_(target.label), px(14), theme.LEGAL, True)
        surface.blit(img, img.get_rect(midbottom=(target.rect.centerx, target.rect.y - 2)))


def draw_drag(surface: pygame.Surface, scene: TableScene) -> None:
    d = scene.drag
    if d and d.active and scene.pointer.at:
        for i, (card, offset, size) in enumerate(d.cards):
            x = scene.pointer.at[0] + offset[0]
            y = scene.pointer.at[1] + offset[1]
            draw_common.draw_card(
                surface, scene, card, Rect(x, y, *size), shadow=(i == 0), lifted=True
            )
    for back in scene.motion.returning:
        draw_common.draw_card(surface, scene, back.card, back.rect(), shadow=True, lifted=True)
