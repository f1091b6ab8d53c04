"""Every way to lay down a contract (RULES.md 4.3) from a hand, as a move's groups.

A quick bound first (the fewest jokers the sets and runs could need), then
the sets and runs of the round's sizes from `combos.possible_melds`, combined
without sharing a card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .cards import JOKER, JOKER_CODE, SUITS, Token, card_from_code, card_token, joker_token
from .combos import HandIndex, possible_melds
from .melds import RUN, SET, Reading, run_bounds
from .memo import readings_of
from .notation import text_key
from .rules import CONTRACT_RUN_SIZE, CONTRACTS, Rules


def _group_tokens(reading: Reading) -> tuple[Token, ...]:
    if reading.kind == RUN:
        return tuple(reading.tokens(explicit=True))
    return tuple(reading.tokens(explicit=False))


PartOk = Callable[[list[Reading]], bool]


def contract_layouts(
    r: Rules, index: HandIndex, round_no: int, sets_ok: PartOk, runs_ok: PartOk
) -> Iterator[tuple[tuple[tuple[Token, ...], ...], int]]:
    """Every way (as a move's groups, each once) to lay down the round's contract
    from the hand of this index whose every group reads one way (as
    `contracts.prepare_contract` reads it) and whose sets and runs pass
    `sets_ok` and `runs_ok` (given the readings of the sets, of the runs):
    (the groups, how many cards they hold).

    Order: the combinations of sets, and for each the combinations of runs
    (melds in `possible_melds` order). The runs are combined once for the
    whole hand; a run combination goes with a set combination when the hand
    holds both."""
    sets_needed, runs_needed = CONTRACTS[round_no - 1]
    whole = r.last_round_goes_out_whole(round_no)
    run_length = CONTRACT_RUN_SIZE  # round 7's runs start at 4 too
    if not _contract_possible(r, index, sets_needed, runs_needed, run_length):
        return
    counts = list(index.counts)  # the searches below take cards off and put them back
    if whole:
        runs7: list[Reading] = []
        read7: dict[int, Reading] = {}
        for _toks, _codes, x, reading, _need, _n, _key in _run_parts(r, index, None):
            runs7.append(x)
            read7[id(x)] = reading
        seen7: set[tuple[tuple[Token, ...], ...]] = set()
        for combo in _partitions(runs7, counts, 3):
            groups7 = tuple(sorted((_group_tokens(x) for x in combo), key=text_key))
            if groups7 not in seen7:
                seen7.add(groups7)
                chosen = [read7[id(x)] for x in combo]
                if sets_ok([]) and runs_ok(chosen):
                    yield groups7, sum(len(x.cards) for x in chosen)
        return
    set_items = _set_parts(r, counts) if sets_needed else []
    # the hand's counts as one integer, 8 bits a card code, each with its
    # high bit set: taking a combination's cards off (`Part` needs) leaves
    # every high bit set exactly when the hand holds the combination
    held = int.from_bytes(bytes(counts), "little") | _HIGH
    seen: set[tuple[tuple[Token, ...], ...]] = set()
    set_combos = _combos(set_items, sets_needed, sets_ok, held)
    if not set_combos:
        return  # no runs are searched for a hand without the sets
    run_items = _run_parts(r, index, (4, 4)) if runs_needed else []
    run_combos = _combos(run_items, runs_needed, runs_ok, held)
    for set_groups, set_need, set_cards in set_combos:
        left = held - set_need
        for run_groups, run_need, run_cards in run_combos:
            if (left - run_need) & _HIGH == _HIGH:
                groups = set_groups + run_groups
                if groups not in seen:
                    seen.add(groups)
                    yield groups, set_cards + run_cards


_HIGH = int.from_bytes(bytes([128] * 53), "little")


def _combos(
    items: list[Part], k: int, ok: PartOk, held: int
) -> list[tuple[tuple[tuple[Token, ...], ...], int, int]]:
    """Every k items (in list order, each combination once) that the hand
    `held` (as in `contract_layouts`) holds together and that pass `ok`:
    (their tokens in the order of their texts, the cards they need, card count). An item may be
    taken twice: two decks can hold the same run twice (RULES.md 4.3 lets
    runs of a suit overlap)."""
    out: list[tuple[tuple[tuple[Token, ...], ...], int, int]] = []
    high = _HIGH
    last = len(items)

    def found(chosen: tuple[Part, ...], left: int) -> None:
        if ok([p[3] for p in chosen]):
            out.append(
                (
                    tuple([p[0] for p in sorted(chosen, key=_part_key)]),
                    held - left,
                    sum([p[5] for p in chosen]),
                )
            )

    # a contract asks for at most three sets or three runs: the loops are
    # written out, each taking the cards of its item off what is left
    if k == 0:
        found((), held)
    elif k <= 3:
        for i in range(last):
            a = items[i]
            left_a = held - a[4]
            if left_a & high != high:
                continue
            if k == 1:
                found((a,), left_a)
                continue
            for j in range(i, last):
                b = items[j]
                left_b = left_a - b[4]
                if left_b & high != high:
                    continue
                if k == 2:
                    found((a, b), left_b)
                    continue
                for m in range(j, last):
                    c = items[m]
                    left_c = left_b - c[4]
                    if left_c & high == high:
                        found((a, b, c), left_c)
    else:
        chosen: list[Part] = []

        def pick(start: int, k: int, left: int) -> None:
            if k == 0:
                found(tuple(chosen), left)
                return
            for i in range(start, last):
                part = items[i]
                rest = left - part[4]
                if rest & high == high:
                    chosen.append(part)
                    pick(i, k - 1, rest)
                    chosen.pop()

        pick(0, k, held)
    return out


# (tokens, card codes, the meld as `possible_melds` gives it, its one reading,
# its cards as 8 bits a card code, its card count, the tokens' `text_key`)
Part = tuple[tuple[Token, ...], tuple[int, ...], Reading, Reading, int, int, tuple[int, ...]]


def _part_key(part: Part) -> tuple[int, ...]:
    return part[6]


_PARTS: dict[int, tuple[Rules, dict[tuple[object, ...], list[Part]]]] = {}
_PART_LIMIT = 20_000


def _parts_memo(r: Rules) -> dict[tuple[object, ...], list[Part]]:
    entry = _PARTS.get(id(r))
    if entry is None or entry[0] is not r:
        if len(_PARTS) > 64:
            _PARTS.clear()
        entry = _PARTS[id(r)] = (r, {})
    memo = entry[1]
    if len(memo) > _PART_LIMIT:
        memo.clear()
    return memo


_ONE: dict[int, tuple[Rules, dict[Reading, Part | None]]] = {}


def _one_memo(r: Rules) -> dict[Reading, Part | None]:
    """The part of each meld `_unique` has seen (None: it reads more than one
    way), per rules: the same meld comes from many hands."""
    entry = _ONE.get(id(r))
    if entry is None or entry[0] is not r:
        if len(_ONE) > 64:
            _ONE.clear()
        entry = _ONE[id(r)] = (r, {})
    memo = entry[1]
    if len(memo) > _PART_LIMIT:
        memo.clear()
    return memo


def _unique(r: Rules, melds: Iterator[Reading], kind: str) -> list[Part]:
    """The melds of this kind whose tokens read one way as `kind`."""
    memo = _one_memo(r)
    out = []
    for x in melds:
        if x.kind != kind:
            continue
        part = memo.get(x, _UNSEEN)
        if part is _UNSEEN:
            part = memo[x] = _part(r, x, kind)
        if part is not None:
            out.append(part)
    return out


def _part(r: Rules, x: Reading, kind: str) -> Part | None:
    toks = _group_tokens(x)
    # a set's cards, and natural cards of one suit, read as one meld of
    # their kind (`read_set`, `read_runs`: what found them)
    opts = [x] if kind == SET or JOKER not in x.cards else readings_of(r, toks, kind)
    if len(opts) != 1:
        return None
    codes = tuple(c.code for c in x.cards)
    need = sum(1 << (8 * code) for code in codes)
    return (toks, codes, x, opts[0], need, len(codes), text_key(toks))


_UNSEEN: Part = ((), (), Reading(RUN, ()), Reading(RUN, ()), 0, 0, ())


def _set_parts(r: Rules, counts: list[int]) -> list[Part]:
    """The contract's sets of three (`possible_melds(sizes=(3, 3))` order:
    by rank) that read one way. The sets of a rank hang on that rank's
    naturals and the jokers alone, so each rank's list is kept per rules and
    the hand's counts of the rank."""
    memo = _parts_memo(r)
    jokers = counts[52]
    if r.max_jokers_per_meld is not None:
        jokers = min(jokers, r.max_jokers_per_meld)  # a set holds no more than this
    out: list[Part] = []
    for rank0 in range(13):
        held = (
            counts[rank0],
            counts[13 + rank0],
            counts[26 + rank0],
            counts[39 + rank0],
        )
        if held == (0, 0, 0, 0):
            continue
        key = ("set", jokers, rank0, held)
        part = memo.get(key)
        if part is None:
            part = memo[key] = _rank_sets(r, memo, jokers, rank0, held)
        out.extend(part)
    return out


