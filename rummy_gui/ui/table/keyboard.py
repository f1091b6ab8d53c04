"""Keyboard play: a focus that moves among the hand's cards, the melds, the
discard pile and the stock, and the keys that act on it.

Arrows move the focus (left/right within a zone, up/down between zones), Tab
cycles the zones, Space selects the focused hand card, Enter plays the
selection to the focused place; D discards, S draws, M melds, P passes, H asks
for a hint, Ctrl+Z / Ctrl+Y undo and redo, R / T sort the hand. C (the
score sheet) is the scene's own key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
from pygame import Rect

from rummy_gui.engine import Move, ask
from rummy_gui.engine.enums import Action, Phase
from rummy_gui.i18n import _
from rummy_gui.ui.shell.intents import Key
from rummy_gui.ui.table import hand_stack
from rummy_gui.ui.table.drops import tokens
from rummy_gui.ui.table.state import Commands, TableState

ZONES = ("hand", "melds", "discard", "stock")  # bottom of the screen upwards
RING = 8  # how far the focus ring reaches beyond the rect it is drawn around


def zone_size(scene: TableState, zone: str) -> int:
    if zone == "hand":
        return len(scene.shown_hand())
    if zone == "discard":
        return len(scene.view.discard_pile)
    if zone == "melds":
        return len(scene.view.public_melds) + 1  # with the new-meld place
    return 1


def clamp(scene: TableState) -> None:
    f = scene.focus
    n = zone_size(scene, f.zone)
    low = -1 if f.zone == "melds" else 0
    if f.zone == "melds":
        n -= 1
    f.to_index(max(low, min(f.index, n - 1 if n > 0 else low)))
    if f.zone == "discard" and n > 0 and not scene.deep_takes():
        f.to_index(n - 1)


def _uncovered(slots: Sequence[tuple[Any, Rect]], i: int) -> Rect:
    """The part of a fanned card that the next card leaves showing, less the
    ring's own width: the focus ring is drawn around it, never over the next card."""
    r = Rect(slots[i][1])
    if i + 1 < len(slots):
        nxt = slots[i + 1][1]
        if r.x < nxt.x < r.right:
            r.w = max(8, nxt.x - r.x - RING)
    return r


def focus_rect(scene: TableState) -> Rect:
    """Where the focus is drawn (and where a refusal from the keyboard is shown)."""
    clamp(scene)
    geo = scene.geometry()
    f = scene.focus
    if scene.cutting():
        edge = scene.cut_rect()
        x = edge.x + int(edge.w * f.cut)
        return Rect(x - 3, edge.y - 8, 6, edge.h + 16)
    if f.zone == "hand":
        slots = geo.zones.get(("hand", scene.viewer), [])
        if not slots:
            return Rect(geo.layout.hand)
        i = max(0, min(f.index, len(slots) - 1))
        if hand_stack.focused(scene) == i:  # drawn in front: the ring goes round the whole card
            return hand_stack.drawn_rect(scene, slots, i)
        return _uncovered(slots, i).move(0, -hand_stack.lift(scene, i))
    if f.zone == "discard":
        slots = geo.zones[("discard",)]
        if not slots:
            return Rect(geo.layout.discard)
        return _uncovered(slots, max(0, min(f.index, len(slots) - 1)))
    if f.zone == "stock":
        return Rect(geo.zones[("stock",)][0][1])
    melds = scene.view.public_melds
    if f.index < 0 or f.index >= len(melds):
        return Rect(geo.layout.seats[scene.viewer].melds)
    return geo.meld_area(melds[f.index].id)


def move_zone(scene: TableState, step: int) -> None:
    f = scene.focus
    zone = ZONES[(ZONES.index(f.zone) + step) % len(ZONES)]
    if zone == "discard":
        f.go(zone, len(scene.view.discard_pile) - 1)  # the top card first
    elif zone == "melds":
        f.go(zone, -1)
    else:
        f.go(zone, 0 if zone == "stock" else min(f.index, max(0, zone_size(scene, "hand") - 1)))
    clamp(scene)


