"""Pure searches over cards: every meld a hand can make, and whether a taken
card (the "target") can be put on the table.

These are shared by legal-move generation, take legality and the rummy call.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from .cards import JOKER, SUITS, Card
from .melds import RUN, SET, Meld, Reading, Token, layoff_fits, read_runs, read_set, run_bounds
from .rules import Rules


def _codes(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 53
    for c in cards:
        counts[c.code] += 1
    return counts


def run_token_text(reading: Reading) -> tuple[str, ...]:
    return tuple(reading.tokens(explicit=True))


def set_token_text(reading: Reading) -> tuple[str, ...]:
    return tuple(reading.tokens(explicit=False))


def canonical_meld(rules: Rules, reading: Reading) -> tuple[str | None, tuple[str, ...]]:
    """The canonical move text of a meld: (kind word or None, tokens).

    Run jokers always carry their meaning; the kind word is written only when
    the same cards could also be read as the other kind."""
    naturals = [c for c in reading.cards if not c.is_joker]
    jokers = len(reading.cards) - len(naturals)
    word: str | None = None
    if len(naturals) == 1 and jokers >= 2:
        if reading.kind == RUN and read_set(rules, naturals, jokers) is not None:
            word = RUN
        if reading.kind == SET and read_runs(rules, naturals, jokers):
            word = SET
    toks = run_token_text(reading) if reading.kind == RUN else set_token_text(reading)
    return word, toks


def possible_melds(rules: Rules, hand: Sequence[Card], sizes: tuple[int, int] | None = None,
                   run_sizes: tuple[int, int] | None = None) -> Iterator[Reading]:
    """Every set and run that can be made from these cards (each reading once
    per distinct card text). `sizes`/`run_sizes` bound set and run lengths."""
    counts = _codes(hand)
    jk = counts[52]
    max_set = rules.max_set if rules.max_set is not None else 8
    set_lo, set_hi = sizes if sizes else (3, max_set)
    run_lo, run_hi = run_sizes if run_sizes else (rules.min_run, 13)
    jmax = jk if rules.max_jokers_per_meld is None else min(jk, rules.max_jokers_per_meld)
    set_jmax = 0 if rules.jokers_only_in_joker_sets else jmax
    # sets
    for rank in range(1, 14):
        if rules.is_contract:
            # suits do not matter: choose any multiset of the naturals of this rank
            pool: list[Card] = []
            for s in SUITS:
                code = SUITS.index(s) * 13 + rank - 1
                pool.extend([Card(rank, s)] * counts[code])
            if not pool:
                continue
            seen: set[tuple[int, ...]] = set()
            for n_nat in range(1, min(len(pool), set_hi) + 1):
                for combo in combinations(pool, n_nat):
                    key = tuple(c.code for c in combo)
                    if key in seen:
                        continue
                    seen.add(key)
                    for j in range(0, set_jmax + 1):
                        if set_lo <= n_nat + j <= set_hi:
                            r = read_set(rules, list(combo), j)
                            if r is not None:
                                yield r
            continue
        suited = [Card(rank, s) for s in SUITS if counts[SUITS.index(s) * 13 + rank - 1]]
        for n_nat in range(1, len(suited) + 1):
            for combo in combinations(suited, n_nat):
                for j in range(0, set_jmax + 1):
                    if set_lo <= n_nat + j <= set_hi:
                        r = read_set(rules, list(combo), j)
                        if r is not None:
                            yield r
    if rules.jokers_only_in_joker_sets:
        for j in range(3, min(jk, set_hi) + 1):
            if j >= set_lo:
                r = read_set(rules, [], j)
                if r is not None:
                    yield r
        return
    # runs
    lo_b, hi_b = run_bounds(rules)
    for si, suit in enumerate(SUITS):
        have = {rank for rank in range(1, 14) if counts[si * 13 + rank - 1]}
        if not have:
            continue
        for low in range(lo_b, hi_b + 1):
            for length in range(run_lo, run_hi + 1):
                high = low + length - 1
                if high > hi_b or (low == 1 and high == 14) or length > 13:
                    break
                positions = range(low, high + 1)
                present = [p for p in positions if (1 if p == 14 else p) in have]
                if not present:
                    continue
                missing = length - len(present)
                if missing > jmax:
                    continue
                spare = jmax - missing
                for k in range(0, min(spare, len(present) - 1) + 1):
                    for drop in combinations(present, k):
                        cards: list[Card] = []
                        for p in positions:
                            if p in drop or p not in present:
                                cards.append(JOKER)
                            else:
                                cards.append(Card(1 if p == 14 else p, suit))
                        yield Reading(RUN, tuple(cards), 0, suit, low)


def layoff_candidates(rules: Rules, hand: Sequence[Card], meld: Meld) -> Iterator[tuple[str, ...]]:
    """Token lists worth trying as lay-offs on a meld: single cards (a joker
    once per place it could stand) and natural chains on a run's ends."""
    distinct = sorted(set(hand), key=lambda c: c.code)
    for c in distinct:
        if c.is_joker:
            if meld.kind == SET:
                yield ("JK",)
            else:
                for fit in layoff_fits(rules, meld, [Token(JOKER)]):
                    pos = fit.low + fit.added[0]
                    yield ("JK=" + _pos_text(pos, meld.suit),)
        else:
            yield (str(c),)
    if meld.kind == RUN:
        have = {c.rank for c in hand if not c.is_joker and c.suit == meld.suit}
        lo_b, hi_b = run_bounds(rules)
        chain: list[str] = []
        p = meld.high + 1
        while p <= hi_b and (1 if p == 14 else p) in have and not (p == 14 and meld.low == 1):
            chain.append(_pos_text(p, meld.suit))
            if len(chain) >= 2:
                yield tuple(chain)
            p += 1
        chain = []
        p = meld.low - 1
        while p >= lo_b and p in have and not (p == 1 and meld.high == 14):
            chain.insert(0, _pos_text(p, meld.suit))
            if len(chain) >= 2:
                yield tuple(chain)
            p -= 1
    elif rules.is_contract and meld.kind == SET:
        same = [c for c in hand if c.rank == meld.rank]
        for n in range(2, len(same) + 1):
            yield tuple(str(c) for c in same[:n])


def _pos_text(pos: int, suit: str) -> str:
    from .cards import rank_text

    return rank_text(pos) + suit


def _remove(hand: list[Card], cards: Sequence[Card]) -> list[Card] | None:
    """The hand without these cards, or None if it does not hold them."""
    out = list(hand)
    for c in cards:
        try:
            out.remove(c)
        except ValueError:
            return None
    return out


def target_uses(rules: Rules, pool: Sequence[Card], target: Card, melds: Sequence[Meld],
                new_melds: bool = True) -> Iterator[tuple[list[Card], Meld | None]]:
    """Ways to put `target` on the table with cards from `pool` (which holds
    the target): yields (cards used, meld laid off on or None for a new meld)."""
    if new_melds:
        for r in possible_melds(rules, pool):
            if target in r.cards:
                yield list(r.cards), None
    for m in melds:
        if layoff_fits(rules, m, [Token(target)]):
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
                    yield used + [target], m


def _gap_positions(rules: Rules, meld: Meld, target: Card) -> list[list[int]]:
    out = []
    lo_b, hi_b = run_bounds(rules)
    for pos in ((target.rank,) if target.rank != 1 else (1, 14)):
        if pos > meld.high + 1 and pos <= hi_b:
            out.append(list(range(meld.high + 1, pos)))
        elif pos < meld.low - 1 and pos >= lo_b:
            out.append(list(range(pos + 1, meld.low)))
    return out
