"""The judgment of hands (`Judge`): one evaluation serves every kind of move.

- 500 family: the solver's best split (melds and lay-offs on the table)
  plus the promise of near-melds (pairs, run fragments), each weighted by how
  many of the missing cards are still unseen;
- contract family, before the contract: how many cards the contract still
  lacks, then the penalty held; after it: the penalty of cards that can not
  be laid off.

What a discard gives the other players is `danger.Danger`'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..engine.cards import JOKER, NATURALS, SUITS, Card
from ..engine.melds import Meld, run_bounds
from ..engine.view import View
from .danger import Danger
from .decisions import minus
from .memory import Memory, remember
from .solver import Split, best_split, card_value, card_values, contract_distance, fits_alone
from .tuning import Params

_ALL = [*NATURALS, JOKER]


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
        self._danger: Danger | None = None
        self._fits: dict[int, bool] = {}
        self.vals = card_values(self.rules)
        self.bounds = run_bounds(self.rules)  # where runs may lie: the near-runs `promise` counts

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
                    for si in range(len(SUITS)):
                        code = si * 13 + a.rank - 1
                        if contract or (code != a.code and code != b.code):
                            outs += unseen[code]
                    total += worth * min(outs, 4.0) / 4.0
                elif runs_ok and a.suit == b.suit:
                    need = self._run_gaps(a.rank, b.rank)
                    if need:
                        base = a.code - a.rank + 1
                        outs = jokers_unseen + sum(unseen[base + (q - 1) % 13] for q in need)
                        total += 0.8 * worth * min(outs, 2.0) / 2.0
        return total

    def _run_gaps(self, x: int, y: int) -> tuple[int, ...]:
        """The ranks that would make these two ranks of one suit a run of three
        where the rules let runs lie (an ace is 1, or 14 where it may be high)."""
        lo_b, hi_b = self.bounds
        found: list[int] = []
        for p in {x, 14 if x == 1 else x}:
            for q in {y, 14 if y == 1 else y}:
                lo, hi = min(p, q), max(p, q)
                if hi - lo not in (1, 2) or lo < lo_b or hi > hi_b:
                    continue
                starts = (lo - 1, lo) if hi - lo == 1 else (lo,)
                for start in starts:
                    if lo_b <= start and start + 2 <= hi_b:
                        found.extend(r for r in range(start, start + 3) if r not in (p, q))
        return tuple(found)

    def run_promise(self, cards: Sequence[Card]) -> float:
        """Points runs of `min_run` short of one or two unseen cards could
        still make (`promise` counts only pairs where runs are long)."""
        r = self.rules
        n = r.min_run
        unseen = self.unseen_codes
        vals = self.vals
        total = 0.0
        lo_b, hi_b = run_bounds(r)  # where the rules let a run start and end (14: the high ace)
        for si, suit in enumerate(SUITS):
            held = {c.rank: c for c in cards if not c.is_joker and c.suit == suit}
            if len(held) < n - 2:
                continue
            if 1 in held and hi_b == 14:
                held[14] = held[1]
            best = 0.0
            for lo in range(lo_b, hi_b - n + 2):
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
        if self._danger is None:
            self._danger = Danger(self.view, self.p, self.memory, self.partners, self.fits_table)
        return self._danger.of(card, protected)
