"""Fast legal-move generation: only legal moves, each valid by construction.

`legal.generate_checked` (candidates confirmed by `referee.prepare`, the
checks of `Game.play`)
is the reference: this module gives exactly its list, in the same order,
without building and re-checking each move. What a handler would still
check and the candidate does not guarantee is decided here from the cards
directly: the turn can still be finished after a meld or lay-off, the tokens
of a meld read one way only, a lay-off fits in exactly one way, the
contract's melds keep its shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import compress

from .cards import Card, Token, card_from_code, card_token
from .combos import (
    HandIndex,
    layoff_candidates,
    may_fit,
    natural_melds,
)
from .contract_combos import contract_layouts
from .dealing import cut_range
from .enums import Action, ClaimKind, Phase
from .finish import finish_ok
from .meld_pieces import hand_melds
from .melds import (
    RUN,
    SET,
    LayoffFit,
    Meld,
    Reading,
    joker_fits_somewhere,
    layoff_fits,
)
from .memo import Kept
from .memo import readings_of as _readings
from .moves import Move
from .rules import CONTRACTS, Rules
from .table import Table
from .targets import quick_use, table_facts, usable_depths, use_masks
from .turn import target_playable

# Enum members as module names: reading a member off its enum class goes
# through the class's attribute hook (Python 3.11), several times a
# global's cost, and these are read for every move.
_A_BUY = Action.BUY
_A_CONTRACT = Action.CONTRACT
_A_CUT = Action.CUT
_A_DEAL = Action.DEAL
_A_DISCARD = Action.DISCARD
_A_DRAW = Action.DRAW
_A_LAYOFF = Action.LAYOFF
_A_MELD = Action.MELD
_A_PASS = Action.PASS
_A_RUMMY = Action.RUMMY
_A_SHANGHAI = Action.SHANGHAI
_A_SWAP = Action.SWAP
_A_TAKE = Action.TAKE
_C_BUY = ClaimKind.BUY
_C_RUMMY = ClaimKind.RUMMY
_C_SHANGHAI = ClaimKind.SHANGHAI
_P_CLAIM = Phase.CLAIM
_P_CUT = Phase.CUT
_P_DEAL_OVER = Phase.DEAL_OVER
_P_DRAW = Phase.DRAW
_P_GAME_OVER = Phase.GAME_OVER
_P_RUMMY_LAYOFF = Phase.RUMMY_LAYOFF


def generate(t: Table) -> list[Move]:
    if len(_MOVES) + len(_LAYOFFS) + len(_MELDS) > 20_000:
        # between lists, so that one list's equal moves are one object
        _MOVES.clear()
        _LAYOFFS.clear()
        _MELDS.clear()
    s = t.s
    phase = s.phase
    if phase is _P_GAME_OVER:
        return []
    if phase is _P_CLAIM:
        out: list[Move] = []
        for seat in t.to_act:
            out.extend(_claim_moves(t, seat))
        return out
    seat = s.turn
    if phase is _P_CUT:
        return [_mv(_A_CUT, seat, number=n) for n in cut_range(len(s.stock))]
    if phase is _P_DEAL_OVER:
        return [_mv(_A_DEAL, seat)]
    if phase is _P_DRAW:
        return _draw_moves(t, seat)
    if phase is _P_RUMMY_LAYOFF:
        assert s.claim is not None
        card = s.claim.card
        token = (card_token(card),)
        return [
            _layoff_mv(seat, token, m.id)
            for m in s.melds
            if len(layoff_fits(t.rules, m, token)) == 1
        ]
    hand = s.hands[seat]
    index = HandIndex(hand)
    r = t.rules
    if r.is_contract or index.joker or r.shanghai_call:
        out = _play_moves(t, seat, index)
    elif index.meld_possible(r):
        out = _play_moves(t, seat, index, True)
    elif index.lanes & table_facts(s.melds)[2]:
        out = _play_moves(t, seat, index, False)
    else:
        out = []  # a natural hand that holds no meld and no card next to a table meld
    if s.target is None and not s.pending_jokers:
        restricted = s.restricted
        counts = index.counts
        discards = _discards(seat)
        if not any(restricted):
            out.extend(compress(discards, counts))  # one discard per card code held
            return out
        for c in index.distinct:
            code = c.code
            kept = restricted[code]
            if not kept or counts[code] > kept:
                out.append(discards[code])
    return out


# each card code's rank, the joker's 0 (`usable_depths` counts the pool's ranks so)
_RANK0_OF = [code % 13 + 1 for code in range(52)] + [0]
_PLAINS: dict[int, tuple[Move, ...]] = {}
_DRAW, _PASS, _TAKE1, _BUY = range(4)


def _plain(seat: int) -> tuple[Move, ...]:
    """This seat's draw, pass, take of the top card and buy (made once)."""
    row = _PLAINS.get(seat)
    if row is None:
        row = _PLAINS[seat] = (
            Move._valid(_A_DRAW, seat),
            Move._valid(_A_PASS, seat),
            Move._valid(_A_TAKE, seat, number=1),
            Move._valid(_A_BUY, seat),
        )
    return row


