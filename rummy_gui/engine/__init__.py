"""The rules engine: pure Python, no pygame. See docs/engine-api.md and docs/rules.md."""

from . import catalog
from .cards import JOKER, Card, parse_card, parse_cards
from .enums import Action, ClaimKind, Phase
from .errors import IllegalMove, MalformedMove, NotYourMove, RuleViolation
from .game import Claim, Game, LegalMoves, View
from .melds import Meld
from .moves import Move
from .rules import PRESETS, Rules

__all__ = [
    "Action", "Card", "Claim", "catalog", "ClaimKind", "Game", "IllegalMove", "JOKER", "LegalMoves",
    "MalformedMove", "Meld", "Move", "NotYourMove", "PRESETS", "Phase", "RuleViolation", "Rules",
    "View", "parse_card", "parse_cards",
]
