"""Pure searches over cards: every meld a hand can make, a hand's index and
the lay-off candidates on a table meld (`targets.py` has the searches for a
taken card, the "target").

These are shared by legal-move generation, take legality and the rummy call.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, compress
from operator import attrgetter

from .cards import JOKER, SUITS, Card, Token, card_from_code, card_token, joker_token
from .melds import RUN, SET, Meld, Reading, layoff_fits, read_runs, read_set, run_bounds
from .rules import Rules


def _codes(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 53
    for c in cards:
        counts[c.code] += 1
    return counts


def canonical_meld(rules: Rules, reading: Reading) -> tuple[str | None, tuple[Token, ...]]:
    """The canonical move of a meld: (kind word or None, tokens).

    Run jokers carry their meaning only when they could stand elsewhere; the
    kind word is written only when the same cards could make either kind."""
    naturals = [c for c in reading.cards if not c.is_joker]
    jokers = len(reading.cards) - len(naturals)
    word: str | None = None
    if len(naturals) == 1 and jokers >= 2:
        if reading.kind == RUN and read_set(rules, naturals, jokers) is not None:
            word = RUN
        if reading.kind == SET and read_runs(rules, naturals, jokers):
            word = SET
    if reading.kind == RUN:
        # joker meanings are written only when the jokers could sit elsewhere
        explicit = jokers > 0 and len(read_runs(rules, naturals, jokers)) > 1
        return word, tuple(reading.tokens(explicit))
    return word, tuple(reading.tokens(explicit=False))


_BY_SUIT: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card(1 if p == 14 else max(p, 1), suit) for p in range(15)) for suit in SUITS
)
# the reading of the natural run of places low .. high of a suit:
# _NATURAL_RUNS[suit index][low][high] (readings are values: one serves all)
_NATURAL_RUNS: tuple[tuple[dict[int, Reading], ...], ...] = tuple(
    tuple(
        {high: Reading(RUN, _BY_SUIT[si][low : high + 1], 0, suit, low) for high in range(low, 15)}
        for low in range(15)
    )
    for si, suit in enumerate(SUITS)
)


def _meld_possible(
    rules: Rules,
    hand: Sequence[Card],
    set_lo: int,
    set_hi: int,
    run_lo: int,
    run_hi: int,
    jmax: int,
    set_jmax: int,
    through: Card | None = None,
) -> bool:
    """A quick necessary condition for `possible_melds` to find anything: some
    rank could make a set, or some window of `run_lo` places a run (with a
    natural `through`: its rank, or a window of its suit holding it).
    Bitmasks: a rank's suits, a suit's run places (bit 14 is the ace above
    the king)."""
    jokers = 0
    suits_of = [0] * 14
    natural_count = [0] * 14
    places = [0, 0, 0, 0]
    for c in hand:
        code = c.code
        if code == 52:
            jokers += 1
            continue
        rank = code % 13 + 1
        si = code // 13
        suits_of[rank] |= 1 << si
        natural_count[rank] += 1
        places[si] |= (1 << rank) | (1 << 14 if rank == 1 else 0)
    if rules.jokers_only_in_joker_sets:
        if set_lo <= jokers and set_lo <= set_hi:
            return True
        jmax = 0
    if through is not None and not through.is_joker:
        rank = through.rank
        return _possible_through(
            rules,
            through,
            set_lo,
            set_hi,
            run_lo,
            run_hi,
            jmax,
            set_jmax,
            suits_of[rank].bit_count(),
            natural_count[rank],
            places[through.code // 13],
        )
    if set_lo <= set_hi:
        need_set = max(1, set_lo - set_jmax)
        if rules.is_contract:
            if max(natural_count) >= need_set:
                return True
        else:
            for m in suits_of:
                if m and m.bit_count() >= need_set:
                    return True
    lo_b, hi_b = run_bounds(rules)
    if run_lo > run_hi or run_lo > hi_b - lo_b + 1:
        return False
    need = run_lo - jmax
    if need <= 1:
        return any(places)
    window = (1 << run_lo) - 1
    for mask in places:
        if mask.bit_count() < need:
            continue
        for low in range(lo_b, hi_b - run_lo + 2):
            if ((mask >> low) & window).bit_count() >= need:
                return True
    return False


def _possible_through(
    rules: Rules,
    through: Card,
    set_lo: int,
    set_hi: int,
    run_lo: int,
    run_hi: int,
    jmax: int,
    set_jmax: int,
    rank_suits: int,
    rank_naturals: int,
    mask: int,
) -> bool:
    """`_meld_possible` for melds that hold the natural card `through`: from
    how many suits and naturals of its rank are held, and its suit's run places."""
    rank = through.rank
    if set_lo <= set_hi:
        n = rank_naturals if rules.is_contract else rank_suits
        if n and n + set_jmax >= set_lo:
            return True
    lo_b, hi_b = run_bounds(rules)
    if run_lo > run_hi or run_lo > hi_b - lo_b + 1:
        return False
    need = run_lo - jmax
    window = (1 << run_lo) - 1
    for p in (1, 14) if rank == 1 else (rank,):
        for low in range(max(lo_b, p - run_lo + 1), min(p, hi_b - run_lo + 1) + 1):
            if ((mask >> low) & window).bit_count() >= need:
                return True
    return False


