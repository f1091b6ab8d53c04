"""Card values and deal scoring (RULES.md 3.2, 3.7, 3.8 and 4.7), and a deal's
score item by item (`SideScore`, which `ending.end_deal` builds and sums)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum

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


# --- a deal's score, item by item -------------------------------------------
class Extra(Enum):
    """A deal score's item that is not a card: a bonus or a penalty."""

    OUT_IN_ONE_TURN = "out_in_one_turn"  # Persian: going out on the first melding turn (3.8)
    MATCH = "match"  # Persian: the side ahead after the last deal (3.8)
    CUT = "cut"  # Liverpool: the cut was exactly the deal (4.1), off the cutter's total


@dataclass(frozen=True, slots=True)
class MeldPart:
    """The cards one seat owns in one meld and what they scored (500 family).

    `face_down` runs beside `cards`: the card was laid off face down
    (Pinochle, 3.9); `called`: the seat put cards on this meld in the turn
    of a Rummy! call it won (3.6)."""

    meld_id: int
    kind: str
    seat: int
    cards: tuple[Card, ...]
    points: int
    doubled: bool = False  # Persian: a set of four melded at once scores double
    face_down: tuple[bool, ...] = ()
    called: bool = False


@dataclass(frozen=True, slots=True)
class HandPart:
    """The cards a seat was left holding and what they count in the deal
    score: minus their value (500 family), their penalty (contract family)."""

    seat: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class ExtraPart:
    """A bonus or penalty: its kind, the seat it is for (None: the side's)
    and its points in the deal score."""

    kind: Extra
    points: int
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's deal score, item by item: its `total` is the deal score
    (`Game.deal_scores`), the sum of every item's points."""

    side: int
    seats: tuple[int, ...]
    melds: tuple[MeldPart, ...]
    hands: tuple[HandPart, ...]
    extras: tuple[ExtraPart, ...]
    went_out: int | None  # the seat of this side that went out

    @property
    def melded(self) -> int:
        return sum(p.points for p in self.melds)

    @property
    def total(self) -> int:
        return self.melded + sum(h.points for h in self.hands) + sum(e.points for e in self.extras)

    def with_extra(self, extra: ExtraPart) -> SideScore:
        return replace(self, extras=(*self.extras, extra))


def meld_parts(
    rules: Rules,
    meld: Meld,
    face_down: Iterable[Card] = (),
    called: Iterable[tuple[int, int]] = (),
) -> list[MeldPart]:
    """One meld's parts, one per seat that owns cards in it, in seat order
    (`meld_points`, item by item); `face_down`: its cards laid off face down;
    `called`: (meld id, seat) of each meld or lay-off made in a Rummy! call's turn."""
    points = meld_points(rules, meld)
    # most melds hold nothing face down: no counting then
    hidden = Counter(c.code for c in face_down) if face_down else None
    owned: dict[int, list[Card]] = {}
    flags: dict[int, list[bool]] = {}
    some_hidden = bool(hidden)
    if hidden:
        for card, owner in zip(meld._cards, meld._owners, strict=False):
            owned.setdefault(owner, []).append(card)
            # a meld never holds one card twice in the 500 family: the face tells the card
            down = hidden[card.code] > 0
            hidden[card.code] -= down
            flags.setdefault(owner, []).append(down)
    else:
        for card, owner in zip(meld._cards, meld._owners, strict=False):
            owned.setdefault(owner, []).append(card)
    calls = called if isinstance(called, (set, frozenset)) else set(called)
    return [
        MeldPart(
            meld.id,
            meld.kind,
            seat,
            tuple(cards),
            points[seat],
            meld.doubled,
            tuple(flags[seat]) if some_hidden else (False,) * len(cards),
            (meld.id, seat) in calls,
        )
        for seat, cards in sorted(owned.items())
    ]
