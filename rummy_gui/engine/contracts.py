"""Laying down the contract (RULES.md 4.3): the round's sets and runs, in one move."""

from __future__ import annotations

from .errors import IllegalMove, illegal
from .melds import RUN, SET, Meld, Reading, Token, readings
from .moves import Move
from .rules import CONTRACT_NAMES, CONTRACT_RUN_SIZE, CONTRACT_SET_SIZE, CONTRACTS
from .table import Apply, Table, pretty
from .turn import after_table, why_not_meld


def _illegal(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


# The meld rules a contract meld can break whatever its size: the refusal
# names the rule (a Shanghai set 7H JK JK is a set, with one joker too many).
_JOKER_RULES = frozenset({"meld_persian_jokers", "meld_needs_natural", "meld_joker_limit"})


def _not_a_contract_meld(t: Table, group: list[Token], kind: str) -> IllegalMove:
    """Why this group is not the contract's set (or run)."""
    reason = why_not_meld(t, group, kind)
    if reason.code in _JOKER_RULES:
        return reason
    return _illegal("contract_not_" + kind, cards=pretty([tok.card for tok in group]))


def prepare_contract(t: Table, seat: int, m: Move) -> Apply:
    r, s = t.rules, t.s
    if not r.is_contract:
        raise _illegal("no_contract")
    if s.contract_turn[seat] is not None:
        raise _illegal("contract_done")
    sets_needed, runs_needed = CONTRACTS[s.round - 1]
    name = CONTRACT_NAMES[s.round - 1]
    whole = r.last_round_goes_out_whole(s.round)
    groups = [t.tokens(g) for g in m.groups]
    cards = t.hand_tokens(seat, [tok for g in groups for tok in g])
    if len(groups) != sets_needed + runs_needed:
        raise _illegal(
            "contract_count",
            round=s.round,
            contract=name,
            need=sets_needed + runs_needed,
            count=len(groups),
        )
    chosen: list[Reading] = []
    for g in groups:
        if whole or len(g) == CONTRACT_RUN_SIZE:
            kind = RUN
        elif len(g) == CONTRACT_SET_SIZE:
            kind = SET
        else:
            raise _illegal(
                "contract_sizes",
                cards=pretty([tok.card for tok in g]),
                size=CONTRACT_SET_SIZE,
                run=CONTRACT_RUN_SIZE,
            )
        opts = readings(r, g, kind)
        if not opts:
            raise _not_a_contract_meld(t, g, kind)
        if len(opts) > 1:
            raise t.ambiguous(opts, [tok.card for tok in g])
        chosen.append(opts[0])
    n_sets = sum(1 for o in chosen if o.kind == SET)
    if n_sets != sets_needed or len(chosen) - n_sets != runs_needed:
        raise _illegal("contract_shape", round=s.round, contract=name)
    runs = [o for o in chosen if o.kind == RUN]
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            if a.suit == b.suit and (a.high + 1 == b.low or b.high + 1 == a.low):
                raise _illegal("runs_join")
    if r.contract_sets_distinct_ranks:
        set_ranks = [o.rank for o in chosen if o.kind == SET]
        if len(set(set_ranks)) != len(set_ranks):
            raise _illegal("sets_same_rank")
    hand_size = len(s.hands[seat])
    if whole:
        if len(cards) != hand_size:
            raise _illegal("round7_whole_hand", round=s.round, runs=runs_needed)
    elif len(cards) >= hand_size and r.go_out_by_discard:
        raise _illegal("contract_last_card")

    def apply() -> None:
        s.contract_turn[seat] = s.turn_no
        for reading in chosen:
            s.melds.append(Meld(s.next_meld, reading, seat, s.turn_no))
            s.next_meld += 1
        after_table(t, seat, cards)

    return apply
