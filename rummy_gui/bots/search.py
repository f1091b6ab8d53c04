"""Searches over guessed deals: hard's rollouts, and the flat ISMCTS kept
for experiments.

Hard (`RolloutBot`): medium's judgment, except at the decisions where its
static evaluation is weakest and the stakes highest in the 500 family —
taking two or more cards from the discard pile, and rummy calls. There,
medium's best few moves are each played on the same guessed deals (the
opponents' hands consistent with the view, weighted toward good hands) and
every deal is rolled to its end with medium's policy for every seat. In the
contract family hard's sampling is in its discards instead (each tested on
guessed hands of the next player, by the `HARD_CONTRACT` settings); buy and
Shanghai-call rollouts are there but off.

`SearchBot` (not a level): Information Set Monte Carlo Tree Search with a
one-level tree (flat ISMCTS, Cowling, Powley and Whitehouse 2012) over the
rule-based hard's candidates, with a short horizon and a fast rollout
policy that never takes deep. It lost to the rule-based hard in the arena
(docs/bots.md).

Budgets are counted in guesses and iterations, never in seconds.
"""

from __future__ import annotations

import gc
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial

from ..engine.cards import Card
from ..engine.enums import Action, ClaimKind, Phase
from ..engine.game import Game
from ..engine.melds import Token, layoff_fits
from ..engine.moves import IllegalMove, Move
from ..engine.rules import Rules
from ..engine.scoring import hand_value, meld_points
from ..engine.view import View
from .memory import Memory, remember
from .policy import (
    HARD,
    HARD_CONTRACT,
    MEDIUM,
    Judge,
    Params,
    RuleBot,
    deal_refusing,
    decision_rng,
    forced,
)
from .solver import (
    LAYOFF,
    PlannedMeld,
    best_split,
    card_value,
    contract_distance,
    contract_layout,
    fits_alone,
)


class SearchBot:
    """Expert: flat ISMCTS over hard's best moves."""

    def __init__(
        self,
        seed: int = 0,
        level: str = "expert",
        iterations: int = 24,
        candidates: int = 4,
        horizon: int = 2,
    ) -> None:
        self.seed = seed
        self.level = level
        self.base = RuleBot(seed, HARD, "hard", MEDIUM)
        self.iterations = iterations
        self.candidates = candidates
        self.horizon = horizon
        self.margin = 30.0  # only moves within this many points of hard's best are tried

    def choose(self, view: View) -> Move:
        only = forced(view)
        if only is not None:
            return only
        legal = view.legal_moves
        rng = decision_rng(self.seed, view, self.level)
        opts = sorted(self.base.options(view, rng), key=lambda o: -o[0])
        if len(opts) < 2 or view.phase not in (Phase.DRAW, Phase.CLAIM, Phase.PLAY):
            return self.base.decide(view, rng)
        top = opts[0][0]
        cands = [m for s, m in opts[: self.candidates] if s >= top - self.margin]
        if len(cands) < 2:
            return cands[0] if cands[0] in legal else self.base.decide(view, rng)
        try:
            best = self._ucb(view, cands, rng)
        except (ValueError, IllegalMove):
            return self.base.decide(view, rng)
        return best if best in legal else self.base.decide(view, rng)

    def _ucb(self, view: View, cands: Sequence[Move], rng: random.Random) -> Move:
        n = len(cands)
        visits = [0] * n
        totals = [0.0] * n
        scale = 30.0  # utilities are points; UCB wants them near unit size
        for it in range(self.iterations):
            world = sample_world(view, rng)
            seed = rng.randrange(1 << 30)
            if it < n:
                k = it
            else:
                logn = math.log(it)
                k = max(
                    range(n),
                    key=lambda j: totals[j] / visits[j] / scale + 0.7 * math.sqrt(logn / visits[j]),
                )
            totals[k] += rollout(world, view.seat, cands[k], self.horizon, seed)
            visits[k] += 1
        best = max(range(n), key=lambda j: (visits[j], totals[j] / max(1, visits[j])))
        # hard's choice stands unless another move is clearly ahead
        if (
            best == 0
            or visits[best] < 4
            or totals[best] / visits[best] - totals[0] / max(1, visits[0]) < 3.0
        ):
            return cands[0]
        return cands[best]


# ---------------------------------------------------------------- guesses


