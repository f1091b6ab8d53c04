"""Searches for a taken card (the "target"): can it be put on the table, and
which depths of the discard pile are worth a take or a rummy call.

Shared by legal-move generation, take legality and the rummy call.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress

from .cards import JOKER, SUITS, Card
from .combos import (
    _CARD_OF,
    _PLACE_BITS,
    _PLACES,
    may_fit,
    natural_meld_possible,
    possible_melds,
)
from .melds import (
    MAX_RUN,
    MIN_SET,
    RUN,
    SET,
    Meld,
    Token,
    card_token,
    layoff_fits,
    meld_changes,
    run_bounds,
)
from .rules import Rules


def _remove(hand: list[Card], cards: Sequence[Card]) -> list[Card] | None:
    """The hand without these cards, or None if it does not hold them."""
    out = list(hand)
    for c in cards:
        if c not in out:
            return None
        out.remove(c)
    return out


_POSITIONS = {r: ((1, 14) if r == 1 else (r,)) for r in range(1, 14)}


def could_use(rules: Rules, pool: Sequence[Card], target: Card, melds: Sequence[Meld]) -> bool:
    """A quick necessary condition for `target_uses` to find anything."""
    if target.is_joker:
        return True
    jokers = 0 if rules.jokers_only_in_joker_sets else pool.count(JOKER)
    rank = target.rank
    same_rank = -1  # the target itself is not another card of its rank
    for c in pool:
        if c.rank == rank:
            same_rank += 1
    if same_rank + jokers >= 2:
        return True
    reach = rules.min_run - 1
    near = 0
    for c in pool:
        if c.suit == target.suit and c is not target:
            d = min(abs(a - b) for a in _POSITIONS[c.rank] for b in _POSITIONS[target.rank])
            if 0 < d <= reach:
                near += 1
    if near + jokers >= reach:
        return True
    for m in melds:
        if m.kind == SET:
            if m.rank == target.rank:
                return True
        elif m.suit == target.suit:
            return True
    return False


def could_use_codes(
    rules: Rules, target: Card, melds: Sequence[Meld]
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """`could_use` as counts of card codes: None when it holds for every
    pool (a joker target, a table set of its rank or run of its suit); else
    (the codes of its rank, the codes of its suit near enough for a run), so
    that a pool whose counts give `same` of the first (the target one of
    them), `near` of the second and `jokers` usable jokers passes when
    `same - 1 + jokers >= 2 or near + jokers >= min_run - 1`."""
    if target.is_joker:
        return None
    for m in melds:
        if m.rank == target.rank if m.kind == SET else m.suit == target.suit:
            return None
    reach = rules.min_run - 1
    rows = _NEAR_CODES.get(reach)
    if rows is None:
        rows = _NEAR_CODES[reach] = []
        for code in range(52):
            rank, base = code % 13 + 1, code - code % 13
            near = tuple(base + k for k in range(13) if 0 < _distance(k + 1, rank) <= reach)
            rows.append((tuple(range(rank - 1, 52, 13)), near))
    return rows[target.code]


_NEAR_CODES: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}


def _distance(rank: int, other: int) -> int:
    """How many run places apart two ranks stand at the closest (an ace at 1 or 14)."""
    return min(abs(a - b) for a in _POSITIONS[rank] for b in _POSITIONS[other])


def usable_depths(
    rules: Rules,
    base: Sequence[Card],
    pile: Sequence[Card],
    melds: Sequence[Meld],
    read: tuple[list[int], int] | None = None,
) -> list[int]:
    """Depths N of the discard pile whose target passes `could_use` with the
    pool `base` + the top N cards — computed incrementally, deepest last.
    `read`: the base's count of each rank (0: the jokers; changed here) and
    its codes held as bits, when the caller has them (`base_ranks`).

    Cards as codes: rank = code % 13 + 1, suit index = code // 13; a suit's
    held run places are bits of an integer (bit 14 is the ace above the king,
    set with bit 1)."""
    if not pile:
        return []
    reach = rules.min_run - 1
    if read is not None:
        rank_count, bits = read
    else:
        rank_count, bits = base_ranks(base)
    if base:
        held = [
            _PLACES[bits & 8191],
            _PLACES[(bits >> 13) & 8191],
            _PLACES[(bits >> 26) & 8191],
            _PLACES[(bits >> 39) & 8191],
        ]
    else:
        held = [0, 0, 0, 0]
    no_jokers = rules.jokers_only_in_joker_sets
    j = 0 if no_jokers else rank_count[0]  # the jokers of the pool that count
    set_ranks, runs, _accept, _each = table_facts(melds)
    gaps_of = _chain_gaps(runs)
    near_masks = _NEAR.get(reach) or _near_masks(reach)
    out: list[int] = []
    n = 0
    # (a plain loop: `c.code` of a slotted card is quicker than map(attrgetter) in 3.11)
    for c in reversed(pile):
        code = c.code
        n += 1
        if reach <= j:
            # enough jokers for a run through any card: this depth and every
            # deeper one (the jokers only add up)
            out.extend(range(n, len(pile) + 1))
            break
        if code == 52:
            if not no_jokers:
                j += 1
            out.append(n)
            continue
        rank = _RANK_OF[code]
        si = _SUIT_OF[code]
        same = rank_count[rank] = rank_count[rank] + 1
        mask = held[si] = held[si] | _PLACE_BITS[rank]
        if same + j >= 3 or rank in set_ranks:
            out.append(n)
            continue
        if runs[si]:
            gaps = gaps_of.get(code)
            if gaps is None:
                gaps = gaps_of[code] = _gaps_of(runs, code)
            # a chain of held places (and jokers) to a table run of its suit
            missing = ~mask
            chained = False
            for gap in gaps:
                if (gap & missing).bit_count() <= j:
                    chained = True
                    break
            if chained:
                out.append(n)
                continue
        near = mask & near_masks[rank]
        count = near.bit_count()
        if near & 2 and near & 16384:
            count -= 1  # the ace held low and high is one card
        if count + j >= reach:
            out.append(n)
    return out


def base_ranks(base: Sequence[Card]) -> tuple[list[int], int]:
    """The cards' count of each rank (index 0: the jokers) and their codes
    held, as bits (bit c: a card of code c)."""
    rank_count = [0] * 14
    bits = 0
    for c in base:
        code = c.code
        rank_count[_RANK0_OF[code]] += 1
        bits |= 1 << code
    return rank_count, bits


_POW13 = [1 << k for k in range(13)]
_TOKEN_OF = [card_token(c) for c in _CARD_OF]


def call_possible(rules: Rules, pile: Sequence[Card], melds: Sequence[Meld]) -> bool:
    """A quick necessary condition for a rummy call at any depth: every
    depth's pool is part of the pile, so without a joker a call needs a pile
    card next to a table meld (`table_facts`), or a set or run among the
    pile's cards (`HandIndex.meld_possible`)."""
    bits = 0
    for c in pile:
        bits |= 1 << c.code
    if bits >> 52:
        return True
    places = (
        _PLACES[bits & 8191],
        _PLACES[(bits >> 13) & 8191],
        _PLACES[(bits >> 26) & 8191],
        _PLACES[(bits >> 39) & 8191],
    )
    lanes = places[0] | places[1] << 15 | places[2] << 30 | places[3] << 45
    if lanes & table_facts(melds)[2]:
        return True
    if bits.bit_count() < min(MIN_SET, rules.min_run):
        return False  # a set or run of naturals holds that many cards of different codes
    return natural_meld_possible(rules, places, lanes)