def possible_melds(
    rules: Rules,
    hand: Sequence[Card],
    sizes: tuple[int, int] | None = None,
    run_sizes: tuple[int, int] | None = None,
    through: Card | None = None,
) -> Iterator[Reading]:
    """Every set and run that can be made from these cards (each reading once
    per distinct card text). `sizes`/`run_sizes` bound set and run lengths;
    `through`: only melds that use this card."""
    jk = hand.count(JOKER)
    max_set = rules.max_set if rules.max_set is not None else 8
    set_lo, set_hi = sizes if sizes else (3, max_set)
    run_lo, run_hi = run_sizes if run_sizes else (rules.min_run, 13)
    jmax = jk if rules.max_jokers_per_meld is None else min(jk, rules.max_jokers_per_meld)
    set_jmax = 0 if rules.jokers_only_in_joker_sets else jmax
    natural_through = through is not None and not through.is_joker
    if natural_through and through is not None:
        # `_meld_possible` read off the counts, which are needed anyway
        counts = _codes(hand)
        rank = through.rank
        of_rank = counts[rank - 1 : rank + 39 : 13]  # the four suits' cards of its rank
        si = through.code // 13
        # Persian: a set of jokers alone may do (as `_meld_possible` says)
        joker_set = rules.jokers_only_in_joker_sets and set_lo <= counts[52] and set_lo <= set_hi
        if not joker_set and not _possible_through(
            rules,
            through,
            set_lo,
            set_hi,
            run_lo,
            run_hi,
            0 if rules.jokers_only_in_joker_sets else jmax,
            set_jmax,
            4 - of_rank.count(0),
            sum(of_rank),
            _PLACES[sum(compress(_POW13, counts[si * 13 : si * 13 + 13]))],
        ):
            return
    else:
        if not _meld_possible(rules, hand, set_lo, set_hi, run_lo, run_hi, jmax, set_jmax, through):
            return
        counts = _codes(hand)
    if natural_through and through is not None:
        ranks_present = [through.rank]
    else:
        ranks_present = sorted({c.rank for c in hand if c.rank})
    # sets
    for rank in ranks_present if set_lo <= set_hi else ():
        if rules.is_contract:
            # suits do not matter: choose any multiset of the naturals of this rank
            pool: list[Card] = []
            for si in range(4):
                pool.extend([_BY_SUIT[si][rank]] * counts[si * 13 + rank - 1])
            if not pool:
                continue
            seen: set[tuple[int, ...]] = set()
            # fewer naturals than set_lo - set_jmax make no set of the sizes asked
            for n_nat in range(max(1, set_lo - set_jmax), min(len(pool), set_hi) + 1):
                for combo in combinations(pool, n_nat):
                    key = tuple(c.code for c in combo)
                    if key in seen or (natural_through and through not in combo):
                        continue
                    seen.add(key)
                    for j in range(set_jmax + 1):
                        if set_lo <= n_nat + j <= set_hi and (
                            j or through is None or natural_through
                        ):
                            r = read_set(rules, list(combo), j)
                            if r is not None:
                                yield r
            continue
        suited = [_BY_SUIT[si][rank] for si in range(4) if counts[si * 13 + rank - 1]]
        if len(suited) + set_jmax < set_lo:
            continue
        for n_nat in range(max(1, set_lo - set_jmax), min(len(suited), set_hi) + 1):
            for combo in combinations(suited, n_nat):
                if natural_through and through not in combo:
                    continue
                for j in range(set_jmax + 1):
                    if through is not None and not natural_through and j == 0:
                        continue
                    if set_lo <= n_nat + j <= set_hi:
                        r = read_set(rules, list(combo), j)
                        if r is not None:
                            yield r
    if rules.jokers_only_in_joker_sets:
        # Persian: jokers make sets of jokers only, and runs are all natural
        if not natural_through:
            for j in range(3, min(jk, set_hi) + 1):
                if j >= set_lo:
                    r = read_set(rules, [], j)
                    if r is not None:
                        yield r
            if through is not None:
                return
        jmax = 0
    # runs
    if run_lo > min(13, run_hi):
        return  # no run of the lengths asked
    lo_b, hi_b = run_bounds(rules)
    for si, suit in enumerate(SUITS):
        if natural_through and through is not None and through.suit != suit:
            continue
        held = [rank for rank, n in enumerate(counts[si * 13 : si * 13 + 13], 1) if n]
        if not held or len(held) + jmax < run_lo:
            continue  # a run holds at least run_lo - jmax naturals, each of its own rank
        first, last = held[0], held[-1]
        have = [False] * 15
        for rank in held:
            have[rank] = True
        have[14] = have[1]
        if have[1]:
            last = 14
        row = _BY_SUIT[si]
        tps: tuple[int, ...] = ()
        if natural_through and through is not None:
            tps = (1, 14) if through.rank == 1 else (through.rank,)
        if not jmax:
            if through is None or natural_through:
                yield from _natural_runs(have, si, first, last, lo_b, hi_b, run_lo, run_hi, tps)
            continue
        # run places held, as bits: a low whose first run_lo places miss more
        # than jmax makes no run (missing places only grow with the length)
        mask = _PLACES[sum(compress(_POW13, counts[si * 13 : si * 13 + 13]))]
        shortest = (1 << run_lo) - 1
        for low in range(max(lo_b, first - jmax), min(hi_b, last) + 1):
            if low + run_lo - 1 > hi_b or run_lo - ((mask >> low) & shortest).bit_count() > jmax:
                continue
            present: list[int] = []
            for high in range(low, hi_b + 1):
                length = high - low + 1
                if length > 13 or length > run_hi:
                    break
                if have[high]:
                    present.append(high)
                missing = length - len(present)
                if missing > jmax:
                    break
                if length < run_lo or not present:
                    continue
                tp = 0
                if tps:
                    inside = [p for p in tps if low <= p <= high]
                    if not inside:
                        continue
                    tp = inside[0]
                spare = jmax - missing
                droppable = [p for p in present if p != tp]
                for k in range(min(spare, len(present) - 1) + 1):
                    for drop in combinations(droppable, k):
                        cards = [
                            row[p] if (have[p] and p not in drop) else JOKER
                            for p in range(low, high + 1)
                        ]
                        if through is not None and not natural_through and JOKER not in cards:
                            continue
                        yield Reading(RUN, tuple(cards), 0, suit, low)


