"""Replays: step through a recorded deal forward and back, all hands face up.

Built from the record alone (`Game.record()`): the deal is replayed from its
start, keeping a copy of the game at every step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rummy_gui.engine import Action, Game, Move


class Replay:
    """The positions of one deal of a recorded game."""

    def __init__(self, record: Mapping[str, Any], deal: int | None = None) -> None:
        moves = list(record.get("moves", []))
        start = dict(record)
        start["moves"] = []
        game = Game.from_record(start)
        # find where each deal begins: after every "deal" move
        starts = [0] + [
            i + 1 for i, text in enumerate(moves) if Move.parse(text).action == Action.DEAL
        ]
        if deal is None:
            # the last deal that has any moves (or the only one)
            deal = max(i for i, s in enumerate(starts) if s < len(moves) or i == 0) + 1
        if not 1 <= deal <= len(starts):
            raise ValueError(f"the record has {len(starts)} deal(s), not {deal}")
        begin = starts[deal - 1]
        end = starts[deal] - 1 if deal < len(starts) else len(moves)
        for text in moves[:begin]:
            game.play(text)
        self.deal = deal
        self.positions: list[Game] = [game.copy()]
        self.moves: list[Move] = []
        for text in moves[begin:end]:
            self.moves.append(game.play(text))
            self.positions.append(game.copy())
        self.index = 0

    def __len__(self) -> int:
        return len(self.positions)

    @property
    def game(self) -> Game:
        """The position now shown."""
        return self.positions[self.index]

    @property
    def last_move(self) -> Move | None:
        """The move that led to the position shown (None at the start)."""
        return self.moves[self.index - 1] if self.index else None

    def forward(self) -> bool:
        if self.index + 1 < len(self.positions):
            self.index += 1
            return True
        return False

    def back(self) -> bool:
        if self.index > 0:
            self.index -= 1
            return True
        return False

    def seek(self, index: int) -> None:
        self.index = max(0, min(index, len(self.positions) - 1))
