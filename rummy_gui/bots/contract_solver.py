"""The contract family's solvers: how a round's contract goes down
(`contract_layout`) and how far a hand is from it (`contract_distance`).

The contract's melds and their sizes are the engine's
(`engine.ask.round_contract`): sets of 3 and runs of 4, the whole-hand
round's runs longer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..engine.ask import ContractSlot, round_contract
from ..engine.cards import JOKER, SUITS, Card
from ..engine.melds import MAX_RUN, RUN, SET, run_bounds
from ..engine.rules import Rules
from .templates import (
    BIT,
    GUARD,
    Packed,
    PlannedMeld,
    Template,
    card_at,
    card_value,
    planned,
    run_templates,
    set_templates,
)


@dataclass(frozen=True)
class ContractLayout:
    """One way to lay down the round's contract: its melds and what stays in hand."""

    melds: tuple[PlannedMeld, ...]
    leftovers: tuple[Card, ...]
    penalty: int  # of the leftovers


def contract_layout(rules: Rules, hand: Sequence[Card], round_number: int) -> ContractLayout | None:
    """The contract lay-down (exact sizes and every contract rule) that leaves
    the least penalty in hand, or None when the hand can not lay it down."""
    slots = round_contract(rules, round_number)
    sets_needed = sum(1 for slot in slots if slot.kind == SET)
    runs_needed = len(slots) - sets_needed
    set_size, run_size, _longer = _sizes(slots)
    p = Packed(hand)
    last = rules.last_round_goes_out_whole(round_number)
    set_t = (
        [t for t in set_templates(rules, p, p.jokers) if len(t[4]) == set_size]
        if sets_needed
        else []
    )
    run_t = (
        run_templates(rules, p, p.jokers, (run_size, MAX_RUN if _runs_grow(slots) else run_size))
        if runs_needed
        else []
    )
    guard = p.guard
    total = len(hand)
    best: list[tuple[int, tuple[Template, ...]]] = []

    def ok_pair(chosen: Sequence[Template], t: Template) -> bool:
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
        pool: list[Template],
        left: int,
        s: int,
        j: int,
        chosen: tuple[Template, ...],
        then: list[Template],
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
        tuple(planned(t) for t in chosen), tuple(_unpack(p, s) + [JOKER] * j), penalty
    )


def _span(t: Template) -> tuple[int, int]:
    return t[5], t[5] + len(t[4]) - 1


def _suit(t: Template) -> str:
    return next(c.suit for c in t[4] if not c.is_joker)


def _unpack(p: Packed, s: int) -> list[Card]:
    out: list[Card] = []
    for i, code in enumerate(p.codes):
        out.extend([card_at(code)] * ((s >> (3 * i)) & 7))
    return out


def contract_distance(rules: Rules, hand: Sequence[Card], round_number: int) -> int:
    """How many more cards the hand needs to hold the contract (an estimate
    for planning: jokers count as any card, the run-gap rule is ignored)."""
    key = (rules, round_number, tuple(sorted(c.code for c in hand)))
    return _distance_cached(key)


@lru_cache(maxsize=65536)
def _distance_cached(key: tuple[Rules, int, tuple[int, ...]]) -> int:
    rules, round_number, codes = key
    hand = [JOKER if c == 52 else card_at(c) for c in codes]
    return _distance(rules, hand, round_number)


def round_melds(rules: Rules, round_number: int) -> tuple[int, int, int]:
    """The melds a round's contract asks for (`engine.ask.round_contract`):
    how many sets, runs of the contract's size and runs one card longer."""
    slots = round_contract(rules, round_number)
    sets_needed = sum(1 for slot in slots if slot.kind == SET)
    runs_needed = len(slots) - sets_needed
    longer = 0
    if _runs_grow(slots):
        # the whole hand (after the draw) goes down as runs: with 13 cards in
        # hand and three runs of 4, one of them is a run of 5
        _set_size, run_size, _longer = _sizes(slots)
        hand = rules.contract_hand_size[round_number - 1] + 1
        longer = max(0, min(runs_needed, hand - run_size * runs_needed))
    return sets_needed, runs_needed - longer, longer


