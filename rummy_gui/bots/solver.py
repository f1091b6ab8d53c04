"""The exact meld solver: the best split of a hand into melds and leftovers.

One solver serves every bot (and later the hint button):

- `best_split(rules, hand)` — the split with the highest score, where the
  score is melded points minus leftover points in the 500 family, and minus
  the leftover penalty in the contract family (melds score nothing there).
  Table melds may be given: cards that can be laid off on them count as
  melded (a single card or a natural chain, each judged on its own).
- `contract_layout(rules, hand, round)` — whether and how the round's
  contract can be laid down with its exact sizes (sets of 3, runs of 4;
  round 7: the whole hand as three runs), least leftover penalty first.
- `contract_distance(rules, hand, round)` — how many cards the hand lacks
  for the contract (0: it can be laid down, ignoring the run-gap and
  same-rank-set rules), a planning estimate for the bots.

How it is exact and fast: the hand is a multiset of card codes packed in
an integer (3 bits per distinct card, so two copies of a two-deck card fit),
every meld the hand can make is precomputed as such an integer plus its
joker count, and a memoised search always places the lowest remaining card:
as a leftover or in one of the melds that contain it. Runs longer than
2 × minimum − 1 + jokers can always be split into two valid runs with the
same cards, so longer runs are not needed for the best score.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..engine.cards import JOKER, SUITS, Card
from ..engine.melds import RUN, SET, Meld, Token, card_token, layoff_fits, run_bounds
from ..engine.rules import CONTRACT_RUN_SIZE, CONTRACT_SET_SIZE, CONTRACTS, Rules
from ..engine.scoring import penalty_value, value_500

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


def card_values(rules: Rules) -> list[int]:
    """`card_value` of every card code (the joker's at 52), kept per rules object."""
    return _kit(rules).leftover


def _run_card_value(rules: Rules, card: Card, position: int) -> int:
    if rules.is_contract:
        return 0
    return value_500(rules, card, low_ace=card.rank == 1 and position == 1)


# ---------------------------------------------------------------- packing


class _Packed:
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


_CARD: tuple[Card, ...] = (
    *tuple(Card(code % 13 + 1, SUITS[code // 13]) for code in range(52)),
    JOKER,
)


def _card(code: int) -> Card:
    return _CARD[code]


# A meld template: (need, jokers, value, kind, cards with jokers in place,
# run low position or lay-off meld id)
_Template = tuple[int, int, int, str, tuple[Card, ...], int]


def _sets_in_rank(
    rules: Rules, pool: list[Card], jmax: int
) -> Iterator[tuple[tuple[Card, ...], int, int]]:
    """Every set these cards of one rank make with up to `jmax` jokers:
    (naturals, jokers, value). Both template builders share it."""
    per_meld = jmax if rules.max_jokers_per_meld is None else min(jmax, rules.max_jokers_per_meld)
    set_jokers = 0 if rules.jokers_only_in_joker_sets else per_meld
    # a contract's bigger sets split into two with the same cards
    hi = 5 + per_meld if rules.is_contract else (rules.max_set or 4)
    if len(pool) + set_jokers < 3:
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
                if n < 3 or n > hi:
                    continue
                if rules.is_contract:
                    value = 0
                else:
                    value = sum(value_500(rules, c) for c in combo) + j * rules.joker_value_500
                    if rules.persian_bonuses and n == 4:
                        value *= 2
                yield combo, j, value


def _set_templates(rules: Rules, p: _Packed, jmax: int) -> list[_Template]:
    by_rank: dict[int, list[Card]] = {}
    for code, n in zip(p.codes, p.counts, strict=True):
        by_rank.setdefault(code % 13 + 1, []).extend([_CARD[code]] * n)
    return [
        (p.need(combo), j, value, SET, combo + (JOKER,) * j, 0)
        for pool in by_rank.values()
        for combo, j, value in _sets_in_rank(rules, pool, jmax)
    ]


def _runs_in_suit(
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
        for length in range(len_lo, min(len_hi, 13) + 1):
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
                        else _CARD[si * 13 + (0 if q == 14 else q - 1)]
                        for q in positions
                    )
                    naturals = tuple(c for c in cards if not c.is_joker)
                    jk = length - len(naturals)
                    value = 0
                    if not rules.is_contract:
                        value = sum(
                            _run_card_value(rules, c, q)
                            for c, q in zip(cards, positions, strict=True)
                            if not c.is_joker
                        )
                        value += jk * rules.joker_value_500
                    yield naturals, jk, value, cards, low


def _run_templates(
    rules: Rules, p: _Packed, jmax: int, lengths: tuple[int, int]
) -> list[_Template]:
    out: list[_Template] = []
    if rules.jokers_only_in_joker_sets:
        jmax = 0
    per_meld = jmax if rules.max_jokers_per_meld is None else min(jmax, rules.max_jokers_per_meld)
    len_lo, len_hi = lengths
    have_by_suit: list[set[int]] = [set(), set(), set(), set()]
    for code in p.codes:
        have_by_suit[code // 13].add(code % 13 + 1)
    for si, have in enumerate(have_by_suit):
        for naturals, jk, value, cards, low in _runs_in_suit(
            rules, si, have, per_meld, len_lo, len_hi
        ):
            out.append((p.need(naturals), jk, value, RUN, cards, low))
    return out


def _lowest_field(need: int) -> int:
    return ((need & -need).bit_length() - 1) // 3


# ---------------------------------------------------------------- best split
#
# best_split packs a hand by card code (field `code` of 3 bits counts that
# card), so a meld's packed cards do not depend on the rest of the hand: the
# meld lists of one rank's cards (sets) and of one suit's cards (runs) are
# kept and reused by every hand holding the same cards of that rank or suit.
# A hand that changes by one card so rebuilds at most one rank's and one
# suit's lists; the lay-offs come from what is kept per table meld.

_BIT: tuple[int, ...] = tuple(1 << (3 * code) for code in range(53))
_GUARD = sum(4 << (3 * code) for code in range(52))
# melds by their lowest card (the field the search places first), best value first
_ByLowest = dict[int, list[_Template]]


class _MeldKit:
    """What fits on one table meld (its id, kind, rank, suit, low and cards
    decide it): single cards by code, and the natural chains from its ends."""

    def __init__(self, rules: Rules, meld: Meld) -> None:
        self.meld = meld.copy()
        self.fits = _meld_fits(rules, self.meld)
        self.singles: dict[int, _Template | None] = {}
        self.chains: list[list[tuple[int, _Template | None]]] = []
        # the chains by their lowest card: up the run first, each by length
        self.chains_at: dict[int, list[_Template]] = {}
        self.joker: bool | None = None
        if meld.kind == RUN:
            lo_b, hi_b = run_bounds(rules)
            for direction in (1, -1):
                steps: list[tuple[int, _Template | None]] = []
                chain: list[Card] = []
                q = meld.high + 1 if direction == 1 else meld.low - 1
                while lo_b <= q <= hi_b:
                    c = Card(1 if q == 14 else q, meld.suit)
                    chain.append(c)
                    t: _Template | None = None
                    if len(chain) >= 2 and _chain_fits(rules, self.meld, self.fits, chain):
                        v = (
                            0
                            if rules.is_contract
                            else sum(
                                value_500(rules, x, low_ace=x.rank == 1 and direction == -1)
                                for x in chain
                            )
                        )
                        t = (sum(_BIT[x.code] for x in chain), 0, v, LAYOFF, tuple(chain), meld.id)
                    steps.append((c.code, t))
                    if t is not None:
                        self.chains_at.setdefault(_lowest_field(t[0]), []).append(t)
                    q += direction
                self.chains.append(steps)

    def single(self, rules: Rules, code: int) -> _Template | None:
        if code in self.singles:
            return self.singles[code]
        pos = self.fits.get(code, _UNKNOWN)
        if pos == _UNKNOWN:
            pos = self.fits[code] = _single_fit(rules, self.meld, _card(code))
        t: _Template | None = None
        if pos is not None:
            c = _card(code)
            v = (
                _run_card_value(rules, c, pos)
                if self.meld.kind == RUN
                else (0 if rules.is_contract else value_500(rules, c))
            )
            t = (_BIT[code], 0, v, LAYOFF, (c,), self.meld.id)
        self.singles[code] = t
        return t

    def takes_joker(self, rules: Rules) -> bool:
        if self.joker is None:
            self.joker = bool(layoff_fits(rules, self.meld, [Token(JOKER)]))
        return self.joker


class _Kit:
    """What best_split keeps for one rules object: meld lists by the cards
    they are made of, and what fits on table melds."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.leftover = [card_value(rules, _card(code)) for code in range(53)]
        self.sets: dict[tuple[tuple[int, ...], int], _ByLowest] = {}
        self.runs: dict[tuple[int, int, int, int], _ByLowest] = {}
        self.melds: dict[tuple[object, ...], _MeldKit] = {}
        self.plans: dict[tuple[object, ...], _Plans] = {}
        self.last: dict[tuple[int, int], tuple[tuple[Meld, ...], _Plans]] = {}

    def sets_of(self, pool: tuple[int, ...], jokers: int) -> _ByLowest:
        key = (pool, jokers)
        hit = self.sets.get(key)
        if hit is None:
            if len(self.sets) > 50000:
                self.sets.clear()
            hit = self.sets[key] = _by_lowest(_pool_sets(self.rules, pool, jokers))
        return hit

    def runs_of(self, suit: int, ranks: int, jokers: int, longest: int) -> _ByLowest:
        key = (suit, ranks, jokers, longest)
        hit = self.runs.get(key)
        if hit is None:
            if len(self.runs) > 50000:
                self.runs.clear()
            hit = self.runs[key] = _by_lowest(_suit_runs(self.rules, suit, ranks, jokers, longest))
        return hit

    def meld(self, meld: Meld) -> _MeldKit:
        key = (
            meld.id,
            meld.kind,
            meld.rank,
            meld.suit,
            meld.low,
            tuple(c.code for c in meld.cards),
        )
        hit = self.melds.get(key)
        if hit is None:
            if len(self.melds) > 20000:
                self.melds.clear()
            hit = self.melds[key] = _MeldKit(self.rules, meld)
        return hit


_KITS: dict[int, _Kit] = {}  # by id of the rules object (the kit holds it, so the id stays its own)


def _kit(rules: Rules) -> _Kit:
    kit = _KITS.get(id(rules))
    if kit is None or kit.rules is not rules:
        if len(_KITS) > 64:
            _KITS.clear()
        kit = _KITS[id(rules)] = _Kit(rules)
    return kit


def _dedupe(templates: Iterable[_Template]) -> list[_Template]:
    """Melds using the same cards and jokers are interchangeable: the best
    stays, where the first of them was."""
    unique: dict[tuple[int, int], _Template] = {}
    for t in templates:
        key = (t[0], t[1])
        old = unique.get(key)
        if old is None or t[2] > old[2]:
            unique[key] = t
    return list(unique.values())


def _by_lowest(templates: list[_Template]) -> _ByLowest:
    out: _ByLowest = {}
    for t in _dedupe(templates):
        out.setdefault(_lowest_field(t[0]), []).append(t)
    # best value first: good bounds earlier, and ties resolve to the bigger meld
    for lst in out.values():
        lst.sort(key=lambda t: -t[2])
    return out


def _pool_sets(rules: Rules, pool: tuple[int, ...], jmax: int) -> list[_Template]:
    """The sets made of these cards of one rank (codes in order) and up to `jmax` jokers."""
    return [
        (sum(_BIT[c.code] for c in combo), j, value, SET, combo + (JOKER,) * j, 0)
        for combo, j, value in _sets_in_rank(rules, [_CARD[code] for code in pool], jmax)
    ]


def _suit_runs(rules: Rules, si: int, ranks: int, jmax: int, len_hi: int) -> list[_Template]:
    """The runs of one suit made of the ranks held (bit r-1 for rank r) and up
    to `jmax` jokers, `rules.min_run` to `len_hi` cards long."""
    out: list[_Template] = []
    if rules.jokers_only_in_joker_sets:
        jmax = 0
    per_meld = jmax if rules.max_jokers_per_meld is None else min(jmax, rules.max_jokers_per_meld)
    have = {r + 1 for r in range(13) if ranks >> r & 1}
    for naturals, jk, value, cards, low in _runs_in_suit(
        rules, si, have, per_meld, rules.min_run, len_hi
    ):
        out.append((sum(_BIT[c.code] for c in naturals), jk, value, RUN, cards, low))
    return out


def _merge(lists: list[list[_Template]]) -> list[_Template]:
    """One lowest card's melds from several sources (sets, runs, lay-offs, in
    that order) as if listed together: the same cards and jokers kept once."""
    if len(lists) == 1:
        return lists[0]
    return sorted(_dedupe(t for lst in lists for t in lst), key=lambda t: -t[2])


class _Plans:
    """The solved positions of every hand with the same rules, table and
    jokers. Which melds a part of a hand can make does not depend on the rest
    of the hand (the joker count aside, which is part of the key), and the
    meld lists keep one order whatever the hand, so the best split of a part
    is the same in every hand that holds it: a hand that differs from an
    earlier one by a card reuses most of the earlier search."""

    def __init__(self, kit: _Kit, table: Sequence[Meld], jokers: int) -> None:
        rules = kit.rules
        self.melds = [kit.meld(m) for m in table]
        self.memo: dict[tuple[int, int], tuple[int, _Template | None]] = {}
        self.splits: dict[int, Split] = {}
        self.layoffs: dict[int, list[_Template]] = {}
        # one lowest card's melds from every source, by that card's rank and suit holdings
        self.merged: dict[tuple[int, tuple[int, ...], int], list[_Template]] = {}
        self.joker_layoff = 0
        if jokers and not rules.is_contract:
            for mk in self.melds:
                if mk.takes_joker(rules):
                    self.joker_layoff = mk.meld.id
                    break

    def layoffs_at(self, rules: Rules, f: int) -> list[_Template]:
        """Every lay-off whose lowest card is code f, held or not (the search
        skips what the hand does not hold), best first."""
        hit = self.layoffs.get(f)
        if hit is None:
            out: list[_Template] = []
            for mk in self.melds:
                t = mk.single(rules, f)
                if t is not None:
                    out.append(t)
                out.extend(mk.chains_at.get(f, ()))
            hit = self.layoffs[f] = _by_lowest(out).get(f, [])
        return hit


def _plans(kit: _Kit, table: Sequence[Meld], jokers: int) -> _Plans:
    if isinstance(table, tuple):
        # a tuple of melds is a snapshot (a view's table): known by its identity
        last = kit.last.get((id(table), jokers))
        if last is not None and last[0] is table:
            return last[1]
    key = (
        jokers,
        tuple((m.id, m.kind, m.rank, m.suit, m.low, tuple(c.code for c in m.cards)) for m in table),
    )
    hit = kit.plans.get(key)
    if hit is None:
        if len(kit.plans) > 2000:
            kit.plans.clear()
        hit = kit.plans[key] = _Plans(kit, table, jokers)
    if isinstance(table, tuple):
        if len(kit.last) > 64:
            kit.last.clear()
        kit.last[(id(table), jokers)] = (table, hit)
    return hit


def best_split(rules: Rules, hand: Sequence[Card], table: Sequence[Meld] = ()) -> Split:
    """The best split of `hand` into melds (and lay-offs on `table`) and leftovers."""
    kit = _kit(rules)
    counts: dict[int, int] = {}
    jokers = 0
    for c in hand:
        if c.is_joker:
            jokers += 1
        else:
            code = c.code
            counts[code] = counts.get(code, 0) + 1
    codes = sorted(counts)
    state = 0
    for code in codes:
        state += counts[code] * _BIT[code]
    plans = _plans(kit, table, jokers)
    done = plans.splits.get(state)
    if done is not None:
        return done
    if len(plans.memo) > 200000:
        plans.memo.clear()
        plans.splits.clear()
    by_rank: dict[int, list[int]] = {}
    suits = [0, 0, 0, 0]
    for code in codes:
        by_rank.setdefault(code % 13, []).extend([code] * counts[code])
        suits[code // 13] |= 1 << (code % 13)
    longest = 2 * rules.min_run - 1 + jokers
    by_field: dict[int, list[_Template]] = {}
    merged = plans.merged

    def melds_from(f: int) -> list[_Template]:
        """The melds whose lowest card is code f, best first (built when first asked)."""
        hit = by_field.get(f)
        if hit is not None:
            return hit
        pool = tuple(by_rank[f % 13])
        key = (f, pool, suits[f // 13])
        hit = merged.get(key)
        if hit is None:
            lists: list[list[_Template]] = []
            sets = kit.sets_of(pool, jokers).get(f)
            if sets:
                lists.append(sets)
            runs = kit.runs_of(f // 13, suits[f // 13], jokers, longest).get(f)
            if runs:
                lists.append(runs)
            if table:
                lay = plans.layoffs_at(rules, f)
                if lay:
                    lists.append(lay)
            if len(merged) > 50000:
                merged.clear()
            hit = merged[key] = _merge(lists) if lists else []
        by_field[f] = hit
        return hit

    leftover = kit.leftover
    jv = card_value(rules, JOKER)
    guard = _GUARD
    persian = rules.jokers_only_in_joker_sets
    joker_layoff = plans.joker_layoff
    memo = plans.memo

    def joker_end(j: int) -> int:
        if persian and 3 <= j <= 4:
            return j * rules.joker_value_500 * (2 if j == 4 and rules.persian_bonuses else 1)
        if joker_layoff:
            return j * rules.joker_value_500
        return -j * jv

    def solve(s: int, j: int) -> int:
        if s == 0:
            return joker_end(j)
        key = (s, j)
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        f = _lowest_field(s)
        best = solve(s - _BIT[f], j) - leftover[f]
        choice: _Template | None = None
        for t in melds_from(f):
            need, jk = t[0], t[1]
            if jk <= j and ((s | guard) - need) & guard == guard:
                v = t[2] + solve(s - need, j - jk)
                if v > best:
                    best, choice = v, t
        memo[key] = (best, choice)
        return best

    score = solve(state, jokers)
    # walk the choices back into melds
    melds: list[PlannedMeld] = []
    leftovers: list[Card] = []
    s, j = state, jokers
    while s:
        _, chosen = memo[(s, j)]
        if chosen is None:
            f = _lowest_field(s)
            leftovers.append(_card(f))
            s -= _BIT[f]
            continue
        melds.append(_planned(chosen))
        s -= chosen[0]
        j -= chosen[1]
    if j:
        if persian and 3 <= j <= 4:
            melds.append(PlannedMeld(SET, (JOKER,) * j, joker_end(j)))
        elif joker_layoff:
            melds.extend(
                PlannedMeld(LAYOFF, (JOKER,), rules.joker_value_500, joker_layoff) for _ in range(j)
            )
        else:
            leftovers.extend([JOKER] * j)
    split = plans.splits[state] = Split(tuple(melds), tuple(leftovers), score)
    return split


def _planned(t: _Template) -> PlannedMeld:
    _need, _jk, value, kind, cards, info = t
    if kind == RUN:
        return PlannedMeld(kind, cards, value, None, info)
    return PlannedMeld(kind, cards, value, info if kind == LAYOFF else None)


# What fits on a table meld, remembered per meld (its kind, rank, suit, low
# and cards decide it): a card code -> where the card goes alone (a run
# position, 0 on a set) or None; a tuple of codes -> whether that chain fits.
_MELD_FITS: dict[tuple[object, ...], dict[object, int | None]] = {}
_UNKNOWN = -1


def _meld_fits(rules: Rules, meld: Meld) -> dict[object, int | None]:
    key = (rules, meld.kind, meld.rank, meld.suit, meld.low, meld.cards)
    fits = _MELD_FITS.get(key)
    if fits is None:
        if len(_MELD_FITS) > 8192:
            _MELD_FITS.clear()
        fits = _MELD_FITS[key] = {}
    return fits


def _single_fit(rules: Rules, meld: Meld, card: Card) -> int | None:
    found = layoff_fits(rules, meld, [Token(card)])
    if not found:
        return None
    return found[0].low + found[0].added[0] if meld.kind == RUN else 0


def _chain_fits(
    rules: Rules, meld: Meld, fits: dict[object, int | None], chain: Sequence[Card]
) -> bool:
    key = tuple(c.code for c in chain)
    hit = fits.get(key, _UNKNOWN)
    if hit == _UNKNOWN:
        hit = fits[key] = 1 if layoff_fits(rules, meld, [Token(x) for x in chain]) else None
    return hit is not None


# ---------------------------------------------------------------- contracts


@dataclass(frozen=True)
class ContractLayout:
    """One way to lay down the round's contract: its melds and what stays in hand."""

    melds: tuple[PlannedMeld, ...]
    leftovers: tuple[Card, ...]
    penalty: int  # of the leftovers


def contract_layout(rules: Rules, hand: Sequence[Card], round_number: int) -> ContractLayout | None:
    """The contract lay-down (exact sizes and every contract rule) that leaves
    the least penalty in hand, or None when the hand can not lay it down."""
    sets_needed, runs_needed = CONTRACTS[round_number - 1]
    p = _Packed(hand)
    last = rules.last_round_goes_out_whole(round_number)
    if last:
        set_t: list[_Template] = []
        run_t = _run_templates(rules, p, p.jokers, (CONTRACT_RUN_SIZE, 13))
    else:
        set_t = (
            [t for t in _set_templates(rules, p, p.jokers) if len(t[4]) == CONTRACT_SET_SIZE]
            if sets_needed
            else []
        )
        run_t = (
            _run_templates(rules, p, p.jokers, (CONTRACT_RUN_SIZE, CONTRACT_RUN_SIZE))
            if runs_needed
            else []
        )
    guard = p.guard
    total = len(hand)
    best: list[tuple[int, tuple[_Template, ...]]] = []

    def ok_pair(chosen: Sequence[_Template], t: _Template) -> bool:
        if t[3] == RUN:
            lo, hi = _span(t)
            for o in chosen:
                if o[3] == RUN and _suit(o) == _suit(t):
                    olo, ohi = _span(o)
                    if ohi + 1 == lo or hi + 1 == olo:
                        return False
        elif rules.contract_sets_distinct_ranks and any(
            o[3] == SET and o[4][0].rank == t[4][0].rank for o in chosen
        ):
            return False
        return True

    def rec(
        start: int,
        pool: list[_Template],
        left: int,
        s: int,
        j: int,
        chosen: tuple[_Template, ...],
        then: list[_Template],
        then_left: int,
    ) -> None:
        if left == 0:
            if then_left:
                rec(0, then, then_left, s, j, chosen, [], 0)
                return
            used = sum(len(t[4]) for t in chosen)
            if last and used != total:
                return
            if not last and used >= total and rules.go_out_by_discard:
                return
            rest = _unpack(p, s) + [JOKER] * j
            best.append((sum(card_value(rules, c) for c in rest), chosen))
            return
        for i in range(start, len(pool)):
            t = pool[i]
            if t[1] <= j and ((s | guard) - t[0]) & guard == guard and ok_pair(chosen, t):
                rec(i, pool, left - 1, s - t[0], j - t[1], (*chosen, t), then, then_left)

    if sets_needed:
        rec(0, set_t, sets_needed, p.state, p.jokers, (), run_t, runs_needed)
    else:
        rec(0, run_t, runs_needed, p.state, p.jokers, (), [], 0)
    if not best:
        return None
    penalty, chosen = min(best, key=lambda x: x[0])
    s, j = p.state, p.jokers
    for t in chosen:
        s -= t[0]
        j -= t[1]
    return ContractLayout(
        tuple(_planned(t) for t in chosen), tuple(_unpack(p, s) + [JOKER] * j), penalty
    )


def _span(t: _Template) -> tuple[int, int]:
    return t[5], t[5] + len(t[4]) - 1


def _suit(t: _Template) -> str:
    return next(c.suit for c in t[4] if not c.is_joker)


def _unpack(p: _Packed, s: int) -> list[Card]:
    out: list[Card] = []
    for i, code in enumerate(p.codes):
        out.extend([_card(code)] * ((s >> (3 * i)) & 7))
    return out


def fits_alone(rules: Rules, melds: Sequence[Meld], card: Card) -> bool:
    """Whether this card can be laid off alone on one of these melds
    (remembered per meld, as the lay-off templates are)."""
    for m in melds:
        fits = _meld_fits(rules, m)
        pos = fits.get(card.code, _UNKNOWN)
        if pos == _UNKNOWN:
            pos = fits[card.code] = _single_fit(rules, m, card)
        if pos is not None:
            return True
    return False


def contract_distance(rules: Rules, hand: Sequence[Card], round_number: int) -> int:
    """How many more cards the hand needs to hold the contract (an estimate
    for planning: jokers count as any card, the run-gap rule is ignored)."""
    key = (rules, round_number, tuple(sorted(c.code for c in hand)))
    return _distance_cached(key)


@lru_cache(maxsize=65536)
def _distance_cached(key: tuple[Rules, int, tuple[int, ...]]) -> int:
    rules, round_number, codes = key
    hand = [JOKER if c == 52 else _card(c) for c in codes]
    return _distance(rules, hand, round_number)


def forget() -> None:
    """Drop the remembered lay-off fits and contract distances (answers are
    the same without them; they are only faster)."""
    _MELD_FITS.clear()
    _KITS.clear()
    _distance_cached.cache_clear()
    _contract_sets.cache_clear()
    _contract_runs.cache_clear()


def round_melds(rules: Rules, round_number: int) -> tuple[int, int, int]:
    """The melds a round's contract asks for: sets of 3, runs of 4, runs of 5."""
    sets_needed, runs_needed = CONTRACTS[round_number - 1]
    runs5 = 0
    if rules.last_round_goes_out_whole(round_number):
        # the whole hand (after the draw) goes down as three runs: 4 + 4 + 5
        # cards with 13 in hand, 4 + 4 + 4 with 12
        runs5 = max(
            0, min(runs_needed, rules.contract_hand_size[round_number - 1] + 1 - 4 * runs_needed)
        )
    return sets_needed, runs_needed - runs5, runs5


def _distance(rules: Rules, hand: Sequence[Card], round_number: int) -> int:
    """The fewest cards missing from the round's melds, by a search over the
    melds (at most three) rather than over the hand's cards: each meld takes
    one template of held cards (or none), templates cheapest first, and a
    branch stops as soon as it cannot beat the best found."""
    sets_needed, runs4, runs5 = round_melds(rules, round_number)
    counts = [0] * 53
    for c in hand:
        counts[52 if c.is_joker else c.code] += 1
    jokers = counts[52]
    state = sum(n * _BIT[code] for code, n in enumerate(counts[:52]) if n)
    # per meld kind (a set of 3, a run of 4, a run of 5): (cards missing, packed naturals)
    tmpl: list[list[tuple[int, int]]] = [[], [], []]
    if sets_needed:
        for rank in range(1, 14):
            of_rank = (counts[rank - 1], counts[12 + rank], counts[25 + rank], counts[38 + rank])
            if any(of_rank):
                tmpl[0].extend(_contract_sets(rank, of_rank))
    lo_b, hi_b = run_bounds(rules)
    for slot, run_len, wanted in ((1, 4, runs4), (2, 5, runs5)):
        if not wanted:
            continue
        for si in range(4):
            ranks = 0
            for r in range(1, 14):
                if counts[si * 13 + r - 1]:
                    ranks |= 1 << r
            if ranks:
                tmpl[slot].extend(_contract_runs(si, ranks, run_len, jokers, lo_b, hi_b))
    for slot, size in enumerate(_MELD_SIZES):
        tmpl[slot].sort()
        tmpl[slot].append((size, 0))  # the meld made of no held card
    melds = [0] * sets_needed + [1] * runs4 + [2] * runs5
    # the fewest cards the melds from i on can miss, disjointness aside
    floor = [0] * (len(melds) + 1)
    for i in range(len(melds) - 1, -1, -1):
        floor[i] = floor[i + 1] + tmpl[melds[i]][0][0]
    best = sum(_MELD_SIZES[m] for m in melds)
    n = len(melds)

    def search(i: int, s: int, start: int, cost: int) -> None:
        nonlocal best
        slot = melds[i]
        rest = floor[i + 1]
        last = i + 1 == n
        # melds of one kind take their templates in order, so that no
        # choice is tried twice in another order
        same = not last and melds[i + 1] == slot
        ts = tmpl[slot]
        for j in range(start, len(ts)):
            missing, need = ts[j]
            c = cost + missing
            if c + rest >= best:
                break
            if ((s | _GUARD) - need) & _GUARD == _GUARD:
                if last:
                    best = c  # the cheapest template that fits: nothing after it is better
                    break
                search(i + 1, s - need, j if same else 0, c)

    search(0, state, 0, 0)
    cap = rules.max_jokers_per_meld
    usable = jokers if cap is None else min(jokers, cap * (sets_needed + runs4 + runs5))
    return max(0, best - usable)


_MELD_SIZES = (3, 4, 5)


@lru_cache(maxsize=4096)
def _contract_sets(rank: int, of_rank: tuple[int, int, int, int]) -> tuple[tuple[int, int], ...]:
    """(cards missing, packed naturals) of every set of 3 that 1 to 3 of
    these cards of one rank (counts by suit) could start."""
    codes = [si * 13 + rank - 1 for si in range(4) for _ in range(of_rank[si])]
    out: set[tuple[int, int]] = set()
    for k in range(1, min(3, len(codes)) + 1):
        for combo in combinations(codes, k):
            out.add((3 - k, sum(_BIT[c] for c in combo)))
    return tuple(out)


@lru_cache(maxsize=16384)
def _contract_runs(
    suit: int, ranks: int, run_len: int, jokers: int, lo_b: int, hi_b: int
) -> tuple[tuple[int, int], ...]:
    """(cards missing, packed naturals) of every run of `run_len` that held
    cards of one suit (`ranks`: bit r for rank r) could start. A held card
    may be left out for a joker (it is wanted in another meld), as the
    layout search does; never more than the jokers held."""
    out: set[tuple[int, int]] = set()
    for low in range(lo_b, hi_b - run_len + 2):
        bits = [
            _BIT[suit * 13 + (0 if q == 14 else q - 1)]
            for q in range(low, low + run_len)
            if ranks >> (1 if q == 14 else q) & 1
        ]
        if not bits:
            continue
        total = sum(bits)
        held = len(bits)
        for drop_n in range(min(jokers, held - 1) + 1):
            for drop in combinations(bits, drop_n):
                out.add((run_len - held + drop_n, total - sum(drop)))
    return tuple(out)
