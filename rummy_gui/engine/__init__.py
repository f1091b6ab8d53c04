"""The rules engine: pure Python, no pygame. See docs/engine-api.md and docs/rules.md."""

from . import ask, catalog
from .ask import (
    ContractSlot,
    cards_of,
    contract_moves,
    contract_slots,
    cut_range,
    deep_takes,
    draw_ends_deal,
    fills_contract_slot,
    joinable_melds,
    keeps_turn,
    melds_card_fits,
    moves_with_cards,
    pile_take,
    pile_takes,
    plays_cards,
    round_contract,
    seat_moves,
)
from .cards import JOKER, Card, parse_card, parse_cards
from .enums import Action, ClaimKind, Phase
from .errors import IllegalMove, MalformedMove, NotYourMove, RuleViolation
from .game import SEED_LIMIT, Claim, Game, LegalMoves, View, check_seed
from .melds import Meld
from .moves import Move
from .rules import PRESETS, Rules

__all__ = [
    "JOKER",
    "PRESETS",
    "SEED_LIMIT",
    "Action",
    "Card",
    "Claim",
    "ClaimKind",
    # rule questions a table asks (ask.py)
    "ContractSlot",
    "Game",
    "IllegalMove",
    "LegalMoves",
    "MalformedMove",
    "Meld",
    "Move",
    "NotYourMove",
    "Phase",
    "RuleViolation",
    "Rules",
    "View",
    "ask",
    "cards_of",
    "catalog",
    "check_seed",
    "contract_moves",
    "contract_slots",
    "cut_range",
    "deep_takes",
    "draw_ends_deal",
    "fills_contract_slot",
    "joinable_melds",
    "keeps_turn",
    "melds_card_fits",
    "moves_with_cards",
    "parse_card",
    "parse_cards",
    "pile_take",
    "pile_takes",
    "plays_cards",
    "round_contract",
    "seat_moves",
]
