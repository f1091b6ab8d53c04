"""Hard's searches over guessed deals (`RolloutBot`).

Medium's judgment, except at the decisions where its static evaluation is
weakest and the stakes highest in the 500 family: taking two or more cards
from the discard pile, and rummy calls. There, medium's best few moves are
each played on the same guessed deals (the opponents' hands consistent with
the view, weighted toward good hands) and every deal is rolled out with
medium's policy for every seat. In the contract family hard's sampling is
in its discards instead (each tested on guessed hands of the next player,
by the `HARD_CONTRACT` settings).

Budgets are counted in guesses and simulated moves, never in seconds.
"""

from __future__ import annotations

import gc
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ..engine.cards import Card
from ..engine.enums import Action, Phase
from ..engine.game import Game
from ..engine.melds import Token
from ..engine.moves import IllegalMove, Move
from ..engine.rules import Rules
from ..engine.scoring import hand_value, meld_points
from ..engine.view import View
from .decisions import decision_rng, forced
from .memory import Memory, remember
from .rulebot import RuleBot
from .solver import LAYOFF, PlannedMeld, best_split, card_value, contract_distance, fits_alone
from .tuning import JUDGMENTS, Tuning

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


def sample_world(view: View, rng: random.Random, best_of: int = 1) -> Game:
    """A full game consistent with the view: hidden cards dealt at random,
    cards an opponent is known to have picked up kept in that hand."""
    _mem, hands, rest = known_hands(view)
    rng.shuffle(rest)
    for s, hand in hands.items():
        need = view.hand_sizes[s] - len(hand)
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


def utility(g: Game, me: int) -> float:
    """My side's estimated deal score minus the others' average (higher is
    better)."""
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


def _try(
    g: Game,
    action: Action,
    seat: int,
    cards: tuple[Token, ...] = (),
    number: int | None = None,
    kind: str | None = None,
    groups: tuple[tuple[Token, ...], ...] = (),
) -> bool:
    """Play this move if the game takes it (a refused move changes nothing)."""
    try:
        g.play(Move(action, seat, cards, number, kind, groups))
    except IllegalMove:
        return False
    return True


# ---------------------------------------------------------------- hard's sampling


# Hard's work per searched decision, in simulated moves (for hands of up to
# ten cards; fewer with more), spent on medium's best two moves with each
# rollout cut after 12 moves, so that five to eight guesses fit within the
# decision's time.
HARD_BUDGET = 180
HARD_CANDIDATES = 2
HARD_MOVES = 12
HARD_GUESSES = 5  # at least, whatever the budget
HARD_MAX_GUESSES = 8
# Of so many random fillings of an opponent's hand, the one that suits it best.
HARD_BEST_OF = 4
# Searched whatever medium's gap between its best two: the rollouts often
# overrule medium's far-ahead deep takes.
HARD_MARGIN = math.inf