def known_hands(view: View) -> tuple[Memory, dict[int, list[Card]], list[Card]]:
    """What the view's memory says, each opponent's cards known to be held
    (picked up, not played since), and the other unseen cards in code order."""
    mem = remember(view)
    pool: Counter[Card] = Counter(mem.unseen)
    hands: dict[int, list[Card]] = {}
    for s in range(view.players):
        if s == view.seat:
            continue
        hand: list[Card] = []
        for c, k in sorted(mem.known[s].items(), key=lambda x: x[0].code):
            take = min(k, pool[c], view.hand_sizes[s] - len(hand))
            hand.extend([c] * take)
            pool[c] -= take
        hands[s] = hand
    rest = sorted(pool.elements(), key=lambda c: c.code)
    return mem, hands, rest


def sample_world(
    view: View,
    rng: random.Random,
    best_of: int = 1,
    refuse: Callable[[list[Card], Card], bool] | None = None,
) -> Game:
    """A full game consistent with the view: hidden cards dealt at random,
    cards an opponent is known to have picked up kept in that hand. With
    `refuse`, a card that `refuse(hand so far, card)` refuses is passed over
    for that hand (dealt to it only when nothing else is left), and
    `best_of` is not used."""
    _mem, hands, rest = known_hands(view)
    rng.shuffle(rest)
    for s, hand in hands.items():
        need = view.hand_sizes[s] - len(hand)
        if refuse is not None and need > 0:
            deal_refusing(hand, need, rest, refuse)
            continue
        if best_of > 1 and need > 0:
            # players keep their good cards: of a few random fillings, the one
            # that suits this player best
            best_k, best_v = 0, -1e9
            for k in range(best_of):
                start = k * need
                if start + need > len(rest):
                    break
                h = hand + rest[start : start + need]
                v = _hand_worth(view, h, s)
                if v > best_v:
                    best_k, best_v = k, v
            chosen = rest[best_k * need : (best_k + 1) * need]
            del rest[best_k * need : (best_k + 1) * need]
            hand.extend(chosen)
            continue
        hand.extend(rest[:need])
        del rest[:need]
    rng.shuffle(rest)
    # Pinochle's face-down lay-offs (RULES.md 3.9) are unseen too: in this
    # world they are the cards left over, off the table like the view's melds
    del rest[: view.face_down_count]
    if len(rest) != view.stock_count:
        raise ValueError("the unseen cards do not add up")  # fall back to medium
    return view.determinize(hands, rest, seed=rng.randrange(1 << 30))


def _hand_worth(view: View, hand: list[Card], seat: int) -> float:
    r = view.rules
    if not r.is_contract:
        return float(best_split(r, hand, view.melds).score)
    if view.laid_down[seat]:
        return -float(len(hand))
    return -float(contract_distance(r, hand, view.round))


# ---------------------------------------------------------------- rollouts


def rollout(world: Game, me: int, first: Move, horizon: int, seed: int) -> float:
    """Play `first`, then the fast policy until `me` has started `horizon`
    more turns or the deal ends; the position's worth to `me`."""
    g = world.copy()
    g.play(first)
    rng = random.Random(seed)
    turns = 0
    steps = 0
    while not g.deal_over and steps < 400:
        if g.phase == Phase.DRAW and g.turn == me:
            turns += 1
            if turns > horizon:
                break
        fast_move(g, rng)
        steps += 1
    return utility(g, me)


def utility(g: Game, me: int, loose_cost: float = 0.0) -> float:
    """My side's estimated deal score minus the others' average (higher is
    better); `loose_cost` (500 family) charges each seat that much more per
    point of its leftovers."""
    r = g.rules
    sides = g.sides
    mine = g.side_of(me)
    if g.deal_over and g.deal_scores is not None:
        est = [float(x) for x in g.deal_scores]
    else:
        est = [0.0] * len(sides)
        for s in range(g.players):
            hand = g.hand(s)
            if r.is_contract:
                pen = hand_value(r, hand)
                if g.has_laid_down(s):
                    fit = sum(card_value(r, c) for c in hand if _fits(g, c))
                    est[g.side_of(s)] += pen - 0.7 * fit
                else:
                    est[g.side_of(s)] += 0.8 * pen + 8.0 * contract_distance(r, hand, g.round)
            else:
                split = best_split(r, hand, g.melds)
                est[g.side_of(s)] += (
                    0.7 * split.score if split.score > 0 else split.score
                ) + 0.3 * _promise(r, split.leftovers)
                if loose_cost:
                    est[g.side_of(s)] -= loose_cost * sum(card_value(r, c) for c in split.leftovers)
        if not r.is_contract:
            for m in g.melds:
                for owner, pts in meld_points(r, m).items():
                    est[g.side_of(owner)] += pts
    diff = _margin(est, mine)
    return -diff if r.is_contract else diff


