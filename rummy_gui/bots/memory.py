"""What a bot remembers: every public card of the deal, read from the view.

The view's log holds every move of the deal. Replaying it on the public
cards alone (the upcard, discards, takes, buys, melds) tells which cards
each opponent picked up from the discard pile and still holds, which top
discards each opponent refused, and which cards nobody has seen yet.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine.cards import JOKER, Card, make_pack
from ..engine.melds import Token
from ..engine.view import View


def card_of(token: str) -> Card:
    return Token.parse(token).card


@dataclass
class Memory:
    """Public knowledge of one seat about the current deal."""

    unseen: Counter[Card]  # cards in other hands or the stock, as far as this seat knows
    known: list[Counter[Card]]  # per seat: cards it picked up and has not played since
    refused: list[set[Card]] = field(default_factory=list)  # top discards a seat drew past
    took: list[int] = field(default_factory=list)  # how many discard-pile takes per seat
    pile: list[Card] = field(default_factory=list)  # the discard pile as the log rebuilds it

    def unseen_count(self, card: Card) -> int:
        return self.unseen.get(card, 0)

    def wants(self, seat: int, card: Card) -> float:
        """How much `seat` seems to want `card` (from the cards it picked up)."""
        score = 0.0
        if card.is_joker:
            return 2.0
        for k, n in self.known[seat].items():
            if k.is_joker:
                continue
            if k.rank == card.rank:
                score += 1.0 * n
            elif k.suit == card.suit and abs(k.rank - card.rank) <= 2:
                score += 0.7 * n
        if card in self.refused[seat]:
            score *= 0.5
        return score


def remember(view: View) -> Memory:
    """Replay the deal's log on public cards only."""
    n = view.players
    known: list[Counter[Card]] = [Counter() for _ in range(n)]
    refused: list[set[Card]] = [set() for _ in range(n)]
    took = [0] * n
    pile: list[Card] = [view.upcard] if view.upcard is not None else []
    reshuffled = set(view.reshuffled_at)
    for i, m in enumerate(view.log):
        s = m.seat if m.seat is not None else 0
        a = m.action
        if a == "discard":
            c = card_of(m.cards[0])
            pile.append(c)
            if known[s][c]:
                known[s][c] -= 1
        elif a in ("take", "rummy"):
            k = m.number or 1
            taken = pile[-k:] if k <= len(pile) else list(pile)
            del pile[-k:]
            known[s].update(taken)
            took[s] += 1
        elif a == "buy":
            if pile:
                known[s][pile.pop()] += 1
            if i in reshuffled:  # the penalty card came from a stock rebuilt from the pile
                del pile[:-1]
        elif a == "draw":
            if pile:
                refused[s].add(pile[-1])
            if i in reshuffled:  # the stock was rebuilt from the pile but its top card
                del pile[:-1]
        elif a == "shanghai":
            if pile:
                pile.pop()
        elif a in ("meld", "layoff"):
            for t in m.cards:
                c = card_of(t)
                if known[s][c]:
                    known[s][c] -= 1
        elif a == "contract":
            for g in m.groups:
                for t in g:
                    c = card_of(t)
                    if known[s][c]:
                        known[s][c] -= 1
        elif a == "swap":
            c = card_of(m.cards[0])
            if known[s][c]:
                known[s][c] -= 1
            known[s][JOKER] += 1
    # unseen: the whole pack less what this seat can see
    rules = view.rules
    unseen: Counter[Card] = Counter(make_pack(rules.decks(view.players), rules.joker_count(view.players)))
    unseen.subtract(view.hand)
    unseen.subtract(view.discard_pile)
    for meld in view.melds:
        unseen.subtract(meld.cards)
    for s in range(n):
        known[s] = +known[s]
        if s == view.seat:
            known[s] = Counter()
    unseen = +unseen
    # cards known to be in a hand are not free to be anywhere else
    return Memory(unseen, known, refused, took, pile)
