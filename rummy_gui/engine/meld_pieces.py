"""The melds of a 500-family hand that holds a joker, remembered piece by piece.

`possible_melds(rules, hand)` of such a hand lists its sets rank by rank,
then (Persian) its sets of jokers alone, then its runs suit by suit. Each of
these pieces depends on nothing but the suits held of one rank, or the run
places held of one suit, and how many jokers may join it; so each piece is
read once per rules (by `possible_melds` itself, on the piece's cards alone)
and remembered. `hand_melds` gives a hand's readings in `possible_melds`'
order, each with its canonical move (`combos.canonical_meld`) and whether
that move's cards read one way only.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import JOKER, SUITS, Card, Token, card_from_code
from .combos import HandIndex, possible_melds
from .melds import RUN, SET, Reading, run_bounds
from .memo import canonical_of, readings_of
from .rules import Rules

# a reading, its canonical kind word and tokens, and whether they read one way only
Entry = tuple[Reading, str | None, tuple[Token, ...], bool]
Piece = tuple[Entry, ...]

_RANK_BITS = 0b11111111111110  # run places 1..13: the ranks
_LIMIT = 20_000
# per rules: (the rules, sets, a suit's runs, a stretch's runs), by keys made
# in `hand_melds` and `_run_piece`
_PIECES: dict[int, tuple[Rules, dict[int, Piece], dict[int, Piece], dict[int, Piece]]] = {}


def hand_melds(rules: Rules, index: HandIndex) -> list[Entry]:
    """`possible_melds(rules, hand)` of a 500-family hand (`index` is its
    HandIndex), in its order, each reading with its canonical move."""
    assert not rules.is_contract
    kept = _PIECES.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_PIECES) > 64:
            _PIECES.clear()
        kept = _PIECES[id(rules)] = (rules, {}, {}, {})
    _rules, sets, runs, parts = kept
    if len(sets) + len(runs) + len(parts) > _LIMIT:
        sets.clear()
        runs.clear()
        parts.clear()
    jokers = index.counts[52]
    limit = rules.max_jokers_per_meld
    jmax = jokers if limit is None else min(jokers, limit)
    only_joker_sets = rules.jokers_only_in_joker_sets
    set_jmax = 0 if only_joker_sets else jmax
    p0, p1, p2, p3 = places = index.places
    out: list[Entry] = []
    ranks = (p0 | p1 | p2 | p3) & _RANK_BITS
    while ranks:
        low_bit = ranks & -ranks
        ranks ^= low_bit
        rank = low_bit.bit_length() - 1
        suits = (
            (p0 >> rank & 1) | (p1 >> rank & 1) << 1 | (p2 >> rank & 1) << 2 | (p3 >> rank & 1) << 3
        )
        key = (set_jmax * 16 + suits) * 16 + rank
        piece = sets.get(key)
        if piece is None:
            piece = sets[key] = _set_piece(rules, rank, suits, set_jmax)
        out.extend(piece)
    if only_joker_sets:
        key = -1 - jokers  # the sets of jokers alone
        piece = sets.get(key)
        if piece is None:
            piece = sets[key] = _piece(
                rules, [r for r in possible_melds(rules, [JOKER] * jokers) if r.rank == 0]
            )
        out.extend(piece)
        jmax = 0
    for si in range(4):
        held = places[si]
        if not held:
            continue
        key = (jmax * 4 + si) << 15 | held
        piece = runs.get(key)
        if piece is None:
            piece = runs[key] = _run_piece(rules, si, held, jmax, parts)
        out.extend(piece)
    return out


def _set_piece(rules: Rules, rank: int, suits: int, jokers: int) -> Piece:
    """The sets of one rank from the suits held (bit i: suit i) and `jokers`."""
    cards = [Card(rank, SUITS[si]) for si in range(4) if suits >> si & 1]
    found = possible_melds(rules, cards + [JOKER] * jokers)
    return _piece(rules, [r for r in found if r.kind == SET and r.rank == rank])


def _run_piece(rules: Rules, si: int, held: int, jokers: int, parts: dict[int, Piece]) -> Piece:
    """The runs of one suit from its run places held (bits 1..14) and `jokers`:
    those of each stretch of places held that no run crosses (`_stretches`),
    remembered in `parts`, one stretch after the other."""
    out: list[Entry] = []
    for part in _stretches(held, jokers):
        key = (jokers * 4 + si) << 15 | part
        piece = parts.get(key)
        if piece is None:
            piece = parts[key] = _stretch_runs(rules, si, part, jokers)
        out.extend(piece)
    return tuple(out)


def _stretches(held: int, jokers: int) -> list[int]:
    """The places held (bits), split where more places in a row are missing
    than the jokers can fill: a run's places all lie in one stretch, and the
    runs of a lower stretch all start below those of a higher one."""
    parts = []
    part = last = 0
    while held:
        bit = held & -held
        held ^= bit
        place = bit.bit_length() - 1
        if part and place - last - 1 > jokers:
            parts.append(part)
            part = 0
        part |= bit
        last = place
    parts.append(part)
    return parts


def _stretch_runs(rules: Rules, si: int, part: int, jokers: int) -> Piece:
    """The runs of one stretch of a suit's places (`_stretches`): those the
    stretch's cards make starting within its reach (the ace held also stands
    at its other place, beyond the stretch, where no run of it starts)."""
    places = [p for p in range(1, 15) if part >> p & 1]
    cards = list(dict.fromkeys(card_from_code(si * 13 + (1 if p == 14 else p) - 1) for p in places))
    lo_b, hi_b = run_bounds(rules)
    lowest, highest = max(lo_b, places[0] - jokers), min(hi_b, places[-1])
    found = possible_melds(rules, cards + [JOKER] * jokers)
    return _piece(rules, [r for r in found if r.kind == RUN and lowest <= r.low <= highest])


def _piece(rules: Rules, found: Sequence[Reading]) -> Piece:
    out = []
    for reading in found:
        word, toks = canonical_of(rules, reading)
        out.append((reading, word, toks, len(readings_of(rules, toks, word)) == 1))
    return tuple(out)