def natural_melds(rules: Rules, index: HandIndex) -> Iterator[Reading]:
    """`possible_melds(rules, hand)` of a 500-family hand without a joker,
    read off its HandIndex: the same readings in the same order (sets by
    rank, then runs by suit, each by its low place, then its high one)."""
    assert not index.joker and not rules.is_contract
    set_hi = rules.max_set if rules.max_set is not None else 8
    p0, p1, p2, p3 = places = index.places
    # bit `rank` is set when three or four suits of the rank are held
    triples = ((p0 & p1 & (p2 | p3)) | ((p0 | p1) & p2 & p3)) & _RANK_BITS if set_hi >= 3 else 0
    while triples:
        low_bit = triples & -triples
        triples ^= low_bit
        rank = low_bit.bit_length() - 1
        suits = (
            (p0 >> rank & 1) | (p1 >> rank & 1) << 1 | (p2 >> rank & 1) << 2 | (p3 >> rank & 1) << 3
        )
        yield from _natural_sets(rank, suits, set_hi)
    run_lo = rules.min_run
    if run_lo > 13:
        return
    lo_b, hi_b = run_bounds(rules)
    lows = ((1 << (hi_b - run_lo + 2)) - 1) & ~((1 << lo_b) - 1)
    for si in range(4):
        held = places[si]
        # bit `low` of `starts`: places low .. low + run_lo - 1 are all held
        starts = held & lows
        for k in range(1, run_lo):
            starts &= held >> k
        while starts:
            low_bit = starts & -starts
            starts ^= low_bit
            low = low_bit.bit_length() - 1
            high = low + run_lo - 1
            runs = _NATURAL_RUNS[si][low]
            while high <= hi_b and (held >> high) & 1 and high - low < 13:
                yield runs[high]
                high += 1


_SETS: dict[tuple[int, int, int], tuple[Reading, ...]] = {}


