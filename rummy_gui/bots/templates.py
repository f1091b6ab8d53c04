"""What both solvers are built from: packed hands, meld templates, lay-off fits.

A hand is a multiset of card codes packed in an integer (3 bits per
distinct card, so two copies of a two-deck card fit); every meld a hand can
make is a template: the packed cards it needs plus its joker count, its
value, kind and cards. `split_solver` (the best split, 500 family and the
contract family after the contract) and `contract_solver` (the round's
contract) search over these.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..engine.cards import JOKER, SUITS, Card
from ..engine.melds import (
    FULL_SET,
    MAX_RUN,
    MIN_SET,
    RUN,
    SET,
    Meld,
    Token,
    card_token,
    layoff_fits,
    run_bounds,
)
from ..engine.rules import Rules
from ..engine.scoring import DOUBLED_FACTOR, penalty_value, value_500

LAYOFF = "layoff"


@dataclass(frozen=True)
class PlannedMeld:
    """One meld of a split: kind ("set", "run" or "layoff"), its cards
    (jokers included), and the points it is worth (500 family)."""

    kind: str
    cards: tuple[Card, ...]
    value: int
    meld_id: int | None = None  # the table meld a lay-off goes to
    low: int = 0  # a run's lowest position (1..14, 14 the high ace)

    def tokens(self) -> tuple[Token, ...]:
        """The cards as a move plays them, run jokers with what they stand for."""
        if self.kind != RUN:
            return tuple(card_token(c) for c in self.cards)
        suit = next(c.suit for c in self.cards if not c.is_joker)
        return tuple(
            Token(JOKER, self.low + i, suit) if c.is_joker else card_token(c)
            for i, c in enumerate(self.cards)
        )


@dataclass(frozen=True)
class Split:
    """A hand split into melds and leftovers, with its score."""

    melds: tuple[PlannedMeld, ...]
    leftovers: tuple[Card, ...]
    score: int

    @property
    def melded_cards(self) -> int:
        return sum(len(m.cards) for m in self.melds)


# ---------------------------------------------------------------- values


def card_value(rules: Rules, card: Card) -> int:
    """What a card left in the hand costs: 500-family points or contract penalty."""
    return penalty_value(rules, card) if rules.is_contract else value_500(rules, card)


def run_card_value(rules: Rules, card: Card, position: int) -> int:
    if rules.is_contract:
        return 0
    return value_500(rules, card, low_ace=card.rank == 1 and position == 1)


# ---------------------------------------------------------------- packing


class Packed:
    """A hand as a packed multiset: field i (3 bits) counts distinct code i."""

    def __init__(self, hand: Sequence[Card]) -> None:
        counts: dict[int, int] = {}
        jokers = 0
        for c in hand:
            if c.is_joker:
                jokers += 1
            else:
                counts[c.code] = counts.get(c.code, 0) + 1
        self.codes = sorted(counts)
        self.field = {code: i for i, code in enumerate(self.codes)}
        self.counts = [counts[c] for c in self.codes]
        self.jokers = jokers
        self.state = sum(n << (3 * i) for i, n in enumerate(self.counts))
        self.guard = sum(4 << (3 * i) for i in range(len(self.codes)))

    def need(self, cards: Iterable[Card]) -> int:
        n = 0
        for c in cards:
            n += 1 << (3 * self.field[c.code])
        return n


CARDS: tuple[Card, ...] = (
    *tuple(Card(code % 13 + 1, SUITS[code // 13]) for code in range(52)),
    JOKER,
)


def card_at(code: int) -> Card:
    return CARDS[code]


# A meld template: (need, jokers, value, kind, cards with jokers in place,
# run low position or lay-off meld id)
Template = tuple[int, int, int, str, tuple[Card, ...], int]


def sets_in_rank(
    rules: Rules, pool: list[Card], jmax: int
) -> Iterator[tuple[tuple[Card, ...], int, int]]:
    """Every set these cards of one rank make with up to `jmax` jokers:
    (naturals, jokers, value). Both template builders share it."""
    per_meld = jmax if rules.max_jokers_per_meld is None else min(jmax, rules.max_jokers_per_meld)
    set_jokers = 0 if rules.jokers_only_in_joker_sets else per_meld
    # a contract's bigger sets split into two with the same cards
    hi = 2 * MIN_SET - 1 + per_meld if rules.is_contract else (rules.max_set or FULL_SET)
    if len(pool) + set_jokers < MIN_SET:
        return
    seen: set[tuple[int, ...]] = set()
    for k in range(1, min(len(pool), hi) + 1):
        for combo in combinations(pool, k):
            key = tuple(c.code for c in combo)
            if key in seen:
                continue
            seen.add(key)
            if not rules.is_contract and len(set(key)) != len(key):
                continue  # one deck's suits: no two cards of one suit in a set
            for j in range(set_jokers + 1):
                n = k + j
                if n < MIN_SET or n > hi:
                    continue
                if rules.is_contract:
                    value = 0
                else:
                    value = sum(value_500(rules, c) for c in combo) + j * rules.joker_value_500
                    if rules.persian_bonuses and n == FULL_SET:
                        value *= DOUBLED_FACTOR
                yield combo, j, value


def set_templates(rules: Rules, p: Packed, jmax: int) -> list[Template]:
    by_rank: dict[int, list[Card]] = {}
    for code, n in zip(p.codes, p.counts, strict=True):
        by_rank.setdefault(code % 13 + 1, []).extend([CARDS[code]] * n)
    return [
        (p.need(combo), j, value, SET, combo + (JOKER,) * j, 0)
        for pool in by_rank.values()
        for combo, j, value in sets_in_rank(rules, pool, jmax)
    ]


def runs_in_suit(
    rules: Rules, si: int, have: set[int], per_meld: int, len_lo: int, len_hi: int
) -> Iterator[tuple[tuple[Card, ...], int, int, tuple[Card, ...], int]]:
    """Every run of suit `si` the held ranks `have` make with up to `per_meld`
    jokers, `len_lo` to `len_hi` cards long: (naturals, jokers, value, cards
    with jokers in place, low position). Both template builders share it."""
    if not have or len(have) + per_meld < len_lo:
        return
    lo_b, hi_b = run_bounds(rules)
    positions_have = sorted(have | ({14} if 1 in have else set()))
    first, last = positions_have[0], positions_have[-1]
    for low in range(max(lo_b, first - len_hi + 1), min(hi_b, last) + 1):
        for length in range(len_lo, min(len_hi, MAX_RUN) + 1):
            high = low + length - 1
            if high > hi_b:
                break
            positions = range(low, high + 1)
            present = [q for q in positions if (1 if q == 14 else q) in have]
            if not present:
                continue
            missing = length - len(present)
            if missing > per_meld:
                continue
            for drop_n in range(min(per_meld - missing, len(present) - 1) + 1):
                for drop in combinations(present, drop_n):
                    cards = tuple(
                        JOKER
                        if (q not in present or q in drop)
                        else CARDS[si * 13 + (0 if q == 14 else q - 1)]
                        for q in positions
                    )
                    naturals = tuple(c for c in cards if not c.is_joker)
                    jk = length - len(naturals)
                    value = 0
                    if not rules.is_contract:
                        value = sum(
                            run_card_value(rules, c, q)
                            for c, q in zip(cards, positions, strict=True)
                            if not c.is_joker
                        )
                        value += jk * rules.joker_value_500
                    yield naturals, jk, value, cards, low


def run_templates(rules: Rules, p: Packed, jmax: int, lengths: tuple[int, int]) -> list[Template]:
    out: list[Template] = []
    if rules.jokers_only_in_joker_sets:
        jmax = 0
    per_meld = jmax if rules.max_jokers_per_meld is None else min(jmax, rules.max_jokers_per_meld)
    len_lo, len_hi = lengths
    have_by_suit: list[set[int]] = [set(), set(), set(), set()]
    for code in p.codes:
        have_by_suit[code // 13].add(code % 13 + 1)
    for si, have in enumerate(have_by_suit):
        for naturals, jk, value, cards, low in runs_in_suit(
            rules, si, have, per_meld, len_lo, len_hi
        ):
            out.append((p.need(naturals), jk, value, RUN, cards, low))
    return out


def lowest_field(need: int) -> int:
    return ((need & -need).bit_length() - 1) // 3


# one card code's unit in a packed hand (field `code` of 3 bits), and the
# guard bits that show a subtraction went below zero in some field
BIT: tuple[int, ...] = tuple(1 << (3 * code) for code in range(53))
GUARD = sum(4 << (3 * code) for code in range(52))


def planned(t: Template) -> PlannedMeld:
    _need, _jk, value, kind, cards, info = t
    if kind == RUN:
        return PlannedMeld(kind, cards, value, None, info)
    return PlannedMeld(kind, cards, value, info if kind == LAYOFF else None)


# What fits on a table meld, remembered per meld (its kind, rank, suit, low,
# cards and whether it is complete decide it): a card code -> where the card goes alone (a run
# position, 0 on a set) or None; a tuple of codes -> whether that chain fits.
MELD_FITS: dict[tuple[object, ...], dict[object, int | None]] = {}
UNKNOWN = -1


def meld_fits(rules: Rules, meld: Meld) -> dict[object, int | None]:
    key = (rules, meld.kind, meld.rank, meld.suit, meld.low, meld.cards, meld.complete)
    fits = MELD_FITS.get(key)
    if fits is None:
        if len(MELD_FITS) > 8192:
            MELD_FITS.clear()
        fits = MELD_FITS[key] = {}
    return fits


def single_fit(rules: Rules, meld: Meld, card: Card) -> int | None:
    found = layoff_fits(rules, meld, [Token(card)])
    if not found:
        return None
    return found[0].low + found[0].added[0] if meld.kind == RUN else 0


def chain_fits(
    rules: Rules, meld: Meld, fits: dict[object, int | None], chain: Sequence[Card]
) -> bool:
    key = tuple(c.code for c in chain)
    hit = fits.get(key, UNKNOWN)
    if hit == UNKNOWN:
        hit = fits[key] = 1 if layoff_fits(rules, meld, [Token(x) for x in chain]) else None
    return hit is not None


def fits_alone(rules: Rules, melds: Sequence[Meld], card: Card) -> bool:
    """Whether this card can be laid off alone on one of these melds
    (remembered per meld, as the lay-off templates are)."""
    for m in melds:
        fits = meld_fits(rules, m)
        pos = fits.get(card.code, UNKNOWN)
        if pos == UNKNOWN:
            pos = fits[card.code] = single_fit(rules, m, card)
        if pos is not None:
            return True
    return False


def forget() -> None:
    """Drop the remembered lay-off fits."""
    MELD_FITS.clear()
