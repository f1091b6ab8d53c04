"""The end of a deal (its scores, RULES.md 3.7, 3.8 and 4.7) and of the match
(who won)."""

from __future__ import annotations

from .enums import Phase
from .scoring import (
    Extra,
    ExtraPart,
    HandPart,
    MeldPart,
    SideScore,
    hand_value,
    meld_parts,
)
from .table import Table


def end_deal(t: Table, out: int | None) -> None:
    """Score the deal that `out` ended by going out (None: nobody did)."""
    s = t.s
    s.went_out = out
    parts = breakdown(t, out)
    scores = [p.total for p in parts]
    # the Liverpool cut bonus was taken off the total already; the deal score shows it
    for i, (v, b) in enumerate(zip(scores, s.bonus, strict=False)):
        s.totals[i] += v - b
    s.breakdown = tuple(parts)
    s.deal_scores = scores
    s.history.append(list(scores))
    s.claim = None
    if _match_over(t):
        s.phase = Phase.GAME_OVER
    else:
        s.phase = Phase.DEAL_OVER
        s.turn = t.next_seat(s.dealer)


def breakdown(t: Table, out: int | None) -> list[SideScore]:
    """The deal's score per side, item by item (RULES.md 3.7, 3.8, 4.1, 4.7):
    the 500 family's melded cards for their owners and hands against them, the
    contract family's hands as penalty points, and the bonuses."""
    r, s = t.rules, t.s
    sides = len(s.totals)
    melds: list[list[MeldPart]] = [[] for _ in range(sides)]
    if not r.is_contract:
        calls = set(s.called)
        for meld in s.melds:
            hidden = [f.card for f in s.facedown if f.meld == meld.id] if s.facedown else ()
            for part in meld_parts(r, meld, hidden, calls):
                melds[t.side_of(part.seat)].append(part)
    sign = 1 if r.is_contract else -1
    hands: list[list[HandPart]] = [[] for _ in range(sides)]
    for seat in range(t.players):
        hand = s.hands[seat]
        hands[t.side_of(seat)].append(HandPart(seat, tuple(hand), sign * hand_value(r, hand)))
    extras: list[list[ExtraPart]] = [[] for _ in range(sides)]
    if (
        not r.is_contract
        and r.out_in_one_turn_bonus
        and out is not None
        and s.first_meld_turn[out] == s.turn_no
    ):
        extras[t.side_of(out)].append(
            ExtraPart(Extra.OUT_IN_ONE_TURN, r.out_in_one_turn_bonus, out)
        )
    for side, b in enumerate(s.bonus):
        if b:
            extras[side].append(ExtraPart(Extra.CUT, b))
    return [
        SideScore(
            i,
            t.sides[i],
            tuple(melds[i]),
            tuple(hands[i]),
            tuple(extras[i]),
            out if out is not None and t.side_of(out) == i else None,
        )
        for i in range(sides)
    ]


def _match_over(t: Table) -> bool:
    r, s = t.rules, t.s
    totals = s.totals
    if r.is_contract:
        assert r.rounds is not None
        if s.round < r.rounds:
            return False
        best = min(totals)
        s.winners = tuple(seat for seat in range(t.players) if totals[t.side_of(seat)] == best)
        return True
    if r.deals is not None:
        if s.round < r.deals:
            return False
        best = max(totals)
        leaders = [i for i, v in enumerate(totals) if v == best]
        if len(leaders) == 1 and r.match_bonus:
            totals[leaders[0]] += r.match_bonus
            assert s.deal_scores is not None
            s.deal_scores[leaders[0]] += r.match_bonus
            s.history[-1][leaders[0]] += r.match_bonus
            if s.breakdown is not None:
                bd = list(s.breakdown)
                bd[leaders[0]] = bd[leaders[0]].with_extra(ExtraPart(Extra.MATCH, r.match_bonus))
                s.breakdown = tuple(bd)
        s.winners = tuple(seat for seat in range(t.players) if t.side_of(seat) in leaders)
        return True
    assert r.target is not None
    best = max(totals)
    if best < r.target:
        return False
    leaders = [i for i, v in enumerate(totals) if v == best]
    if len(leaders) > 1:
        return False  # a tie for the lead: another deal
    s.winners = tuple(seat for seat in range(t.players) if t.side_of(seat) == leaders[0])
    return True
