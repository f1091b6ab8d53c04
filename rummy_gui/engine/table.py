"""The table a move is played on: the rules, the seats and the game state,
with the small facts and steps every kind of move shares (whose move it is,
cards in hand, the stock and its rebuilding, starting a turn)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import Card, Token
from .enums import Phase
from .errors import IllegalMove, illegal
from .melds import Meld, Reading
from .notation import tokens_text
from .rules import Rules
from .state import GameState

# Enum members as module names: reading one off its enum class costs
# several times a global's lookup (Python 3.11), and these are read per move.
_GAME_OVER, _CLAIM, _DRAW = Phase.GAME_OVER, Phase.CLAIM, Phase.DRAW

# A checked move, ready to be played: it changes the state and returns nothing.
Apply = Callable[[], None]


def _illegal(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


def pretty(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def seat_sides(rules: Rules, players: int) -> tuple[tuple[int, ...], ...]:
    """Who plays with whom: the seats of each side. Partners sit opposite
    (RULES.md 3.8: seats 0 and 2 against 1 and 3); without partnerships
    each seat is a side of its own."""
    if rules.partnerships:
        return tuple(tuple(range(side, players, 2)) for side in range(2))
    return tuple((s,) for s in range(players))


class Table:
    """The rules, the number of seats and the state of one game."""

    __slots__ = ("players", "rules", "s")

    def __init__(self, rules: Rules, players: int, state: GameState) -> None:
        self.rules = rules
        self.players = players
        self.s = state

    # --- seats and sides
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return seat_sides(self.rules, self.players)

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.rules.partnerships else seat

    @property
    def to_act(self) -> tuple[int, ...]:
        s = self.s
        phase = s.phase
        if phase is _GAME_OVER:
            return ()
        if phase is _CLAIM and s.claim is not None:
            return s.claim.waiting()
        return (s.turn,)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def begin_turn(self, seat: int) -> None:
        s = self.s
        s.turn = seat
        s.phase = _DRAW
        s.claim = None
        s.turn_no += 1
        s.reset_turn()

    # --- cards in hand
    def tokens(self, tokens: Sequence[Token]) -> list[Token]:
        """A move's tokens, as a list (a move holds them typed: nothing to read)."""
        return list(tokens)

    def hand_tokens(self, seat: int, tokens: Sequence[Token]) -> list[Card]:
        """The cards the tokens name, checked against the hand."""
        cards = [t.card for t in tokens]
        held = self.s.hands[seat]
        hand = list(held)
        for c in cards:
            if c in hand:
                hand.remove(c)
            else:
                have = held.count(c)
                if have == 0:
                    raise _illegal("not_in_hand", card=c.pretty)
                raise _illegal("not_enough", card=c.pretty, have=have, need=cards.count(c))
        return cards

    def may_discard(self, seat: int, card: Card) -> bool:
        return self.s.hands[seat].count(card) > self.s.restricted[card.code]

    def meld_by_id(self, number: int | None) -> Meld:
        for m in self.s.melds:
            if m.id == number:
                return m
        raise _illegal("no_meld", meld=number)

    def ambiguous(self, options: Sequence[Reading], cards: Sequence[Card]) -> IllegalMove:
        kinds = {o.kind for o in options}
        if len(kinds) > 1:
            return _illegal("ambiguous_kind", cards=pretty(cards))
        examples = " or ".join(tokens_text(o.tokens(True)) for o in options[:3])
        return _illegal("ambiguous_joker", cards=pretty(cards), options=examples)

    # --- the stock (RULES.md 3.5, 4.5 and 4.7)
    def may_rebuild_stock(self) -> bool:
        """Contract family: may the pile under its top card become the stock now?"""
        limit = self.rules.reshuffles
        return (
            self.rules.is_contract
            and len(self.s.discard) >= 2
            and (limit is None or len(self.s.reshuffles) < limit)
        )

    def reshuffles_left(self) -> int | None:
        limit = self.rules.reshuffles
        if not self.rules.is_contract:
            return 0
        return None if limit is None else max(0, limit - len(self.s.reshuffles))

    def take_from_stock(self) -> Card | None:
        s = self.s
        if not s.stock and self.may_rebuild_stock():
            top = s.discard[-1]
            rest = s.discard[:-1]
            s.reshuffles.append(len(s.moves) - s.deal_moves)
            s.rng.shuffle(rest)
            s.stock = rest
            s.discard = [top]
        return s.stock.pop() if s.stock else None

    def cards_obtainable(self, keep_in_pile: int = 1) -> int:
        """Cards the stock can still give (rebuilt from the pile while a reshuffle is left)."""
        limit = self.rules.reshuffles
        s = self.s
        may_rebuild = self.rules.is_contract and (limit is None or len(s.reshuffles) < limit)
        return len(s.stock) + (max(0, len(s.discard) - keep_in_pile) if may_rebuild else 0)
