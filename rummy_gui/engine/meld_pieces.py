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
from .melds import RUN, SET, Reading
from .memo import canonical_of, readings_of
from .rules import Rules

# a reading, its canonical kind word and tokens, and whether they read one way only
Entry = tuple[Reading, str | None, tuple[Token, ...], bool]
Piece = tuple[Entry, ...]

_RANK_BITS = 0b11111111111110  # run places 1..13: the ranks
_LIMIT = 20_000
# per rules: (the rules, sets by key, runs by key); keys in `hand_melds`
_PIECES: dict[int, tuple[Rules, dict[int, Piece], dict[int, Piece]]] = {}


def hand_melds(rules: Rules, index: HandIndex) -> list[Entry]:
    """`possible_melds(rules, hand)` of a 500-family hand (`index` is its
    HandIndex), in its order, each reading with its canonical move."""
    assert not rules.is_contract
    kept = _PIECES.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_PIECES) > 64:
            _PIECES.clear()
        kept = _PIECES[id(rules)] = (rules, {}, {})
    _rules, sets, runs = kept
    if len(sets) + len(runs) > _LIMIT:
        sets.clear()
        runs.clear()
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
            piece = runs[key] = _run_piece(rules, si, held, jmax)
        out.extend(piece)
    return out


def _set_piece(rules: Rules, rank: int, suits: int, jokers: int) -> Piece:
    """The sets of one rank from the suits held (bit i: suit i) and `jokers`."""
    cards = [Card(rank, SUITS[si]) for si in range(4) if suits >> si & 1]
    found = possible_melds(rules, cards + [JOKER] * jokers)
    return _piece(rules, [r for r in found if r.kind == SET and r.rank == rank])


def _run_piece(rules: Rules, si: int, held: int, jokers: int) -> Piece:
    """The runs of one suit from its run places held (bits 1..14) and `jokers`."""
    cards = [card_from_code(si * 13 + p - 1) for p in range(1, 14) if held >> p & 1]
    found = possible_melds(rules, cards + [JOKER] * jokers)
    return _piece(rules, [r for r in found if r.kind == RUN])


def _piece(rules: Rules, found: Sequence[Reading]) -> Piece:
    out = []
    for reading in found:
        word, toks = canonical_of(rules, reading)
        out.append((reading, word, toks, len(readings_of(rules, toks, word)) == 1))
    return tuple(out)