def _rank_sets(
    r: Rules,
    memo: dict[tuple[object, ...], list[Part]],
    jokers: int,
    rank0: int,
    held: tuple[int, int, int, int],
) -> list[Part]:
    """`_set_parts` of one rank: the same suits held of another rank make the
    same sets of that rank, so a list kept for one is moved to the other."""
    for other in range(13):
        known = memo.get(("set", jokers, other, held)) if other != rank0 else None
        if known is not None:
            return [_moved(part, rank0 - other, rank=rank0 + 1) for part in known]
    cards = [card_from_code(si * 13 + rank0) for si in range(4) for _ in range(held[si])]
    cards += [JOKER] * jokers
    return _unique(r, possible_melds(r, cards, sizes=(3, 3), run_sizes=(99, 99)), SET)


def _run_parts(r: Rules, index: HandIndex, run_sizes: tuple[int, int] | None) -> list[Part]:
    """The hand's runs of these lengths (`possible_melds(sizes=(99, 99),
    run_sizes=...)` order: by suit) that read one way. A suit's runs hang on
    its run places held and the jokers alone: kept per rules and those."""
    memo = _parts_memo(r)
    jokers = index.counts[52]
    if r.max_jokers_per_meld is not None:
        jokers = min(jokers, r.max_jokers_per_meld)  # a run holds no more than this
    usable = _usable_places(r, run_sizes, jokers)
    out: list[Part] = []
    for si, held in enumerate(index.places):
        places = usable.get(held)
        if places is None:
            places = usable[held] = _places_in_runs(r, run_sizes, jokers, held)
        if not places:
            continue
        key = ("run", run_sizes, jokers, si, places)
        part = memo.get(key)
        if part is None:
            part = memo[key] = _suit_runs(r, memo, run_sizes, jokers, si, places)
        out.extend(part)
    return out


