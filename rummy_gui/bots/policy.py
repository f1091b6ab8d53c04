"""The rule-based players, and the judgment of every level.

Every kind of move is decided with one evaluation of a hand:
- 500 family: the solver's best split (melds and lay-offs on the table)
  plus the promise of near-melds (pairs, run fragments), each weighted by how
  many of the missing cards are still unseen;
- contract family, before the contract: how many cards the contract still
  lacks, then the penalty held; after it: the penalty of cards that can not
  be laid off.

Easy plays greedy rules of thumb without memory and makes some mistakes.
Medium remembers every public card, watches what each opponent picks up,
and avoids feeding them. Hard and the expert judge with their own settings
(`JUDGMENTS`) under the searches of search.py and expert.py.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.cards import JOKER, NATURALS, SUITS, Card
from ..engine.combos import possible_melds
from ..engine.enums import Action, Phase
from ..engine.melds import RUN, Meld
from ..engine.moves import Move
from ..engine.rules import CONTRACTS, Rules
from ..engine.view import View
from .memory import Memory, card_of, remember
from .solver import (
    LAYOFF,
    PlannedMeld,
    Split,
    best_split,
    card_value,
    card_values,
    contract_distance,
    fits_alone,
)


@dataclass(frozen=True)
class Params:
    """What separates the levels of the rule-based player."""

    memory: bool = True  # count unseen cards and watch opponents
    mistakes: float = 0.0  # chance of a careless discard or draw
    deep_takes: bool = True  # consider taking more than the top discard
    potential: float = 0.35  # weight of near-melds
    danger: float = 1.0  # weight of feeding the next players
    draw_samples: int = 4  # unseen cards tried to value a stock draw
    buy_margin: int = 1  # contract distance a buy must save
    sampled_danger: int = 0  # guessed opponent hands to test each discard against (0: heuristic)
    urgency: float = (
        0.0  # contract: extra weight of held penalty when a laid-down opponent may go out
    )
    leftover: float = 1.0  # 500 family: weight of the points of cards no meld uses
    take_cost: float = 0.0  # points a take of the top discard alone must beat a stock draw by
    deep_cost: float = 0.0  # 500 family: points per card a take or rummy call adds above its target
    hold_melds: int = 0  # 500 family: keep new melds in hand while every opponent holds more cards
    hold_quiet: int = 0  # no hold once an opponent ended this many turns with nothing laid down
    long_runs: float = 0.0  # 500 family, runs of 4+: weight of runs short of one or two cards
    penalty: float = 0.15  # contract: weight of the penalty points held before the contract
    final_penalty: float | None = None  # contract: `penalty` in the round that goes out whole


EASY = Params(
    memory=False, mistakes=0.15, deep_takes=False, potential=0.2, danger=0.0, draw_samples=0
)
MEDIUM = Params(draw_samples=3)
# Hard in the contract games (no deep takes there, so no rollouts): medium
# that sheds high cards sooner while a laid-down opponent is nearly out,
# tests each discard on guessed hands of the next player, and takes the top
# discard only when it beats a stock draw by 2 points, since medium's
# marginal takes cost it.
HARD_CONTRACT = Params(draw_samples=3, urgency=1.0, sampled_danger=8, take_cost=2.0)

# Medium's settings per preset, from self-play in the arena: the fields that
# differ from the family's settings above (medium, hard and the expert).
PRESET_TUNING: dict[str, dict[str, Any]] = {
    "rummy500": {"leftover": 0.0},
    "rummy500-classic": {"danger": 5.0, "potential": 1.0},
    "pinochle": {"danger": 4.0, "potential": 0.8},
    "persian": {"danger": 4.0, "potential": 0.8},
    "contract": {"potential": 0.2, "danger": 0.5},
    "liverpool": {"potential": 0.2, "danger": 0.5},
    "shanghai": {"potential": 0.2, "danger": 0.5},
}

# Hard's judgment over medium's (its rollouts still play medium): in Rummy
# 500 a take of the top discard alone costs 2 points, as in the contract games.
HARD_TUNING: dict[str, dict[str, Any]] = {
    "rummy500": {"take_cost": 2.0},
}

# The expert's judgment over hard's, each field measured against hard in the
# arena: fewer near-melds and a cost on big takes in Rummy 500, melds held
# back while the opponents hold many cards (a meld on the table feeds their
# lay-offs) unless one has shown nothing for five turns, a dearer single
# take in Persian, long runs' near-misses in Pinochle, and heavier held
# points before the contract (heavier still in round 7, where one player
# going out leaves everyone a full hand).
EXPERT_TUNING: dict[str, dict[str, Any]] = {
    "rummy500": {
        "potential": 0.2,
        "deep_cost": 3.0,
        "hold_melds": 3,
        "hold_quiet": 5,
    },
    "persian": {"take_cost": 6.0, "hold_melds": 3},
    "rummy500-classic": {"potential": 1.4},
    "pinochle": {"long_runs": 2.0},
    "contract": {"penalty": 0.6, "final_penalty": 2.0},
    "liverpool": {"penalty": 0.6, "final_penalty": 2.0},
    "shanghai": {"penalty": 0.6},
}

# The expert's fields at a table of at least so many players: in Rummy 500
# with three opponents digging the pile, the card a near-meld waits for is
# seldom the expert's, so near-melds count for nothing.
EXPERT_CROWD: dict[str, tuple[int, dict[str, Any]]] = {
    "rummy500": (4, {"potential": 0.0}),
}


@dataclass(frozen=True)
class Tuning:
    """A level's judgment as data: its settings (`contract` in the contract
    games, when given), the fields each preset changes over them, and more
    fields at a table of at least so many players (`crowd`)."""

    params: Params
    contract: Params | None = None
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    crowd: Mapping[str, tuple[int, Mapping[str, Any]]] = field(default_factory=dict)
    greedy: bool = False  # easy's rules of thumb at draws and discards
    _made: dict[tuple[str, bool, bool], Params] = field(
        default_factory=dict, compare=False, repr=False
    )

    def settings(self, rules: Rules, players: int = 0) -> Params:
        """The settings for `players` at a table of these rules."""
        crowd = self.crowd.get(rules.preset)
        crowded = crowd is not None and players >= crowd[0]
        key = (rules.preset, rules.is_contract, crowded)
        made = self._made.get(key)
        if made is None:
            base = self.params
            if rules.is_contract and self.contract is not None:
                base = self.contract
            fields = dict(self.presets.get(rules.preset, {}))
            if crowd is not None and crowded:
                fields.update(crowd[1])
            made = self._made[key] = replace(base, **fields) if fields else base
        return made


def _over(*tables: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per-preset fields, each table's over the ones before it."""
    out: dict[str, dict[str, Any]] = {}
    for table in tables:
        for preset, fields in table.items():
            out[preset] = {**out.get(preset, {}), **fields}
    return out