def _margin(est: Sequence[float], mine: int) -> float:
    """My side's figure minus the other sides' average."""
    others = [est[i] for i in range(len(est)) if i != mine]
    return est[mine] - sum(others) / max(1, len(others))


def seat_features(g: Game, seat: int) -> tuple[float, float, float, float]:
    """What `fitted_utility` weighs for a seat (500 family): the points of
    the melds in its hand, its leftovers' points, its near-melds, and 1.0
    when an opponent holds two cards or fewer (else 0.0);
    tools/fit_estimate.py fits the weights on the same features."""
    r = g.rules
    split = best_split(r, g.hand(seat), g.melds)
    held = float(sum(pm.value for pm in split.melds))
    loose = float(sum(card_value(r, c) for c in split.leftovers))
    near = any(len(g.hand(t)) <= 2 for t in range(g.players) if t != seat)
    return held, loose, _promise(r, split.leftovers), 1.0 if near else 0.0


def fitted_utility(g: Game, me: int) -> float:
    """`utility` with weights fitted to how medium's deals end (500 family;
    the contract games use `utility`): a seat's expected deal score from its
    table points, the points of the melds in its hand, its leftovers (which
    cost little while the stock is full and most once a player is nearly
    out) and its near-melds. Not the level (docs/bots.md, ninth pass)."""
    r = g.rules
    if r.is_contract or g.deal_over:
        return utility(g, me)
    stock = g.stock_count / 30.0
    est = [0.0] * len(g.sides)
    for m in g.melds:
        for owner, pts in meld_points(r, m).items():
            est[g.side_of(owner)] += pts
    for s in range(g.players):
        held, loose, promise, near = seat_features(g, s)
        est[g.side_of(s)] += (
            (1.08 - 0.07 * near) * held
            + (-0.27 - 0.43 * near + 0.55 * stock) * loose
            + 0.22 * promise
        )
    return _margin(est, g.side_of(me))


def _promise(r: Rules, cards: Sequence[Card]) -> float:
    """Near-melds among leftovers (pairs, run fragments), half of their worth."""
    nat = [c for c in cards if not c.is_joker]
    total = 0.0
    for i, a in enumerate(nat):
        for b in nat[i + 1 :]:
            if (a.rank == b.rank and a.suit != b.suit) or (
                a.suit == b.suit and abs(a.rank - b.rank) <= 2 and r.min_run <= 4
            ):
                total += 0.5 * (card_value(r, a) + card_value(r, b) + 5)
    return total


def _fits(g: Game, card: Card) -> bool:
    return fits_alone(g.rules, g.melds, card)


def _try(g: Game, text: str) -> bool:
    try:
        g.play(text)
    except IllegalMove:
        return False
    return True


def fast_move(g: Game, rng: random.Random) -> None:
    """One move of the rollout policy: cheap rules, no full move list
    unless the cheap move is refused."""
    r = g.rules
    phase = g.phase
    seat = g.to_act[0]
    if phase == Phase.CLAIM:
        claim = g.claim
        if claim is not None and claim.kind in (ClaimKind.RUMMY, ClaimKind.SHANGHAI):
            calls = [m for m in g.legal_moves if m.seat == seat and m.action != Action.PASS]
            if calls:
                g.play(
                    min(calls, key=lambda m: m.number or 0)
                    if claim.kind == ClaimKind.RUMMY
                    else calls[0]
                )
                return
        g.play(f"{seat}: pass")
        return
    if phase == Phase.CUT:
        g.play(f"{seat}: cut {rng.randrange(1, max(2, g.stock_count))}")
        return
    hand = g.hand(seat)
    pile = g.discard_pile
    if phase == Phase.DRAW:
        top = pile[-1] if pile else None
        if top is not None and _wants(g, seat, hand, top) and _try(g, f"{seat}: take 1"):
            return
        if _try(g, f"{seat}: draw") or _try(g, f"{seat}: pass"):
            return
    elif phase == Phase.PLAY:
        if r.is_contract:
            if _contract_step(g, seat, hand):
                return
        else:
            split = best_split(r, hand, g.melds)
            target = g.target
            melds = sorted(
                split.melds,
                key=lambda pm: (target is None or target not in pm.cards, pm.kind == LAYOFF),
            )
            for pm in melds:
                if _try(g, _planned_text(seat, pm)):
                    return
            if target is None:
                for c in sorted(split.leftovers, key=lambda c: -card_value(r, c)):
                    if _try(g, f"{seat}: discard {c}"):
                        return
    legal = [m for m in g.legal_moves if m.seat == seat]
    if phase == Phase.PLAY and g.target is not None:
        useful = [m for m in legal if m.action in (Action.MELD, Action.LAYOFF)]
        legal = useful or legal
    g.play(rng.choice(legal))