_DISCARDS: dict[int, list[Move]] = {}


def _discards(seat: int) -> list[Move]:
    """The discard of each card code by this seat (made once)."""
    row = _DISCARDS.get(seat)
    if row is None:
        row = _DISCARDS[seat] = [
            Move._valid(_A_DISCARD, seat, (card_token(card_from_code(code)),)) for code in range(53)
        ]
    return row


_MOVES: dict[tuple[object, ...], Move] = Kept(8192)
_LAYOFFS: dict[tuple[int, tuple[Token, ...], int | None], Move] = Kept(8192)


def _layoff_mv(seat: int, cards: tuple[Token, ...], meld_id: int | None) -> Move:
    """`_mv(Action.LAYOFF, seat, cards, number=meld_id)`, looked up by a shorter key."""
    key = (seat, cards, meld_id)
    m = _LAYOFFS.get(key)
    if m is None:
        m = _LAYOFFS[key] = Move._valid(_A_LAYOFF, seat, cards, meld_id)
    return m


_MELDS: dict[tuple[int, tuple[Token, ...], str | None], Move] = Kept(8192)


def _meld_mv(seat: int, cards: tuple[Token, ...], kind: str | None) -> Move:
    """`_mv(Action.MELD, seat, cards, kind=kind)`, looked up by a shorter key."""
    key = (seat, cards, kind)
    m = _MELDS.get(key)
    if m is None:
        m = _MELDS[key] = Move._valid(_A_MELD, seat, cards, kind=kind)
    return m


def _mv(
    action: Action,
    seat: int,
    cards: tuple[Token, ...] = (),
    number: int | None = None,
    kind: str | None = None,
    groups: tuple[tuple[Token, ...], ...] = (),
    call: bool = False,
) -> Move:
    """The Move with these fields, made once: moves are values, and building
    a frozen dataclass costs more than looking it up."""
    key = (action, seat, cards, number, kind, groups, call)
    m = _MOVES.get(key)
    if m is None:
        m = _MOVES[key] = Move._valid(action, seat, cards, number, kind, groups, call)
    return m


# --- claims and draws ----------------------------------------------------------


def _claim_moves(t: Table, seat: int) -> list[Move]:
    claim = t.s.claim
    assert claim is not None
    out: list[Move] = []
    if claim.kind is _C_RUMMY:
        out.extend(_mv(_A_RUMMY, seat, number=n) for n in dict.fromkeys(claim.depths))
    elif claim.kind is _C_BUY:
        out.append(_plain(seat)[_BUY])
    elif claim.kind is _C_SHANGHAI:
        token = [card_token(claim.card)]
        seen: set[int | None] = set()
        for m in t.s.melds:
            if m.id not in seen and layoff_fits(t.rules, m, token):
                seen.add(m.id)
                out.append(_mv(_A_SHANGHAI, seat, number=m.id))
    out.append(_plain(seat)[_PASS])
    return out


def _draw_moves(t: Table, seat: int) -> list[Move]:
    r, s = t.rules, t.s
    plain = _plain(seat)
    out = [plain[_PASS]] if s.final_turns is not None else [plain[_DRAW]]
    pile = s.discard
    if r.is_contract:
        if pile and not s.protected:
            out.append(plain[_TAKE1])
        return out
    if not pile:
        return out
    first = 1
    if not r.top_discard_must_meld:
        out.append(plain[_TAKE1])  # the top card is free to keep
        first = 2
    if len(pile) < first:
        return out
    hand = s.hands[seat]
    # the pool's counts and held codes (bits), the pile's cards added as the depths go deeper
    counts = [0] * 53
    ranks = [0] * 14
    bits = 0
    for c in hand:
        code = c.code
        counts[code] += 1
        ranks[_RANK0_OF[code]] += 1
        bits |= 1 << code
    depths = usable_depths(r, hand, pile, s.melds, (ranks, bits))
    if not depths:
        return out
    # the codes of which more are held than restricted: the hand's and the top card's
    # (a deeper card is restricted as it is taken); the top alone too when n = 1
    free_codes = 53 - counts.count(0)
    free_deep = free_codes + (not counts[pile[-1].code])
    masks, jokers = use_masks(r)
    size = r.min_run
    added = 0
    for n in depths:
        if n < first:
            continue
        while added < n:
            added += 1
            code = pile[-added].code
            counts[code] += 1
            bits |= 1 << code
        taken = pile[-n:]
        code = taken[0].code
        # a set or run through the target that leaves a free card
        if code != 52 and quick_use(
            masks[code], size, bits, min(jokers, counts[52]), free_deep if n > 1 else free_codes
        ):
            out.append(_mv(_A_TAKE, seat, number=n))
            continue
        restricted = [0] * 53
        for c in taken if n == 1 else taken[:-1]:
            restricted[c.code] += 1
        if target_playable(t, hand + taken, restricted, taken[0], s.melds, True, counts):
            out.append(_mv(_A_TAKE, seat, number=n))
    return out