# Every rule-based level's judgment, in one place (hard's and the expert's
# searches are `search.RolloutBot`'s, over these).
JUDGMENTS: Mapping[str, Tuning] = {
    "easy": Tuning(EASY, greedy=True),
    "medium": Tuning(MEDIUM, presets=PRESET_TUNING),
    "hard": Tuning(MEDIUM, HARD_CONTRACT, _over(PRESET_TUNING, HARD_TUNING)),
    "expert": Tuning(
        MEDIUM, HARD_CONTRACT, _over(PRESET_TUNING, HARD_TUNING, EXPERT_TUNING), EXPERT_CROWD
    ),
}


_ALL = [*NATURALS, JOKER]


def decision_rng(seed: int, view: View, salt: str = "") -> random.Random:
    """A generator fixed by the seed and the moment of the deal (same view, same draws)."""
    top = str(view.discard_pile[-1]) if view.discard_pile else "-"
    key = (
        f"{seed}|{salt}|{view.seat}|{view.round}|{view.turn_number}|{len(view.log)}|"
        f"{view.phase}|{top}|{' '.join(sorted(str(c) for c in view.hand))}"
    )
    return random.Random(zlib.crc32(key.encode()))


def forced(view: View) -> Move | None:
    """The move to play without thinking when there is only one (a view
    with no move for its seat is refused)."""
    legal = view.legal_moves
    if not legal:
        raise ValueError(f"seat {view.seat} has no move now")
    return legal[0] if len(legal) == 1 else None


def cards_of(move: Move) -> list[Card]:
    if move.action == Action.CONTRACT:
        return [card_of(t) for g in move.groups for t in g]
    return [card_of(t) for t in move.cards]


def minus(hand: Sequence[Card], cards: Iterable[Card]) -> list[Card]:
    out = list(hand)
    for c in cards:
        out.remove(c)
    return out


def buy_gain(r: Rules, nearer: float) -> float:
    """What medium counts a buy worth: 12 a contract card nearer, less 6 a
    penalty card."""
    return 12.0 * nearer - 6.0 * r.buy_penalty


