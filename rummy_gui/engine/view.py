"""What one seat may know: its own hand and every public card and fact.

Bots decide from a View only. A view can be *determinized* — given a guess
of the hidden cards it becomes a full Game to search in — without ever
holding the real hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import Card
from .enums import Phase
from .melds import Meld
from .moves import Move
from .rules import Rules

if TYPE_CHECKING:
    from .game import Claim, Game


@dataclass(frozen=True)
class View:
    """A seat's knowledge of the game at one moment."""

    seat: int
    rules: Rules
    players: int
    phase: Phase
    turn: int
    to_act: tuple[int, ...]
    dealer: int
    round: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard_pile: tuple[Card, ...]
    stock_count: int
    melds: tuple[Meld, ...]
    totals: tuple[int, ...]
    deal_scores: tuple[int, ...] | None
    sides: tuple[tuple[int, ...], ...]
    claim: Claim | None
    target: Card | None  # the card this seat took and must still meld
    restricted: tuple[Card, ...]  # cards this seat may not discard this turn
    laid_down: tuple[bool, ...]  # contract family: who has laid down the contract
    buys_left: tuple[int | None, ...]
    protected: bool  # the top discard is protected by a Shanghai call
    final_turns: int | None  # Pinochle: turns left after the stock ran out
    turn_number: int
    upcard: Card | None  # the deal's first discard
    log: tuple[Move, ...]  # every move of this deal, in order (all public)
    reshuffled_at: tuple[int, ...]  # log indexes of the moves during which the pile became the stock
    legal_moves: tuple[Move, ...]  # this seat's legal moves now
    _shell: Game  # the game with every hidden card removed

    @property
    def preset(self) -> str:
        return self.rules.preset

    @property
    def my_turn(self) -> bool:
        return self.seat in self.to_act

    def unseen_count(self) -> int:
        """How many cards this seat cannot see (other hands and the stock)."""
        return self.stock_count + sum(n for s, n in enumerate(self.hand_sizes) if s != self.seat)

    def determinize(self, hands: Mapping[int, Sequence[Card]], stock: Sequence[Card],
                    seed: int = 0) -> Game:
        """A full game consistent with this view: `hands` for the other seats
        (their sizes must match), `stock` top card last. For bots' searches."""
        g = self._shell.copy()
        for s, cards in hands.items():
            if s == self.seat:
                continue
            if len(cards) != self.hand_sizes[s]:
                raise ValueError(f"seat {s} holds {self.hand_sizes[s]} cards, not {len(cards)}")
            g._hands[s] = list(cards)
        if len(stock) != self.stock_count:
            raise ValueError(f"the stock holds {self.stock_count} cards, not {len(stock)}")
        g._stock = list(stock)
        g._rng = random.Random(seed)
        g._moves, g._deal_moves = list(self.log), 0  # the deal's public log, for memories
        g._legal_cache = None
        g._prepared = {}
        return g


def make_view(game: Game, seat: int) -> View:
    if not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat}")
    shell = game.copy(history=False)
    for s in range(game.players):
        if s != seat:
            shell._hands[s] = []
    shell._stock = []
    shell._rng = random.Random(0)
    shell._layout = None
    shell.seed = 0  # the seed would let a bot re-deal the hidden cards
    legal = tuple(m for m in game.legal_moves if m.seat == seat)
    restricted: list[Card] = []
    if seat == game.turn:
        for c in set(game._hands[seat]):
            restricted.extend([c] * min(game._restricted[c.code], game._hands[seat].count(c)))
    return View(
        seat=seat,
        rules=game.rules,
        players=game.players,
        phase=game.phase,
        turn=game.turn,
        to_act=game.to_act,
        dealer=game.dealer,
        round=game.round,
        hand=tuple(game._hands[seat]),
        hand_sizes=tuple(len(h) for h in game._hands),
        discard_pile=tuple(game._discard),
        stock_count=len(game._stock),
        melds=tuple(m.copy() for m in game._melds),
        totals=tuple(game._totals),
        deal_scores=None if game._deal_scores is None else tuple(game._deal_scores),
        sides=game.sides,
        claim=None if game.claim is None else game.claim.copy(),
        target=game._target if seat == game.turn else None,
        restricted=tuple(restricted),
        laid_down=tuple(t is not None for t in game._contract_turn),
        buys_left=tuple(game.buys_left(s) for s in range(game.players)),
        protected=game._protected,
        final_turns=game._final_turns,
        turn_number=game._turn_no,
        upcard=game._upcard,
        log=tuple(game._moves[game._deal_moves:]),
        reshuffled_at=tuple(game._reshuffles),
        legal_moves=legal,
        _shell=shell,
    )