# the last runs asked about and, per card code asked, the places between
# each of its run places and each table run of its suit it lies outside (a
# chain of held places and jokers fills them): one tuple read and replaced
# whole, as `_KEPT`
_GAPS: list[tuple[object, dict[int, tuple[int, ...]]]] = [(None, {})]


def _chain_gaps(runs: tuple[tuple[tuple[int, int], ...], ...]) -> dict[int, tuple[int, ...]]:
    kept, gaps = _GAPS[0]
    if kept is not runs:
        gaps = {}
        _GAPS[0] = (runs, gaps)
    return gaps


def _gaps_of(runs: tuple[tuple[tuple[int, int], ...], ...], code: int) -> tuple[int, ...]:
    row: list[int] = []
    for low, high in runs[code // 13]:
        for p in _POSITIONS[code % 13 + 1]:
            if p > high:
                row.append(_BETWEEN[high][p])
            elif p < low:
                row.append(_BETWEEN[p][low])
    return tuple(row)


TableFacts = tuple[frozenset[int], tuple[tuple[tuple[int, int], ...], ...], int, tuple[int, ...]]
# the last table asked about: (melds, their number, meld_changes.count, facts),
# one tuple read and replaced whole, so a bot's thread never sees half of one
_KEPT: list[tuple[Sequence[Meld] | None, int, int, TableFacts]] = [
    (None, -1, -1, (frozenset(), ((), (), (), ()), 0, ()))
]


def table_facts(melds: Sequence[Meld]) -> TableFacts:
    """The ranks of the table's sets, the (low, high) places of its runs by
    suit index, and the natural cards that `HandIndex.may_lay_off` lets try
    on some meld and on each meld (bits of `HandIndex.lanes`), kept while
    the table stands still (`MeldChanges`)."""
    kept, n, changes, facts = _KEPT[0]
    if kept is melds and n == len(melds) and changes == meld_changes.count:
        return facts
    changes = meld_changes.count
    facts = table_facts_of(melds)
    _KEPT[0] = (melds, len(melds), changes, facts)
    return facts


def table_facts_of(melds: Sequence[Meld]) -> TableFacts:
    """`table_facts`, computed."""
    set_ranks = set()
    runs: list[list[tuple[int, int]]] = [[], [], [], []]
    each = []
    for m in melds:
        if m.kind == SET:
            set_ranks.add(m.rank)
            each.append(_ALL_LANES << m.rank if m.rank else 0)
        else:
            low = m.low
            high = low + len(m._cards) - 1
            si = _SUIT_INDEX[m.suit]
            runs[si].append((low, high))
            each.append(((1 << (high + 1) | 1 << (low - 1)) & _LANE) << (15 * si))
    accept = 0
    for bits in each:
        accept |= bits
    return frozenset(set_ranks), tuple(tuple(x) for x in runs), accept, tuple(each)


def lane_bits() -> list[int]:
    """Per natural card code: its run places as bits of `HandIndex.lanes`
    (what `table_facts`' lay-off bits are tested against); 0 for the joker."""
    return [_PLACE_BITS[code % 13 + 1] << (15 * (code // 13)) for code in range(52)] + [0]


_LANE = (1 << 15) - 1
_ALL_LANES = 1 | 1 << 15 | 1 << 30 | 1 << 45


_RANK_OF = [code % 13 + 1 for code in range(52)]
_RANK0_OF = [*_RANK_OF, 0]  # the joker counts as rank 0
_SUIT_OF = [code // 13 for code in range(53)]
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_NEAR: dict[int, list[int]] = {}


def _near_masks(reach: int) -> list[int]:
    """Per rank: the run places 1..14 within `reach` of a place of the rank
    (not the place itself), as bits."""
    out = _NEAR.get(reach)
    if out is None:
        out = [0] * 14
        for rank in range(1, 14):
            for place in _POSITIONS[rank]:
                for d in range(1, reach + 1):
                    for p in (place - d, place + d):
                        if 1 <= p <= 14:
                            out[rank] |= 1 << p
        _NEAR[reach] = out
    return out


# the run places strictly between two places, as bits: _BETWEEN[a][b], a < b
_BETWEEN = [[((1 << b) - 1) & ~((1 << (a + 1)) - 1) for b in range(16)] for a in range(16)]


def natural_uses(rules: Rules, counts: Sequence[int], target: Card) -> Iterator[list[Card]]:
    """Some of the melds `target_uses` finds, found cheaply from the pool's
    card counts: the natural sets of three of the target's rank and the natural
    runs of `min_run` places through it that keep clear of the aces (such a
    set or run is a meld under every rule set of the 500 family). A quick
    sufficient test: when none of them serves, `target_uses` decides."""
    if target.is_joker or rules.is_contract:
        return
    code = target.code
    if not counts[code]:
        return
    rank, si = code % 13 + 1, code // 13
    if rules.max_set is None or rules.max_set >= 3:
        others = [
            _CARD_OF[sj * 13 + rank - 1]
            for sj in range(4)
            if sj != si and counts[sj * 13 + rank - 1]
        ]
        for i in range(len(others)):
            for k in range(i + 1, len(others)):
                yield [target, others[i], others[k]]
    size = rules.min_run
    lowest, highest = max(2, rank - size + 1), min(rank, 14 - size)
    if lowest > highest:
        return
    base = si * 13 - 1  # the code of place p of this suit is base + p
    # bit p: the card of place (rank) p of the suit is held (summed in C)
    held = sum(compress(_POW13, counts[base + 1 : base + 14])) << 1
    window = (1 << size) - 1
    for low in range(lowest, highest + 1):
        if (held >> low) & window == window:
            yield [_CARD_OF[base + p] for p in range(low, low + size)]


_USE_MASKS: dict[tuple[int, bool, int, int], list[tuple[int, tuple[int, ...]]]] = {}


def use_masks(rules: Rules) -> tuple[list[tuple[int, tuple[int, ...]]], int]:
    """Sets of three and runs of `min_run` places that `target_uses` finds
    through a natural target (`possible_melds`), as bits of card codes (bit c:
    a card of code c is in the pool): per natural card code, (the four codes
    of its rank, 0 when no set of three is a meld; each window of `min_run`
    places through it inside the run bounds); and how many jokers one meld
    may hold."""
    sets = rules.max_set is None or rules.max_set >= MIN_SET
    lo_b, hi_b = run_bounds(rules)
    size = rules.min_run
    key = (size, sets, lo_b, hi_b)
    rows = _USE_MASKS.get(key)
    if rows is None:
        rows = _USE_MASKS[key] = []
        for code in range(52):
            base = code - code % 13 - 1  # the code of place p of its suit is base + p
            windows = []
            for place in _POSITIONS[code % 13 + 1]:
                for low in range(max(lo_b, place - size + 1), min(place, hi_b - size + 1) + 1):
                    if size <= 13:
                        places = range(low, low + size)
                        windows.append(sum(1 << (base + (1 if p == 14 else p)) for p in places))
            of_rank = sum(1 << (sj * 13 + code % 13) for sj in range(4)) if sets else 0
            rows.append((of_rank, tuple(windows)))
    if rules.jokers_only_in_joker_sets:
        jokers = 0
    else:
        jokers = MAX_RUN if rules.max_jokers_per_meld is None else rules.max_jokers_per_meld
    return rows, jokers


def quick_use(
    row: tuple[int, tuple[int, ...]], size: int, bits: int, jokers: int, free: int
) -> bool:
    """A quick sufficient answer to `target_playable` of a natural target:
    one of the sets of three or runs of `size` places through it (`use_masks`
    row) that a pool of these card codes (`bits`) and usable jokers can make
    leaves a code of the `free` ones (held more than restricted) untouched."""
    of_rank, windows = row
    held = (bits & of_rank).bit_count()
    # distinct codes a set of three uses: three naturals, or those held and a joker
    if (held >= 3 or (held + jokers >= 3 and of_rank)) and free > min(held, 3) + (held < 3):
        return True
    for window in windows:
        held = (bits & window).bit_count()
        if held + jokers >= size and free > held + (held < size):
            return True
    return False


def natural_use_possible(
    rules: Rules, counts: Sequence[int], target: Card, melds: Sequence[Meld]
) -> bool:
    """A quick necessary condition for `target_uses` to find anything when the
    pool (its card counts) holds no joker and the target is natural: three
    suits of its rank, a window of `min_run` held places of its suit through
    it, a set of the table that takes it, or a run of the table it could
    reach (next to it, or through held places between). Run bounds are left
    to the search."""
    code = target.code
    rank, si = code % 13 + 1, code // 13
    if rules.is_contract or (
        (rules.max_set is None or rules.max_set >= 3)
        and (counts[rank - 1] > 0)
        + (counts[12 + rank] > 0)
        + (counts[25 + rank] > 0)
        + (counts[38 + rank] > 0)
        >= 3
    ):
        return True
    base = si * 13
    # bit k: a card of rank k + 1 of the suit is held (summed in C)
    held = _PLACES[sum(compress(_POW13, counts[base : base + 13]))]
    size = rules.min_run
    window = (1 << size) - 1
    spots = _POSITIONS[rank]
    for p in spots:
        for low in range(max(1, p - size + 1), min(p, 15 - size) + 1):
            if (held >> low) & window == window:
                return True
    suit = target.suit
    for m in melds:
        if m.kind == SET:
            # the target alone is all a set takes (a full set takes nothing)
            if m.rank == rank and layoff_fits(rules, m, (_TOKEN_OF[code],)):
                return True
            continue
        if m.suit != suit:
            continue
        low = m.low
        high = low + len(m._cards) - 1
        for p in spots:
            if p > high:
                gap = ((1 << p) - 1) & ~((1 << (high + 1)) - 1)
            elif p < low:
                gap = ((1 << low) - 1) & ~((1 << (p + 1)) - 1)
            else:
                continue
            if gap & held == gap:
                return True
    return False


def target_uses(
    rules: Rules, pool: Sequence[Card], target: Card, melds: Sequence[Meld], new_melds: bool = True
) -> Iterator[tuple[list[Card], Meld | None]]:
    """Ways to put `target` on the table with cards from `pool` (which holds
    the target): yields (cards used, meld laid off on or None for a new meld)."""
    if new_melds:
        for r in possible_melds(rules, pool, through=target):
            yield list(r.cards), None
    token = [card_token(target)]
    natural = not target.is_joker
    for m in melds:
        # may_fit: a natural card's quick necessary condition
        if (not natural or may_fit(m, target)) and layoff_fits(rules, m, token):
            yield [target], m
            continue
        if m.kind != RUN or target.is_joker or target.suit != m.suit:
            continue
        # a chain of pool cards from the meld's end up or down to the target
        rest = _remove(list(pool), [target])
        if rest is None:
            continue
        for positions in _gap_positions(rules, m, target):
            used: list[Card] = []
            avail = list(rest)
            ok = True
            for p in positions:
                nat = Card(1 if p == 14 else p, m.suit)
                if nat in avail:
                    avail.remove(nat)
                    used.append(nat)
                elif JOKER in avail:
                    avail.remove(JOKER)
                    used.append(JOKER)
                else:
                    ok = False
                    break
            if ok:
                toks = [Token(c) for c in used] + [Token(target)]
                if layoff_fits(rules, m, toks):
                    yield [*used, target], m


def _gap_positions(rules: Rules, meld: Meld, target: Card) -> list[list[int]]:
    out = []
    lo_b, hi_b = run_bounds(rules)
    for pos in (target.rank,) if target.rank != 1 else (1, 14):
        if pos > meld.high + 1 and pos <= hi_b:
            out.append(list(range(meld.high + 1, pos)))
        elif pos < meld.low - 1 and pos >= lo_b:
            out.append(list(range(pos + 1, meld.low)))
    return out