_USABLE: dict[tuple[int, tuple[int, int] | None, int], tuple[Rules, dict[int, int]]] = {}


def _usable_places(r: Rules, run_sizes: tuple[int, int] | None, jokers: int) -> dict[int, int]:
    """`_places_in_runs` answers kept per rules, run sizes and jokers."""
    key = (id(r), run_sizes, jokers)
    entry = _USABLE.get(key)
    if entry is None or entry[0] is not r:
        if len(_USABLE) > 256:
            _USABLE.clear()
        entry = _USABLE[key] = (r, {})
    return entry[1]


def _places_in_runs(r: Rules, run_sizes: tuple[int, int] | None, jokers: int, places: int) -> int:
    """The run places held (`HandIndex.places` bits) that some run of these
    sizes with at most `jokers` jokers could hold. A place in a run lies in a
    window of the shortest run's length inside it, missing no more places, so
    the others are in no run: leaving them out keeps a suit's runs as they
    are, and more hands share one kept list."""
    lo_b, hi_b = run_bounds(r)
    length = run_sizes[0] if run_sizes else r.min_run
    need = length - jokers
    window = (1 << length) - 1
    keep = 0
    for low in range(lo_b, hi_b - length + 2):
        held = (places >> low) & window
        if held and held.bit_count() >= need:
            keep |= held << low
    if keep & _ACE_PLACES:
        keep |= places & _ACE_PLACES  # the ace low and high is one card
    return keep


_ACE_PLACES = 2 | 1 << 14


def _suit_runs(
    r: Rules,
    memo: dict[tuple[object, ...], list[Part]],
    run_sizes: tuple[int, int] | None,
    jokers: int,
    si: int,
    places: int,
) -> list[Part]:
    """`_run_parts` of one suit: the same places held in another suit make
    the same runs in that suit, so a list kept for one is suited anew."""
    for other in range(4):
        known = memo.get(("run", run_sizes, jokers, other, places)) if other != si else None
        if known is not None:
            return [_moved(part, 13 * (si - other), suit=SUITS[si]) for part in known]
    cards = [_CARD_AT[si][p] for p in range(1, 14) if places >> p & 1]
    cards += [JOKER] * jokers
    found = possible_melds(r, cards, sizes=(99, 99), run_sizes=run_sizes)
    return _unique(r, found, RUN)