def guessed_hands(v: View, mem: Memory, samples: int) -> list[dict[int, list[Card]]]:
    """`samples` guesses of the opponents' hands from the unseen cards, the
    cards each is known to hold kept; the same view gives the same guesses."""
    key = f"{v.seat}|{v.round}|{len(v.log)}|{' '.join(sorted(str(c) for c in v.hand))}"
    rng = random.Random(zlib.crc32(key.encode()))
    base = sorted(mem.unseen.elements(), key=lambda c: c.code)
    out: list[dict[int, list[Card]]] = []
    for _ in range(samples):
        pool = Counter(base)
        hands: dict[int, list[Card]] = {}
        for s in range(v.players):
            if s == v.seat:
                continue
            h: list[Card] = []
            for c, k in mem.known[s].items():
                take = min(k, pool[c], v.hand_sizes[s])
                h.extend([c] * take)
                pool[c] -= take
            hands[s] = h
        rest = sorted(pool.elements(), key=lambda c: c.code)
        rng.shuffle(rest)
        for s, h in hands.items():
            need = max(0, v.hand_sizes[s] - len(h))
            h.extend(rest[:need])
            del rest[:need]
        out.append(hands)
    return out


class Judge:
    """The evaluation of hands and discards for one view."""

    def __init__(self, view: View, params: Params) -> None:
        self.view = view
        self.p = params
        self.rules = view.rules
        self.me = view.seat
        self.memory: Memory | None = remember(view) if params.memory else None
        self.table: tuple[Meld, ...] = view.melds
        self.contract = self.rules.is_contract
        self.partners = next((s for s in view.sides if self.me in s), (self.me,))
        self.laid = bool(view.laid_down[self.me]) if self.contract else True
        self._cache: dict[tuple[int, ...], float] = {}
        self.leftover = params.leftover
        self._splits: dict[tuple[int, ...], Split] = {}
        self._guessed: list[dict[int, list[Card]]] | None = None
        self._opp_cache: dict[tuple[int, tuple[int, ...]], float] = {}
        self._fits: dict[int, bool] = {}
        self.vals = card_values(self.rules)

        self.hurry = self.p.urgency * self._closeness() if self.p.urgency and self.contract else 0.0
        self.deep_cost = self.p.deep_cost
        self.pen_weight = self.p.penalty
        self.pot_weight = self.p.potential
        if self.contract:
            if (
                self.rules.last_round_goes_out_whole(view.round)
                and self.p.final_penalty is not None
            ):
                self.pen_weight = self.p.final_penalty
            self.pen_weight += self.hurry
        if self.memory is not None:
            self.unseen_codes = [float(self.memory.unseen.get(c, 0)) for c in _ALL]
        else:
            self.unseen_codes = [1.0] * 53

    def _closeness(self) -> float:
        """0..1: how near the nearest laid-down opponent is to going out,
        by the cards they hold."""
        v = self.view
        best = 0.0
        for s in range(v.players):
            if s != self.me and v.laid_down[s]:
                best = max(best, {1: 1.0, 2: 0.6, 3: 0.3, 4: 0.15}.get(v.hand_sizes[s], 0.0))
        return best

    # ------------------------------------------------------------ hands
    def unseen(self, card: Card) -> float:
        if self.memory is None:
            return 1.0
        return float(self.memory.unseen_count(card))

    def value(self, hand: Sequence[Card]) -> float:
        key = tuple(sorted(c.code for c in hand))
        hit = self._cache.get(key)
        if hit is None:
            hit = self._value(hand)
            self._cache[key] = hit
        return hit

    def split(self, hand: Sequence[Card]) -> Split:
        key = tuple(sorted(c.code for c in hand))
        hit = self._splits.get(key)
        if hit is None:
            hit = best_split(self.rules, hand, self.table)
            self._splits[key] = hit
        return hit

    def _value(self, hand: Sequence[Card]) -> float:
        r = self.rules
        if not self.contract:
            split = self.split(hand)
            v = split.score + self.p.potential * self.promise(split.leftovers)
            if self.p.long_runs and r.min_run > 3:
                v += self.p.long_runs * self.run_promise(split.leftovers)
            if self.leftover != 1.0:
                # the split's score counts each leftover at its full points
                v += (1.0 - self.leftover) * sum(self.vals[c.code] for c in split.leftovers)
            return v
        if not self.laid:
            d = contract_distance(r, hand, self.view.round)
            pen = sum(self.vals[c.code] for c in hand if not c.is_joker)
            return (
                -12.0 * d
                - self.pen_weight * pen
                + 0.4 * self.promise(hand) * self.pot_weight * (1.0 - min(1.0, self.hurry))
            )
        # laid down: only lay-offs can empty the hand
        out = 0.0
        for c in hand:
            v = card_value(r, c)
            out -= v * (0.25 if self.fits_table(c) else 1.0) + 1.0
        return out

    def fits_table(self, card: Card) -> bool:
        hit = self._fits.get(card.code)
        if hit is None:
            hit = self._fits[card.code] = fits_alone(self.rules, self.table, card)
        return hit

    def promise(self, cards: Sequence[Card]) -> float:
        """Points near-melds among these cards could still make."""
        r = self.rules
        unseen = self.unseen_codes
        nat = [c for c in cards if not c.is_joker]
        jokers_unseen = unseen[52] if r.jokers and not r.jokers_only_in_joker_sets else 0.0
        contract = self.contract
        runs_ok = r.min_run <= 4
        total = 0.0
        vals = self.vals
        for i, a in enumerate(nat):
            va = vals[a.code]
            for b in nat[i + 1 :]:
                worth = va + vals[b.code] + 5
                if a.rank == b.rank:
                    if a.suit == b.suit and not contract:
                        continue
                    outs = jokers_unseen
                    for si in range(4):
                        code = si * 13 + a.rank - 1
                        if contract or (code != a.code and code != b.code):
                            outs += unseen[code]
                    total += worth * min(outs, 4.0) / 4.0
                elif runs_ok and a.suit == b.suit:
                    gap = abs(a.rank - b.rank)
                    if gap in (1, 2) or (gap in (11, 12) and 1 in (a.rank, b.rank)):
                        lo, hi = sorted((a.rank, b.rank))
                        if gap == 1:
                            need = [lo - 1, hi + 1]
                        elif gap == 2:
                            need = [lo + 1]
                        else:
                            need = [12] if gap == 11 else [13]
                        base = a.code - a.rank + 1
                        outs = jokers_unseen + sum(
                            unseen[base + q - 1] for q in need if 1 <= q <= 13
                        )
                        total += 0.8 * worth * min(outs, 2.0) / 2.0
        return total

    def run_promise(self, cards: Sequence[Card]) -> float:
        """Points runs of `min_run` short of one or two unseen cards could
        still make (`promise` counts only pairs where runs are long)."""
        r = self.rules
        n = r.min_run
        unseen = self.unseen_codes
        vals = self.vals
        total = 0.0
        for si, suit in enumerate(SUITS):
            held = {c.rank: c for c in cards if not c.is_joker and c.suit == suit}
            if len(held) < n - 2:
                continue
            if 1 in held and r.ace != "low":
                held[14] = held[1]
            best = 0.0
            first = 2 if r.ace == "high" else 1  # the lowest rank a run may start at
            for lo in range(first, (13 if r.ace == "low" else 14) - n + 2):
                have = [held[q] for q in range(lo, lo + n) if q in held]
                need = [si * 13 + (q - 1) % 13 for q in range(lo, lo + n) if q not in held]
                if len(need) > 2 or not all(unseen[code] for code in need):
                    continue
                worth = sum(vals[c.code] for c in have) + 5
                best = max(best, worth * (0.5 if len(need) == 1 else 0.2))
            total += best
        return total

    def after_discard(self, hand: Sequence[Card], keep: Sequence[Card] = ()) -> float:
        """A hand's value once its least useful card is thrown (not one of `keep`)."""
        best = self.value(hand)
        if len(hand) <= 1:
            return best
        r = self.rules
        if not self.contract:
            split = self.split(hand)
            pool = [c for c in split.leftovers if c not in keep] or [
                c for c in hand if c not in keep
            ]
            if not pool:
                return best
            worst = max(pool, key=lambda c: card_value(r, c))
            return self.value(minus(hand, [worst]))
        cands = sorted(
            {c for c in hand if c not in keep and not c.is_joker},
            key=lambda c: (-card_value(r, c), c.code),
        )[:4]
        return max((self.value(minus(hand, [c])) for c in cands), default=best)

    def draw_value(self, hand: Sequence[Card], rng: random.Random) -> float:
        """Expected value of a stock draw (a few unseen cards tried)."""
        base = self.after_discard(hand)
        if self.p.draw_samples <= 0 or self.memory is None:
            return base + 1.0
        pool = list(self.memory.unseen.elements())
        if not pool:
            return base
        pool.sort(key=lambda c: c.code)
        tries = [pool[rng.randrange(len(pool))] for _ in range(self.p.draw_samples)]
        return max(base, sum(self.after_discard([*list(hand), c]) for c in tries) / len(tries))

    # ------------------------------------------------------------ discards
    def danger(self, card: Card, protected: bool = False) -> float:
        """What throwing this card may give the other players."""
        if self.p.danger <= 0:
            return 0.0
        r = self.rules
        v = card_value(r, card)
        d = 0.0
        if not protected and self.fits_table(card):
            d += 2.0 * v if not self.contract else 0.5 * v + 3.0
        if not self.contract and r.rummy_call == "full" and self._pile_meld(card):
            d += 25.0
        mem = self.memory
        if mem is not None and self.p.sampled_danger > 0:
            d += self._sampled_danger(card)
        elif mem is not None:
            n = self.view.players
            partners = self.partners
            for k in range(1, n):
                seat = (self.me + k) % n
                w = mem.wants(seat, card)
                if not w:
                    continue
                weight = 1.5 if k == 1 else 0.5
                if seat in partners:
                    d -= 0.3 * w * (v + 5)
                else:
                    d += weight * w * (v + 5) * 0.5
        return d * self.p.danger

    def _guesses(self) -> list[dict[int, list[Card]]]:
        """Opponent hands guessed from the unseen cards (picked-up cards kept)."""
        if self._guessed is None:
            assert self.memory is not None
            self._guessed = guessed_hands(self.view, self.memory, self.p.sampled_danger)
        return self._guessed

    def _opp_value(self, hand: list[Card], seat: int) -> float:
        r = self.rules
        key = (seat, tuple(sorted(c.code for c in hand)))
        hit = self._opp_cache.get(key)
        if hit is not None:
            return hit
        if not self.contract:
            val = float(best_split(r, hand, self.table).score)
        elif self.view.laid_down[seat]:
            val = -sum(card_value(r, c) for c in hand if not self.fits_table(c))
        else:
            val = -12.0 * contract_distance(r, hand, self.view.round)
        self._opp_cache[key] = val
        return val

    def _sampled_danger(self, card: Card) -> float:
        """How much the next players gain from this card, on guessed hands."""
        v = self.view
        n = v.players
        partners = self.partners
        total = 0.0
        guesses = self._guesses()
        for hands in guesses:
            for k in range(1, n):
                seat = (self.me + k) % n
                if k > 1 and (self.contract or self.rules.rummy_call != "full"):
                    break  # only the next player can take it (buyers pay for it)
                h = hands[seat]
                gain = self._opp_value([*h, card], seat) - self._opp_value(h, seat)
                if gain <= 0:
                    continue
                weight = 1.0 if k == 1 else 0.35
                total += (-0.3 if seat in partners else 1.0) * weight * gain
        return total / max(1, len(guesses))

    def _pile_meld(self, card: Card) -> bool:
        """Would a rummy call find a meld of pile cards with this card on top?"""
        if card.is_joker:
            return False
        near = [
            x
            for x in self.view.discard_pile
            if x.is_joker
            or x.rank == card.rank
            or (x.suit == card.suit and abs(x.rank - card.rank) < self.rules.min_run + 1)
        ]
        if len(near) < 2:
            return False
        return any(card in m.cards for m in possible_melds(self.rules, [*near, card]))


