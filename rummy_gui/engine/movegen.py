"""Fast legal-move generation: only legal moves, each valid by construction.

`legal.generate_checked` (candidates confirmed by `Game.play`'s own checks)
is the reference: this module gives exactly its list, in the same order,
without building and re-checking each move. What a handler would still
check and the candidate does not guarantee is decided here from the cards
directly: the turn can still be finished after a meld or lay-off, the text
of a meld reads one way only, a lay-off fits in exactly one way, the
contract's melds keep its shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .cards import JOKER, Card
from .combos import (
    HandIndex,
    canonical_meld,
    contract_groups,
    layoff_candidates,
    may_fit,
    possible_melds,
    usable_depths,
)
from .melds import RUN, SET, Meld, Reading, Token, joker_fits_somewhere, layoff_fits, readings
from .moves import Move
from .rules import CONTRACTS, Rules

if TYPE_CHECKING:
    from .game import Game


def generate(g: Game) -> list[Move]:
    G = _game_module()
    phase = g.phase
    if phase == G.GAME_OVER:
        return []
    if phase == G.CLAIM:
        out: list[Move] = []
        for seat in g.to_act:
            out.extend(_claim_moves(g, seat))
        return out
    seat = g.turn
    if phase == G.CUT:
        return [_mv("cut", seat, number=n) for n in range(1, g.stock_count)]
    if phase == G.DEAL_OVER:
        return [_mv("deal", seat)]
    if phase == G.DRAW:
        return _draw_moves(g, seat)
    if phase == G.RUMMY_LAYOFF:
        assert g.claim is not None
        card = g.claim.card
        token = [Token(card)]
        text = (str(card),)
        return [_mv("layoff", seat, text, number=m.id) for m in g._melds
                if len(layoff_fits(g.rules, m, token)) == 1]
    hand = g._hands[seat]
    index = HandIndex(hand)
    out = _play_moves(g, seat, index)
    if g._target is None and not g._pending_jokers:
        restricted = g._restricted
        for c in index.distinct:
            kept = restricted[c.code]
            if not kept or hand.count(c) > kept:
                out.append(_discard(seat, c))
    return out


_DISCARDS: dict[tuple[int, int], Move] = {}


def _discard(seat: int, c: Card) -> Move:
    m = _DISCARDS.get((seat, c.code))
    if m is None:
        m = _DISCARDS[(seat, c.code)] = Move("discard", seat, (str(c),))
    return m


def _game_module() -> Any:
    """engine.game, imported on first use (it imports this module's importer)."""
    global _GAME
    if _GAME is None:
        from . import game

        _GAME = game
    return _GAME


_GAME: Any = None


def _code(c: Card) -> int:
    return c.code


_MOVES: dict[tuple[object, ...], Move] = {}


def _mv(action: str, seat: int, cards: tuple[str, ...] = (), number: int | None = None,
        kind: str | None = None, groups: tuple[tuple[str, ...], ...] = (),
        call: bool = False) -> Move:
    """The Move with these fields, made once: moves are values, and building
    a frozen dataclass costs more than looking it up."""
    key = (action, seat, cards, number, kind, groups, call)
    m = _MOVES.get(key)
    if m is None:
        if len(_MOVES) > 200_000:
            _MOVES.clear()
        m = _MOVES[key] = Move(action, seat, cards, number, kind, groups, call)
    return m


# --- claims and draws ----------------------------------------------------------


def _claim_moves(g: Game, seat: int) -> list[Move]:
    claim = g.claim
    assert claim is not None
    out: list[Move] = []
    if claim.kind == "rummy":
        out.extend(_mv("rummy", seat, number=n) for n in dict.fromkeys(claim.depths))
    elif claim.kind == "buy":
        out.append(_mv("buy", seat))
    elif claim.kind == "shanghai":
        token = [Token(claim.card)]
        seen: set[int | None] = set()
        for m in g._melds:
            if m.id not in seen and layoff_fits(g.rules, m, token):
                seen.add(m.id)
                out.append(_mv("shanghai", seat, number=m.id))
    out.append(_mv("pass", seat))
    return out


def _draw_moves(g: Game, seat: int) -> list[Move]:
    r = g.rules
    out = [_mv("pass", seat)] if g._final_turns is not None else [_mv("draw", seat)]
    pile = g._discard
    if r.is_contract:
        if pile and not g._protected:
            out.append(_mv("take", seat, number=1))
        return out
    if not pile:
        return out
    first = 1
    if not r.top_discard_must_meld:
        out.append(_mv("take", seat, number=1))  # the top card is free to keep
        first = 2
    hand = g._hands[seat]
    for n in usable_depths(r, hand, pile, g._melds):
        if n < first:
            continue
        taken = pile[-n:]
        restricted = [0] * 53
        for c in (taken if n == 1 else taken[:-1]):
            restricted[c.code] += 1
        if g._target_playable(hand + taken, restricted, taken[0], g._melds):
            out.append(_mv("take", seat, number=n))
    return out


# --- the play phase -------------------------------------------------------------


def _play_moves(g: Game, seat: int, index: HandIndex) -> list[Move]:
    r = g.rules
    hand = g._hands[seat]
    out: list[Move] = []
    seen: set[Move] = set()

    def add(m: Move) -> None:
        if m not in seen:
            seen.add(m)
            out.append(m)

    if r.is_contract:
        if g._contract_turn[seat] is None:
            for groups in _contract_moves(g, seat):
                add(_mv("contract", seat, groups=groups))
        elif g.round != 7 and _may_lay_off(g, seat):
            for meld in g._melds:
                if not index.may_lay_off(meld) and meld.kind != RUN:
                    continue
                for toks, cards, fit_meld in _layoffs(g, seat, meld, index):
                    if _finish_ok(g, seat, cards, fit_meld, False):
                        add(_mv("layoff", seat, toks, number=meld.id))
                if meld.kind == RUN:
                    for i, c in enumerate(meld.cards):
                        if c.is_joker:
                            nat = _natural(meld.low + i, meld.suit)
                            if _swap_ok(g, seat, meld, nat):
                                add(_mv("swap", seat, (str(nat),), number=meld.id))
    else:
        target = g._target
        for reading in (possible_melds(r, hand) if index.meld_possible(r) else ()):
            word, toks = canonical_meld(r, reading)
            m = _mv("meld", seat, toks, kind=word)
            if m in seen:
                continue
            opts = _readings(r, toks, word)
            if len(opts) != 1:
                continue
            cards = reading.cards
            if _finish_ok(g, seat, cards, None, target is not None and target in cards):
                add(m)
        for meld in g._melds:
            if not index.may_lay_off(meld):
                continue
            for toks, cards, fit_meld in _layoffs(g, seat, meld, index):
                if _finish_ok(g, seat, cards, fit_meld, target is not None and target in cards):
                    add(_mv("layoff", seat, toks, number=meld.id))
    if r.shanghai_call and g._melds and g._target is None and not g._pending_jokers:
        restricted = g._restricted
        for c in index.distinct:
            if c.is_joker or hand.count(c) <= restricted[c.code]:
                continue
            token = [Token(c)]
            if any(may_fit(m, c) for m in g._melds) and \
                    any(layoff_fits(r, m, token) for m in g._melds):
                add(_mv("discard", seat, (str(c),), call=True))
    return out


def _natural(pos: int, suit: str) -> Card:
    return Card(1 if pos == 14 else pos, suit)


def _may_lay_off(g: Game, seat: int) -> bool:
    made = g._contract_turn[seat]
    return made is not None and (made != g._turn_no or g.rules.layoff_with_contract)


def _layoffs(g: Game, seat: int, meld: Meld, index: HandIndex
             ) -> Iterator[tuple[tuple[str, ...], list[Card], Callable[[], list[Meld]]]]:
    """The lay-off candidates on a meld that fit it in exactly one way: (text,
    cards, the table after it, built only when asked)."""
    r = g.rules
    for toks in layoff_candidates(r, g._hands[seat], meld, index):
        tokens = [Token.parse(t) for t in toks]
        fits = layoff_fits(r, meld, tokens)
        if len(fits) != 1:
            continue
        fit = fits[0]

        def after(fit: object = fit) -> list[Meld]:
            from .game import _apply_fit

            changed = meld.copy()
            _apply_fit(changed, fit, seat)
            return [changed if x is meld else x for x in g._melds]

        yield toks, [t.card for t in tokens], after


def _swap_ok(g: Game, seat: int, meld: Meld, card: Card) -> bool:
    hand = g._hands[seat]
    if card not in hand or len(hand) < 2:
        return False
    index = meld.joker_position(card)
    if index is None:
        return False
    after = meld.copy()
    after._cards[index] = card
    return joker_fits_somewhere(g.rules, [after if x is meld else x for x in g._melds])


def _finish_ok(g: Game, seat: int, cards: Sequence[Card],
               melds_after: Callable[[], list[Meld]] | None, uses_target: bool) -> bool:
    """`Game._check_finish` as a question: can the turn still be ended?"""
    r = g.rules
    hand = list(g._hands[seat])
    restricted = list(g._restricted)
    for c in cards:
        hand.remove(c)
        if restricted[c.code]:
            restricted[c.code] -= 1
    target = g._target
    if not hand:
        if r.go_out_by_discard and not (r.is_contract and g.round == 7):
            return False
        return target is None or uses_target
    if g._pending_jokers and JOKER not in cards and len(hand) < 2:
        return False
    if target is not None and not uses_target:
        melds = melds_after() if melds_after is not None else g._melds
        return g._target_playable(hand, restricted, target, melds)
    return any(hand.count(c) > restricted[c.code] for c in hand)


# --- the contract ----------------------------------------------------------------


def _contract_moves(g: Game, seat: int) -> Iterator[tuple[tuple[str, ...], ...]]:
    """The contract candidates of `legal` that `Game._h_contract` accepts."""
    r = g.rules
    sets_needed, runs_needed = CONTRACTS[g.round - 1]
    last = g.round == 7
    hand_size = len(g._hands[seat])
    for groups in contract_groups(r, g._hands[seat], g.round):
        chosen: list[Reading] = []
        ncards = 0
        for group in groups:
            ncards += len(group)
            if last or len(group) == 4:
                opts = _readings(r, group, RUN)
            elif len(group) == 3:
                opts = _readings(r, group, SET)
            else:
                break
            if len(opts) != 1:
                break
            chosen.append(opts[0])
        else:
            if _contract_shape_ok(r, chosen, sets_needed, runs_needed) and (
                    ncards == hand_size if last
                    else not (ncards >= hand_size and r.go_out_by_discard)):
                yield groups


def _contract_shape_ok(r: Rules, chosen: list[Reading], sets_needed: int, runs_needed: int) -> bool:
    n_sets = sum(1 for o in chosen if o.kind == SET)
    if n_sets != sets_needed or len(chosen) - n_sets != runs_needed:
        return False
    runs = [o for o in chosen if o.kind == RUN]
    for i, a in enumerate(runs):
        for b in runs[i + 1:]:
            if a.suit == b.suit and (a.high + 1 == b.low or b.high + 1 == a.low):
                return False
    if r.max_jokers_per_meld is not None:
        set_ranks = [o.rank for o in chosen if o.kind == SET]
        if len(set(set_ranks)) != len(set_ranks):
            return False
    return True


# --- memo of meld readings by text -------------------------------------------------

_READINGS: dict[int, tuple[Rules, dict[tuple[str | None, tuple[str, ...]], list[Reading]]]] = {}


def _readings(r: Rules, toks: tuple[str, ...], kind: str | None) -> list[Reading]:
    """`readings` of a move's card text, remembered per rules (the text and
    the rules decide the answer alone)."""
    entry = _READINGS.get(id(r))
    if entry is None or entry[0] is not r:
        if len(_READINGS) > 64:
            _READINGS.clear()
        entry = (r, {})
        _READINGS[id(r)] = entry
    memo = entry[1]
    key = (kind, toks)
    out = memo.get(key)
    if out is None:
        if len(memo) > 50_000:
            memo.clear()
        out = readings(r, [Token.parse(t) for t in toks], kind)
        memo[key] = out
    return out
