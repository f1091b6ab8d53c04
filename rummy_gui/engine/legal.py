"""Legal moves. `generate` is the fast generator of `movegen` (only legal
moves, valid by construction); `generate_checked` is the reference it must
equal: candidates per phase, each confirmed by the same checks `Game.play`
uses, so the list and `play` never disagree (the property tests compare the
two)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from .combos import (
    canonical_meld,
    contract_groups,
    layoff_candidates,
    may_fit,
    possible_melds,
    usable_depths,
)
from .melds import RUN, Token, layoff_fits
from .movegen import generate as fast_generate
from .moves import IllegalMove, Move

if TYPE_CHECKING:
    from .game import Game


def generate(g: Game) -> list[Move]:
    return fast_generate(g)


def generate_checked(g: Game) -> list[Move]:
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
            _, apply = g._prepare(m)
        except IllegalMove:
            continue
        g._prepared[m] = apply
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
            for groups in contract_groups(r, hand, g.round):
                yield Move("contract", seat, groups=groups)
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
    if r.shanghai_call and g._melds:
        for c in sorted(set(hand), key=lambda c: c.code):
            if not c.is_joker and any(may_fit(m, c) for m in g._melds):
                yield Move("discard", seat, (str(c),), call=True)


def _natural(pos: int, suit: str) -> object:
    from .cards import Card

    return Card(1 if pos == 14 else pos, suit)


