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
from ..engine.enums import Action
from ..engine.melds import Token
from ..engine.moves import Move
from ..engine.view import View


def card_of(token: Token) -> Card:
    return token.card


@dataclass
class Memory:
    """Public knowledge of one seat about the current deal."""

    # cards in other hands, the stock or face down on the table (RULES.md 3.9),
    # as far as this seat knows
    unseen: Counter[Card]
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


@dataclass
class _Replay:
    """The public cards after a prefix of a deal's log."""

    log: tuple[Move, ...]
    upcard: Card | None
    reshuffled: tuple[int, ...]
    known: list[Counter[Card]]
    refused: list[set[Card]]
    took: list[int]
    pile: list[Card]

    def copy(self) -> _Replay:
        return _Replay(
            self.log,
            self.upcard,
            self.reshuffled,
            [Counter(k) for k in self.known],
            [set(r) for r in self.refused],
            list(self.took),
            list(self.pile),
        )


# Replays by (log length, id of the last move), so that the next view of
# the same deal replays only the moves since (a bot's rollouts ask for a
# view at every move). An entry is used only if its moves equal the view's.
_REPLAYS: dict[tuple[int, int], _Replay] = {}
_BACK = 12  # how many moves back a stored replay is looked for


def _replay(view: View) -> _Replay:
    log = view.log
    n = len(log)
    start: _Replay | None = None
    for k in range(n, max(0, n - _BACK) - 1, -1):
        if k == 0:
            break
        hit = _REPLAYS.get((k, id(log[k - 1])))
        if (
            hit is not None
            and len(hit.known) == view.players  # ids are reused: another game's log may match
            and hit.upcard == view.upcard
            and hit.log == log[:k]
            and hit.reshuffled == tuple(i for i in view.reshuffled_at if i < k)
        ):
            start = hit.copy() if k < n else hit
            break
    if start is None:
        players = view.players
        start = _Replay(
            (),
            view.upcard,
            (),
            [Counter() for _ in range(players)],
            [set() for _ in range(players)],
            [0] * players,
            [view.upcard] if view.upcard is not None else [],
        )
    if len(start.log) == n:
        return start
    reshuffled = set(view.reshuffled_at)
    for i in range(len(start.log), n):
        _step(start, i, log[i], i in reshuffled)
    start.log = log
    start.reshuffled = tuple(i for i in view.reshuffled_at if i < n)
    if n:
        if len(_REPLAYS) > 4096:
            _REPLAYS.clear()
        _REPLAYS[(n, id(log[-1]))] = start
    return start


def forget() -> None:
    """Drop the stored replays (views replay from the start without them)."""
    _REPLAYS.clear()


def _step(st: _Replay, _i: int, m: Move, reshuffled: bool) -> None:
    known, pile = st.known, st.pile
    s = m.seat if m.seat is not None else 0
    a = m.action
    if a == Action.DISCARD:
        c = card_of(m.cards[0])
        pile.append(c)
        if known[s][c]:
            known[s][c] -= 1
    elif a in (Action.TAKE, Action.RUMMY):
        k = m.number or 1
        taken = pile[-k:] if k <= len(pile) else list(pile)
        del pile[-k:]
        known[s].update(taken)
        st.took[s] += 1
    elif a == Action.BUY:
        if pile:
            known[s][pile.pop()] += 1
        if reshuffled:  # the penalty card came from a stock rebuilt from the pile
            del pile[:-1]
    elif a == Action.DRAW:
        if pile:
            st.refused[s].add(pile[-1])
        if reshuffled:  # the stock was rebuilt from the pile but its top card
            del pile[:-1]
    elif a == Action.SHANGHAI:
        if pile:
            pile.pop()
    elif a in (Action.MELD, Action.LAYOFF):
        for t in m.cards:
            c = card_of(t)
            if known[s][c]:
                known[s][c] -= 1
    elif a == Action.CONTRACT:
        for g in m.groups:
            for t in g:
                c = card_of(t)
                if known[s][c]:
                    known[s][c] -= 1
    elif a == Action.SWAP:
        c = card_of(m.cards[0])
        if known[s][c]:
            known[s][c] -= 1
        known[s][JOKER] += 1


_PACKS: dict[tuple[int, int], Counter[Card]] = {}


def remember(view: View) -> Memory:
    """Replay the deal's log on public cards only."""
    n = view.players
    st = _replay(view)
    # what each opponent picked up and still holds (+ copies and drops zeros);
    # nothing about this seat's own hand, which it sees
    known = [Counter() if s == view.seat else +k for s, k in enumerate(st.known)]
    refused = [set(r) for r in st.refused]
    took = list(st.took)
    pile = list(st.pile)
    # unseen: the whole pack less what this seat can see
    rules = view.rules
    size = (rules.decks(n), rules.joker_count(n))
    pack = _PACKS.get(size)
    if pack is None:
        pack = _PACKS[size] = Counter(make_pack(*size))
    unseen: Counter[Card] = Counter(pack)
    unseen.subtract(view.hand)
    unseen.subtract(view.discard_pile)
    for meld in view.melds:
        unseen.subtract(meld.cards)
    unseen = +unseen
    # cards known to be in a hand are not free to be anywhere else
    return Memory(unseen, known, refused, took, pile)
