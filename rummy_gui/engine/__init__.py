"""The rules engine: pure Python, no pygame. See docs/engine-api.md and docs/rules.md."""

from .cards import JOKER, Card, parse_card, parse_cards
from .game import Claim, Game, LegalMoves
from .melds import Meld
from .moves import IllegalMove, Move
from .rules import PRESETS, Rules
from .view import View

__all__ = [
    "Card", "Claim", "Game", "IllegalMove", "JOKER", "LegalMoves", "Meld", "Move", "PRESETS",
    "Rules", "View", "parse_card", "parse_cards",
]