# --- the play phase -------------------------------------------------------------


def _play_moves(
    t: Table, seat: int, index: HandIndex, meld_possible: bool | None = None
) -> list[Move]:
    """The melds, lay-offs, swaps, contracts and called discards of the turn
    player; `meld_possible`: `index.meld_possible`, when already asked."""
    r, s = t.rules, t.s
    hand = s.hands[seat]
    out: list[Move] = []
    # moves of `_mv` are interned within a list: identity is equality here,
    # and an id hashes in C where a Move hashes its fields in Python
    seen: set[int] = set()

    def add(m: Move) -> None:
        if id(m) not in seen:
            seen.add(id(m))
            out.append(m)

    if r.is_contract:
        if s.contract_turn[seat] is None:
            # contract_layouts gives each layout once: no move repeats
            # (not interned: a hand may have thousands, each seen once)
            out.extend(
                Move._valid(_A_CONTRACT, seat, groups=groups)
                for groups in _contract_moves(t, seat, index)
            )
        elif not r.last_round_goes_out_whole(s.round) and _may_lay_off(t, seat):
            for meld in s.melds:
                if index.may_lay_off(meld):
                    for toks, cards, fit_meld in _layoffs(t, seat, meld, index):
                        if finish_ok(t, seat, cards, fit_meld, False, index):
                            add(_layoff_mv(seat, toks, meld.id))
                if meld.kind == RUN:
                    for i, c in enumerate(meld.cards):
                        if c.is_joker:
                            nat = _natural(meld.low + i, meld.suit)
                            if _swap_ok(t, seat, meld, nat):
                                add(_mv(_A_SWAP, seat, (card_token(nat),), number=meld.id))
    else:
        target = s.target
        # nothing taken, restricted or owed: a meld or lay-off may be made while a
        # card is left, and go out where the rules allow it (`_finish_ok`, shortened)
        free = target is None and not s.pending_jokers and not any(s.restricted)
        out_ok = not (r.go_out_by_discard and not r.last_round_goes_out_whole(s.round))
        size = len(hand)
        if meld_possible is None:
            meld_possible = index.meld_possible(r)
        natural = not index.joker
        if not natural:  # a joker hand's melds, with their moves' words and tokens
            for reading, word, toks, unique in hand_melds(r, index):
                if unique and id(m := _meld_mv(seat, toks, word)) not in seen:
                    used = reading.cards
                    if (
                        (len(used) < size or out_ok)
                        if free
                        else finish_ok(
                            t, seat, used, None, target is not None and target in used, index
                        )
                    ):
                        add(m)
        for reading in natural_melds(r, index) if natural and meld_possible else ():
            got = _natural_meld_mv(r, seat, reading)
            if got is None or id(got) in seen:
                continue
            m = got
            used = reading.cards
            if (
                (len(used) < size or out_ok)
                if free
                else finish_ok(t, seat, used, None, target is not None and target in used, index)
            ):
                add(m)
        # the melds that pass `index.may_lay_off`: all for a joker hand, else those
        # next to which a natural of the hand goes (each meld's lay-off bits)
        table: Iterable[Meld] = s.melds
        if not index.joker:
            facts, lanes = table_facts(s.melds), index.lanes
            table = compress(table, [lanes & bits for bits in facts[3]]) if lanes & facts[2] else ()
        for meld in table:
            if free:  # `_layoffs` without the cards and the table after
                for toks in layoff_candidates(r, hand, meld, index):
                    if len(layoff_fits(r, meld, toks)) == 1 and (len(toks) < size or out_ok):
                        add(_layoff_mv(seat, toks, meld.id))
                continue
            for toks, cards, fit_meld in _layoffs(t, seat, meld, index):
                if finish_ok(
                    t, seat, cards, fit_meld, target is not None and target in cards, index, meld
                ):
                    add(_layoff_mv(seat, toks, meld.id))
    if r.shanghai_call and s.melds and s.target is None and not s.pending_jokers:
        restricted = s.restricted
        for c in index.distinct:
            if c.is_joker or index.counts[c.code] <= restricted[c.code]:
                continue
            token = [card_token(c)]
            if any(may_fit(m, c) for m in s.melds) and any(
                layoff_fits(r, m, token) for m in s.melds
            ):
                add(_mv(_A_DISCARD, seat, (token[0],), call=True))
    return out