# ---------------------------------------------------------------- the player


class RuleBot:
    """Easy and medium, and the judgment under hard's and the expert's
    searches: the evaluation above, move by move, with a level's `Tuning`
    (plain `Params` are used as they are, in every preset)."""

    level = "medium"

    def __init__(
        self, seed: int = 0, judgment: Tuning | Params = MEDIUM, level: str = "medium"
    ) -> None:
        self.seed = seed
        self.judgment = judgment if isinstance(judgment, Tuning) else Tuning(judgment)
        self.level = level  # also the salt of its random choices

    def params_for(self, view: View) -> Params:
        return self.judgment.settings(view.rules, view.players)

    def choose(self, view: View) -> Move:
        only = forced(view)
        if only is not None:
            return only
        legal = view.legal_moves
        rng = decision_rng(self.seed, view, self.level)
        move = self.decide(view, rng)
        return move if move in legal else rng.choice(legal)

    # scored options at the decisions that matter (hard samples among these)
    def options(self, view: View, rng: random.Random) -> list[tuple[float, Move]]:
        judge = Judge(view, self.params_for(view))
        phase = view.phase
        if phase == Phase.DRAW:
            return self.draw_options(view, judge, rng)
        if phase == Phase.CLAIM:
            return self.claim_options(view, judge)
        if phase == Phase.PLAY and self.plan_move(view, judge) is None:
            return self.discard_options(view, judge)
        return []

    def decide(self, view: View, rng: random.Random) -> Move:
        legal = view.legal_moves
        phase = view.phase
        if phase == Phase.CUT:
            return rng.choice(legal)
        if phase in (Phase.DEAL_OVER, Phase.RUMMY_LAYOFF):
            return legal[0]
        judge = Judge(view, self.params_for(view))
        if self.judgment.greedy and phase in (Phase.DRAW, Phase.PLAY):
            return self.easy_turn(view, judge, rng)
        if phase == Phase.DRAW:
            opts = self.draw_options(view, judge, rng)
        elif phase == Phase.CLAIM:
            opts = self.claim_options(view, judge)
        else:
            planned = self.plan_move(view, judge)
            if planned is not None:
                return planned
            opts = self.discard_options(view, judge)
            if opts and judge.p.mistakes and rng.random() < judge.p.mistakes:
                return rng.choice(opts)[1]
            loose = unstick(view, [m for _, m in opts], rng)
            if loose is not None:
                return loose
        if not opts:
            return rng.choice(legal)
        return max(opts, key=lambda o: o[0])[1]

    # ------------------------------------------------------------ easy
    def easy_turn(self, view: View, judge: Judge, rng: random.Random) -> Move:
        """Greedy rules: take the top discard only if it melds at once, meld
        whatever the plan says, throw the highest card without a partner."""
        legal = view.legal_moves
        hand = list(view.hand)
        if view.phase == Phase.DRAW:
            top = view.discard_pile[-1] if view.discard_pile else None
            takes = [m for m in legal if m.action == Action.TAKE and m.number == 1]
            if top is not None and takes and self._melds_at_once(view, judge, hand, top):
                return takes[0]
            plain = [m for m in legal if m.action in (Action.DRAW, Action.PASS)]
            return plain[0] if plain else legal[0]
        planned = self.plan_move(view, judge)
        if planned is not None:
            return planned
        discards = [m for m in legal if m.action == Action.DISCARD]
        if not discards:
            return rng.choice(legal)
        if rng.random() < judge.p.mistakes:
            return rng.choice(discards)
        unstuck = unstick(view, discards, rng)
        if unstuck is not None:
            return unstuck
        r = view.rules
        loose = set(hand) if r.is_contract else set(best_split(r, hand, view.melds).leftovers)

        def partnered(c: Card) -> bool:
            return c.is_joker or any(
                o is not c
                and not o.is_joker
                and (o.rank == c.rank or (o.suit == c.suit and abs(o.rank - c.rank) <= 2))
                for o in hand
                if o != c
            )

        def key(m: Move) -> tuple[bool, bool, int, bool]:
            c = card_of(m.cards[0])
            return (c in loose, not partnered(c), card_value(r, c), m.call)

        return max(discards, key=key)

    # ------------------------------------------------------------ draw
    def draw_options(
        self, view: View, judge: Judge, rng: random.Random
    ) -> list[tuple[float, Move]]:
        hand = list(view.hand)
        pile = view.discard_pile
        out: list[tuple[float, Move]] = []
        easy = not judge.p.deep_takes
        for m in view.legal_moves:
            if m.action == Action.DRAW:
                out.append((judge.draw_value(hand, rng), m))
            elif m.action == Action.PASS:
                out.append((judge.after_discard(hand), m))
            elif m.action == Action.TAKE:
                n = m.number or 1
                if easy and n > 1:
                    continue
                taken = list(pile[-n:])
                new = hand + taken
                keep = taken if n == 1 else taken[:-1]
                v = judge.after_discard(new, keep)
                if n == 1:
                    v -= judge.p.take_cost
                else:
                    v -= judge.deep_cost * (n - 1)
                if easy and not self._melds_at_once(view, judge, hand, taken[0]):
                    v -= 1000.0
                out.append((v, m))
        return out

    def _melds_at_once(self, view: View, judge: Judge, hand: list[Card], card: Card) -> bool:
        r = view.rules
        if r.is_contract:
            if judge.laid:
                return judge.fits_table(card)
            return contract_distance(r, [*hand, card], view.round) < contract_distance(
                r, hand, view.round
            )
        split = best_split(r, [*hand, card], view.melds)
        return card not in split.leftovers

    # ------------------------------------------------------------ claims
    def claim_options(self, view: View, judge: Judge) -> list[tuple[float, Move]]:
        claim = view.claim
        legal = view.legal_moves
        hand = list(view.hand)
        r = view.rules
        if claim is None:
            return []
        base = judge.after_discard(hand)
        out: list[tuple[float, Move]] = []
        for m in legal:
            if m.action == Action.PASS:
                out.append((base, m))
            elif m.action == Action.RUMMY:
                if r.rummy_call == "last":
                    out.append((base + 10.0, m))
                    continue
                n = m.number or 1
                if not judge.p.deep_takes and n > 1:
                    continue
                taken = list(view.discard_pile[-n:])
                keep = taken if n == 1 else taken[:-1]
                v = judge.after_discard(hand + taken, keep) + 4.0 - judge.deep_cost * (n - 1)
                out.append((v, m))
            elif m.action == Action.BUY:
                if judge.laid or view.rules.last_round_goes_out_whole(view.round):
                    continue  # round 7 goes out with the whole hand: more cards only hurt
                new = [*hand, claim.card]
                d0 = contract_distance(r, hand, view.round)
                d1 = contract_distance(r, new, view.round)
                if d0 - d1 >= judge.p.buy_margin and len(hand) < 16:
                    gain = buy_gain(r, d0 - d1)
                    out.append((base + gain, m))
            elif m.action == Action.SHANGHAI:
                d = contract_distance(r, hand, view.round) if not judge.laid else 0
                if judge.laid or d >= 3 or not judge.p.memory:
                    out.append((base + 5.0, m))
        return out

    # ------------------------------------------------------------ play
    def plan_move(self, view: View, judge: Judge) -> Move | None:
        """The next meld, lay-off, contract or joker swap of the plan, if any."""
        legal = view.legal_moves
        r = view.rules
        if r.is_contract:
            return self._contract_play(view, judge)
        split = best_split(r, list(view.hand), view.melds)
        melds = split.melds
        if self._holds(view, judge, split, judge.p.hold_melds):
            melds = tuple(pm for pm in melds if pm.kind == LAYOFF)
        order = sorted(
            melds,
            key=lambda pm: (
                view.target is None or view.target not in pm.cards,
                pm.kind == LAYOFF,
                -pm.value,
            ),
        )
        by_action: dict[Action, list[Move]] = {}
        for m in legal:
            by_action.setdefault(m.action, []).append(m)
        for pm in order:
            mv = _match(pm, by_action)
            if mv is not None:
                return mv
        if view.target is not None:
            # the plan could not use the target: any legal meld or lay-off with it
            for m in by_action.get(Action.MELD, []) + by_action.get(Action.LAYOFF, []):
                if view.target in cards_of(m):
                    return m
        if not by_action.get(Action.DISCARD):
            options = by_action.get(Action.MELD, []) + by_action.get(Action.LAYOFF, [])
            return options[0] if options else None
        return None

    def _holds(self, view: View, judge: Judge, split: Split, n: int) -> bool:
        """Whether to keep this turn's new melds in hand while every opponent
        holds more than `n` cards and the stock lasts, so that no opponent
        lays off on them. Never with a target to meld or when the whole hand
        can go down now."""
        if not n or view.target is not None:
            return False  # a taken card is melded first; the hold starts again after it
        if not split.melds or len(split.leftovers) <= 1:
            return False  # nothing to hold, or the whole hand goes down now
        if view.stock_count <= view.players:
            return False
        if not any(m.action == Action.DISCARD for m in view.legal_moves):
            return False
        opponents = [s for s in range(view.players) if s not in judge.partners]
        if not all(view.hand_sizes[s] > n for s in opponents):
            return False
        # a quiet opponent may be holding its own melds, to go out all at once
        return not (judge.p.hold_quiet and _quiet(view, opponents, judge.p.hold_quiet))

    def _contract_play(self, view: View, judge: Judge) -> Move | None:
        legal = view.legal_moves
        r = view.rules
        hand = list(view.hand)
        contracts = [m for m in legal if m.action == Action.CONTRACT]
        if contracts:

            def rest_value(m: Move) -> float:
                rest = minus(hand, cards_of(m))
                return -sum(1.0 if c.is_joker else card_value(r, c) for c in rest)

            return max(contracts, key=rest_value)
        layoffs = [m for m in legal if m.action == Action.LAYOFF]
        discards = [m for m in legal if m.action == Action.DISCARD]
        if layoffs:
            if not discards:  # a swapped joker must go back first
                jk = [m for m in layoffs if JOKER in cards_of(m)]
                return (jk or layoffs)[0]
            return max(
                layoffs, key=lambda m: (len(m.cards), sum(card_value(r, c) for c in cards_of(m)))
            )
        swaps = [m for m in legal if m.action == Action.SWAP]
        for m in swaps:
            c = cards_of(m)[0]
            if len(hand) >= 3 and not judge.fits_table(c):
                return m
        return None

    def discard_options(self, view: View, judge: Judge) -> list[tuple[float, Move]]:
        hand = list(view.hand)
        best: dict[Card, Move] = {}
        for m in view.legal_moves:
            if m.action != Action.DISCARD:
                continue
            c = card_of(m.cards[0])
            if c not in best or m.call:
                best[c] = m
        out: list[tuple[float, Move]] = []
        # between discards worth the same, the cheaper card goes (the dearer
        # one is worth more in a meld); without this the order of the moves would decide
        tie = 0.0 if judge.contract else 1e-6
        for c, m in best.items():
            rest = minus(hand, [c])
            v = judge.value(rest)
            out.append((v - judge.danger(c, protected=m.call) - tie * judge.vals[c.code], m))
        return out