def _wants(g: Game, seat: int, hand: list[Card], card: Card) -> bool:
    r = g.rules
    if r.is_contract:
        if g.has_laid_down(seat):
            return _fits(g, card) and not g.rules.last_round_goes_out_whole(g.round)
        return contract_distance(r, [*hand, card], g.round) < contract_distance(r, hand, g.round)
    split = best_split(r, [*hand, card], g.melds)
    return card not in split.leftovers


def _contract_step(g: Game, seat: int, hand: list[Card]) -> bool:
    r = g.rules
    if not g.has_laid_down(seat):
        layout = contract_layout(r, hand, g.round)
        if layout is not None:
            groups = " / ".join(" ".join(pm.tokens()) for pm in layout.melds)
            if _try(g, f"{seat}: contract {groups}"):
                return True
    elif not g.rules.last_round_goes_out_whole(g.round) and len(hand) > 1:
        for c in sorted(set(hand), key=lambda c: (-card_value(r, c), c.code)):
            for m in g.melds:
                if layoff_fits(r, m, [Token(c)]):
                    tok = str(c)
                    if c.is_joker and m.kind == "run":
                        fits = layoff_fits(r, m, [Token(c)])
                        f = fits[0]
                        pos = f.low + f.added[0]
                        from ..engine.cards import rank_text

                        tok = f"JK={rank_text(pos)}{m.suit}"
                    if _try(g, f"{seat}: layoff {tok} to {m.id}"):
                        return True
    for c in sorted(set(hand), key=lambda c: (_fits(g, c), -card_value(r, c), c.code)):
        if c.is_joker:
            continue
        if _try(g, f"{seat}: discard {c}"):
            return True
    return False


# ---------------------------------------------------------------- hard's sampling


# Hard's work per searched decision, in simulated moves (for hands of up to
# ten cards; fewer with more): with the split below it buys the eight
# guesses `RolloutBot` deals at most, within the decision's time
# (docs/bots.md has the screens and the figures).
HARD_BUDGET = 180
# The level's way of spending it: medium's best two moves (not three), each
# rollout cut after 12 moves (not 24) and judged by its position, so at
# least five guesses fit instead of two (docs/bots.md has the screens).
HARD_CANDIDATES = 2
HARD_MOVES = 12
HARD_GUESSES = 5
# Searched whatever medium's gap between its best two: the rollouts overrule
# medium's far-ahead deep takes often, mostly big takes while an opponent is
# nearly out (docs/bots.md has the screens).
HARD_MARGIN = math.inf