def _moved(part: Part, shift: int, suit: str = "", rank: int = 0) -> Part:
    """A run part moved to another suit, or a set part to another rank
    (`shift`: the change of its natural cards' codes)."""
    toks, codes, x, one, _need, n, _key = part
    moved = tuple(c if c == JOKER_CODE else c + shift for c in codes)
    toks = tuple(
        (joker_token(t.rank, suit) if t.rank else t)
        if t.card.is_joker
        else card_token(card_from_code(t.card.code + shift))
        for t in toks
    )
    return (
        toks,
        moved,
        _moved_reading(x, shift, suit, rank),
        _moved_reading(one, shift, suit, rank),
        sum(1 << (8 * code) for code in moved),
        n,
        text_key(toks),
    )


def _moved_reading(x: Reading, shift: int, suit: str, rank: int) -> Reading:
    cards = tuple(c if c.is_joker else card_from_code(c.code + shift) for c in x.cards)
    return Reading(x.kind, cards, rank or x.rank, suit or x.suit, x.low)


# the natural card at each run place of a suit (place 14: the ace)
_CARD_AT = tuple(
    tuple(card_from_code(si * 13 + (0 if p == 14 else max(p, 1) - 1)) for p in range(15))
    for si in range(4)
)


def _contract_possible(
    r: Rules, index: HandIndex, sets_needed: int, runs_needed: int, run_length: int
) -> bool:
    """A quick necessary condition for any contract: the fewest jokers the sets
    alone and the runs alone could need (each meld holds a natural card) are
    not more than the hand's jokers. Sets of one rank share its naturals;
    runs are bounded by their best window of `run_length` places."""
    counts = index.counts
    jokers = counts[52]
    per_meld = r.max_jokers_per_meld
    need = 0
    if sets_needed:
        slots: list[int] = []
        for rank0 in range(13):
            left = counts[rank0] + counts[13 + rank0] + counts[26 + rank0] + counts[39 + rank0]
            if left:
                slots.extend(_set_slots(left, per_meld))
        if len(slots) < sets_needed:
            return False
        slots.sort()
        need += sum(slots[:sets_needed])
    if runs_needed:
        best = _fewest_missing(r, run_length, index.places)
        if best == run_length:
            return False
        need += best * runs_needed
    return need <= jokers


_SLOTS: dict[tuple[int, int | None], tuple[int, ...]] = {}


def _set_slots(naturals: int, per_meld: int | None) -> tuple[int, ...]:
    """The jokers each set of three would need when a rank's naturals are
    shared out three at a time (the sets that would need too many left out)."""
    key = (naturals, per_meld)
    out = _SLOTS.get(key)
    if out is None:
        slots = []
        left = naturals
        while left > 0:
            used = min(3, left)
            if per_meld is None or 3 - used <= per_meld:
                slots.append(3 - used)
            left -= used
        out = _SLOTS[key] = tuple(slots)
    return out


_FEWEST: dict[tuple[int, int, int | None, int], dict[int, int]] = {}


def _fewest_missing(r: Rules, run_length: int, places: list[int]) -> int:
    """The fewest places a window of `run_length` places holding a natural
    of some suit misses, within the jokers a meld may hold (`run_length`:
    no such window); `places` are the suits' run places held (bits 1..14,
    `HandIndex.places`). Each suit's answer is kept per the rule facts
    it hangs on."""
    lo_b, hi_b = run_bounds(r)
    per_meld = r.max_jokers_per_meld
    known = _FEWEST.get((lo_b, hi_b, per_meld, run_length))
    if known is None:
        known = _FEWEST[(lo_b, hi_b, per_meld, run_length)] = {}
    fewest = run_length
    for mask in places:
        best = known.get(mask)
        if best is None:
            best = run_length
            window = (1 << run_length) - 1
            for low in range(lo_b, hi_b - run_length + 2):
                present = ((mask >> low) & window).bit_count()
                if (
                    present
                    and run_length - present < best
                    and (per_meld is None or run_length - present <= per_meld)
                ):
                    best = run_length - present
            known[mask] = best
        if best < fewest:
            fewest = best
    return fewest


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


def _partitions(
    runs: list[Reading],
    counts: list[int],
    k: int,
    holding: dict[int, list[Reading]] | None = None,
) -> Iterator[list[Reading]]:
    """Every way to split all the counted cards into k of these runs: the
    lowest natural card left must be in the next run, which keeps this small.
    `holding`: the runs (in list order) that hold each card code."""
    if k == 0:
        if not any(counts):
            yield []
        return
    low = next((code for code in range(52) if counts[code]), None)
    if low is None:
        return
    if holding is None:
        holding = {}
        for run in runs:
            for code in dict.fromkeys(c.code for c in run.cards):
                holding.setdefault(code, []).append(run)
    for run in holding.get(low, ()):
        if _take(counts, run):
            for rest in _partitions(runs, counts, k - 1, holding):
                yield [run, *rest]
            _give(counts, run)
