"""Which card of the fanned hand lies over which, and where each is drawn.

The card the player looks at stands in front of its neighbours: the one
under the pointer, and the one the keys (or a hint) point at. Selected cards
keep their place in the fan (their rise shows them; brought forward, each
would hide the next card's corner in a crowded hand). The drawing, the focus
outline and the pointer's hit test all take a card's place and depth from
here, so the outlines go round the card as drawn and a click takes the card
that is seen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pygame import Rect

from rummy_gui.ui.table.geometry import SELECTED_LIFT

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState

HAND_HOVER_LIFT = 14  # how far the pointer raises a card of the hand (its shadow grows too)


def focus_shown(scene: TableState) -> bool:
    """Whether the keyboard focus is drawn (the player may act, nothing over the table)."""
    return not (
        scene.covered
        or not scene.my_turn()
        or scene.answers.answer_buttons
        or (scene.drag and scene.drag.active)
    )


def hovered(scene: TableState, i: int) -> bool:
    """Whether the pointer raises the hand's card `i` (a selected card is up already)."""
    return i == scene.pointer.hover_hand and i not in scene.hand.selected


def focused(scene: TableState) -> int | None:
    """The hand's card the keys (or a hint) point at, when that focus is drawn bold."""
    f = scene.focus
    if f.zone != "hand" or not f.keyboard_used or not focus_shown(scene):
        return None
    return f.index


def lift(scene: TableState, i: int) -> int:
    """How far above its place the hand's card `i` is drawn."""
    if i in scene.hand.selected:
        return SELECTED_LIFT
    return HAND_HOVER_LIFT if hovered(scene, i) else 0


def drawn_rect(scene: TableState, slots: Sequence[tuple[Any, Rect]], i: int) -> Rect:
    """Where the hand's card `i` is drawn (its outlines go round this rect)."""
    return slots[i][1].move(0, -lift(scene, i))


def order(scene: TableState, n: int, with_hover: bool = True) -> list[int]:
    """The hand's `n` cards from the back to the front.

    Without the hover (the pointer's hit test), the card under the pointer is
    the one seen there before it rose, so the pointer moves along the fan the
    same way in both directions."""
    point = focused(scene)
    over = scene.pointer.hover_hand if with_hover else None

    def depth(i: int) -> int:
        if i == point:
            return 2
        return 1 if with_hover and i == over else 0

    return sorted(range(n), key=lambda i: (depth(i), i))


def hit(scene: TableState, slots: Sequence[tuple[Any, Rect]], pos: tuple[int, int]) -> int | None:
    """The hand's card seen at `pos` (the pointer's own raise left out), or None."""
    for i in reversed(order(scene, len(slots), with_hover=False)):
        rect = slots[i][1].move(0, -SELECTED_LIFT) if i in scene.hand.selected else slots[i][1]
        if rect.collidepoint(pos):
            return i
    return None