def _sizes(slots: Sequence[ContractSlot]) -> tuple[int, int, int]:
    """The cards of the contract's sets, of its runs, and of a run one card
    longer (0 for a kind the round does not ask for)."""
    set_size = next((slot.size for slot in slots if slot.kind == SET), 0)
    run_size = next((slot.size for slot in slots if slot.kind == RUN), 0)
    return set_size, run_size, run_size + 1 if run_size else 0


def _runs_grow(slots: Sequence[ContractSlot]) -> bool:
    """Whether the contract's runs may be longer than their size (the whole-hand round)."""
    return any(slot.more for slot in slots if slot.kind == RUN)


def _distance(rules: Rules, hand: Sequence[Card], round_number: int) -> int:
    """The fewest cards missing from the round's melds, by a search over the
    melds (at most three) rather than over the hand's cards: each meld takes
    one template of held cards (or none), templates cheapest first, and a
    branch stops as soon as it cannot beat the best found."""
    sets_needed, runs4, runs5 = round_melds(rules, round_number)
    sizes = _sizes(round_contract(rules, round_number))
    counts = [0] * 53
    for c in hand:
        counts[52 if c.is_joker else c.code] += 1
    jokers = counts[52]
    state = sum(n * BIT[code] for code, n in enumerate(counts[:52]) if n)
    # per meld kind (a set of 3, a run of 4, a run of 5): (cards missing, packed naturals)
    tmpl: list[list[tuple[int, int]]] = [[], [], []]
    if sets_needed:
        for rank in range(1, 14):
            of_rank = (counts[rank - 1], counts[12 + rank], counts[25 + rank], counts[38 + rank])
            if any(of_rank):
                tmpl[0].extend(_contract_sets(rank, of_rank, sizes[0]))
    lo_b, hi_b = run_bounds(rules)
    for slot, run_len, wanted in ((1, sizes[1], runs4), (2, sizes[2], runs5)):
        if not wanted:
            continue
        for si in range(len(SUITS)):
            ranks = 0
            for r in range(1, 14):
                if counts[si * 13 + r - 1]:
                    ranks |= 1 << r
            if ranks:
                tmpl[slot].extend(_contract_runs(si, ranks, run_len, jokers, lo_b, hi_b))
    for slot, size in enumerate(sizes):
        tmpl[slot].sort()
        tmpl[slot].append((size, 0))  # the meld made of no held card
    melds = [0] * sets_needed + [1] * runs4 + [2] * runs5
    # the fewest cards the melds from i on can miss, disjointness aside
    floor = [0] * (len(melds) + 1)
    for i in range(len(melds) - 1, -1, -1):
        floor[i] = floor[i + 1] + tmpl[melds[i]][0][0]
    best = sum(sizes[m] for m in melds)
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
            if ((s | GUARD) - need) & GUARD == GUARD:
                if last:
                    best = c  # the cheapest template that fits: nothing after it is better
                    break
                search(i + 1, s - need, j if same else 0, c)

    search(0, state, 0, 0)
    cap = rules.max_jokers_per_meld
    usable = jokers if cap is None else min(jokers, cap * (sets_needed + runs4 + runs5))
    return max(0, best - usable)


@lru_cache(maxsize=4096)
def _contract_sets(
    rank: int, of_rank: tuple[int, int, int, int], size: int
) -> tuple[tuple[int, int], ...]:
    """(cards missing, packed naturals) of every set of `size` that 1 to
    `size` of these cards of one rank (counts by suit) could start."""
    codes = [si * 13 + rank - 1 for si in range(len(of_rank)) for _ in range(of_rank[si])]
    out: set[tuple[int, int]] = set()
    for k in range(1, min(size, len(codes)) + 1):
        for combo in combinations(codes, k):
            out.add((size - k, sum(BIT[c] for c in combo)))
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
            BIT[suit * 13 + (0 if q == 14 else q - 1)]
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


def forget() -> None:
    """Drop the remembered contract distances and meld templates."""
    _distance_cached.cache_clear()
    _contract_sets.cache_clear()
    _contract_runs.cache_clear()
