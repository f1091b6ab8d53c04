"""Expert: hard's search over a judgment of its own, and a search that
prices moves.

The level plays as hard does (medium's best two moves compared on guessed
deals at deep takes and rummy calls, everything else judged) with the
expert's judgment (`tuning.JUDGMENTS["expert"]`), which also searches
single takes where the taken card binds (`Params.single_takes`).

`estimate`, which the deal review uses to price a move against the
expert's, plays every move on the same guesses of the hidden cards (the
cards an opponent picked up stay in that hand; of a few random fillings the
one that suits that player best, counting the top discards it drew past as
cards it did not want) with medium's policy for every seat, and pools the
results: the moves share each guess and rollout seed, so their differences
are paired. The work is counted in simulated moves, never in seconds.

The guesses are dealt in `SHARDS` independent shards, each with its own
seed and share of the work, pooled in shard order: a second bot process
may play one shard while this one plays the other (`ShardPool`,
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
from ..engine.game import Game
from ..engine.moves import Move
from ..engine.view import View
from .decisions import decision_rng, forced
from .search import RolloutBot, known_hands, playout
from .solver import best_split, contract_distance
from .tuning import JUDGMENTS

# The work of one estimate, in simulated moves (for hands of up to ten
# cards; fewer with more): it keeps a priced decision within a second.
EXPERT_BUDGET = 300
# Refused top discards looked at per guessed hand (each costs a solver call).
_REFUSALS = 6
# A searched decision's guesses are dealt in this many independent shards,
# so a second bot process can play one while this one plays the other; the
# shards are the same whether one process plays them or two.
SHARDS = 2


def expert_level(seed: int = 0, level: str = "expert") -> RolloutBot:
    """The expert level's play: hard's search over the expert's judgment
    (which also searches single takes where they bind, `Params.single_takes`)."""
    return RolloutBot(seed, level, judgment=JUDGMENTS["expert"])


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


class ExpertBot:
    """Expert: hard's search over the expert's judgment (`expert_level`), and
    `estimate`, the search the deal review prices moves with.

    The rest configures `estimate`: `budget` is the work of one estimate in
    simulated moves (fewer for hands over ten cards), over at least
    `min_samples` and at most `max_samples` guesses, each opponent's hand
    the best of `best_of` fillings; `shards`: how many shares the guesses
    are dealt in; `pool`, when set, plays the second."""

    def __init__(
        self,
        seed: int = 0,
        level: str = "expert",
        budget: int = EXPERT_BUDGET,
        best_of: int = 4,
        min_samples: int = 3,
        max_samples: int = 16,
        shards: int = SHARDS,
    ) -> None:
        self.seed = seed
        self.level = level
        self.hard = expert_level(seed, level)
        self.base = self.hard.base
        self.budget = budget
        self.best_of = best_of
        self.min_samples = min_samples
        self.max_samples = max_samples
        self.shards = shards
        # where the second shard of an estimate may be played (the deal
        # review's bot process gives one; None: all shards played here)
        self.pool: ShardPool | None = None

    def searches(self, view: View) -> bool:
        """Whether `choose` searches this view rather than taking a judged move."""
        if forced(view) is not None:
            return False
        return bool(self.hard.compared(view, decision_rng(self.seed, view, self.level)))

    def choose(self, view: View) -> Move:
        return self.hard.choose(view)

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
