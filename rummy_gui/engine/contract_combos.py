"""Every way to lay down a contract (RULES.md 4.3) from a hand, as move text.

A quick bound first (the fewest jokers the sets and runs could need), then
the sets and runs of the round's sizes from `combos.possible_melds`, combined
without sharing a card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from .cards import Card
from .combos import possible_melds
from .melds import RUN, SET, Reading, run_bounds
from .memo import readings_of
from .rules import CONTRACTS, Rules


def _group_text(reading: Reading) -> tuple[str, ...]:
    if reading.kind == RUN:
        return tuple(reading.tokens(explicit=True))
    return tuple(reading.tokens(explicit=False))


PartOk = Callable[[list[Reading]], bool]


def contract_layouts(
    r: Rules, hand: Sequence[Card], round_no: int, sets_ok: PartOk, runs_ok: PartOk
) -> Iterator[tuple[tuple[tuple[str, ...], ...], int]]:
    """Every way (as move text, each once) to lay down the round's contract
    from this hand whose every group reads one way (as
    `contracts.prepare_contract` reads it) and whose sets and runs pass
    `sets_ok` and `runs_ok` (given the readings of the sets, of the runs):
    (the groups, how many cards they hold).

    Order: the combinations of sets, and for each the combinations of runs
    (melds in `possible_melds` order). The runs are combined once for the
    whole hand; a run combination goes with a set combination when the hand
    holds both."""
    sets_needed, runs_needed = CONTRACTS[round_no - 1]
    counts = [0] * 53
    for c in hand:
        counts[c.code] += 1
    whole = r.last_round_goes_out_whole(round_no)
    run_length = r.min_run if whole else 4
    if not _contract_possible(r, counts, sets_needed, runs_needed, run_length):
        return
    if whole:
        runs7 = [x for x in possible_melds(r, hand, sizes=(99, 99)) if x.kind == RUN]
        read7: dict[int, Reading] = {}
        for x in runs7:
            opts = readings_of(r, _group_text(x), RUN)
            if len(opts) == 1:
                read7[id(x)] = opts[0]
        runs7 = [x for x in runs7 if id(x) in read7]
        seen7: set[tuple[tuple[str, ...], ...]] = set()
        for combo in _partitions(runs7, counts, 3):
            groups7 = tuple(sorted(_group_text(x) for x in combo))
            if groups7 not in seen7:
                seen7.add(groups7)
                chosen = [read7[id(x)] for x in combo]
                if sets_ok([]) and runs_ok(chosen):
                    yield groups7, sum(len(x.cards) for x in chosen)
        return
    sets = (
        [x for x in possible_melds(r, hand, sizes=(3, 3), run_sizes=(99, 99)) if x.kind == SET]
        if sets_needed
        else []
    )
    runs = (
        [x for x in possible_melds(r, hand, sizes=(99, 99), run_sizes=(4, 4)) if x.kind == RUN]
        if runs_needed
        else []
    )
    read: dict[tuple[str, ...], Reading] = {}
    set_items = _unique_items(r, sets, SET, read)
    run_items = _unique_items(r, runs, RUN, read)
    # the hand's counts as one integer, `width` bits a card code, each with
    # its high bit set: taking a combination's counts off leaves every high
    # bit set exactly when the hand holds the combination
    width = 4 if max(counts) <= 7 else 8
    high = sum(1 << (width * code + width - 1) for code in range(53))
    held = sum(n << (width * code) for code, n in enumerate(counts)) | high
    seen: set[tuple[tuple[str, ...], ...]] = set()
    run_combos = _combos(run_items, counts, runs_needed, read, runs_ok, width)
    for set_text, set_need, set_cards in _combos(
        set_items, counts, sets_needed, read, sets_ok, width
    ):
        left = held - set_need
        for run_text, run_need, run_cards in run_combos:
            if (left - run_need) & high == high:
                groups = set_text + run_text
                if groups not in seen:
                    seen.add(groups)
                    yield groups, set_cards + run_cards


def _combos(
    items: list[tuple[tuple[str, ...], tuple[int, ...]]],
    counts: list[int],
    k: int,
    read: dict[tuple[str, ...], Reading],
    ok: PartOk,
    width: int,
) -> list[tuple[tuple[tuple[str, ...], ...], int, int]]:
    """Every k items the counts hold together (`_disjoint_codes`' order) that
    pass `ok`: (their texts sorted, the cards they need as `width` bits a
    card code, card count)."""
    out = []
    codes_of = dict(items)
    for combo in _disjoint_codes(items, counts, k, 0):
        if not ok([read[text] for text in combo]):
            continue
        need = 0
        n = 0
        for text in combo:
            for code in codes_of[text]:
                need += 1 << (width * code)
                n += 1
        out.append((tuple(sorted(combo)), need, n))
    return out


def _unique_items(
    r: Rules, melds: list[Reading], kind: str, read: dict[tuple[str, ...], Reading]
) -> list[tuple[tuple[str, ...], tuple[int, ...]]]:
    """(text, card codes) of the melds whose text reads one way as `kind`;
    the reading of each text goes in `read`."""
    out = []
    for x in melds:
        text = _group_text(x)
        opts = readings_of(r, text, kind)
        if len(opts) == 1:
            read[text] = opts[0]
            out.append((text, tuple(c.code for c in x.cards)))
    return out


def _disjoint_codes(
    items: list[tuple[tuple[str, ...], tuple[int, ...]]], counts: list[int], k: int, start: int
) -> Iterator[list[tuple[str, ...]]]:
    """`_disjoint` over (text, card codes) pairs: the texts of every k melds
    (in list order) that the counts can hold together."""
    if k == 0:
        yield []
        return
    for i in range(start, len(items) - k + 1):
        text, codes = items[i]
        taken = 0
        for code in codes:
            if not counts[code]:
                break
            counts[code] -= 1
            taken += 1
        if taken == len(codes):
            for rest in _disjoint_codes(items, counts, k - 1, i + 1):
                yield [text, *rest]
        for code in codes[:taken]:
            counts[code] += 1


def _contract_possible(
    r: Rules, counts: list[int], sets_needed: int, runs_needed: int, run_length: int
) -> bool:
    """A quick necessary condition for any contract: the fewest jokers the sets
    alone and the runs alone could need (each meld holds a natural card) are
    not more than the hand's jokers. Sets of one rank share its naturals;
    runs are bounded by their best window of `run_length` places."""
    jokers = counts[52]
    per_meld = r.max_jokers_per_meld
    need = 0
    if sets_needed:
        slots: list[int] = []
        for rank in range(13):
            left = counts[rank] + counts[13 + rank] + counts[26 + rank] + counts[39 + rank]
            while left > 0:
                used = min(3, left)
                if per_meld is None or 3 - used <= per_meld:
                    slots.append(3 - used)
                left -= used
        if len(slots) < sets_needed:
            return False
        slots.sort()
        need += sum(slots[:sets_needed])
    if runs_needed:
        lo_b, hi_b = run_bounds(r)
        best = run_length
        window = (1 << run_length) - 1
        for si in range(4):
            base = si * 13
            # bit p: run place p held (bit 14: the ace above the king)
            mask = 0
            for rank in range(13):
                if counts[base + rank]:
                    mask |= 1 << (rank + 1)
            if mask & 2:
                mask |= 1 << 14
            if not mask:
                continue
            for low in range(lo_b, hi_b - run_length + 2):
                present = ((mask >> low) & window).bit_count()
                if (
                    present
                    and run_length - present < best
                    and (per_meld is None or run_length - present <= per_meld)
                ):
                    best = run_length - present
        if best == run_length:
            return False
        need += best * runs_needed
    return need <= jokers


def _take(counts: list[int], reading: Reading) -> bool:
    """Subtract a meld's cards from the counts if they are all there."""
    taken: list[int] = []
    for c in reading.cards:
        if counts[c.code] == 0:
            for t in taken:
                counts[t] += 1
            return False
        counts[c.code] -= 1
        taken.append(c.code)
    return True


def _give(counts: list[int], reading: Reading) -> None:
    for c in reading.cards:
        counts[c.code] += 1


def _partitions(runs: list[Reading], counts: list[int], k: int) -> Iterator[list[Reading]]:
    """Every way to split all the counted cards into k of these runs: the
    lowest natural card left must be in the next run, which keeps this small."""
    if k == 0:
        if not any(counts):
            yield []
        return
    low = next((code for code in range(52) if counts[code]), None)
    if low is None:
        return
    for run in runs:
        if not any(c.code == low for c in run.cards):
            continue
        if _take(counts, run):
            for rest in _partitions(runs, counts, k - 1):
                yield [run, *rest]
            _give(counts, run)
