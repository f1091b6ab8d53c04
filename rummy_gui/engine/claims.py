"""Claims out of turn (RULES.md 3.6, 4.5, 4.6): opening a claim window after a
discard or a stock draw, the claimants' answers, and what the winner gets."""

from __future__ import annotations

from .cards import Card
from .enums import Action, ClaimKind, Phase
from .errors import IllegalMove, illegal
from .melds import Token, card_token, layoff_fits
from .moves import Move
from .state import Claim
from .table import Apply, Table
from .targets import (
    call_possible,
    natural_use_possible,
    quick_use,
    target_uses,
    usable_depths,
    use_masks,
)

# Enum members as module names: reading one off its enum class costs several
# times a global's lookup (Python 3.11), and these are read per move.
_CLAIM, _PLAY, _RUMMY_LAYOFF = Phase.CLAIM, Phase.PLAY, Phase.RUMMY_LAYOFF
_K_BUY, _K_RUMMY, _K_SHANGHAI = ClaimKind.BUY, ClaimKind.RUMMY, ClaimKind.SHANGHAI
_A_PASS, _A_RUMMY, _A_SHANGHAI = Action.PASS, Action.RUMMY, Action.SHANGHAI


def _illegal(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


def after_discard(t: Table, seat: int, card: Card, called: bool) -> None:
    """A discard that did not end the deal: a claim window, or the next turn."""
    r, s = t.rules, t.s
    depths = rummy_depths(t) if r.rummy_call != "off" else []
    if depths:
        others = _others(seat, t.players)
        s.claim = Claim(_K_RUMMY, seat, others, card, depths=tuple(depths))
        s.turn = t.next_seat(seat)
        s.phase = _CLAIM
        return
    if r.shanghai_call and not called and not card.is_joker:
        fits = [x for x in s.melds if layoff_fits(r, x, [Token(card)])]
        claimants = tuple(o for o in _others(seat, t.players) if len(s.hands[o]) >= 2)
        if fits and claimants:
            s.claim = Claim(_K_SHANGHAI, seat, claimants, card)
            s.turn = t.next_seat(seat)
            s.phase = _CLAIM
            return
    t.begin_turn(t.next_seat(seat))
    if called:
        s.protected = True


def _others(seat: int, players: int) -> tuple[int, ...]:
    """The other seats, from the next one on."""
    return tuple((seat + i) % players for i in range(1, players))


def rummy_depths(t: Table) -> list[int]:
    """Depths N of the discard pile a rummy call could take now (public facts only)."""
    r, s = t.rules, t.s
    pile = s.discard
    if r.rummy_call == "last":
        top = pile[-1]
        return [1] if any(layoff_fits(r, x, [card_token(top)]) for x in s.melds) else []
    out: list[int] = []
    melds = s.melds
    if not call_possible(r, pile, melds):
        return out
    counts = [0] * 53  # the pool's (the top n cards') counts and codes held, as n grows
    bits = added = 0
    masks, jokers = use_masks(r)
    for n in usable_depths(r, (), pile, melds):
        while added < n:
            added += 1
            code = pile[-added].code
            counts[code] += 1
            bits |= 1 << code
        target = pile[-n]
        # a set or run through the target, read off the bits, is a use
        if not target.is_joker and quick_use(
            masks[target.code], r.min_run, bits, min(jokers, counts[52]), 53
        ):
            out.append(n)
            continue
        # the search's quick necessary condition for a pool without a joker
        if (
            not counts[52]
            and not target.is_joker
            and not natural_use_possible(r, counts, target, melds)
        ):
            continue
        for _ in target_uses(r, pile[-n:], target, melds):
            out.append(n)
            break
    return out


def open_buy_window(t: Table) -> None:
    """After a stock draw: the seats that may buy the top discard now (RULES.md 4.5)."""
    r, s = t.rules, t.s
    s.claim = None
    s.phase = _PLAY
    if not s.discard:
        return
    claimants = []
    for i in range(1, t.players):
        seat = (s.turn + i) % t.players
        if seat == s.last_claimer:
            continue
        if r.buy_limit is not None and s.buys[seat] >= r.buy_limit:
            continue
        if t.cards_obtainable(keep_in_pile=2) < r.buy_penalty:
            continue  # the stock can not pay the penalty (4.7)
        claimants.append(seat)
    if claimants:
        s.claim = Claim(_K_BUY, s.turn, tuple(claimants), s.discard[-1])
        s.phase = _CLAIM


def prepare_claim(t: Table, seat: int, m: Move) -> Apply:
    """A claimant's answer: the window's claim, or `pass`."""
    claim = t.s.claim
    assert claim is not None
    if m.action is not _A_PASS and m.action is not claim.kind.action:
        raise _illegal("claim_or_pass_" + claim.kind.value)
    r = t.rules
    if m.action is _A_RUMMY:
        if (m.number or 0) not in claim.depths:
            if r.rummy_call == "last":
                raise _illegal("rummy_last_only")
            raise _illegal("rummy_not_possible", count=m.number)
    elif m.action is _A_SHANGHAI:
        meld = t.meld_by_id(m.number)
        if not layoff_fits(r, meld, [Token(claim.card)]):
            raise _illegal("claim_no_fit", card=claim.card.pretty, meld=meld.id)

    def apply() -> None:
        claim.answers[seat] = m
        outcome = claim.winner()
        if outcome is False:
            return
        close_claim(t, claim, outcome if isinstance(outcome, Move) else None)

    return apply


def close_claim(t: Table, claim: Claim, win: Move | None) -> None:
    r, s = t.rules, t.s
    if claim.kind is _K_BUY:
        if win is None:
            s.claim = None
            s.phase = _PLAY
            return
        w = win.seat
        assert w is not None
        s.hands[w].append(s.discard.pop())
        for _ in range(r.buy_penalty):
            extra = t.take_from_stock()
            if extra is not None:
                s.hands[w].append(extra)
        s.buys[w] += 1
        s.last_claimer = w
        open_buy_window(t)
        return
    if claim.kind is _K_SHANGHAI:
        if win is not None:
            w = win.seat
            assert w is not None
            meld = t.meld_by_id(win.number)
            card = s.discard.pop()
            meld.lay_off(layoff_fits(r, meld, [Token(card)])[0], w)
            hand = s.hands[w]
            given = hand.pop(s.rng.randrange(len(hand)))
            s.hands[claim.origin].append(given)
        t.begin_turn(t.next_seat(claim.origin))
        return
    # rummy
    if win is None:
        t.begin_turn(t.next_seat(claim.origin))
        return
    w = win.seat
    assert w is not None
    depth = win.number or 1
    if r.rummy_call == "last":
        card = s.discard.pop()
        s.hands[w].append(card)
        s.phase = _RUMMY_LAYOFF
        s.turn = w
        s.claim = Claim(_K_RUMMY, claim.origin, (w,), card)
        return
    taken = s.discard[-depth:]
    del s.discard[-depth:]
    t.begin_turn(w)
    s.hands[w].extend(taken)
    for c in taken if depth == 1 else taken[:-1]:
        s.restricted[c.code] += 1
    s.target = taken[0]
    s.calling = True
    s.phase = _PLAY
