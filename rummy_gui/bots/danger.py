"""What a discard may give the other players (`Danger`), one of the
judgments of `Judge`: lay-offs it feeds, a rummy call it opens, and what
the next players want, by memory or on guessed hands."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Callable

from ..engine.cards import Card
from ..engine.combos import possible_melds
from ..engine.view import View
from .memory import Memory
from .solver import best_split, card_value, contract_distance
from .tuning import Params


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


class Danger:
    """The danger of discards for one view (`Judge.danger` asks it)."""

    def __init__(
        self,
        view: View,
        params: Params,
        memory: Memory | None,
        partners: tuple[int, ...],
        fits_table: Callable[[Card], bool],
    ) -> None:
        self.view = view
        self.p = params
        self.rules = view.rules
        self.me = view.seat
        self.memory = memory
        self.table = view.melds
        self.contract = self.rules.is_contract
        self.partners = partners
        self.fits_table = fits_table
        self._guessed: list[dict[int, list[Card]]] | None = None
        self._opp_cache: dict[tuple[int, tuple[int, ...]], float] = {}

    def of(self, card: Card, protected: bool = False) -> float:
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
