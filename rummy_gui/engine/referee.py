"""Whether a move may be played now: who may move, which moves each phase
takes, and the check of the move itself (by the module of its kind).

`prepare` changes nothing; it returns the move with its seat and the function
that plays it. `prepare_listed` does the same for a move of the legal-move
list, which needs no check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .claims import prepare_claim
from .contracts import prepare_contract
from .dealing import prepare_cut, prepare_deal
from .enums import Action, Phase
from .errors import IllegalMove, illegal
from .moves import Move, parse_move
from .table import Apply, Table
from .turn import (
    prepare_discard,
    prepare_draw,
    prepare_layoff,
    prepare_meld,
    prepare_pass_draw,
    prepare_swap,
    prepare_take,
)

Prepare = Callable[[Table, int, Move], Apply]

# The moves of each phase (docs/engine.md, "Phases and who acts").
PHASE_MOVES: dict[Phase, dict[Action, Prepare]] = {
    Phase.CUT: {Action.CUT: prepare_cut},
    Phase.DRAW: {
        Action.DRAW: prepare_draw,
        Action.TAKE: prepare_take,
        Action.PASS: prepare_pass_draw,
    },
    Phase.PLAY: {
        Action.MELD: prepare_meld,
        Action.LAYOFF: prepare_layoff,
        Action.SWAP: prepare_swap,
        Action.CONTRACT: prepare_contract,
        Action.DISCARD: prepare_discard,
    },
    Phase.CLAIM: {
        Action.RUMMY: prepare_claim,
        Action.BUY: prepare_claim,
        Action.SHANGHAI: prepare_claim,
        Action.PASS: prepare_claim,
    },
    Phase.RUMMY_LAYOFF: {Action.LAYOFF: prepare_layoff},
    Phase.DEAL_OVER: {Action.DEAL: prepare_deal},
    Phase.GAME_OVER: {},
}


def _illegal(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


def _parse(text: str) -> Move:
    """The move of this text. A count or meld number below 1 ("take 0", "cut 0")
    is read as a number, so that the rule it breaks says the range allowed."""
    try:
        return parse_move(text)
    except IllegalMove as e:
        word = str(e.params.get("text", ""))
        if e.code != "bad_number" or not word.isdigit():
            raise
        head, _, tail = text.rpartition(word)
        try:
            one = parse_move(f"{head}1{tail}")
        except IllegalMove:
            raise e from None
        return replace(one, number=int(word))


def prepare(t: Table, move: Move | str) -> tuple[Move, Apply]:
    """The move (with its seat) and how to play it; IllegalMove if it is refused."""
    if isinstance(move, str):
        m = _parse(move)
    elif isinstance(move, Move):
        m = move
    else:
        raise _illegal("bad_move", text=repr(move))
    s = t.s
    if s.phase is Phase.GAME_OVER:
        raise _illegal("game_over")
    acting = t.to_act
    seat = m.seat
    if seat is None:
        seat = s.turn if s.turn in acting or len(acting) != 1 else acting[0]
        m = m.with_seat(seat)
    if not 0 <= seat < t.players:
        raise _illegal("no_seat", seat=seat)
    if seat not in acting:
        raise _illegal("not_your_turn", seat=seat, waiting=", ".join(str(a) for a in acting))
    check = PHASE_MOVES[s.phase].get(m.action)
    if check is None:
        raise wrong_phase(t, m)
    return m, check(t, seat, m)


# The moves whose full check repeats what the generator already decided.
_LISTED: dict[tuple[Phase, Action], Callable[[Table, int, Move, bool], Apply]] = {
    (Phase.DRAW, Action.TAKE): prepare_take,
    (Phase.PLAY, Action.MELD): prepare_meld,
    (Phase.PLAY, Action.LAYOFF): prepare_layoff,
    (Phase.PLAY, Action.DISCARD): prepare_discard,
    (Phase.RUMMY_LAYOFF, Action.LAYOFF): prepare_layoff,
}


def prepare_listed(t: Table, m: Move) -> Apply:
    """How to play a move of the current legal-move list (its seat is set and
    it is legal by construction): the checks the generator already made are
    not made again."""
    seat = m.seat
    assert seat is not None
    listed = _LISTED.get((t.s.phase, m.action))
    if listed is not None:
        return listed(t, seat, m, False)
    return PHASE_MOVES[t.s.phase][m.action](t, seat, m)


def wrong_phase(t: Table, m: Move) -> IllegalMove:
    """Why this kind of move can not be made in this phase."""
    phase, a = t.s.phase, m.action
    if phase is Phase.CUT:
        return _illegal("cut_first")
    if phase is Phase.DRAW:
        if a in (Action.MELD, Action.LAYOFF, Action.DISCARD, Action.SWAP, Action.CONTRACT):
            return _illegal("draw_first")
        return _illegal("wrong_time_draw", action=a.value)
    if phase is Phase.PLAY:
        if a in (Action.DRAW, Action.TAKE):
            return _illegal("already_drew")
        return _illegal("wrong_time_play", action=a.value)
    if phase is Phase.CLAIM and t.s.claim is not None:
        return _illegal("claim_or_pass_" + t.s.claim.kind.value)
    if phase is Phase.RUMMY_LAYOFF:
        return _illegal("rummy_layoff_first")
    if phase is Phase.DEAL_OVER:
        return _illegal("deal_over")
    return _illegal("wrong_time_play", action=a.value)  # pragma: no cover