class RolloutBot:
    """Hard: medium's judgment, with the decisions where its static
    evaluation is weakest checked by sampling.

    Those decisions: in the 500 family, taking two or more cards from the
    discard pile and rummy calls. When medium's scores leave more than one
    candidate within `margin` points of its best, and one of them is such a
    move, every candidate is played on the same `samples` guessed deals and
    each deal is rolled to its end with medium playing every seat. The
    guesses keep the cards an opponent is known to have picked up; the rest
    of each opponent's hand is the best for that player (by the solver) of
    `best_of` random fillings, since players keep their good cards. The
    candidate with the best total is played (medium's own choice wins
    ties). Every other decision is medium's, with medium's settings for the
    preset and hard's own (`params`, `HARD_TUNING`: in Rummy 500 a take of
    the top discard alone pays 2 points; `HARD_500` also prices each discard
    by what it feeds the opponents on guessed hands, measured and not the
    level); in the
    contract games with `HARD_CONTRACT`'s urgency and its discards tested on
    eight guessed hands of the next player. The budget is counted in
    guesses, not seconds.

    With `budget` > 0 the guesses stop once the rollouts have played that
    many moves (`budget` * 10 / cards in hand, for hands over ten cards),
    after at least `min_samples` guesses, and each rollout stops after its
    share of them (then the position's estimate counts): work, not the
    clock, so the same view and seed still give the same move. With
    `moves` > 0 every rollout stops after that many moves instead.

    Medium's choice stands unless the best candidate's mean is ahead of
    it by `switch` points a guess and, with `switch_z` > 0, by `switch_z`
    standard errors of the paired difference (its spread over the guesses,
    at least `sigma`); with `prior` > 0 each candidate's mean also counts
    `prior` times its gap to medium's best score. All off for the level:
    none played better (docs/bots.md).

    With `discards`, the discards of the 500 family are checked the same
    way: medium's best `discard_candidates` discards within
    `discard_margin` points of its best, each rollout cut after
    `discard_moves` moves (a discard is the decision made every turn, and
    what it feeds the next players shows only in the turns after it).
    With `meldless` (500 family) the guessed opponents' hands hold no meld
    and no card that fits the table: medium-like players lay those down at
    once, so a hand holding one is not theirs.

    With `endgame` > 0 (500 family), once an opponent holds that many cards
    or fewer, medium's best draws (single takes too, unless
    `endgame_draws` is off) and discards are checked the same way, each
    rollout cut after `endgame_moves` moves (the discards not, with
    `endgame_discards` off). Off for the level: it lost
    (docs/bots.md, eighth pass).

    With `fitted` (500 family) a rollout cut before the end of the deal is
    judged by `fitted_utility` instead of `utility`; with `loose_cost` > 0,
    by `utility` charging every seat that much more per point of its
    leftovers. Both off for the level (docs/bots.md, ninth pass).

    With `deep_only` off, a draw is searched whenever medium's best moves
    include a take from the pile (a single one too), not only a deep take;
    the presets named in `every_take_in` are searched so with `deep_only`
    on (the expert's Rum 500 classic).

    With `own_rollouts` its own seat plays the rollouts with its own
    judgment (melds too: a judgment that holds them holds them there), the
    other seats with medium's. Off for the level (docs/bots.md, the
    expert's ninth session).

    With `contract_samples` > 0, buys and Shanghai calls in the contract
    games are checked the same way, each candidate played to the end of the
    round. Off for the level: it played no better than without (docs/bots.md
    has the rows), and a rollout from early in a round costs a whole round.
    """

    def __init__(
        self,
        seed: int = 0,
        level: str = "hard",
        samples: int = 8,
        candidates: int = 3,
        margin: float = 15.0,
        best_of: int = 4,
        deep_only: bool = True,
        contract_samples: int = 0,
        budget: int = 0,
        min_samples: int = 2,
        switch: float = 0.0,
        switch_z: float = 0.0,
        sigma: float = 0.0,
        prior: float = 0.0,
        moves: int = 0,
        params: Params = MEDIUM,
        discards: bool = False,
        discard_margin: float = 15.0,
        discard_candidates: int = 3,
        discard_moves: int = 8,
        meldless: bool = False,
        endgame: int = 0,
        endgame_moves: int = 12,
        endgame_draws: bool = True,
        endgame_discards: bool = True,
        fitted: bool = False,
        loose_cost: float = 0.0,
        own_rollouts: bool = False,
        every_take_in: frozenset[str] = frozenset(),
    ) -> None:
        self.seed = seed
        self.level = level
        self.base = RuleBot(seed, params, "medium", HARD_CONTRACT, per_preset=True, hard=True)
        self.samples = samples
        self.contract_samples = contract_samples
        self.candidates = candidates
        self.margin = margin
        self.best_of = best_of
        self.deep_only = deep_only
        self.every_take_in = every_take_in  # presets searched as with `deep_only` off
        self.budget = budget
        self.min_samples = min_samples
        self.switch = switch
        self.switch_z = switch_z
        self.sigma = sigma
        self.prior = prior
        self.moves = moves
        self.discards = discards
        self.discard_margin = discard_margin
        self.discard_candidates = discard_candidates
        self.discard_moves = discard_moves
        self.meldless = meldless
        self.endgame = endgame
        self.endgame_moves = endgame_moves
        self.endgame_draws = endgame_draws
        self.endgame_discards = endgame_discards
        self.fitted = fitted
        self.loose_cost = loose_cost
        self.own_rollouts = own_rollouts

    def compared(self, view: View, rng: random.Random) -> list[Move]:
        """The moves this view's rollouts would compare, medium's best first
        (empty: medium decides alone)."""
        return [m for _s, m in self.scored(view, rng)]

    def scored(self, view: View, rng: random.Random) -> list[tuple[float, Move]]:
        """`compared` with medium's score of each move."""
        contract = view.rules.is_contract
        phases = (Phase.CLAIM,) if contract else (Phase.DRAW, Phase.CLAIM)
        near = self._near(view)
        discard = (
            (self.discards or (near and self.endgame_discards))
            and not contract
            and view.phase == Phase.PLAY
        )
        if (
            (view.phase not in phases and not discard)
            or len(view.legal_moves) < 2
            or (contract and self.contract_samples <= 0)
        ):
            return []
        opts = sorted(self.base.options(view, rng), key=lambda o: (-o[0], str(o[1])))
        if len(opts) < 2:
            return []
        top = opts[0][0]
        margin, many = (
            (self.discard_margin, self.discard_candidates)
            if discard
            else (self.margin, self.candidates)
        )
        cands = [(s, m) for s, m in opts[:many] if s >= top - margin]
        if len(cands) < 2:
            return []
        if (
            not discard
            and not (near and self.endgame_draws)
            and self.deep_only
            and view.rules.preset not in self.every_take_in
            and not any(_checked(m, contract) for _s, m in cands)
        ):
            return []
        return cands

    def _near(self, view: View) -> bool:
        """Whether an opponent holds `endgame` cards or fewer (500 family)."""
        if self.endgame <= 0 or view.rules.is_contract:
            return False
        mine = next(side for side in view.sides if view.seat in side)
        return any(view.hand_sizes[s] <= self.endgame for s in range(view.players) if s not in mine)

    def choose(self, view: View) -> Move:
        only = forced(view)
        if only is not None:
            return only
        legal = view.legal_moves
        rng = decision_rng(self.seed, view, self.level)
        with _no_collection():
            scored = self.scored(view, rng)
            if not scored:
                return self.base.choose(view)
            try:
                best = self._compare(view, scored, rng)
            except (ValueError, IllegalMove):
                return self.base.choose(view)
        return best if best in legal else self.base.choose(view)

    def _compare(
        self, view: View, scored: Sequence[tuple[float, Move]], rng: random.Random
    ) -> Move:
        """The candidate with the best total over the same guessed deals
        (medium's own choice, listed first, wins ties)."""
        cands = [m for _s, m in scored]
        totals = [0.0] * len(cands)
        vals: list[list[float]] = [[] for _ in cands]
        samples = self.contract_samples if view.rules.is_contract else self.samples
        limit, per = 600, 600
        if self.budget > 0:
            limit, per = budget_split(self.budget, len(view.hand), len(cands))
            per = max(per, limit // (self.min_samples * len(cands)))
            moves = self.discard_moves if view.phase == Phase.PLAY else self.moves
            if self._near(view):
                moves = self.endgame_moves
            if moves > 0:
                per = moves
        used = [0]
        played = 0
        judge: Callable[[Game, int], float] = utility
        if self.fitted:
            judge = fitted_utility
        elif self.loose_cost:
            judge = partial(utility, loose_cost=self.loose_cost)
        mine = self.base if self.own_rollouts else None
        refuse = None
        if self.meldless and not view.rules.is_contract:
            refuse = Judge(view, self.base.params_for(view)).melds_or_fits
        for i in range(samples):
            world = sample_world(view, rng, self.best_of, refuse)
            seed = rng.randrange(1 << 30)
            for k, m in enumerate(cands):
                v = playout(world, view.seat, m, seed, per, used, judge, mine)
                totals[k] += v
                vals[k].append(v)
            played += 1
            if self.budget > 0 and i + 1 >= self.min_samples and used[0] >= limit:
                break
        top = scored[0][0]
        means = [t / played + self.prior * (scored[j][0] - top) for j, t in enumerate(totals)]
        best = max(range(len(cands)), key=lambda j: (means[j], -j))
        if best and means[best] - means[0] < self.switch:
            return cands[0]  # not clearly better than medium's own choice
        if best and self.switch_z > 0:
            d = [a - b for a, b in zip(vals[best], vals[0], strict=True)]
            mean = sum(d) / played
            sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (played - 1)) if played > 1 else 0.0
            if means[best] - means[0] < self.switch_z * max(sd, self.sigma) / math.sqrt(played):
                return cands[0]
        return cands[best]


