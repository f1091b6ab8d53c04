"""Undo within a turn (docs/engine.md): snapshots of the state before each
move the player in turn may take back, and the moves undone for redo.

Undo works within the turn of the player who moves: melds, lay-offs, swaps,
the contract, a take from the discard pile and the discard (until anyone
else moves). A stock draw revealed a hidden card and is final.
"""

from __future__ import annotations

from .enums import Action, Phase
from .moves import Move
from .state import GameState

UNDOABLE = frozenset(
    {Action.TAKE, Action.MELD, Action.LAYOFF, Action.SWAP, Action.CONTRACT, Action.DISCARD}
)


class UndoLog:
    """The states a turn's moves can go back to, and the moves to redo."""

    __slots__ = ("redo", "undo")

    def __init__(self) -> None:
        self.undo: list[tuple[GameState, Move]] = []
        self.redo: list[Move] = []

    def remember(self, state: GameState, m: Move) -> None:
        """Before `m` is played on `state`: keep a snapshot if it can be undone."""
        same_turn = bool(self.undo) and self.undo[-1][1].seat == m.seat
        if (
            m.action in UNDOABLE
            and m.seat == state.turn
            and state.phase in (Phase.DRAW, Phase.PLAY)
        ):
            if not same_turn:
                self.undo.clear()
            self.undo.append((state.copy(), m))
        else:
            self.undo.clear()
        self.redo.clear()

    def clear(self) -> None:
        self.undo.clear()
        self.redo.clear()