def _natural_sets(rank: int, suits: int, set_hi: int) -> tuple[Reading, ...]:
    """The natural sets of a rank from the suits held (bit i: suit i), as
    `read_set` reads them, in `possible_melds`' order: by size, then by the
    combinations of the suits in order (readings are values: one serves all)."""
    key = (rank, suits, set_hi)
    out = _SETS.get(key)
    if out is None:
        suited = [_BY_SUIT[si][rank] for si in range(4) if suits >> si & 1]
        out = _SETS[key] = tuple(
            Reading(SET, combo, rank)
            for n in range(3, min(len(suited), set_hi) + 1)
            for combo in combinations(suited, n)
        )
    return out


def _natural_runs(
    have: list[bool],
    si: int,
    first: int,
    last: int,
    lo_b: int,
    hi_b: int,
    run_lo: int,
    run_hi: int,
    tps: tuple[int, ...],
) -> Iterator[Reading]:
    """The runs of `possible_melds` without jokers, in its order (low, then
    high): every stretch of held places of a length asked (holding a place
    of `tps`, when given)."""
    longest = min(13, run_hi)
    runs = _NATURAL_RUNS[si]
    for low in range(max(lo_b, first), min(hi_b, last) + 1):
        if not have[low]:
            continue
        high = low
        while high <= hi_b and have[high] and high - low + 1 <= longest:
            if high - low + 1 >= run_lo and (
                not tps or low <= tps[0] <= high or (len(tps) > 1 and low <= tps[1] <= high)
            ):
                yield runs[low][high]
            high += 1


# bits of the run places a card of each rank stands at (the ace: 1 and 14)
_PLACE_BITS = [0] + [(1 << 1) | (1 << 14)] + [1 << r for r in range(2, 14)]
_CARD_OF = [card_from_code(code) for code in range(53)]
_RANK_OF = [code % 13 + 1 for code in range(52)]
_RANK_CODES = [()] + [tuple(range(rank - 1, 52, 13)) for rank in range(1, 14)]
_CODE = attrgetter("code")
# the run places (bits 1..14) of a suit's ranks held, from bits 0..12 of its codes
_PLACES = [(m << 1) | ((m & 1) << 14) for m in range(8192)]
_POW13 = [1 << k for k in range(13)]
_RANK_BITS = 0b11111111111110  # bits 1..13
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


def may_fit(meld: Meld, c: Card) -> bool:
    """A quick necessary condition for a natural card to lay off on a meld."""
    if meld.kind == SET:
        return c.rank == meld.rank
    return c.suit == meld.suit and (
        c.rank in (meld.high + 1, meld.low - 1) or (c.rank == 1 and meld.high == 13)
    )


class HandIndex:
    """A hand's distinct cards (in code order), its count of each card code,
    the run places it holds in each suit (bits; bit 14 is the ace above the
    king; bit r of any suit's places is a natural of rank r) and whether it
    holds a joker: built once per move list, read for every meld on the
    table."""

    __slots__ = ("_distinct", "counts", "joker", "lanes", "places")

    def __init__(self, hand: Sequence[Card]) -> None:
        counts = [0] * 53
        bits = 0
        for c in hand:
            code = c.code
            counts[code] += 1
            bits |= 1 << code
        self.counts = counts
        self._distinct: list[Card] | None = None
        self.joker = bits >> 52 == 1
        self.places = places = [
            _PLACES[bits & 8191],
            _PLACES[(bits >> 13) & 8191],
            _PLACES[(bits >> 26) & 8191],
            _PLACES[(bits >> 39) & 8191],
        ]
        # the four suits' places side by side, 15 bits a suit
        self.lanes = places[0] | places[1] << 15 | places[2] << 30 | places[3] << 45

    @property
    def distinct(self) -> list[Card]:
        """The distinct cards held, in code order (made when first asked)."""
        out = self._distinct
        if out is None:
            out = self._distinct = list(compress(_CARD_OF, self.counts))
        return out

    def of_rank(self, rank: int) -> list[Card]:
        """The distinct natural cards of a rank, in code order."""
        counts = self.counts
        return [_CARD_OF[code] for code in _RANK_CODES[rank] if counts[code]]

    def meld_possible(self, rules: Rules) -> bool:
        """`possible_melds(rules, hand)` of the 500 family may find something
        (a quick necessary condition; without a joker: three suits of a rank,
        or a window of `min_run` places of a suit)."""
        if self.joker or rules.is_contract:
            return True
        return natural_meld_possible(rules, self.places, self.lanes)

    def may_lay_off(self, meld: Meld) -> bool:
        """A quick necessary condition for any lay-off candidate on the meld."""
        if self.joker:
            return True
        p = self.places
        if meld.kind == SET:
            # bit 0 is never set: a set of jokers (rank 0) takes no natural
            return bool(((p[0] | p[1] | p[2] | p[3]) >> meld.rank) & 1)
        # bit 14 (the ace above the king) answers the ace after a king
        have = p[_SUIT_INDEX[meld.suit]]
        low = meld.low
        return bool((have >> (low + len(meld._cards)) | have >> (low - 1)) & 1)