def hard_level(seed: int = 0, level: str = "hard") -> RolloutBot:
    """The hard level: `RolloutBot` with the level's budget and its split."""
    return RolloutBot(
        seed,
        level,
        candidates=HARD_CANDIDATES,
        margin=HARD_MARGIN,
        budget=HARD_BUDGET,
        min_samples=HARD_GUESSES,
        moves=HARD_MOVES,
    )


@contextmanager
def _no_collection() -> Iterator[None]:
    """No cyclic garbage collection while hard thinks.

    The rollouts allocate hundreds of thousands of short-lived objects, which
    reference counting frees, and every few hundred of them start a
    collection; a full one walks every object the process keeps (the
    solver's caches hold some hundred thousand) and took 100-250 ms inside
    a single searched decision. With collection paused, the objects the
    search leaves behind are collected once, by the first collection after
    it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def budget_split(budget: int, cards: int, candidates: int) -> tuple[int, int]:
    """(moves for the whole decision, moves per rollout) of a budget of
    `budget` simulated moves: for hands over ten cards the budget shrinks
    with the hand (each move of a bigger hand costs more to decide); a
    rollout plays at least 24 moves (fewer with a bigger hand)."""
    scale = max(10, cards)
    limit = budget * 10 // scale
    return limit, max(240 // scale, limit // (2 * candidates))


def _checked(move: Move, contract: bool) -> bool:
    """Whether hard checks this move by rollouts: a buy or Shanghai call in
    the contract games, a take or rummy call of two or more cards in the
    500 family."""
    if contract:
        return move.action in (Action.BUY, Action.SHANGHAI)
    return move.action in (Action.TAKE, Action.RUMMY) and (move.number or 1) > 1


def _play_planned(g: Game, seat: int) -> bool:
    """Play the next meld or lay-off of the seat's best split, as medium
    would (the one with the taken card first, lay-offs last, dearest first),
    without a view: a view lists every legal move, and a hand of twenty cards
    after a deep take has thousands of melds to list. False when the plan has
    nothing the game accepts (medium then decides on a view)."""
    r = g.rules
    hand = g.hand(seat)
    target = g.target
    split = best_split(r, hand, tuple(g.melds))
    order = sorted(
        split.melds,
        key=lambda pm: (target is None or target not in pm.cards, pm.kind == LAYOFF, -pm.value),
    )
    return any(_try(g, _planned_text(seat, pm)) for pm in order)


def _planned_text(seat: int, pm: PlannedMeld) -> str:
    """The move that plays a planned meld or lay-off, as text."""
    if pm.kind == LAYOFF:
        return f"{seat}: layoff {' '.join(pm.tokens())} to {pm.meld_id}"
    return f"{seat}: meld {pm.kind} {' '.join(pm.tokens())}"


def playout(
    world: Game,
    me: int,
    first: Move,
    seed: int,
    limit: int = 600,
    used: list[int] | None = None,
    judge: Callable[[Game, int], float] = utility,
    mine: RuleBot | None = None,
) -> float:
    """Play `first`, then medium for every seat to the end of the deal (at
    most `limit` moves, then the position's estimate): my side's deal score
    minus the others' average (contract: the other way). The moves played
    are added to `used[0]`; `judge` is the estimate at the cut. With `mine`,
    my seat plays with that bot's judgment instead (every move of it)."""
    g = world.copy()
    g.play(first)
    bots = [RuleBot(seed + s, MEDIUM, "medium", per_preset=True) for s in range(g.players)]
    if mine is not None:
        bots[me] = RuleBot(
            seed + me,
            mine.params,
            "medium",
            mine.contract_params,
            mine.per_preset,
            mine.hard,
            mine.expert,
        )
    planned = not g.rules.is_contract
    steps = 0
    while not g.deal_over and steps < limit:
        seat = g.to_act[0]
        own = mine is not None and seat == me
        if not (planned and not own and g.phase == Phase.PLAY and _play_planned(g, seat)):
            g.play(bots[seat].choose(g.view(seat)))
        steps += 1
    if used is not None:
        used[0] += steps
    if g.deal_over and g.deal_scores is not None:
        est = [float(x) for x in g.deal_scores]
        diff = _margin(est, g.side_of(me))
        return -diff if g.rules.is_contract else diff
    return judge(g, me)