def move_index(scene: TableState, step: int) -> None:
    f = scene.focus
    n = zone_size(scene, f.zone)
    if n <= 0:
        return
    if f.zone == "melds":
        f.to_index((f.index + 1 + step) % n - 1)  # -1 (new meld) .. len(melds) - 1
    else:
        f.to_index((f.index + step) % n)
    clamp(scene)


def handle_key(scene: TableState, do: Commands, key: Key) -> bool:
    """Act on one key press at the table; False if the key means nothing here."""
    k = key.key
    f = scene.focus
    f.used()
    if key.ctrl and k == pygame.K_z:
        do.undo()
        return True
    if key.ctrl and k == pygame.K_y:
        do.redo()
        return True
    answers = scene.answers.answer_buttons
    if answers:  # a claim is offered: the keys choose among its answers
        n = len(answers)
        if k in (pygame.K_UP, pygame.K_LEFT) or (k == pygame.K_TAB and key.shift):
            f.step_answer(-1, n)
        elif k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
            f.step_answer(1, n)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            answers[f.answer % n].on_click()
        elif k == pygame.K_p:
            do.pass_turn()
        elif pygame.K_1 <= k <= pygame.K_9 and k - pygame.K_1 < n:
            answers[k - pygame.K_1].on_click()
        else:
            return False
        return True
    if scene.cutting():
        if k == pygame.K_LEFT:
            f.nudge_cut(-0.05)
        elif k == pygame.K_RIGHT:
            f.nudge_cut(0.05)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            do.cut_at(f.cut)
        else:
            return False
        return True
    if k == pygame.K_TAB:
        move_zone(scene, -1 if key.shift else 1)
    elif k == pygame.K_UP:
        move_zone(scene, 1)
    elif k == pygame.K_DOWN:
        move_zone(scene, -1)
    elif k == pygame.K_LEFT:
        move_index(scene, -1)
    elif k == pygame.K_RIGHT:
        move_index(scene, 1)
    elif k == pygame.K_SPACE:
        if f.zone == "hand":
            clamp(scene)
            if zone_size(scene, "hand"):
                scene.hand.toggle(f.index)
        else:
            enter(scene, do)
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        enter(scene, do)
    elif k == pygame.K_s:
        do.play(Move(Action.DRAW))
    elif k == pygame.K_d:
        if not scene.hand.selected and f.zone == "hand" and zone_size(scene, "hand"):
            scene.hand.select([f.index])
        do.discard_selected()
    elif k == pygame.K_m:
        do.meld_selected()
    elif k == pygame.K_p:
        do.pass_turn()
    elif k == pygame.K_h:
        do.show_hint()
    elif k == pygame.K_r:
        do.sort_by_rank()
    elif k == pygame.K_t:
        do.sort_by_suit()
    else:
        return False
    return True


def enter(scene: TableState, do: Commands) -> None:
    """Play the selection to the focused place (or take/draw from it)."""
    f = scene.focus
    clamp(scene)
    cards = scene.selected_cards()
    if f.zone == "stock":
        do.play(Move(Action.DRAW))
    elif f.zone == "discard":
        if len(cards) == 1 and scene.session.phase is Phase.PLAY:
            do.discard_selected()
        else:
            n = len(scene.view.discard_pile) - f.index
            do.play_one_of_or_refuse(scene.takes(n), scene.take_move(n))
    elif f.zone == "melds":
        melds = scene.view.public_melds
        if f.index < 0 or f.index >= len(melds):
            do.meld_selected()
        elif not cards:
            scene.message_at(_("Select cards in your hand first (Space)."))
        else:
            meld = melds[f.index]
            moves = ask.joinable_melds(scene.view, scene.viewer, cards).get(meld.id, [])
            do.play_one_of_or_refuse(
                moves, Move(Action.LAYOFF, cards=tokens(cards), number=meld.id)
            )
    else:  # the hand: meld the selection, or select the focused card
        if cards:
            do.meld_selected()
        elif zone_size(scene, "hand"):
            scene.hand.toggle(f.index)
