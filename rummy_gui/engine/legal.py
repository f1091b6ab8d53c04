"""Legal moves: the live view `LegalMoves` and its cache.

`generate` is the fast generator of `movegen` (only legal moves, valid by
construction, nothing re-checked). `generate_checked` is the reference it
must equal: candidates per phase, each confirmed by the same checks
`Game.play` uses (tests/engine/test_movegen.py compares the two)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .cards import Card, Token, card_token
from .combos import canonical_meld, layoff_candidates, may_fit, possible_melds
from .contract_combos import _give, _group_tokens, _partitions, _take
from .dealing import cut_range
from .enums import Action, ClaimKind, Phase
from .errors import IllegalMove
from .melds import RUN, SET, Reading, layoff_fits
from .movegen import generate as fast_generate
from .moves import Move
from .notation import text_key
from .referee import prepare
from .rules import CONTRACTS
from .table import Apply, Table
from .targets import usable_depths


class MoveCache:
    """The legal moves of one position; the game clears it whenever the
    position changes."""

    __slots__ = ("_ids", "moves", "prepared")

    def __init__(self) -> None:
        self.moves: list[Move] | None = None
        self.prepared: dict[
            Move, Apply
        ] = {}  # kept empty: generate_checked's, for callers that ask
        self._ids: set[int] | None = None

    def clear(self) -> None:
        self.moves = None
        if self.prepared:  # a new dict only when the old one holds something (once a move)
            self.prepared = {}
        self._ids = None

    def get(self, t: Table) -> list[Move]:
        if self.moves is None:
            self.prepared = {}
            self._ids = None
            self.moves = fast_generate(t)  # `generate`, one call fewer
        return self.moves

    def listed(self, move: Move) -> bool:
        """Is this very object one of the listed moves (legal now, seat set)?
        Identity, not equality: an equal move from elsewhere is checked in full."""
        moves = self.moves
        if moves is None:
            return False
        if len(moves) < 48:
            return id(move) in map(id, moves)  # compares ints in C, never Move.__eq__
        ids = self._ids
        if ids is None:
            ids = self._ids = {id(m) for m in moves}
        return id(move) in ids


class LegalMoves:
    """A live view of the legal moves: iteration, len() and `in`."""

    __slots__ = ("_cache", "_table")

    def __init__(self, table: Table, cache: MoveCache) -> None:
        self._table = table
        self._cache = cache

    def _list(self) -> list[Move]:
        return self._cache.get(self._table)

    def __iter__(self) -> Iterator[Move]:
        # the cached list is never changed, only replaced
        moves = self._cache.moves
        return iter(moves if moves is not None else self._cache.get(self._table))

    def __len__(self) -> int:
        moves = self._cache.moves
        return len(moves if moves is not None else self._cache.get(self._table))

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Move, str)):
            return False
        try:
            prepare(self._table, move)
        except IllegalMove:
            return False
        return True

    def for_seat(self, seat: int) -> list[Move]:
        return [m for m in self._list() if m.seat == seat]

    def __repr__(self) -> str:
        return f"<LegalMoves {[str(m) for m in self._list()]}>"


def generate(t: Table, _prepared: dict[Move, Apply]) -> list[Move]:
    """Every legal move now (from `movegen`; `prepared` stays empty: `play`
    prepares the one move played)."""
    return fast_generate(t)


def generate_checked(t: Table, prepared: dict[Move, Apply]) -> list[Move]:
    """The reference list: every candidate confirmed by `prepare` (whose plays
    are kept in `prepared`)."""
    s = t.s
    phase = s.phase
    out: list[Move] = []
    if phase is Phase.GAME_OVER:
        return out
    if phase is Phase.CLAIM:
        assert s.claim is not None
        for seat in t.to_act:
            out.extend(_confirmed(t, prepared, _claim_candidates(t, seat)))
        return out
    seat = s.turn
    if phase is Phase.CUT:
        return [Move(Action.CUT, seat, number=n) for n in cut_range(len(s.stock))]
    if phase is Phase.DEAL_OVER:
        return [Move(Action.DEAL, seat)]
    if phase is Phase.DRAW:
        r = t.rules
        out = [Move(Action.PASS, seat)] if s.final_turns is not None else [Move(Action.DRAW, seat)]
        depth = 1 if r.is_contract else len(s.discard)
        first = 1
        if depth and not r.is_contract and not r.top_discard_must_meld:
            out.append(Move(Action.TAKE, seat, number=1))  # the top card is free to keep
            first = 2
        if r.is_contract:
            depths: list[int] = [1]
        else:
            depths = [n for n in usable_depths(r, s.hands[seat], s.discard, s.melds) if n >= first]
        out.extend(_confirmed(t, prepared, (Move(Action.TAKE, seat, number=n) for n in depths)))
        return out
    if phase is Phase.RUMMY_LAYOFF:
        assert s.claim is not None
        card = card_token(s.claim.card)
        return _confirmed(
            t, prepared, (Move(Action.LAYOFF, seat, (card,), number=m.id) for m in s.melds)
        )
    # PLAY: plain discards need no search, everything else is confirmed by play's checks
    out = _confirmed(t, prepared, _play_candidates(t, seat))
    if s.target is None and not s.pending_jokers:
        hand = s.hands[seat]
        restricted = s.restricted
        for c in sorted(set(hand), key=lambda c: c.code):
            if hand.count(c) > restricted[c.code]:
                out.append(Move(Action.DISCARD, seat, (card_token(c),)))
    return out


def _confirmed(t: Table, prepared: dict[Move, Apply], cands: Iterable[Move]) -> list[Move]:
    out = []
    seen: set[Move] = set()
    for m in cands:
        if m in seen:
            continue
        seen.add(m)
        try:
            _, apply = prepare(t, m)
        except IllegalMove:
            continue
        prepared[m] = apply
        out.append(m)
    return out


def _claim_candidates(t: Table, seat: int) -> Iterator[Move]:
    claim = t.s.claim
    assert claim is not None
    if claim.kind == ClaimKind.RUMMY:
        for n in claim.depths:
            yield Move(Action.RUMMY, seat, number=n)
    elif claim.kind == ClaimKind.BUY:
        yield Move(Action.BUY, seat)
    elif claim.kind == ClaimKind.SHANGHAI:
        for m in t.s.melds:
            if layoff_fits(t.rules, m, [card_token(claim.card)]):
                yield Move(Action.SHANGHAI, seat, number=m.id)
    yield Move(Action.PASS, seat)


def _play_candidates(t: Table, seat: int) -> Iterator[Move]:
    r, s = t.rules, t.s
    hand = s.hands[seat]
    if r.is_contract:
        if s.contract_turn[seat] is None:
            yield from _contract_candidates(t, seat)
        elif not r.last_round_goes_out_whole(s.round):
            for meld in s.melds:
                for toks in layoff_candidates(r, hand, meld):
                    yield Move(Action.LAYOFF, seat, toks, number=meld.id)
                if meld.kind == RUN:
                    for i, c in enumerate(meld.cards):
                        if c.is_joker:
                            pos = meld.low + i
                            nat = card_token(_natural(pos, meld.suit))
                            yield Move(Action.SWAP, seat, (nat,), number=meld.id)
    else:
        for reading in possible_melds(r, hand):
            word, toks = canonical_meld(r, reading)
            yield Move(Action.MELD, seat, toks, kind=word)
        for meld in s.melds:
            for toks in layoff_candidates(r, hand, meld):
                yield Move(Action.LAYOFF, seat, toks, number=meld.id)
    if r.shanghai_call and s.melds:
        for c in sorted(set(hand), key=lambda c: c.code):
            if not c.is_joker and any(may_fit(m, c) for m in s.melds):
                yield Move(Action.DISCARD, seat, (card_token(c),), call=True)


def _natural(pos: int, suit: str) -> Card:
    return Card(1 if pos == 14 else pos, suit)


def _contract_candidates(t: Table, seat: int) -> Iterator[Move]:
    r, s = t.rules, t.s
    hand = s.hands[seat]
    sets_needed, runs_needed = CONTRACTS[s.round - 1]
    counts = [0] * 53
    for c in hand:
        counts[c.code] += 1
    if r.last_round_goes_out_whole(s.round):
        runs7 = [x for x in possible_melds(r, hand, sizes=(99, 99)) if x.kind == RUN]
        seen7: set[tuple[tuple[Token, ...], ...]] = set()
        for combo in _partitions(runs7, counts, 3):
            groups7 = tuple(sorted((_group_tokens(x) for x in combo), key=text_key))
            if groups7 not in seen7:
                seen7.add(groups7)
                yield Move(Action.CONTRACT, seat, groups=groups7)
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
    seen: set[tuple[tuple[Token, ...], ...]] = set()
    for set_combo in _disjoint(sets, counts, sets_needed, 0):
        for run_combo in _disjoint(runs, counts, runs_needed, 0):
            groups = tuple(sorted((_group_tokens(x) for x in set_combo), key=text_key)) + tuple(
                sorted((_group_tokens(x) for x in run_combo), key=text_key)
            )
            if groups not in seen:
                seen.add(groups)
                yield Move(Action.CONTRACT, seat, groups=groups)


def _disjoint(
    melds: list[Reading], counts: list[int], k: int, start: int
) -> Iterator[list[Reading]]:
    """Every k melds (in list order) that the counts can hold together; the
    counts are left as they were after each result is consumed."""
    if k == 0:
        yield []
        return
    for i in range(start, len(melds) - k + 1):
        if _take(counts, melds[i]):
            for rest in _disjoint(melds, counts, k - 1, i + 1):
                yield [melds[i], *rest]
            _give(counts, melds[i])
