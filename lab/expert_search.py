"""The expert's own search: not the level, kept for the lab's screens and
benchmarks (`python -m lab.bench.expert --pooled`).

At a decision where medium's scores leave more than one good move, it
prices the candidates with `ExpertBot.estimate` (more candidates and work
than hard's search, better guesses) and plays the best: in the 500 family,
deep takes and rummy calls among medium's best two whatever their gap, as
hard, or among its best four within `margin` points. With `close` > 0 it
also searches close draws (top discard against the stock within that many
points) and with `discards` > 0 medium's discard against the dearest card it
rates within that many points; those results, and with `gate_takes` the
deep takes' too, overrule medium only when the paired advantage clears
`gate` standard errors. Every other decision, and the contract games, are
the level's. Against hard's search under the same judgment it lost about
1.5 points a deal, so the level does not play it.
"""

from __future__ import annotations

import random

from rummy_gui.bots.expert import EXPERT_BUDGET, Estimate, ExpertBot
from rummy_gui.bots.memory import card_of
from rummy_gui.bots.policy import decision_rng, forced
from rummy_gui.bots.search import hard_level
from rummy_gui.bots.solver import card_value
from rummy_gui.engine.enums import Action, Phase
from rummy_gui.engine.moves import IllegalMove, Move
from rummy_gui.engine.view import View


def _deep(move: Move) -> bool:
    return move.action in (Action.TAKE, Action.RUMMY) and (move.number or 1) > 1


class OwnSearchExpert(ExpertBot):
    """The expert with its own search; `hard_judgment`: over hard's judgment
    and search instead of the expert's."""

    def __init__(
        self,
        seed: int = 0,
        level: str = "expert",
        budget: int = EXPERT_BUDGET,
        candidates: int = 4,
        margin: float = 20.0,
        close: float = 0.0,
        gate: float = 1.0,
        discards: float = 0.0,
        gate_takes: bool = False,
        hard_judgment: bool = False,
    ) -> None:
        super().__init__(seed, level, budget)
        if hard_judgment:
            self.hard = hard_level(seed, level)
            self.base = self.hard.base
        self.candidates = candidates
        self.margin = margin
        self.close = close
        self.gate = gate
        self.discards = discards
        self.gate_takes = gate_takes

    def searches(self, view: View) -> bool:
        if forced(view) is not None:
            return False
        return bool(self.searched(view, decision_rng(self.seed, view, self.level))[0])

    def searched(self, view: View, rng: random.Random) -> tuple[list[Move], bool]:
        """The moves the expert's own search compares in this view (medium's
        best first; empty: the level decides), and whether the result is gated."""
        if view.rules.is_contract:
            return [], False
        if view.phase == Phase.PLAY and self.discards > 0:
            return self._discards(view, rng), True
        if view.phase not in (Phase.DRAW, Phase.CLAIM):
            return [], False
        if len(view.legal_moves) < 2:
            return [], False
        opts = sorted(self.base.options(view, rng), key=lambda o: (-o[0], str(o[1])))
        if len(opts) < 2:
            return [], False
        top = opts[0][0]
        # medium's best two whatever their gap (as hard's search), then more
        # within `margin` of its best
        cands = [m for _s, m in opts[:2]]
        cands += [m for s, m in opts[2 : self.candidates] if s >= top - self.margin]
        if len(cands) >= 2 and any(_deep(m) for m in cands):
            return cands, self.gate_takes
        if (
            view.phase == Phase.DRAW
            and self.close > 0
            and opts[1][0] >= top - self.close
            and {opts[0][1].action, opts[1][1].action} == {Action.TAKE, Action.DRAW}
        ):
            return [opts[0][1], opts[1][1]], True
        return [], False

    def _discards(self, view: View, rng: random.Random) -> list[Move]:
        """Medium's discard against the dearest card it rates within
        `discards` points of it (empty when they are the same card)."""
        opts = [(v, m) for v, m in self.base.options(view, rng) if m.action == Action.DISCARD]
        if len(opts) < 2:
            return []
        opts.sort(key=lambda o: (-o[0], str(o[1])))
        top = opts[0][0]
        near = [m for v, m in opts if v >= top - self.discards]
        dear = max(near, key=lambda m: (card_value(view.rules, card_of(m.cards[0])), str(m)))
        return [] if dear == opts[0][1] else [opts[0][1], dear]

    def choose(self, view: View) -> Move:
        only = forced(view)
        if only is not None:
            return only
        rng = decision_rng(self.seed, view, self.level)
        cands, gated = self.searched(view, rng)
        if not cands:
            return self.hard.choose(view)
        try:
            est = self.estimate(view, cands, rng)
        except (ValueError, IllegalMove):
            return self.hard.choose(view)
        best = self.pick(est, gated)
        return best if best in view.legal_moves else self.hard.choose(view)

    def pick(self, est: Estimate, gated: bool) -> Move:
        """The best move of an estimate: the best mean (the first move wins
        ties); gated, only an advantage clear of `gate` standard errors
        overrules the first move."""
        n = len(est.moves)
        if gated:
            clear = [k for k in range(1, n) if est.edges[k] > self.gate * est.errors[k]]
            if not clear:
                return est.moves[0]
            return est.moves[max(clear, key=lambda k: (est.edges[k], -k))]
        return est.moves[max(range(n), key=lambda k: (est.means[k], -k))]