def _quiet(view: View, seats: Iterable[int], turns: int) -> bool:
    """Whether one of `seats` has ended `turns` turns of this deal (by a
    discard) without laying a card on the table."""
    ended: Counter[int] = Counter()
    shown: set[int] = set()
    for m in view.log:
        if m.seat is None:
            continue
        if m.action == Action.DISCARD:
            ended[m.seat] += 1
        elif m.action in (Action.MELD, Action.LAYOFF, Action.RUMMY):
            shown.add(m.seat)
    return any(ended[s] >= turns and s not in shown for s in seats)


def unstick(view: View, discards: Sequence[Move], rng: random.Random) -> Move | None:
    """A discard that keeps round 7 of the contract games moving, or None.

    Round 7 is won only by laying down the whole hand as three runs. Jokers
    those runs can not hold (the rules' jokers per meld, times the runs) go
    first: with more the hand could never go out. And the round can get
    stuck: every player hoards the middle cards the others need while the
    stock goes round and round. Once the stock has been
    rebuilt, a player whose own hand is still three or more cards from
    going out gives up on it bit by bit: a growing share of its discards
    (30% more per rebuild, at most two thirds) is any card but a joker, so
    its hoard reaches the players who are close and the round can end.
    Other rounds and games are left alone."""
    r = view.rules
    if not r.last_round_goes_out_whole(view.round):
        return None
    cap = r.max_jokers_per_meld
    runs = CONTRACTS[view.round - 1][1]  # the whole-hand round's contract: runs only
    if cap is not None and sum(c.is_joker for c in view.hand) > runs * cap:
        jokers = [m for m in discards if m.action == Action.DISCARD and JOKER in cards_of(m)]
        if jokers:
            return jokers[0]
    if not view.reshuffled_at or contract_distance(r, view.hand, 7) < 3:
        return None
    chance = min(0.67, 0.3 * len(view.reshuffled_at))
    plain = sorted(
        (m for m in discards if m.action == Action.DISCARD and JOKER not in cards_of(m)), key=str
    )
    if not plain or rng.random() >= chance:
        return None
    return rng.choice(plain)


def _match(pm: PlannedMeld, by_action: dict[Action, list[Move]]) -> Move | None:
    want = Counter(c.code for c in pm.cards)
    if pm.kind == LAYOFF:
        for m in by_action.get(Action.LAYOFF, []):
            if m.number == pm.meld_id and Counter(c.code for c in cards_of(m)) == want:
                return m
        return None
    found: Move | None = None
    tokens = pm.tokens()
    for m in by_action.get(Action.MELD, []):
        if Counter(c.code for c in cards_of(m)) != want:
            continue
        if m.kind is not None and m.kind != pm.kind:
            continue
        if pm.kind == RUN and JOKER in pm.cards:
            if sorted(m.cards) == sorted(tokens):
                return m
            if found is None:
                found = m
            continue
        return m
    return found
