"""The end of a deal (its scores, RULES.md 3.7, 3.8 and 4.7) and of the match
(who won)."""

from __future__ import annotations

from .enums import Phase
from .scoring import hand_value, meld_points
from .table import Table


def end_deal(t: Table, out: int | None) -> None:
    """Score the deal that `out` ended by going out (None: nobody did)."""
    r, s = t.rules, t.s
    s.went_out = out
    scores = [0] * len(s.totals)
    if r.is_contract:
        for seat in range(t.players):
            scores[t.side_of(seat)] += hand_value(r, s.hands[seat])
    else:
        for meld in s.melds:
            for owner, pts in meld_points(r, meld).items():
                scores[t.side_of(owner)] += pts
        for seat in range(t.players):
            scores[t.side_of(seat)] -= hand_value(r, s.hands[seat])
        if r.persian_bonuses and out is not None and s.first_meld_turn[out] == s.turn_no:
            scores[t.side_of(out)] += 25
    for i, v in enumerate(scores):
        s.totals[i] += v
    # the Liverpool cut bonus was taken off the total already; the deal score shows it
    scores = [v + b for v, b in zip(scores, s.bonus, strict=False)]
    s.deal_scores = scores
    s.history.append(list(scores))
    s.claim = None
    if _match_over(t):
        s.phase = Phase.GAME_OVER
    else:
        s.phase = Phase.DEAL_OVER
        s.turn = t.next_seat(s.dealer)


def _match_over(t: Table) -> bool:
    r, s = t.rules, t.s
    totals = s.totals
    if r.is_contract:
        if s.round < (r.rounds or 7):
            return False
        best = min(totals)
        s.winners = tuple(seat for seat in range(t.players) if totals[t.side_of(seat)] == best)
        return True
    if r.deals is not None:
        if s.round < r.deals:
            return False
        best = max(totals)
        leaders = [i for i, v in enumerate(totals) if v == best]
        if len(leaders) == 1:
            totals[leaders[0]] += 50
            assert s.deal_scores is not None
            s.deal_scores[leaders[0]] += 50
            s.history[-1][leaders[0]] += 50
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