_TOKEN_OF = tuple(card_token(card_from_code(code)) for code in range(53))
# per natural reading (`natural_melds` gives each as one lasting object) and
# seat: (rules, the reading, its meld move, or None if its cards read more
# than one way); the reading is held, so its id is never another's
_NATURAL: dict[tuple[int, int], tuple[Rules, Reading, Move | None]] = {}


def _natural_meld_mv(r: Rules, seat: int, reading: Reading) -> Move | None:
    """The meld move of a natural reading (its canonical tokens are its cards'),
    None when those cards read more than one way."""
    key = (id(reading), seat)
    hit = _NATURAL.get(key)
    if hit is not None and hit[0] is r and hit[1] is reading:
        return hit[2]
    toks = tuple([_TOKEN_OF[c.code] for c in reading.cards])
    m = _meld_mv(seat, toks, None) if len(_readings(r, toks, None)) == 1 else None
    if len(_NATURAL) > 20_000:
        _NATURAL.clear()
    _NATURAL[key] = (r, reading, m)
    return m


def _natural(pos: int, suit: str) -> Card:
    return Card(1 if pos == 14 else pos, suit)


def _may_lay_off(t: Table, seat: int) -> bool:
    made = t.s.contract_turn[seat]
    return made is not None and (made != t.s.turn_no or t.rules.layoff_with_contract)


def _layoffs(
    t: Table, seat: int, meld: Meld, index: HandIndex
) -> Iterator[tuple[tuple[Token, ...], list[Card], Callable[[], list[Meld]]]]:
    """The lay-off candidates on a meld that fit it in exactly one way:
    (tokens, cards, the table after it, built only when asked)."""
    r = t.rules
    for toks in layoff_candidates(r, t.s.hands[seat], meld, index):
        fits = layoff_fits(r, meld, toks)
        if len(fits) != 1:
            continue
        fit = fits[0]

        def after(fit: LayoffFit = fit) -> list[Meld]:
            changed = meld.copy()
            changed.lay_off(fit, seat)
            return [changed if x is meld else x for x in t.s.melds]

        yield toks, [tok.card for tok in toks], after


def _swap_ok(t: Table, seat: int, meld: Meld, card: Card) -> bool:
    hand = t.s.hands[seat]
    if card not in hand or len(hand) < 2:
        return False
    index = meld.joker_position(card)
    if index is None:
        return False
    after = meld.with_card(index, card)
    return joker_fits_somewhere(t.rules, [after if x is meld else x for x in t.s.melds])


# --- the contract ----------------------------------------------------------------


def _contract_moves(
    t: Table, seat: int, index: HandIndex
) -> Iterator[tuple[tuple[Token, ...], ...]]:
    """The contract layouts (`contract_combos.contract_layouts`) that
    `contracts.prepare_contract` accepts: each group reads one way, the sets
    and the runs have the contract's shape (checked per combination of sets
    and per combination of runs), and the whole leaves what the round asks."""
    r, s = t.rules, t.s
    sets_needed, runs_needed = CONTRACTS[s.round - 1]
    whole = r.last_round_goes_out_whole(s.round)
    hand_size = len(s.hands[seat])

    sets_wanted = 0 if whole else sets_needed
    distinct = r.contract_sets_distinct_ranks

    def sets_ok(chosen: list[Reading]) -> bool:
        if len(chosen) != sets_wanted:
            return False
        for o in chosen:
            if o.kind != SET:
                return False
        if distinct and len(chosen) > 1:
            ranks = [o.rank for o in chosen]
            return len(set(ranks)) == len(ranks)
        return True

    def runs_ok(chosen: list[Reading]) -> bool:
        n_runs = 0
        for o in chosen:
            if o.kind == RUN:
                n_runs += 1
        n_sets = len(chosen) - n_runs
        if whole:
            # every group of the last round is read as a run; the shape asks
            # for the round's sets and runs among them
            if n_sets != sets_needed or n_runs != runs_needed:
                return False
        elif n_sets or n_runs != runs_needed:
            return False
        return _runs_apart(chosen)

    for groups, ncards in contract_layouts(r, index, s.round, sets_ok, runs_ok):
        if ncards == hand_size if whole else not (ncards >= hand_size and r.go_out_by_discard):
            yield groups


def _runs_apart(chosen: list[Reading]) -> bool:
    """No two runs of a suit that would join into one."""
    runs = [o for o in chosen if o.kind == RUN]
    if len(runs) < 2:
        return True
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            if a.suit == b.suit and (a.high + 1 == b.low or b.high + 1 == a.low):
                return False
    return True
