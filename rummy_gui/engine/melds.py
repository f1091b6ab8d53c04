"""Sets, runs and jokers: reading cards as melds, lay-off fit, contracts.

Run positions are ranks 1..14, where 14 is the ace above the king. A joker's
meaning is fixed when it is played: in a run it stands for one exact card
(a position), in a set for the rank only.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter

from .cards import JOKER, Card, joker_token
from .cards import Token as Token  # where the engine's modules have long found it
from .cards import card_token as card_token
from .notation import token_pretty, tokens_text
from .rules import Rules

SET = "set"
RUN = "run"
# RULES.md 3.3 and 4.2: a set has at least three cards of one rank
MIN_SET = 3
# A set of all four suits: Persian doubles it melded at once (RULES.md 3.8),
# Pinochle turns it face down as complete (3.9)
FULL_SET = 4
# A run holds at most one card of each rank (RULES.md 2)
MAX_RUN = 13


@dataclass(frozen=True, slots=True)
class Reading:
    """One way to read cards as a meld.

    For a set: `rank`, and `cards` in order (naturals by suit, jokers last).
    For a run: `suit`, `low`, and `cards` from low to high (a joker at the
    position it stands for)."""

    kind: str
    cards: tuple[Card, ...]
    rank: int = 0
    suit: str = ""
    low: int = 0

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def tokens(self, explicit: bool) -> list[Token]:
        """The cards as a move plays them; with `explicit`, each joker says
        what it stands for (a run place, or a set's rank)."""
        if not explicit:
            return [card_token(c) for c in self.cards]
        return [
            _joker_token(self.kind, self.rank, self.suit, self.low + i)
            if c.is_joker
            else card_token(c)
            for i, c in enumerate(self.cards)
        ]


def _joker_token(kind: str, rank: int, suit: str, position: int) -> Token:
    """A joker at `position` of a meld, saying what it stands for; a joker
    of a set of jokers (Persian) stands for no rank."""
    if kind == SET:
        return joker_token(rank) if rank else card_token(JOKER)
    return joker_token(position, suit)


def _position_rank(position: int) -> int:
    return 1 if position == 14 else position


class MeldChanges:
    """How many times any meld was made or had its cards changed: an answer
    read off a table of melds holds while this count and the table's list
    (the same object, of the same length) stay the same."""

    __slots__ = ("count",)

    def __init__(self) -> None:
        self.count = 0


meld_changes = MeldChanges()


class Meld:
    """A meld on the table. Public: id, kind, cards, owners, str(meld)."""

    __slots__ = (
        "_cards",
        "_fits",
        "_owners",
        "complete",
        "doubled",
        "id",
        "kind",
        "low",
        "maker",
        "rank",
        "suit",
        "turn_made",
    )

    def __init__(self, meld_id: int, reading: Reading, owner: int, turn_made: int = 0) -> None:
        self.id = meld_id
        self.kind = reading.kind
        self._cards: list[Card] = list(reading.cards)
        self._owners: list[int] = [owner] * len(reading.cards)
        self.rank = reading.rank
        self.suit = reading.suit
        self.low = reading.low
        self.maker = owner
        self.complete = False
        self.doubled = False
        self.turn_made = turn_made
        meld_changes.count += 1
        # `layoff_fits` answers for these cards: (rules, {tokens: fits}); a
        # copy shares it, a change of the cards drops it
        self._fits: tuple[Rules, dict[object, list[LayoffFit]]] | None = None

    @classmethod
    def seen(cls, meld_id: int, reading: Reading, owners: Sequence[int]) -> Meld:
        """A meld as a seat saw it on the table (its cards in `reading`, each
        with its owner): how a joined player's table rebuilds the host's melds."""
        if len(owners) != len(reading.cards) or not owners:
            raise ValueError("a meld has one owner for each of its cards")
        meld = cls(meld_id, reading, owners[0])
        meld._owners = list(owners)
        return meld

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._cards)

    @property
    def owners(self) -> tuple[int, ...]:
        return tuple(self._owners)

    @property
    def high(self) -> int:
        return self.low + len(self._cards) - 1

    def __len__(self) -> int:
        return len(self._cards)

    def reading(self) -> Reading:
        return Reading(self.kind, tuple(self._cards), self.rank, self.suit, self.low)

    def tokens(self) -> tuple[Token, ...]:
        """The cards, each joker with what it stands for (a set of jokers'
        jokers stand for no rank): `str(meld)` is their text."""
        kind, rank, suit, low = self.kind, self.rank, self.suit, self.low
        return tuple(
            _joker_token(kind, rank, suit, low + i) if c.is_joker else card_token(c)
            for i, c in enumerate(self._cards)
        )

    def joker_count(self) -> int:
        return sum(1 for c in self._cards if c.is_joker)

    def is_joker_set(self) -> bool:
        return self.kind == SET and self.rank == 0

    def __str__(self) -> str:
        """The cards as move text: "6S 7S JK=8S"; a set of jokers is "JK JK JK"."""
        return tokens_text(self.tokens())

    def __repr__(self) -> str:
        return f"Meld({self.id}, {self.kind}, {self})"

    def pretty(self) -> str:
        """The meld with suit symbols; a joker as ★ with what it stands for."""
        return " ".join(
            token_pretty(t)
            for t in self.tokens()  # ★=8♠: never the notation's letter
        )

    def copy(self) -> Meld:
        m = object.__new__(Meld)
        m.id, m.kind, m.rank, m.suit, m.low = self.id, self.kind, self.rank, self.suit, self.low
        m._cards = list(self._cards)
        m._owners = list(self._owners)
        m.maker, m.complete, m.doubled, m.turn_made = (
            self.maker,
            self.complete,
            self.doubled,
            self.turn_made,
        )
        m._fits = self._fits
        return m

    def without(self, indexes: Iterable[int]) -> Meld:
        """A copy without the cards at these indexes (a run's must be at its
        ends): the meld as seen when those cards lie face down."""
        drop = set(indexes)
        m = self.copy()
        keep = [i for i in range(len(self._cards)) if i not in drop]
        m._cards = [self._cards[i] for i in keep]
        m._owners = [self._owners[i] for i in keep]
        if self.kind == RUN and keep:
            m.low = self.low + keep[0]
        m._fits = None
        meld_changes.count += 1
        return m

    def __getstate__(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in self.__slots__ if name != "_fits"}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self._fits = None
        meld_changes.count += 1

    def lay_off(self, fit: LayoffFit, seat: int) -> None:
        """Put the cards of `fit` (from `layoff_fits`) on this meld, owned by `seat`."""
        added = set(fit.added)
        old = iter(self._owners)
        self._owners = [seat if i in added else next(old) for i in range(len(fit.cards))]
        self._cards = list(fit.cards)
        self._fits = None
        meld_changes.count += 1
        if self.kind == RUN:
            self.low = fit.low

    def replace_joker(self, index: int, card: Card, seat: int) -> None:
        """A joker swap: the natural `card`, owned by `seat`, takes the joker's place."""
        self._cards[index] = card
        self._owners[index] = seat
        self._fits = None
        meld_changes.count += 1

    def with_card(self, index: int, card: Card) -> Meld:
        """A copy of this meld with `card` at `index` (to test a swap before making it)."""
        m = self.copy()
        m._cards[index] = card
        m._fits = None
        meld_changes.count += 1
        return m

    def state(self) -> tuple[object, ...]:
        return (
            self.id,
            self.kind,
            tuple(c.code for c in self._cards),
            tuple(self._owners),
            self.rank,
            self.suit,
            self.low,
            self.maker,
            self.complete,
            self.doubled,
            self.turn_made,
        )

    def joker_position(self, card: Card) -> int | None:
        """Index of a joker in this run that stands for `card`, if any."""
        if self.kind != RUN or card.is_joker or card.suit != self.suit:
            return None
        for i, c in enumerate(self._cards):
            if c.is_joker and _position_rank(self.low + i) == card.rank:
                return i
        return None


