"""The rule-based players: easy and medium, and the judgment hard builds on.

Both decide every kind of move with one evaluation of a hand:
- 500 family: the solver's best split (melds and lay-offs on the table)
  plus the promise of near-melds (pairs, run fragments), each weighted by how
  many of the missing cards are still unseen;
- contract family, before the contract: how many cards the contract still
  lacks, then the penalty held; after it: the penalty of cards that can not
  be laid off.

Easy plays that evaluation without memory and makes some mistakes; medium
also remembers every public card, watches what each opponent picks up, and
avoids feeding them.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..engine.cards import JOKER, Card
from ..engine.melds import RUN, Meld, Token, layoff_fits
from ..engine.moves import Move
from ..engine.search import possible_melds
from ..engine.view import View
from .memory import Memory, card_of, remember
from .solver import LAYOFF, PlannedMeld, best_split, card_value, contract_distance


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


EASY = Params(memory=False, mistakes=0.15, deep_takes=False, potential=0.2, danger=0.0,
              draw_samples=0)
MEDIUM = Params()


def decision_rng(seed: int, view: View, salt: str = "") -> random.Random:
    """A generator fixed by the seed and the moment of the deal (same view, same draws)."""
    top = str(view.discard_pile[-1]) if view.discard_pile else "-"
    key = (f"{seed}|{salt}|{view.seat}|{view.round}|{view.turn_number}|{len(view.log)}|"
           f"{view.phase}|{top}|{' '.join(sorted(str(c) for c in view.hand))}")
    return random.Random(zlib.crc32(key.encode()))


def cards_of(move: Move) -> list[Card]:
    if move.action == "contract":
        return [card_of(t) for g in move.groups for t in g]
    return [card_of(t) for t in move.cards]


def minus(hand: Sequence[Card], cards: Iterable[Card]) -> list[Card]:
    out = list(hand)
    for c in cards:
        out.remove(c)
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
        self.laid = bool(view.laid_down[self.me]) if self.contract else True
        self._cache: dict[tuple[int, ...], float] = {}

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

    def _value(self, hand: Sequence[Card]) -> float:
        r = self.rules
        if not self.contract:
            split = best_split(r, hand, self.table)
            return split.score + self.p.potential * self.promise(split.leftovers)
        if not self.laid:
            d = contract_distance(r, hand, self.view.round)
            pen = sum(card_value(r, c) for c in hand if not c.is_joker)
            return -12.0 * d - 0.15 * pen + 0.4 * self.promise(hand) * self.p.potential
        # laid down: only lay-offs can empty the hand
        out = 0.0
        for c in hand:
            v = card_value(r, c)
            out -= v * (0.25 if self.fits_table(c) else 1.0) + 1.0
        return out

    def fits_table(self, card: Card) -> bool:
        tok = [Token(card)]
        return any(layoff_fits(self.rules, m, tok) for m in self.table)

    def promise(self, cards: Sequence[Card]) -> float:
        """Points near-melds among these cards could still make."""
        r = self.rules
        nat = [c for c in cards if not c.is_joker]
        jokers_unseen = self.unseen(JOKER) if r.jokers and not r.jokers_only_in_joker_sets else 0.0
        total = 0.0
        for i, a in enumerate(nat):
            for b in nat[i + 1:]:
                worth = card_value(r, a) + card_value(r, b) + 5
                if a.rank == b.rank and (a.suit != b.suit or self.contract):
                    outs = jokers_unseen + sum(self.unseen(Card(a.rank, s)) for s in "CDHS"
                                               if self.contract or s not in (a.suit, b.suit))
                    total += worth * min(outs, 4.0) / 4.0
                elif a.suit == b.suit and self.rules.min_run <= 4:
                    gap = abs(a.rank - b.rank)
                    if gap in (1, 2) or (gap in (11, 12) and 1 in (a.rank, b.rank)):
                        lo, hi = sorted((a.rank, b.rank))
                        if gap == 1:
                            need = [lo - 1, hi + 1]
                        elif gap == 2:
                            need = [lo + 1]
                        else:
                            need = [12] if gap == 11 else [13]
                        outs = jokers_unseen + sum(self.unseen(Card(q, a.suit)) for q in need
                                                   if 1 <= q <= 13)
                        total += 0.8 * worth * min(outs, 2.0) / 2.0
        return total

    def after_discard(self, hand: Sequence[Card], keep: Sequence[Card] = ()) -> float:
        """A hand's value once its least useful card is thrown (not one of `keep`)."""
        best = self.value(hand)
        if len(hand) <= 1:
            return best
        r = self.rules
        if not self.contract:
            split = best_split(r, hand, self.table)
            pool = [c for c in split.leftovers if c not in keep] or \
                [c for c in hand if c not in keep]
            if not pool:
                return best
            worst = max(pool, key=lambda c: card_value(r, c))
            return self.value(minus(hand, [worst]))
        cands = sorted({c for c in hand if c not in keep and not c.is_joker},
                       key=lambda c: -card_value(r, c))[:4]
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
        return max(base, sum(self.after_discard(list(hand) + [c]) for c in tries) / len(tries))

    # ------------------------------------------------------------ discards
    def danger(self, card: Card, protected: bool = False) -> float:
        """What throwing this card may give the other players."""
        if self.p.danger <= 0:
            return 0.0
        r = self.rules
        v = card_value(r, card)
        d = 0.0
        if not protected and self.fits_table(card):
            d += (2.0 * v if not self.contract else 0.5 * v + 3.0)
        if not self.contract and r.rummy_call == "full" and self._pile_meld(card):
            d += 25.0
        mem = self.memory
        if mem is not None:
            n = self.view.players
            partners = next((s for s in self.view.sides if self.me in s), (self.me,))
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
        return self.p.danger * d

    def _pile_meld(self, card: Card) -> bool:
        """Would a rummy call find a meld of pile cards with this card on top?"""
        if card.is_joker:
            return False
        near = [x for x in self.view.discard_pile
                if x.is_joker or x.rank == card.rank
                or (x.suit == card.suit and abs(x.rank - card.rank) < self.rules.min_run + 1)]
        if len(near) < 2:
            return False
        return any(card in m.cards for m in possible_melds(self.rules, near + [card]))


