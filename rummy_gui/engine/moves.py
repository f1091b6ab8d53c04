"""Moves as small immutable values with one text form (RULES.md section 7).

``Move.parse(str(m)) == m`` for every move. Card tokens are kept in their
normal written form ("10H", "JK", "JK=8S", "JK=8"); the game reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .enums import Action
from .errors import IllegalMove, illegal
from .melds import RUN, SET, Token

ACTIONS = tuple(a.value for a in Action)

__all__ = ["ACTIONS", "Action", "IllegalMove", "Move", "parse_move"]


def _error(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


def _norm_token(text: str) -> str:
    try:
        return str(Token.parse(text))
    except ValueError as e:
        raise _error("bad_card", text=str(e)) from None


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
    swap and discard: card tokens as written), `number` (take/rummy/cut: how
    many cards; layoff/swap/shanghai: the meld's id), `kind` (meld: "set" or
    "run" when declared), `groups` (contract: its melds), `call` (discard with
    the protective Shanghai call). A value that does not fit its action is
    refused with MalformedMove."""

    action: Action
    seat: int | None = None
    cards: tuple[str, ...] = ()
    number: int | None = None
    kind: str | None = None
    groups: tuple[tuple[str, ...], ...] = ()
    call: bool = False

    def __post_init__(self) -> None:
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
        cards: tuple[str, ...] = (),
        number: int | None = None,
        kind: str | None = None,
        groups: tuple[tuple[str, ...], ...] = (),
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
            f"cards={list(self.cards)}, number={self.number}, kind={self.kind}, "
            f"groups={[list(g) for g in self.groups]}, call={self.call}"
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
        a = self.action
        if a in (Action.DRAW, Action.BUY, Action.PASS, Action.DEAL):
            return str(a.value)
        if a in (Action.TAKE, Action.RUMMY, Action.CUT):
            return f"{a.value} {self.number}"
        if a is Action.MELD:
            word = f"{self.kind} " if self.kind else ""
            return f"meld {word}{' '.join(self.cards)}"
        if a is Action.LAYOFF:
            return f"layoff {' '.join(self.cards)} to {self.number}"
        if a is Action.SWAP:
            return f"swap {self.cards[0]} in {self.number}"
        if a is Action.DISCARD:
            return f"discard {self.cards[0]}" + (" shanghai" if self.call else "")
        if a is Action.SHANGHAI:
            return f"shanghai to {self.number}"
        if a is Action.CONTRACT:
            return "contract " + " / ".join(" ".join(g) for g in self.groups)
        raise AssertionError(a)  # pragma: no cover

    def __str__(self) -> str:
        body = self.body()
        return body if self.seat is None else f"{self.seat}: {body}"

    @staticmethod
    def parse(text: str) -> Move:
        """Move text -> Move. Raises MalformedMove (an IllegalMove, a ValueError)
        naming the problem."""
        return parse_move(text)


def _number(word: str, _what: str, minimum: int = 1) -> int:
    if not word.isdigit() or int(word) < minimum:
        raise _error("bad_number", text=word)
    return int(word)


USAGE: dict[str, str] = {
    "draw": "draw",
    "take": "take N",
    "meld": "meld 7H 8H 9H",
    "layoff": "layoff 9S to 3",
    "swap": "swap 8H in 3",
    "discard": "discard KD",
    "rummy": "rummy N",
    "buy": "buy",
    "shanghai": "shanghai to 3",
    "pass": "pass",
    "cut": "cut N",
    "contract": "contract 7H 7S 7D / 9C 10C JC QC",
    "deal": "deal",
}


def parse_move(text: str) -> Move:
    if not isinstance(text, str):
        raise _error("bad_move", text=repr(text))
    raw = text.strip()
    seat: int | None = None
    if ":" in raw:
        head, _, raw = raw.partition(":")
        head = head.strip()
        if not head.isdigit():
            raise _error("bad_seat", text=head)
        seat = int(head)
        raw = raw.strip()
    words = raw.split()
    if not words:
        raise _error("empty_move")
    try:
        action = Action(words[0].lower())
    except ValueError:
        raise _error("unknown_action", text=words[0]) from None
    args = words[1:]

    def usage() -> IllegalMove:
        return _error("bad_syntax", text=raw, usage=USAGE[action])

    if action in (Action.DRAW, Action.BUY, Action.PASS, Action.DEAL):
        if args:
            raise usage()
        return Move(action, seat)
    if action in (Action.TAKE, Action.RUMMY, Action.CUT):
        if len(args) != 1:
            raise usage()
        return Move(action, seat, number=_number(args[0], f"how many cards to {action}"))
    if action is Action.MELD:
        kind = None
        if args and args[0].lower() in (SET, RUN):
            kind = args[0].lower()
            args = args[1:]
        if not args:
            raise usage()
        return Move(action, seat, tuple(_norm_token(a) for a in args), kind=kind)
    if action in (Action.LAYOFF, Action.SWAP):
        link = "to" if action is Action.LAYOFF else "in"
        if len(args) < 3 or args[-2].lower() != link or (action is Action.SWAP and len(args) != 3):
            raise usage()
        cards = tuple(_norm_token(a) for a in args[:-2])
        return Move(action, seat, cards, number=_number(args[-1], "the meld's number"))
    if action is Action.DISCARD:
        call = False
        if len(args) == 2 and args[1].lower() == Action.SHANGHAI.value:
            call = True
            args = args[:1]
        if len(args) != 1:
            raise usage()
        return Move(action, seat, (_norm_token(args[0]),), call=call)
    if action is Action.SHANGHAI:
        if len(args) != 2 or args[0].lower() != "to":
            raise usage()
        return Move(action, seat, number=_number(args[1], "the meld's number"))
    if action is Action.CONTRACT:
        groups_text = " ".join(args).split("/")
        groups = tuple(tuple(_norm_token(a) for a in g.split()) for g in groups_text)
        if not args or any(not g for g in groups):
            raise usage()
        return Move(action, seat, groups=groups)
    raise usage()  # pragma: no cover