# --- reading cards as melds ------------------------------------------------


def _ace_positions(rules: Rules) -> tuple[int, ...]:
    if rules.ace == "low":
        return (1,)
    if rules.ace == "high":
        return (14,)
    return (1, 14)


def run_bounds(rules: Rules) -> tuple[int, int]:
    """Lowest and highest run position the rules allow."""
    if rules.ace == "low":
        return 1, 13
    if rules.ace == "high":
        return 2, 14
    return 1, 14


def _run_span_ok(rules: Rules, low: int, high: int) -> bool:
    lo, hi = run_bounds(rules)
    # "never both ends": a run may not hold the low and the high ace.
    return lo <= low and high <= hi and high - low <= 12


_CODE = attrgetter("code")


def read_set(rules: Rules, naturals: Sequence[Card], jokers: int) -> Reading | None:
    n = len(naturals) + jokers
    if n < MIN_SET or (rules.max_set is not None and n > rules.max_set):
        return None
    if rules.max_jokers_per_meld is not None and jokers > rules.max_jokers_per_meld:
        return None
    if not naturals:
        if rules.jokers_only_in_joker_sets:
            return Reading(SET, (JOKER,) * jokers, 0)
        return None
    if jokers and rules.jokers_only_in_joker_sets:
        return None
    rank = naturals[0].rank
    for c in naturals:  # a loop, not any() of a generator: this runs per candidate set
        if c.rank != rank:
            return None
    if not rules.is_contract and len({c.suit for c in naturals}) != len(naturals):
        return None
    ordered = tuple(sorted(naturals, key=_CODE)) + (JOKER,) * jokers
    return Reading(SET, ordered, rank)