# ---------------------------------------------------------------- the player


class RuleBot:
    """Easy and medium: the evaluation above, move by move."""

    level = "medium"

    def __init__(self, seed: int = 0, params: Params = MEDIUM, level: str = "medium") -> None:
        self.seed = seed
        self.params = params
        self.level = level

    def choose(self, view: View) -> Move:
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"seat {view.seat} has no move now")
        if len(legal) == 1:
            return legal[0]
        rng = decision_rng(self.seed, view, self.level)
        move = self.decide(view, rng)
        return move if move in legal else rng.choice(legal)

    # scored options at the decisions that matter (hard samples among these)
    def options(self, view: View, rng: random.Random) -> list[tuple[float, Move]]:
        judge = Judge(view, self.params)
        phase = view.phase
        if phase == "draw":
            return self.draw_options(view, judge, rng)
        if phase == "claim":
            return self.claim_options(view, judge)
        if phase == "play" and self.plan_move(view, judge) is None:
            return self.discard_options(view, judge)
        return []

    def decide(self, view: View, rng: random.Random) -> Move:
        legal = view.legal_moves
        phase = view.phase
        if phase == "cut":
            return rng.choice(legal)
        if phase in ("deal_over", "rummy_layoff"):
            return legal[0]
        judge = Judge(view, self.params)
        if phase == "draw":
            opts = self.draw_options(view, judge, rng)
        elif phase == "claim":
            opts = self.claim_options(view, judge)
        else:
            planned = self.plan_move(view, judge)
            if planned is not None:
                return planned
            opts = self.discard_options(view, judge)
            if opts and self.params.mistakes and rng.random() < self.params.mistakes:
                return rng.choice(opts)[1]
        if not opts:
            return rng.choice(legal)
        return max(opts, key=lambda o: o[0])[1]

    # ------------------------------------------------------------ draw
    def draw_options(self, view: View, judge: Judge, rng: random.Random) -> list[tuple[float, Move]]:
        hand = list(view.hand)
        pile = view.discard_pile
        out: list[tuple[float, Move]] = []
        easy = not self.params.deep_takes
        for m in view.legal_moves:
            if m.action == "draw":
                out.append((judge.draw_value(hand, rng), m))
            elif m.action == "pass":
                out.append((judge.after_discard(hand), m))
            elif m.action == "take":
                n = m.number or 1
                if easy and n > 1:
                    continue
                taken = list(pile[-n:])
                new = hand + taken
                keep = taken if n == 1 else taken[:-1]
                v = judge.after_discard(new, keep)
                if easy and not self._melds_at_once(view, judge, hand, taken[0]):
                    v -= 1000.0
                out.append((v, m))
        return out

    def _melds_at_once(self, view: View, judge: Judge, hand: list[Card], card: Card) -> bool:
        r = view.rules
        if r.is_contract:
            if judge.laid:
                return judge.fits_table(card)
            return contract_distance(r, hand + [card], view.round) < contract_distance(r, hand, view.round)
        split = best_split(r, hand + [card], view.melds)
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
            if m.action == "pass":
                out.append((base, m))
            elif m.action == "rummy":
                if r.rummy_call == "last":
                    out.append((base + 10.0, m))
                    continue
                n = m.number or 1
                if not self.params.deep_takes and n > 1:
                    continue
                taken = list(view.discard_pile[-n:])
                keep = taken if n == 1 else taken[:-1]
                out.append((judge.after_discard(hand + taken, keep) + 4.0, m))
            elif m.action == "buy":
                if judge.laid or view.round == 7:
                    continue  # round 7 goes out with the whole hand: more cards only hurt
                new = hand + [claim.card]
                d0 = contract_distance(r, hand, view.round)
                d1 = contract_distance(r, new, view.round)
                if d0 - d1 >= self.params.buy_margin and len(hand) < 16:
                    gain = 12.0 * (d0 - d1) - 6.0 * r.buy_penalty
                    out.append((base + gain, m))
            elif m.action == "shanghai":
                d = contract_distance(r, hand, view.round) if not judge.laid else 0
                if judge.laid or d >= 3 or not self.params.memory:
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
        order = sorted(split.melds, key=lambda pm: (
            view.target is None or view.target not in pm.cards, pm.kind == LAYOFF, -pm.value))
        by_action: dict[str, list[Move]] = {}
        for m in legal:
            by_action.setdefault(m.action, []).append(m)
        for pm in order:
            mv = _match(pm, by_action)
            if mv is not None:
                return mv
        if view.target is not None:
            # the plan could not use the target: any legal meld or lay-off with it
            for m in by_action.get("meld", []) + by_action.get("layoff", []):
                if view.target in cards_of(m):
                    return m
        if not by_action.get("discard"):
            options = by_action.get("meld", []) + by_action.get("layoff", [])
            return options[0] if options else None
        return None

    def _contract_play(self, view: View, judge: Judge) -> Move | None:
        legal = view.legal_moves
        r = view.rules
        hand = list(view.hand)
        contracts = [m for m in legal if m.action == "contract"]
        if contracts:
            def rest_value(m: Move) -> float:
                rest = minus(hand, cards_of(m))
                return -sum(1.0 if c.is_joker else card_value(r, c) for c in rest)
            return max(contracts, key=rest_value)
        layoffs = [m for m in legal if m.action == "layoff"]
        discards = [m for m in legal if m.action == "discard"]
        if layoffs:
            if not discards:  # a swapped joker must go back first
                jk = [m for m in layoffs if JOKER in cards_of(m)]
                return (jk or layoffs)[0]
            return max(layoffs, key=lambda m: (len(m.cards), sum(card_value(r, c) for c in cards_of(m))))
        swaps = [m for m in legal if m.action == "swap"]
        for m in swaps:
            c = cards_of(m)[0]
            if len(hand) >= 3 and not judge.fits_table(c):
                return m
        return None

    def discard_options(self, view: View, judge: Judge) -> list[tuple[float, Move]]:
        hand = list(view.hand)
        best: dict[Card, Move] = {}
        for m in view.legal_moves:
            if m.action != "discard":
                continue
            c = card_of(m.cards[0])
            if c not in best or m.call:
                best[c] = m
        out: list[tuple[float, Move]] = []
        for c, m in best.items():
            rest = minus(hand, [c])
            v = judge.value(rest) - judge.danger(c, protected=m.call)
            out.append((v, m))
        return out


def _match(pm: PlannedMeld, by_action: dict[str, list[Move]]) -> Move | None:
    want = Counter(c.code for c in pm.cards)
    if pm.kind == LAYOFF:
        for m in by_action.get("layoff", []):
            if m.number == pm.meld_id and Counter(c.code for c in cards_of(m)) == want:
                return m
        return None
    found: Move | None = None
    tokens = pm.tokens()
    for m in by_action.get("meld", []):
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
