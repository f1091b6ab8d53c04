"""Card values and deal scoring (RULES.md 3.2, 3.7, 3.8 and 4.7)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import Card
from .melds import RUN, Meld
from .rules import Rules


def lowest_total_wins(rules: Rules) -> bool:
    """Whether the lowest total wins: the contract family scores penalty points
    (RULES.md 4.7); the 500 family plays for the highest total (3.7, 3.8)."""
    return rules.is_contract


def value_500(rules: Rules, card: Card, low_ace: bool = False) -> int:
    """A card's value in the 500 family; `low_ace`: the ace is the low end of a run."""
    if card.is_joker:
        return rules.joker_value_500
    r = card.rank
    if r == 1:
        if low_ace:
            return 5 if rules.simple_scoring else 1
        return 15
    if r >= 10:
        return 10
    return 5 if rules.simple_scoring else r


def penalty_value(rules: Rules, card: Card) -> int:
    """A card's penalty in the contract family."""
    if card.is_joker:
        return 50 if rules.shanghai_scoring else 15
    r = card.rank
    if r == 1:
        return 20 if rules.shanghai_scoring else 15
    if r >= 10:
        return 10
    if rules.shanghai_scoring:
        return 5 if r <= 7 else 10
    return r


def hand_value(rules: Rules, cards: Iterable[Card]) -> int:
    """What cards left in a hand count: minus points (500) or penalty (contract)."""
    if rules.is_contract:
        return sum(penalty_value(rules, c) for c in cards)
    return sum(value_500(rules, c) for c in cards)


# RULES.md 3.8: a Persian set of four melded at once scores this many times its points
DOUBLED_FACTOR = 2


def meld_points(rules: Rules, meld: Meld) -> dict[int, int]:
    """Points each owner earns from one meld (500 family)."""
    out: dict[int, int] = {}
    for i, (card, owner) in enumerate(zip(meld.cards, meld.owners, strict=False)):
        low_ace = meld.kind == RUN and meld.low + i == 1 and card.rank == 1
        out[owner] = out.get(owner, 0) + value_500(rules, card, low_ace)
    if meld.doubled:
        # Persian: a set of four melded at once scores double (its maker made it whole).
        out = {k: DOUBLED_FACTOR * v for k, v in out.items()}
    return out


def melded_points(rules: Rules, melds: Sequence[Meld], seat: int) -> int:
    return sum(meld_points(rules, m).get(seat, 0) for m in melds)
