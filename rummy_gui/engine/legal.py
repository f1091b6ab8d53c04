"""Legal-move generation: candidates per phase, each confirmed by the same
checks `Game.play` uses, so the list and `play` never disagree."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from .melds import RUN, SET, Reading, Token, layoff_fits
from .moves import IllegalMove, Move
from .rules import CONTRACTS
from .search import canonical_meld, layoff_candidates, possible_melds, usable_depths

if TYPE_CHECKING:
    from .game import Game


def generate(g: Game) -> list[Move]:
    from . import game as G

    phase = g.phase
    out: list[Move] = []
    if phase == G.GAME_OVER:
        return out
    if phase == G.CLAIM:
        assert g.claim is not None
        for seat in g.to_act:
            out.extend(_confirmed(g, _claim_candidates(g, seat)))
        return out
    seat = g.turn
    if phase == G.CUT:
        return [Move("cut", seat, number=n) for n in range(1, g.stock_count)]
    if phase == G.DEAL_OVER:
        return [Move("deal", seat)]
    if phase == G.DRAW:
        r = g.rules
        out = [Move("pass", seat)] if g._final_turns is not None else [Move("draw", seat)]
        depth = 1 if r.is_contract else len(g._discard)
        first = 1
        if depth and not r.is_contract and not r.top_discard_must_meld:
            out.append(Move("take", seat, number=1))  # the top card is free to keep
            first = 2
        if r.is_contract:
            depths: list[int] = [1]
        else:
            depths = [n for n in usable_depths(r, g._hands[seat], g._discard, g._melds) if n >= first]
        out.extend(_confirmed(g, (Move("take", seat, number=n) for n in depths)))
        return out
    if phase == G.RUMMY_LAYOFF:
        assert g.claim is not None
        card = str(g.claim.card)
        return _confirmed(g, (Move("layoff", seat, (card,), number=m.id) for m in g._melds))
    # PLAY: plain discards need no search, everything else is confirmed by play's checks
    out = _confirmed(g, _play_candidates(g, seat))
    if g._target is None and not g._pending_jokers:
        hand = g._hands[seat]
        restricted = g._restricted
        for c in sorted(set(hand), key=lambda c: c.code):
            if hand.count(c) > restricted[c.code]:
                out.append(Move("discard", seat, (str(c),)))
    return out


def _confirmed(g: Game, cands: Iterable[Move]) -> list[Move]:
    out = []
    seen: set[Move] = set()
    for m in cands:
        if m in seen:
            continue
        seen.add(m)
        try:
            g._prepare(m)
        except IllegalMove:
            continue
        out.append(m)
    return out


def _claim_candidates(g: Game, seat: int) -> Iterator[Move]:
    claim = g.claim
    assert claim is not None
    if claim.kind == "rummy":
        for n in claim.depths:
            yield Move("rummy", seat, number=n)
    elif claim.kind == "buy":
        yield Move("buy", seat)
    elif claim.kind == "shanghai":
        for m in g._melds:
            if layoff_fits(g.rules, m, [Token(claim.card)]):
                yield Move("shanghai", seat, number=m.id)
    yield Move("pass", seat)


def _play_candidates(g: Game, seat: int) -> Iterator[Move]:
    r = g.rules
    hand = g._hands[seat]
    if r.is_contract:
        if g._contract_turn[seat] is None:
            yield from _contract_candidates(g, seat)
        elif g.round != 7:
            for meld in g._melds:
                for toks in layoff_candidates(r, hand, meld):
                    yield Move("layoff", seat, toks, number=meld.id)
                if meld.kind == RUN:
                    for i, c in enumerate(meld.cards):
                        if c.is_joker:
                            pos = meld.low + i
                            nat = str(_natural(pos, meld.suit))
                            yield Move("swap", seat, (nat,), number=meld.id)
    else:
        for reading in possible_melds(r, hand):
            word, toks = canonical_meld(r, reading)
            yield Move("meld", seat, toks, kind=word)
        for meld in g._melds:
            for toks in layoff_candidates(r, hand, meld):
                yield Move("layoff", seat, toks, number=meld.id)
    if r.shanghai_call:
        for c in sorted(set(hand), key=lambda c: c.code):
            yield Move("discard", seat, (str(c),), call=True)


def _natural(pos: int, suit: str) -> object:
    from .cards import Card

    return Card(1 if pos == 14 else pos, suit)


def _group_text(reading: Reading) -> tuple[str, ...]:
    if reading.kind == RUN:
        return tuple(reading.tokens(explicit=True))
    return tuple(reading.tokens(explicit=False))


def _contract_candidates(g: Game, seat: int) -> Iterator[Move]:
    r = g.rules
    hand = g._hands[seat]
    sets_needed, runs_needed = CONTRACTS[g.round - 1]
    if g.round == 7:
        yield from _round7_candidates(g, seat)
        return
    sets = list(possible_melds(r, hand, sizes=(3, 3), run_sizes=(99, 99))) if sets_needed else []
    runs = [x for x in possible_melds(r, hand, sizes=(99, 99), run_sizes=(4, 4)) if x.kind == RUN] \
        if runs_needed else []
    sets = [x for x in sets if x.kind == SET]
    counts = [0] * 53
    for c in hand:
        counts[c.code] += 1
    seen: set[tuple[tuple[str, ...], ...]] = set()
    for set_combo in combinations(sets, sets_needed):
        for run_combo in combinations(runs, runs_needed):
            need = [0] * 53
            ok = True
            for rd in set_combo + run_combo:
                for c in rd.cards:
                    need[c.code] += 1
                    if need[c.code] > counts[c.code]:
                        ok = False
                        break
                if not ok:
                    break
            if not ok:
                continue
            groups = tuple(sorted(_group_text(x) for x in set_combo)) + \
                tuple(sorted(_group_text(x) for x in run_combo))
            if groups in seen:
                continue
            seen.add(groups)
            yield Move("contract", seat, groups=groups)


def _round7_candidates(g: Game, seat: int) -> Iterator[Move]:
    """Round 7: the whole hand as three runs (searched, not enumerated blindly)."""
    r = g.rules
    hand = list(g._hands[seat])
    if len(hand) < 12 and not r.shanghai_call:
        return
    runs = [x for x in possible_melds(r, hand, sizes=(99, 99)) if x.kind == RUN]
    counts = [0] * 53
    for c in hand:
        counts[c.code] += 1
    total = len(hand)
    seen: set[tuple[tuple[str, ...], ...]] = set()
    for a, b, c3 in combinations(runs, 3):
        if len(a.cards) + len(b.cards) + len(c3.cards) != total:
            continue
        need = [0] * 53
        for rd in (a, b, c3):
            for card in rd.cards:
                need[card.code] += 1
        if need != counts:
            continue
        groups = tuple(sorted(_group_text(x) for x in (a, b, c3)))
        if groups not in seen:
            seen.add(groups)
            yield Move("contract", seat, groups=groups)