class RolloutBot:
    """Hard: medium's judgment, with the decisions where its static
    evaluation is weakest checked by sampling.

    Those decisions: in the 500 family, taking two or more cards from the
    discard pile and rummy calls (any take where the judgment's
    `single_takes` says so and the taken card binds). When medium's best
    `candidates` moves within `margin` points of its best include such a
    move, every candidate is played on the same guessed deals and each deal
    is rolled out with medium playing every seat, cut after `moves` moves
    and judged by its position. The guesses keep the cards an opponent is
    known to have picked up; the rest of each opponent's hand is the best
    for that player of a few random fillings, since players keep their good
    cards. Guesses stop once the rollouts have played `budget` moves
    (`budget_split`), after at least `min_samples`. The candidate with the
    best total is played (medium's own choice wins ties). Every other
    decision, and every decision of the contract games, is `base`'s: the
    rule-based player with `judgment`
    (hard's or the expert's).
    """

    def __init__(
        self,
        seed: int = 0,
        level: str = "hard",
        candidates: int = HARD_CANDIDATES,
        margin: float = HARD_MARGIN,
        budget: int = HARD_BUDGET,
        min_samples: int = HARD_GUESSES,
        moves: int = HARD_MOVES,
        judgment: Tuning = JUDGMENTS["hard"],
    ) -> None:
        self.seed = seed
        self.level = level
        self.base = RuleBot(seed, judgment, "medium")
        self.candidates = candidates
        self.margin = margin
        self.budget = budget
        self.min_samples = min_samples
        self.moves = moves

    def compared(self, view: View, rng: random.Random) -> list[Move]:
        """The moves this view's rollouts would compare, medium's best first
        (empty: medium decides alone)."""
        return [m for _s, m in self.scored(view, rng)]

    def scored(self, view: View, rng: random.Random) -> list[tuple[float, Move]]:
        """`compared` with medium's score of each move."""
        if (
            view.rules.is_contract
            or view.phase not in (Phase.DRAW, Phase.CLAIM)
            or len(view.legal_moves) < 2
        ):
            return []
        opts = sorted(self.base.options(view, rng), key=lambda o: (-o[0], str(o[1])))
        if len(opts) < 2:
            return []
        top = opts[0][0]
        cands = [(s, m) for s, m in opts[: self.candidates] if s >= top - self.margin]
        if len(cands) < 2:
            return []
        if not self._single_takes(view) and not any(_checked(m) for _s, m in cands):
            return []
        return cands

    def _single_takes(self, view: View) -> bool:
        """Whether a take of the top discard alone is searched too: where the
        judgment says so and the rules make the taken card bind."""
        return view.rules.top_discard_must_meld and self.base.params_for(view).single_takes

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
                best = self._compare(view, [m for _s, m in scored], rng)
            except (ValueError, IllegalMove):
                return self.base.choose(view)
        return best if best in legal else self.base.choose(view)

    def _compare(self, view: View, cands: Sequence[Move], rng: random.Random) -> Move:
        """The candidate with the best total over the same guessed deals
        (medium's own choice, listed first, wins ties)."""
        totals = [0.0] * len(cands)
        limit, per = budget_split(self.budget, len(view.hand), len(cands))
        per = max(per, limit // (self.min_samples * len(cands)))
        if self.moves > 0:
            per = self.moves
        used = [0]
        played = 0
        for i in range(HARD_MAX_GUESSES):
            world = sample_world(view, rng, HARD_BEST_OF)
            seed = rng.randrange(1 << 30)
            for k, m in enumerate(cands):
                totals[k] += playout(world, view.seat, m, seed, per, used)
            played += 1
            if i + 1 >= self.min_samples and used[0] >= limit:
                break
        means = [t / played for t in totals]
        return cands[max(range(len(cands)), key=lambda j: (means[j], -j))]


def hard_level(seed: int = 0, level: str = "hard") -> RolloutBot:
    """The hard level: `RolloutBot` with the level's budget, its split and its judgment."""
    return RolloutBot(seed, level)


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


def _checked(move: Move) -> bool:
    """Whether hard checks this move by rollouts: a take or rummy call of
    two or more cards."""
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
    return any(_try_planned(g, seat, pm) for pm in order)


def _try_planned(g: Game, seat: int, pm: PlannedMeld) -> bool:
    """Play the move of a planned meld or lay-off if the game takes it."""
    if pm.kind == LAYOFF:
        return _try(g, Action.LAYOFF, seat, pm.tokens(), number=pm.meld_id)
    return _try(g, Action.MELD, seat, pm.tokens(), kind=pm.kind)


def playout(
    world: Game, me: int, first: Move, seed: int, limit: int = 600, used: list[int] | None = None
) -> float:
    """Play `first`, then medium for every seat to the end of the deal (at
    most `limit` moves, then the position's estimate, `utility`): my side's
    deal score minus the others' average (contract: the other way). The
    moves played are added to `used[0]`."""
    g = world.copy()
    g.play(first)
    bots = [RuleBot(seed + s, JUDGMENTS["medium"], "medium") for s in range(g.players)]
    planned = not g.rules.is_contract
    steps = 0
    while not g.deal_over and steps < limit:
        seat = g.to_act[0]
        if not (planned and g.phase == Phase.PLAY and _play_planned(g, seat)):
            g.play(bots[seat].choose(g.view(seat)))
        steps += 1
    if used is not None:
        used[0] += steps
    if g.deal_over and g.deal_scores is not None:
        est = [float(x) for x in g.deal_scores]
        diff = _margin(est, g.side_of(me))
        return -diff if g.rules.is_contract else diff
    return utility(g, me)
