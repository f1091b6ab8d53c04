"""What every level's decisions share: the seeded generator of a decision,
the forced move, and the cards a move plays."""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable, Sequence

from ..engine.cards import Card
from ..engine.enums import Action
from ..engine.moves import Move
from ..engine.view import View
from .memory import card_of


def decision_rng(seed: int, view: View, salt: str = "") -> random.Random:
    """A generator fixed by the seed and the moment of the deal (same view, same draws)."""
    top = str(view.discard_pile[-1]) if view.discard_pile else "-"
    key = (
        f"{seed}|{salt}|{view.seat}|{view.round}|{view.turn_number}|{len(view.log)}|"
        f"{view.phase}|{top}|{' '.join(sorted(str(c) for c in view.hand))}"
    )
    return random.Random(zlib.crc32(key.encode()))


def forced(view: View) -> Move | None:
    """The move to play without thinking when there is only one (a view
    with no move for its seat is refused)."""
    legal = view.legal_moves
    if not legal:
        raise ValueError(f"seat {view.seat} has no move now")
    return legal[0] if len(legal) == 1 else None


def cards_of(move: Move) -> list[Card]:
    if move.action == Action.CONTRACT:
        return [card_of(t) for g in move.groups for t in g]
    return [card_of(t) for t in move.cards]


def minus(hand: Sequence[Card], cards: Iterable[Card]) -> list[Card]:
    out = list(hand)
    for c in cards:
        out.remove(c)
    return out