def natural_meld_possible(rules: Rules, places: Sequence[int], lanes: int) -> bool:
    """`HandIndex.meld_possible` of natural cards of the 500 family, from
    their run places by suit and those side by side (`HandIndex.lanes`)."""
    entry = _WINDOWS.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _run_windows(rules)
    _rules, sets, run_lo, lows = entry
    p0, p1, p2, p3 = places
    if sets and (p0 & p1 & (p2 | p3)) | ((p0 | p1) & p2 & p3):
        return True
    # bit `low` of a suit's lane is set when places low .. low + run_lo - 1
    # are all held (`lows` keeps each window inside its lane)
    full = lanes & lows
    if run_lo == 3:
        return bool(full & lanes >> 1 & lanes >> 2)
    for k in range(1, run_lo):
        full &= lanes >> k
    return bool(full)


_WINDOWS: dict[int, tuple[Rules, bool, int, int]] = {}


def _run_windows(rules: Rules) -> tuple[Rules, bool, int, int]:
    """(the rules, whether a set of three is a meld, min_run, the lowest places of a
    window of min_run places in the lanes of `HandIndex.lanes`, 0 if none), kept per rules."""
    run_lo = rules.min_run
    lo_b, hi_b = run_bounds(rules)
    lows = 0
    if 1 <= run_lo <= 13 and run_lo <= hi_b - lo_b + 1:
        lane = ((1 << (hi_b - run_lo + 2)) - 1) & ~((1 << lo_b) - 1)
        lows = lane | lane << 15 | lane << 30 | lane << 45
    if len(_WINDOWS) > 64:
        _WINDOWS.clear()
    sets = rules.max_set is None or rules.max_set >= 3
    entry = _WINDOWS[id(rules)] = (rules, sets, run_lo, lows)
    return entry


def layoff_candidates(
    rules: Rules, hand: Sequence[Card], meld: Meld, index: HandIndex | None = None
) -> Iterator[tuple[Token, ...]]:
    """Token lists worth trying as lay-offs on a meld: single cards (a joker
    once per place it could stand) and natural chains on a run's ends.
    `index`: the hand's HandIndex, when the caller has one."""
    if index is None:
        index = HandIndex(hand)
    if meld.kind == SET:
        for c in index.of_rank(meld.rank):
            yield (card_token(c),)
        if index.joker:
            yield _JOKER_ALONE
        if rules.is_contract:
            same = [card_token(c) for c in hand if c.rank == meld.rank]
            for n in range(2, len(same) + 1):
                yield tuple(same[:n])
        return
    suit = meld.suit
    si = _SUIT_INDEX[suit]
    bits = index.places[si]  # bit p: place p held (bit 14 with bit 1: the ace)
    low = meld.low
    high = low + len(meld._cards) - 1
    # the ranks held next to the run's ends (the ace after a king too), low to high
    ends = (1 << (high + 1) | 1 << (low - 1) | (2 if high == 13 else 0)) & bits & _RANK_BITS
    row = _BY_SUIT[si]
    while ends:
        low_bit = ends & -ends
        ends ^= low_bit
        yield (card_token(row[low_bit.bit_length() - 1]),)
    if index.joker:
        fits = layoff_fits(rules, meld, _JOKER_ALONE)
        if len(fits) == 1:
            yield _JOKER_ALONE
        else:
            for fit in fits:
                pos = fit.low + fit.added[0]
                yield (joker_token(pos, suit),)
    lo_b, hi_b = run_bounds(rules)
    chain: list[Token] = []
    p = high + 1
    while p <= hi_b and (bits >> p) & 1 and not (p == 14 and low == 1):
        chain.append(_pos_token(p, suit))
        if len(chain) >= 2:
            yield tuple(chain)
        p += 1
    chain = []
    p = low - 1
    while p >= lo_b and (bits >> p) & 1 and not (p == 1 and high == 14):
        chain.insert(0, _pos_token(p, suit))
        if len(chain) >= 2:
            yield tuple(chain)
        p -= 1


_JOKER_ALONE = (card_token(JOKER),)
_POS_TOKEN = {
    (pos, suit): card_token(Card(1 if pos == 14 else pos, suit))
    for pos in range(1, 15)
    for suit in SUITS
}


def _pos_token(pos: int, suit: str) -> Token:
    return _POS_TOKEN[(pos, suit)]
