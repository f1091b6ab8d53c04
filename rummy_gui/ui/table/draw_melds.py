"""Drawing the melds on the table (with who laid what and the jokers' stand-ins)
and the contract's slots while the player lays it down."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from rummy_gui.engine.cards import Card, Token, rank_text
from rummy_gui.i18n import _
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.table import draw_common
from rummy_gui.ui.table.geometry import Geometry, meld_maker
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import draw_outlined, fit_text, label_image
from rummy_gui.ui.widgets.uiscale import px

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState as TableScene


def draw_slots(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    """The contract's slots while the player lays it down."""
    if not scene.staging():
        return
    rects = scene.slot_rects()
    for rect in rects:
        draw_outlined(surface, rect, (0, 0, 0, 50), (*theme.GOLD, 150), 2, 10)
    for k, rect in enumerate(rects):
        slot = scene.slots.groups[k] if k < len(scene.slots.groups) else []
        label = slot_label(scene.slots.status(k, scene.view, scene.viewer), rect)
        surface.blit(label, (rect.x + 10, rect.y + 5))
        for card, r in geo.zones.get(("staged", k), []):
            draw_common.draw_card(surface, scene, card, r, shadow=True)
        if not slot:
            hint = slot_hint(rect)
            surface.blit(hint, hint.get_rect(center=rect.center))
    if scene.slots.staged:
        for b in scene.slot_buttons:
            b.draw(surface, live=not scene.covered)
    else:
        for tip, at in contract_tip(geo.layout.seats[scene.viewer].melds, rects):
            surface.blit(tip, at)


def slot_label(status: str, slot: Rect) -> pygame.Surface:
    """A slot's name and count ("Set of 3  1/3"), made smaller to stay inside it."""
    return fit_text(status, px(14), theme.GOLD, slot.w - 20, True, min_size=10)


def slot_hint(slot: Rect) -> pygame.Surface:
    """'Drag cards here', wrapped to stay inside an empty slot below its label."""
    return label_image(_("drag cards here"), px(13), theme.TEXT_DIM, (slot.w - 12, slot.h - px(28)))


def contract_tip(own: Rect, slots: list[Rect]) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The tip beside the slots, wrapped in the zone's right end; left out where
    the slots reach it (a narrow window), since the status bar says the same."""
    placed: list[tuple[pygame.Surface, tuple[int, int]]] = []
    y = own.y + 14
    for text in (_("Lay down the contract:"), _("fill every slot")):
        tip = label_image(text, px(13), theme.TEXT_DIM, (132, 48), centred=False)
        placed.append((tip, (own.right - 140, y)))
        y += tip.get_height() + 2
    spots = [tip.get_rect(topleft=at) for tip, at in placed]
    if any(spot.colliderect(slot) for spot in spots for slot in slots):
        return []
    return placed


def draw_melds(surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]) -> None:
    g: TableView = scene.view
    for seat in range(g.players):  # Pinochle's face-down lay-offs (RULES.md 3.9): backs
        zone = ("face down", seat)
        for j, (_c, rect) in enumerate(geo.zones.get(zone, [])):
            if (zone, j) not in hidden:
                draw_common.draw_card(surface, scene, None, rect, shadow=(j == 0))
    for meld in g.public_melds:
        rects = geo.meld_rects.get(meld.id)
        if not rects:
            continue
        maker = meld_maker(meld)
        tokens = meld.tokens()
        placed = geo.zones[("meld", meld.id)]
        for j, (card, rect) in enumerate(placed):
            if (("meld", meld.id), j) in hidden:
                continue
            draw_common.draw_card(surface, scene, card, rect, shadow=(j == 0))
            if card is None:
                continue  # a set made four lies face down whole
            owner = meld.owners[j]
            mark_top = rect.bottom
            if owner != maker:
                mark_top = _owner_mark(surface, scene, owner, rect)
            if card.is_joker and j < len(tokens) and tokens[j].rank:
                four = scene.app.settings.four_colour
                _joker_tag(surface, tokens[j], rect, four, mark_top)
        last = (("meld", meld.id), len(placed) - 1)
        if placed and last not in hidden and all(card is None for card, _r in placed):
            complete_mark(surface, placed[-1][1])


def complete_mark(surface: pygame.Surface, rect: Rect) -> Rect:
    """A set made four lies face down whole, marked complete (RULES.md 3.9):
    a gold tick on its last back's corner. Returns where it is drawn."""
    r = max(8, min(13, rect.w // 4))
    centre = (rect.right - r - 2, rect.y + r + 2)
    pygame.draw.circle(surface, theme.GOLD, centre, r)
    pygame.draw.circle(surface, (20, 20, 20), centre, r, width=1)
    tick = fonts.text_cached("\u2713", int(r * 1.5), (20, 20, 20), True)
    surface.blit(tick, tick.get_rect(center=centre))
    return Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)


def _owner_mark(surface: pygame.Surface, scene: TableScene, owner: int, rect: Rect) -> int:
    """A laid-off card: its owner's colour and initial (colour is never the only sign).
    Returns the top of the mark."""
    r = max(7, min(11, rect.w // 5))
    centre = (rect.x + r + 2, rect.bottom - r - 3)
    pygame.draw.circle(surface, scene.session.colour(owner), centre, r)
    pygame.draw.circle(surface, (20, 20, 20), centre, r, width=1)
    initial = fonts.text_cached(scene.session.initial(owner), int(r * 1.3), (15, 15, 15), True)
    surface.blit(initial, initial.get_rect(center=centre))
    return centre[1] - r - 1


def _joker_tag(surface: pygame.Surface, token: Token, rect: Rect, four: bool, below: int) -> None:
    """What a joker stands for (a run's card, or a set's rank), on its
    visible strip, above `below` (an owner's mark)."""
    from rummy_gui.ui.art.cards import suit_colour

    text = rank_text(token.rank)
    colour = (40, 40, 40)
    if token.suit:
        text = Card(token.rank, token.suit).pretty
        colour = suit_colour(token.suit, four)
    size = max(9, rect.h // 7)
    img = fonts.text_cached(text, size, colour, True)
    box = img.get_rect(topleft=(rect.x + 3, rect.y + rect.h * 0.62))
    box.bottom = min(box.bottom, below - 2)
    pygame.draw.rect(surface, (255, 244, 200), box.inflate(4, 2), border_radius=3)
    pygame.draw.rect(surface, (120, 40, 150), box.inflate(4, 2), width=1, border_radius=3)
    surface.blit(img, box)