def read_runs(rules: Rules, naturals: Sequence[Card], jokers: int) -> list[Reading]:
    """Every run these cards can make (jokers at every place they fit)."""
    n = len(naturals) + jokers
    if not naturals or n < rules.min_run or n > MAX_RUN:
        return []
    if jokers and rules.jokers_only_in_joker_sets:
        return []
    if rules.max_jokers_per_meld is not None and jokers > rules.max_jokers_per_meld:
        return []
    suit = naturals[0].suit
    if any(c.suit != suit for c in naturals):
        return []
    aces = [c for c in naturals if c.rank == 1]
    others = sorted(c.rank for c in naturals if c.rank != 1)
    if len(set(others)) != len(others) or len(aces) > 1:
        return []
    results: list[Reading] = []
    ace_choices: tuple[int, ...] = _ace_positions(rules) if aces else (0,)
    for ace_pos in ace_choices:
        positions = others + ([ace_pos] if aces else [])
        pmin, pmax = min(positions), max(positions)
        if pmax - pmin + 1 > n:
            continue
        for low in range(pmax - n + 1, pmin + 1):
            high = low + n - 1
            if not _run_span_ok(rules, low, high):
                continue
            cards = [JOKER] * n
            for p in positions:
                cards[p - low] = Card(_position_rank(p), suit)
            results.append(Reading(RUN, tuple(cards), 0, suit, low))
    if len(results) > 1 and not jokers:
        # A-2-...-K can also be read 2-...-K-A: the ace goes high, where it is
        # worth more (as on a lay-off); nothing else about the two differs.
        results = [max(results, key=lambda r: r.low)]
    return results


def split_tokens(tokens: Sequence[Token]) -> tuple[list[Card], list[Token]]:
    naturals = [t.card for t in tokens if not t.card.is_joker]
    jokers = [t for t in tokens if t.card.is_joker]
    return naturals, jokers


def _joker_meanings_fit(reading: Reading, jokers: Sequence[Token]) -> bool:
    """Do the declared joker meanings agree with this reading?"""
    declared = [t for t in jokers if t.rank]
    if not declared:
        return True
    if reading.kind == SET:
        return all(t.rank == reading.rank for t in declared)
    free = [reading.low + i for i, c in enumerate(reading.cards) if c.is_joker]
    for t in declared:
        if t.suit and t.suit != reading.suit:
            return False
        match = [p for p in free if _position_rank(p) == t.rank]
        if not match:
            return False
        free.remove(match[0])
    return True


def readings(rules: Rules, tokens: Sequence[Token], kind: str | None = None) -> list[Reading]:
    """Every meld these written cards can be read as, honouring the declared
    kind and joker meanings."""
    naturals, jokers = split_tokens(tokens)
    out: list[Reading] = []
    if kind in (None, SET):
        r = read_set(rules, naturals, len(jokers))
        if r is not None and _joker_meanings_fit(r, jokers):
            out.append(r)
    if kind in (None, RUN):
        out.extend(
            r for r in read_runs(rules, naturals, len(jokers)) if _joker_meanings_fit(r, jokers)
        )
    return out


# --- laying off --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LayoffFit:
    """Where cards go on a meld: the new low position and the new card list."""

    low: int
    cards: tuple[Card, ...]
    added: tuple[int, ...]  # indexes (in the new list) of the laid-off cards


def layoff_fits(rules: Rules, meld: Meld, tokens: Sequence[Token]) -> list[LayoffFit]:
    """Every way these cards can be laid off on the meld (empty: they don't
    fit). Remembered on the meld until its cards change: the list is shared,
    do not change it."""
    memo = meld._fits
    if memo is None or memo[0] is not rules:
        memo = meld._fits = (rules, _shared_fits(rules, meld))
    # tokens are interned: one is its own key, and hashes in C
    key: object = tokens[0] if len(tokens) == 1 else tuple(tokens)
    fits = memo[1].get(key)
    if fits is None:
        fits = memo[1][key] = _layoff_fits(rules, meld, tokens)
    return fits


_FITS: dict[int, tuple[Rules, dict[tuple[object, ...], dict[object, list[LayoffFit]]]]] = {}
_FITS_LIMIT = 20_000


