"""Expert: hard's searches over a judgment of its own, and a search that
prices moves.

The level (`own_search` off) plays exactly as hard does — medium's best two
moves compared on guessed deals at deep takes and rummy calls, rollouts cut
after 12 moves, everything else judged — except that its judgment is its own
(`policy.EXPERT_TUNING` over hard's: in Rummy 500 each card a take brings
above its target costs 3, near-melds weigh less (nothing at four players or
more, `policy.EXPERT_CROWD`), and new melds stay in hand while
every opponent holds four cards or more, unless one has ended five turns
with nothing laid down; in Persian a take of the top discard alone must
beat a stock draw by 6 points and new melds are held the same way while
every opponent holds four or more; in Pinochle runs
of five short of one or two unseen cards count as near-melds; in the
contract games the penalty held before the contract weighs more, and in
round 7 of Contract and Liverpool, where the whole hand goes out at once,
more still), and in Rum 500 classic hard's search checks its takes of
the top discard alone too, not only its deep takes. Its
own search played against hard lost about 1.5 points a deal to hard's
search under the same judgment (docs/bots.md, the expert's fourth session),
so the level does not play it.

Its own search (`own_search` on, and `estimate` for any moves, which the
deal review uses to price a move against the expert's): at a decision where
medium's scores leave more than one good move, the expert deals several
guesses of the hidden cards consistent with its view (the cards an opponent
picked up stay in that hand; of a few random fillings the one that suits
that player best, counting the top discards the player drew past as cards
it did not want), plays every candidate on each guess with medium's policy
for every seat to the end of the deal (or to the end of its share of the
work, then the position's estimate), and pools the results over the
guesses. The candidates share each guess and the rollout's seed, so their
differences are paired (common random numbers).

Which decisions it searches: hard's and a few more (in the 500 family, deep
takes and rummy calls among medium's best two whatever their gap, as hard,
or among its best four within 20 points) with more work than hard's. With
`close` > 0 it also searches close draws (top discard against the stock
within that many points) and leaves medium's choice there only when the
paired advantage is clear of its standard error; that lost to hard in a
screen (docs/bots.md). Every other decision, and the contract games, are
hard's, over the expert's judgment. The work is counted in simulated
moves, never in seconds: the same view and seed give the same move.

The guesses of a search are dealt in `SHARDS` independent shards, each with
its own seed and share of the work, pooled in shard order: a second bot
process may play one shard while this one plays the other (`ShardPool`,
play/pool.py; the deal review's bot process does), and the result is the
same either way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..engine.cards import Card
from ..engine.enums import Action, Phase
from ..engine.game import Game
from ..engine.moves import IllegalMove, Move
from ..engine.view import View
from .memory import card_of
from .policy import decision_rng, forced
from .search import hard_level, known_hands, playout
from .solver import best_split, card_value, contract_distance

# Expert's work per searched decision, in simulated moves (for hands of up
# to ten cards; fewer with more), two and a half times hard's: keeps a searched
# decision within a second on the bench (docs/bots.md has the figures).
EXPERT_BUDGET = 300
# Refused top discards looked at per guessed hand (each costs a solver call).
_REFUSALS = 6
# A searched decision's guesses are dealt in this many independent shards,
# so a second bot process can play one while this one plays the other; the
# shards are the same whether one process plays them or two.
SHARDS = 2
# Presets where hard's search also checks the expert's takes of the top
# discard alone: in Rum 500 classic every taken card must be melded at once,
# so a single take binds as a deep one does (docs/bots.md, tenth session).
EVERY_TAKE = frozenset({"rummy500-classic"})


@dataclass(frozen=True)
class Shard:
    """One share of a search: its own seed for the guesses and rollouts,
    `per` moves a rollout at most, and guesses until `limit` moves are spent
    (at least `min_samples`, at most `max_samples`)."""

    seed: int
    per: int
    limit: int
    min_samples: int
    max_samples: int
    best_of: int


class ShardPool(Protocol):
    """Somewhere else to play a shard (a second bot process, play/pool.py):
    `submit` hands it over (False: nobody to take it), `collect`, called when
    the local shards are done, waits for its results; None means they are
    lost and the shard is played here instead."""

    def submit(self, view: View, moves: Sequence[Move], shard: Shard) -> bool: ...

    def collect(self) -> list[list[float]] | None: ...


def run_shard(view: View, moves: Sequence[Move], shard: Shard) -> list[list[float]]:
    """Each move's rollout results, one per guess of this shard (the moves
    share each guess and rollout seed). The same for the same arguments in
    any process: it depends on nothing else."""
    rng = random.Random(shard.seed)
    used = [0]
    results: list[list[float]] = [[] for _ in moves]
    for i in range(shard.max_samples):
        world = guess_world(view, rng, shard.best_of)
        seed = rng.randrange(1 << 30)
        for k, m in enumerate(moves):
            results[k].append(playout(world, view.seat, m, seed, shard.per, used))
        if i + 1 >= shard.min_samples and used[0] >= shard.limit:
            break
    return results


@dataclass(frozen=True)
class Estimate:
    """What a search found for some moves of one view.

    `means`: each move's mean result over the guesses, in points of the deal
    (my side's score minus the others' average; in the contract games
    penalty points fewer, so higher is better in every game). `edges`: each
    move's paired mean advantage over the first move, `errors` the standard
    error of that advantage (0 for the first). `samples`: guesses played."""

    moves: tuple[Move, ...]
    means: tuple[float, ...]
    edges: tuple[float, ...]
    errors: tuple[float, ...]
    samples: int


def guess_world(view: View, rng: random.Random, best_of: int = 4) -> Game:
    """A full game consistent with the view, the hidden cards guessed.

    Cards an opponent is known to hold (picked up, not played since) stay in
    its hand; the rest of the hand is the best of `best_of` random fillings
    for that player, by the solver's worth of the hand less a penalty for
    every top discard it drew past that the filling would have melded:
    players keep good cards and do not refuse cards they need."""
    mem, hands, rest = known_hands(view)
    rng.shuffle(rest)
    for s, hand in hands.items():
        need = view.hand_sizes[s] - len(hand)
        if need <= 0:
            continue
        refused = sorted(mem.refused[s], key=lambda c: c.code)[-_REFUSALS:] if mem.refused else []
        best_k, best_v = 0, -math.inf
        for k in range(best_of if best_of > 1 else 0):
            start = k * need
            if start + need > len(rest):
                break
            v = _likelihood(view, hand + rest[start : start + need], s, refused)
            if v > best_v:
                best_k, best_v = k, v
        hand.extend(rest[best_k * need : (best_k + 1) * need])
        del rest[best_k * need : (best_k + 1) * need]
    rng.shuffle(rest)
    # Pinochle's face-down lay-offs (RULES.md 3.9) are unseen too: in this
    # world they are the cards left over, off the table like the view's melds
    del rest[: view.face_down_count]
    if len(rest) != view.stock_count:
        raise ValueError("the unseen cards do not add up")
    return view.determinize(hands, rest, seed=rng.randrange(1 << 30))


def _likelihood(view: View, hand: list[Card], seat: int, refused: Sequence[Card]) -> float:
    """How well a guessed hand fits what `seat` did: its worth, less a
    penalty for each refused card that it would have used."""
    r = view.rules
    if r.is_contract:
        if view.laid_down[seat]:
            return -float(len(hand))
        d = contract_distance(r, hand, view.round)
        wanted = sum(1 for c in refused if contract_distance(r, [*hand, c], view.round) < d)
        return -float(d) - 1.0 * wanted
    split = best_split(r, hand, view.melds)
    wanted = 0
    for c in refused:
        if c not in best_split(r, [*hand, c], view.melds).leftovers:
            wanted += 1
    return float(split.score) - 10.0 * wanted


def _deep(move: Move) -> bool:
    return move.action in (Action.TAKE, Action.RUMMY) and (move.number or 1) > 1


class ExpertBot:
    """Expert: hard's searches over its own judgment (the level), or with
    `own_search` its own search (more candidates and work, better guesses).

    The rest configures its own search. `budget` is the work of one
    searched decision in simulated moves (fewer for hands over ten cards),
    over at least `min_samples` and at most
    `max_samples` guesses. Medium's best two moves are compared
    (hard's search), with its next ones up to `candidates` within `margin`
    points of its best; `close` is how near (in medium's points) the top
    discard and the stock must be for a draw to be searched, and `gate` how
    many standard errors a searched draw's advantage must clear to overrule
    medium; `gate_takes` gates the deep-take and rummy searches the same way
    (ungated for the level, as hard's are). `shards`: how many shares the
    guesses of a search are dealt in; `pool`, when set, plays the second.
    `own_tuning`: judge with the expert's own settings (`EXPERT_TUNING`)
    and search the takes of `EVERY_TAKE`'s presets, rather than as hard."""

    def __init__(
        self,
        seed: int = 0,
        level: str = "expert",
        budget: int = EXPERT_BUDGET,
        candidates: int = 4,
        margin: float = 20.0,
        best_of: int = 4,
        min_samples: int = 3,
        max_samples: int = 16,
        close: float = 0.0,
        gate: float = 1.0,
        discards: float = 0.0,
        gate_takes: bool = False,
        shards: int = SHARDS,
        own_tuning: bool = True,
        own_search: bool = False,
    ) -> None:
        self.seed = seed
        self.level = level
        self.hard = hard_level(seed, level)  # the level it improves on, as the arena plays it
        # hard's searches and fallbacks then start from the expert's judgment
        self.hard.base.expert = own_tuning
        self.hard.every_take_in = EVERY_TAKE if own_tuning else frozenset()
        self.base = self.hard.base
        self.budget = budget
        self.candidates = candidates
        self.margin = margin
        self.best_of = best_of
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.close = close
        self.gate = gate
        self.discards = discards
        self.gate_takes = gate_takes
        self.shards = shards
        self.own_search = own_search
        # where the second shard of its own search may be played (the deal
        # review's bot process gives one; None: all shards played here)
        self.pool: ShardPool | None = None

    def searches(self, view: View) -> bool:
        """Whether `choose` searches this view (with its own search or with
        hard's, as `own_search` says) rather than taking a judged move."""
        if forced(view) is not None:
            return False
        if self.own_search:
            return bool(self.searched(view, decision_rng(self.seed, view, self.level))[0])
        return bool(self.hard.compared(view, decision_rng(self.seed, view, self.level)))

    def searched(self, view: View, rng: random.Random) -> tuple[list[Move], bool]:
        """The moves the expert's own search compares in this view (medium's
        best first; empty: hard decides), and whether the result is gated.
        The level (`own_search` off) does not use them."""
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
        # medium's best two whatever their gap (hard's search, where the big
        # gaps pay: docs/bots.md), then more within `margin` of its best
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
        if not self.own_search:
            return self.hard.choose(view)
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

    def estimate(
        self,
        view: View,
        moves: Sequence[Move],
        rng: random.Random | None = None,
        budget: int | None = None,
    ) -> Estimate:
        """Each move played on the same guessed deals, rolled out by medium.

        Deterministic for the view, the moves and the bot's seed (when no
        `rng` is given). ValueError if a move is not legal in the view."""
        if not moves:
            raise ValueError("no moves to estimate")
        legal = view.legal_moves
        for m in moves:
            if m not in legal:
                raise ValueError(f"{m} is not a legal move of seat {view.seat} now")
        if rng is None:
            rng = decision_rng(self.seed, view, self.level + "|estimate")
        work = self.budget if budget is None else budget
        scale = max(10, len(view.hand))
        limit = work * 10 // scale
        per = max(240 // scale, limit // (self.min_samples * len(moves)))
        n = max(1, self.shards)
        shards = [
            Shard(
                rng.randrange(1 << 30),
                per,
                limit // n,
                -(-self.min_samples // n),
                -(-self.max_samples // n),
                self.best_of,
            )
            for _ in range(n)
        ]
        parts = self._play_shards(view, moves, shards)
        results = [[x for part in parts for x in part[k]] for k in range(len(moves))]
        return summarize(moves, results)

    def _play_shards(
        self, view: View, moves: Sequence[Move], shards: Sequence[Shard]
    ) -> list[list[list[float]]]:
        """Every shard's results, in shard order; the second shard goes to
        the pool when there is one, and is played here if it is lost."""
        pool = self.pool
        away = len(shards) > 1 and pool is not None and pool.submit(view, moves, shards[1])
        parts: list[list[list[float]] | None] = [
            None if (away and i == 1) else run_shard(view, moves, s) for i, s in enumerate(shards)
        ]
        if away and pool is not None:
            got = pool.collect()
            ok = got is not None and _well_formed(got, len(moves))
            parts[1] = got if ok else run_shard(view, moves, shards[1])
        return [p for p in parts if p is not None]


def _well_formed(results: list[list[float]], moves: int) -> bool:
    """Results of a shard from elsewhere: one list per move, as many for each."""
    if len(results) != moves or not results or not results[0]:
        return False
    n = len(results[0])
    return all(
        len(r) == n and all(isinstance(x, float | int) and not isinstance(x, bool) for x in r)
        for r in results
    )


def summarize(moves: Sequence[Move], results: list[list[float]]) -> Estimate:
    """The estimate of moves from their paired rollout results."""
    samples = len(results[0])
    means = [sum(r) / samples for r in results]
    edges = [0.0]
    errors = [0.0]
    for k in range(1, len(moves)):
        diffs = [a - b for a, b in zip(results[k], results[0], strict=True)]
        mean = sum(diffs) / samples
        var = sum((d - mean) ** 2 for d in diffs) / max(1, samples - 1)
        edges.append(mean)
        errors.append(math.sqrt(var / samples))
    return Estimate(tuple(moves), tuple(means), tuple(edges), tuple(errors), samples)
