"""The best split of a hand into melds, lay-offs and leftovers (`best_split`).

The score is melded points minus leftover points in the 500 family, and
minus the leftover penalty in the contract family (melds score nothing
there). Table melds may be given: cards that can be laid off on them count
as melded (a single card or a natural chain, each judged on its own).

A memoised search always places the lowest remaining card: as a leftover or
in one of the melds that contain it. Runs longer than 2 × minimum − 1 +
jokers can always be split into two valid runs with the same cards, so
longer runs are not needed for the best score.

The hand is packed by card code, so a meld's packed cards do not depend on
the rest of the hand: the meld lists of one rank's cards (sets) and of one
suit's cards (runs) are kept and reused by every hand holding the same
cards of that rank or suit. A hand that changes by one card so rebuilds at
most one rank's and one suit's lists; the lay-offs come from what is kept
per table meld.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.cards import JOKER, Card
from ..engine.melds import FULL_SET, MIN_SET, RUN, SET, Meld, Token, layoff_fits, run_bounds
from ..engine.rules import Rules
from ..engine.scoring import DOUBLED_FACTOR, value_500
from .templates import (
    BIT,
    CARDS,
    GUARD,
    LAYOFF,
    UNKNOWN,
    PlannedMeld,
    Split,
    Template,
    card_at,
    card_value,
    chain_fits,
    lowest_field,
    meld_fits,
    planned,
    run_card_value,
    runs_in_suit,
    sets_in_rank,
    single_fit,
)

# melds by their lowest card (the field the search places first), best value first
_ByLowest = dict[int, list[Template]]


class _MeldKit:
    """What fits on one table meld (its id, kind, rank, suit, low and cards
    decide it): single cards by code, and the natural chains from its ends."""

    def __init__(self, rules: Rules, meld: Meld) -> None:
        self.meld = meld.copy()
        self.fits = meld_fits(rules, self.meld)
        self.singles: dict[int, Template | None] = {}
        self.chains: list[list[tuple[int, Template | None]]] = []
        # the chains by their lowest card: up the run first, each by length
        self.chains_at: dict[int, list[Template]] = {}
        self.joker: bool | None = None
        if meld.kind == RUN:
            lo_b, hi_b = run_bounds(rules)
            for direction in (1, -1):
                steps: list[tuple[int, Template | None]] = []
                chain: list[Card] = []
                q = meld.high + 1 if direction == 1 else meld.low - 1
                while lo_b <= q <= hi_b:
                    c = Card(1 if q == 14 else q, meld.suit)
                    chain.append(c)
                    t: Template | None = None
                    if len(chain) >= 2 and chain_fits(rules, self.meld, self.fits, chain):
                        v = (
                            0
                            if rules.is_contract
                            else sum(
                                value_500(rules, x, low_ace=x.rank == 1 and direction == -1)
                                for x in chain
                            )
                        )
                        t = (sum(BIT[x.code] for x in chain), 0, v, LAYOFF, tuple(chain), meld.id)
                    steps.append((c.code, t))
                    if t is not None:
                        self.chains_at.setdefault(lowest_field(t[0]), []).append(t)
                    q += direction
                self.chains.append(steps)

    def single(self, rules: Rules, code: int) -> Template | None:
        if code in self.singles:
            return self.singles[code]
        pos = self.fits.get(code, UNKNOWN)
        if pos == UNKNOWN:
            pos = self.fits[code] = single_fit(rules, self.meld, card_at(code))
        t: Template | None = None
        if pos is not None:
            c = card_at(code)
            v = (
                run_card_value(rules, c, pos)
                if self.meld.kind == RUN
                else (0 if rules.is_contract else value_500(rules, c))
            )
            t = (BIT[code], 0, v, LAYOFF, (c,), self.meld.id)
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
        self.leftover = [card_value(rules, card_at(code)) for code in range(53)]
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


def _dedupe(templates: Iterable[Template]) -> list[Template]:
    """Melds using the same cards and jokers are interchangeable: the best
    stays, where the first of them was."""
    unique: dict[tuple[int, int], Template] = {}
    for t in templates:
        key = (t[0], t[1])
        old = unique.get(key)
        if old is None or t[2] > old[2]:
            unique[key] = t
    return list(unique.values())


def _by_lowest(templates: list[Template]) -> _ByLowest:
    out: _ByLowest = {}
    for t in _dedupe(templates):
        out.setdefault(lowest_field(t[0]), []).append(t)
    # best value first: good bounds earlier, and ties resolve to the bigger meld
    for lst in out.values():
        lst.sort(key=lambda t: -t[2])
    return out


def _pool_sets(rules: Rules, pool: tuple[int, ...], jmax: int) -> list[Template]:
    """The sets made of these cards of one rank (codes in order) and up to `jmax` jokers."""
    return [
        (sum(BIT[c.code] for c in combo), j, value, SET, combo + (JOKER,) * j, 0)
        for combo, j, value in sets_in_rank(rules, [CARDS[code] for code in pool], jmax)
    ]


def _suit_runs(rules: Rules, si: int, ranks: int, jmax: int, len_hi: int) -> list[Template]:
    """The runs of one suit made of the ranks held (bit r-1 for rank r) and up
    to `jmax` jokers, `rules.min_run` to `len_hi` cards long."""
    out: list[Template] = []
    if rules.jokers_only_in_joker_sets:
        jmax = 0
    per_meld = jmax if rules.max_jokers_per_meld is None else min(jmax, rules.max_jokers_per_meld)
    have = {r + 1 for r in range(13) if ranks >> r & 1}
    for naturals, jk, value, cards, low in runs_in_suit(
        rules, si, have, per_meld, rules.min_run, len_hi
    ):
        out.append((sum(BIT[c.code] for c in naturals), jk, value, RUN, cards, low))
    return out


def _merge(lists: list[list[Template]]) -> list[Template]:
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
        self.memo: dict[tuple[int, int], tuple[int, Template | None]] = {}
        self.splits: dict[int, Split] = {}
        self.layoffs: dict[int, list[Template]] = {}
        # one lowest card's melds from every source, by that card's rank and suit holdings
        self.merged: dict[tuple[int, tuple[int, ...], int], list[Template]] = {}
        self.joker_layoff = 0
        if jokers and not rules.is_contract:
            for mk in self.melds:
                if mk.takes_joker(rules):
                    self.joker_layoff = mk.meld.id
                    break

    def layoffs_at(self, rules: Rules, f: int) -> list[Template]:
        """Every lay-off whose lowest card is code f, held or not (the search
        skips what the hand does not hold), best first."""
        hit = self.layoffs.get(f)
        if hit is None:
            out: list[Template] = []
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
        state += counts[code] * BIT[code]
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
    by_field: dict[int, list[Template]] = {}
    merged = plans.merged

    def melds_from(f: int) -> list[Template]:
        """The melds whose lowest card is code f, best first (built when first asked)."""
        hit = by_field.get(f)
        if hit is not None:
            return hit
        pool = tuple(by_rank[f % 13])
        key = (f, pool, suits[f // 13])
        hit = merged.get(key)
        if hit is None:
            lists: list[list[Template]] = []
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
    guard = GUARD
    persian = rules.jokers_only_in_joker_sets
    joker_sets = range(MIN_SET, (rules.max_set or FULL_SET) + 1)  # Persian's sets of jokers alone
    joker_layoff = plans.joker_layoff
    memo = plans.memo

    def joker_end(j: int) -> int:
        if persian and j in joker_sets:
            doubled = j == FULL_SET and rules.persian_bonuses
            return j * rules.joker_value_500 * (DOUBLED_FACTOR if doubled else 1)
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
        f = lowest_field(s)
        best = solve(s - BIT[f], j) - leftover[f]
        choice: Template | None = None
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
            f = lowest_field(s)
            leftovers.append(card_at(f))
            s -= BIT[f]
            continue
        melds.append(planned(chosen))
        s -= chosen[0]
        j -= chosen[1]
    if j:
        if persian and j in joker_sets:
            melds.append(PlannedMeld(SET, (JOKER,) * j, joker_end(j)))
        elif joker_layoff:
            melds.extend(
                PlannedMeld(LAYOFF, (JOKER,), rules.joker_value_500, joker_layoff) for _ in range(j)
            )
        else:
            leftovers.extend([JOKER] * j)
    split = plans.splits[state] = Split(tuple(melds), tuple(leftovers), score)
    return split


def card_values(rules: Rules) -> list[int]:
    """`card_value` of every card code (the joker's at 52), kept per rules object."""
    return _kit(rules).leftover


def forget() -> None:
    """Drop the kept meld lists and solved positions."""
    _KITS.clear()