def _shared_fits(rules: Rules, meld: Meld) -> dict[object, list[LayoffFit]]:
    """The `layoff_fits` answers of every meld with these cards and facts
    (what `_layoff_fits` reads), so a meld made again in another deal or
    copied and changed back asks no search again."""
    entry = _FITS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_FITS) > 64:
            _FITS.clear()
        entry = _FITS[id(rules)] = (rules, {})
    shared = entry[1]
    key = (
        meld.kind,
        meld.rank,
        meld.suit,
        meld.low,
        meld.complete,
        tuple([c.code for c in meld._cards]),
    )
    fits = shared.get(key)
    if fits is None:
        if len(shared) > _FITS_LIMIT:
            shared.clear()
        fits = shared[key] = {}
    return fits


def _layoff_fits(rules: Rules, meld: Meld, tokens: Sequence[Token]) -> list[LayoffFit]:
    naturals, jokers = split_tokens(tokens)
    k = len(tokens)
    if k == 0 or meld.complete:  # a complete set is full, even seen with a card face down
        return []
    if meld.kind == SET:
        return _set_layoff(rules, meld, naturals, jokers)
    return _run_layoffs(rules, meld, naturals, jokers)


def _set_layoff(
    rules: Rules, meld: Meld, naturals: list[Card], jokers: list[Token]
) -> list[LayoffFit]:
    n = len(meld) + len(naturals) + len(jokers)
    if rules.max_set is not None and n > rules.max_set:
        return []
    if meld.is_joker_set():
        if naturals:
            return []
    else:
        if jokers and rules.jokers_only_in_joker_sets:
            return []
        if any(c.rank != meld.rank for c in naturals):
            return []
        if any(t.rank and t.rank != meld.rank for t in jokers):
            return []
        if not rules.is_contract:
            suits = [c.suit for c in meld.cards if not c.is_joker] + [c.suit for c in naturals]
            if len(set(suits)) != len(suits):
                return []
    if (
        rules.max_jokers_per_meld is not None
        and meld.joker_count() + len(jokers) > rules.max_jokers_per_meld
    ):
        return []
    old = list(meld.cards)
    new = old + sorted(naturals, key=lambda c: c.code) + [JOKER] * len(jokers)
    return [LayoffFit(0, tuple(new), tuple(range(len(old), len(new))))]


def _run_layoffs(
    rules: Rules, meld: Meld, naturals: list[Card], jokers: list[Token]
) -> list[LayoffFit]:
    if jokers and rules.jokers_only_in_joker_sets:
        return []
    if (
        rules.max_jokers_per_meld is not None
        and meld.joker_count() + len(jokers) > rules.max_jokers_per_meld
    ):
        return []
    if any(c.suit != meld.suit for c in naturals):
        return []
    k = len(naturals) + len(jokers)
    old = meld.cards
    fits: list[LayoffFit] = []
    for below in range(k + 1):
        above = k - below
        low = meld.low - below
        high = meld.high + above
        if not _run_span_ok(rules, low, high):
            continue
        free = list(range(low, meld.low)) + list(range(meld.high + 1, high + 1))
        cards: list[Card | None] = [None] * (high - low + 1)
        for i, c in enumerate(old):
            cards[meld.low - low + i] = c
        ok = True
        remaining = list(free)
        for c in naturals:
            spots = [p for p in remaining if _position_rank(p) == c.rank]
            if not spots:
                ok = False
                break
            remaining.remove(spots[0])
            cards[spots[0] - low] = c
        if not ok:
            continue
        for t in jokers:
            if t.rank:
                spots = [
                    p
                    for p in remaining
                    if _position_rank(p) == t.rank and (not t.suit or t.suit == meld.suit)
                ]
                if not spots:
                    ok = False
                    break
                remaining.remove(spots[0])
                cards[spots[0] - low] = JOKER
        if not ok:
            continue
        for p in remaining:
            cards[p - low] = JOKER
        full = tuple(c for c in cards if c is not None)
        added = tuple(p - low for p in free)
        fits.append(LayoffFit(low, full, added))
    if len(fits) > 1 and not jokers:
        # A natural ace that fits both ends of a long run goes high, where it
        # is worth more (nothing else about the two places differs).
        fits = [max(fits, key=lambda f: f.low + len(f.cards))]
    return fits


def joker_fits_somewhere(rules: Rules, melds: Iterable[Meld]) -> bool:
    token = card_token(JOKER)
    return any(layoff_fits(rules, m, [token]) for m in melds)


def fits_several(rules: Rules, melds: Iterable[Meld], tokens: Sequence[Token]) -> bool:
    """Could these cards be laid off on more than one of the melds? (Then a
    face-down lay-off names its meld, RULES.md 3.9.)"""
    return sum(1 for m in melds if layoff_fits(rules, m, tokens)) > 1
