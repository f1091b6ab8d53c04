"""The engine's typed words: game phases, move actions, claim kinds.

Each is a `str` enum whose values are the words records, saves and the move
notation (RULES.md section 7) have always used, so `Phase.DRAW == "draw"` and
JSON writes them as plain strings.
"""

from __future__ import annotations

from enum import Enum


class _Word(str, Enum):
    """A str enum that prints as its value ("draw", not "Phase.DRAW")."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class Phase(_Word):
    """What the game waits for (docs/engine.md, "Phases and who acts")."""

    CUT = "cut"
    DRAW = "draw"
    PLAY = "play"
    CLAIM = "claim"
    RUMMY_LAYOFF = "rummy_layoff"
    DEAL_OVER = "deal_over"
    GAME_OVER = "game_over"


class Action(_Word):
    """The first word of a move's text."""

    DRAW = "draw"
    TAKE = "take"
    MELD = "meld"
    LAYOFF = "layoff"
    SWAP = "swap"
    DISCARD = "discard"
    RUMMY = "rummy"
    BUY = "buy"
    SHANGHAI = "shanghai"
    PASS = "pass"
    CUT = "cut"
    CONTRACT = "contract"
    DEAL = "deal"


class ClaimKind(_Word):
    """What an open claim window offers (RULES.md 3.6, 4.5, 4.6)."""

    RUMMY = "rummy"
    BUY = "buy"
    SHANGHAI = "shanghai"

    @property
    def action(self) -> Action:
        """The move that makes this claim."""
        return _CLAIM_ACTIONS[self]


_CLAIM_ACTIONS = {kind: Action(kind.value) for kind in ClaimKind}
