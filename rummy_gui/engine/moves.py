"""Moves as small immutable values (RULES.md section 7).

A move holds typed values: its cards as `Token`s (a card, and for a joker
what the move says it stands for), a meld id or a count, the meld's kind.
Its one text form is `notation`'s: ``Move.parse(str(m)) == m`` for every move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card, Token, card_token
from .enums import Action
from .errors import IllegalMove, illegal
from .notation import USAGE, move_body, read_move, tokens_text

ACTIONS = tuple(a.value for a in Action)

__all__ = ["ACTIONS", "USAGE", "Action", "IllegalMove", "Move", "parse_move"]


def _error(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


def _tokens(cards: Iterable[object]) -> tuple[Token, ...]:
    """A move's cards as Tokens (a Card is its token); text is refused."""
    out = []
    for c in cards:
        if isinstance(c, Token):
            out.append(c)
        elif isinstance(c, Card):
            out.append(card_token(c))
        else:
            raise _error("bad_move", text=f"{c!r} is not a Card or a Token (Move.parse reads text)")
    return tuple(out)


# Which fields each action carries: (cards, number, kind, groups, call); the
# others keep their empty defaults.
_NONE = (False, False, False, False, False)
_SHAPES: dict[Action, tuple[bool, bool, bool, bool, bool]] = {
    Action.DRAW: _NONE,
    Action.BUY: _NONE,
    Action.PASS: _NONE,
    Action.DEAL: _NONE,
    Action.TAKE: (False, True, False, False, False),
    Action.RUMMY: (False, True, False, False, False),
    Action.CUT: (False, True, False, False, False),
    Action.SHANGHAI: (False, True, False, False, False),
    Action.MELD: (True, False, True, False, False),
    Action.LAYOFF: (True, True, False, False, False),
    Action.SWAP: (True, True, False, False, False),
    Action.DISCARD: (True, False, False, False, True),
    Action.CONTRACT: (False, False, False, True, False),
}


@dataclass(frozen=True, slots=True)
class Move:
    """One move. `seat` is None when the text named no seat.

    Which fields a move carries depends on its action: `cards` (meld, layoff,
    swap and discard: Tokens; Cards given are made their Tokens), `number` (take/rummy/cut: how
    many cards; layoff/swap/shanghai: the meld's id), `kind` (meld: "set" or
    "run" when declared), `groups` (contract: its melds), `call` (discard with
    the protective Shanghai call). A value that does not fit its action is
    refused with MalformedMove."""

    action: Action
    seat: int | None = None
    cards: tuple[Token, ...] = ()
    number: int | None = None
    kind: str | None = None
    groups: tuple[tuple[Token, ...], ...] = ()
    call: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _tokens(self.cards))
        object.__setattr__(self, "groups", tuple(_tokens(g) for g in self.groups))
        action = self.action
        if type(action) is not Action:
            try:
                action = Action(action)
            except ValueError:
                raise _error("unknown_action", text=str(action)) from None
            object.__setattr__(self, "action", action)
        has_cards, has_number, has_kind, has_groups, has_call = _SHAPES[action]
        if (
            (bool(self.cards) != has_cards)
            or ((self.number is not None) != has_number)
            or (self.kind is not None and not has_kind)
            or (bool(self.groups) != has_groups)
            or (self.call and not has_call)
            or (action in (Action.SWAP, Action.DISCARD) and len(self.cards) != 1)
        ):
            raise _error("bad_move", text=f"{action} with {self._fields_text()}")

    @classmethod
    def _valid(
        cls,
        action: Action,
        seat: int,
        cards: tuple[Token, ...] = (),
        number: int | None = None,
        kind: str | None = None,
        groups: tuple[tuple[Token, ...], ...] = (),
        call: bool = False,
    ) -> Move:
        """A move the engine built itself, whose fields fit its action: made
        without the checks of a move from outside (the move generator makes
        thousands)."""
        m = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(m, "action", action)
        setattr_(m, "seat", seat)
        setattr_(m, "cards", cards)
        setattr_(m, "number", number)
        setattr_(m, "kind", kind)
        setattr_(m, "groups", groups)
        setattr_(m, "call", call)
        return m

    def _fields_text(self) -> str:
        return (
            f"cards=[{tokens_text(self.cards)}], number={self.number}, kind={self.kind}, "
            f"groups=[{' / '.join(tokens_text(g) for g in self.groups)}], call={self.call}"
        )

    @property
    def meld_id(self) -> int | None:
        """layoff, swap, shanghai: the id of the meld the move plays to."""
        return self.number if self.action in (Action.LAYOFF, Action.SWAP, Action.SHANGHAI) else None

    @property
    def count(self) -> int | None:
        """take, rummy: how many cards of the discard pile; cut: how many cards lifted."""
        return self.number if self.action in (Action.TAKE, Action.RUMMY, Action.CUT) else None

    def with_seat(self, seat: int) -> Move:
        return Move(self.action, seat, self.cards, self.number, self.kind, self.groups, self.call)

    def body(self) -> str:
        """The move's text without its seat."""
        return move_body(self.action, self.cards, self.number, self.kind, self.groups, self.call)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __str__(self) -> str:
        body = self.body()
        return body if self.seat is None else f"{self.seat}: {body}"

    @staticmethod
    def parse(text: str) -> Move:
        """Move text -> Move. Raises MalformedMove (an IllegalMove, a ValueError)
        naming the problem."""
        return parse_move(text)


def parse_move(text: str) -> Move:
    return Move(*read_move(text))
