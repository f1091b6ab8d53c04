"""Moves as small immutable values with one text form (RULES.md section 7).

``Move.parse(str(m)) == m`` for every move. Card tokens are kept in their
normal written form ("10H", "JK", "JK=8S", "JK=8"); the game reads them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .melds import RUN, SET, Token
from .messages import message

ACTIONS = (
    "draw", "take", "meld", "layoff", "swap", "discard", "rummy", "buy",
    "shanghai", "pass", "cut", "contract", "deal",
)


class IllegalMove(ValueError):
    """A move the rules refuse, or text that is not a move.

    `code` is a stable message id and `params` its values, for translation;
    str() is the English sentence."""

    def __init__(self, message: str, code: str = "bad_move", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def _error(code: str, **params: object) -> IllegalMove:
    return IllegalMove(message(code, **params), code, **params)


def _norm_token(text: str) -> str:
    try:
        return str(Token.parse(text))
    except ValueError as e:
        raise _error("bad_card", text=str(e)) from None


@dataclass(frozen=True, slots=True)
class Move:
    """One move. `seat` is None when the text named no seat."""

    action: str
    seat: int | None = None
    cards: tuple[str, ...] = ()
    number: int | None = None  # take N, rummy N, cut N, or the meld id of layoff/swap/shanghai
    kind: str | None = None  # "set" or "run", declared on a meld
    groups: tuple[tuple[str, ...], ...] = ()  # contract: the melds
    call: bool = False  # discard with the protective Shanghai call

    def with_seat(self, seat: int) -> Move:
        return Move(self.action, seat, self.cards, self.number, self.kind, self.groups, self.call)

    def body(self) -> str:
        """The move's text without its seat."""
        a = self.action
        if a in ("draw", "buy", "pass", "deal"):
            return a
        if a in ("take", "rummy", "cut"):
            return f"{a} {self.number}"
        if a == "meld":
            word = f"{self.kind} " if self.kind else ""
            return f"meld {word}{' '.join(self.cards)}"
        if a == "layoff":
            return f"layoff {' '.join(self.cards)} to {self.number}"
        if a == "swap":
            return f"swap {self.cards[0]} in {self.number}"
        if a == "discard":
            return f"discard {self.cards[0]}" + (" shanghai" if self.call else "")
        if a == "shanghai":
            return f"shanghai to {self.number}"
        if a == "contract":
            return "contract " + " / ".join(" ".join(g) for g in self.groups)
        raise AssertionError(a)  # pragma: no cover

    def __str__(self) -> str:
        body = self.body()
        return body if self.seat is None else f"{self.seat}: {body}"

    @staticmethod
    def parse(text: str) -> Move:
        """Move text -> Move. Raises IllegalMove (a ValueError) naming the problem."""
        return parse_move(text)


def _number(word: str, what: str, minimum: int = 1) -> int:
    if not word.isdigit() or int(word) < minimum:
        raise _error("bad_number", text=word)
    return int(word)


USAGE = {
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
    action = words[0].lower()
    args = words[1:]
    if action not in ACTIONS:
        raise _error("unknown_action", text=words[0])

    def usage() -> IllegalMove:
        return _error("bad_syntax", text=raw, usage=USAGE[action])

    if action in ("draw", "buy", "pass", "deal"):
        if args:
            raise usage()
        return Move(action, seat)
    if action in ("take", "rummy", "cut"):
        if len(args) != 1:
            raise usage()
        return Move(action, seat, number=_number(args[0], f"how many cards to {action}"))
    if action == "meld":
        kind = None
        if args and args[0].lower() in (SET, RUN):
            kind = args[0].lower()
            args = args[1:]
        if not args:
            raise usage()
        return Move(action, seat, tuple(_norm_token(a) for a in args), kind=kind)
    if action in ("layoff", "swap"):
        link = "to" if action == "layoff" else "in"
        if len(args) < 3 or args[-2].lower() != link or (action == "swap" and len(args) != 3):
            raise usage()
        cards = tuple(_norm_token(a) for a in args[:-2])
        return Move(action, seat, cards, number=_number(args[-1], "the meld's number"))
    if action == "discard":
        call = False
        if len(args) == 2 and args[1].lower() == "shanghai":
            call = True
            args = args[:1]
        if len(args) != 1:
            raise usage()
        return Move(action, seat, (_norm_token(args[0]),), call=call)
    if action == "shanghai":
        if len(args) != 2 or args[0].lower() != "to":
            raise usage()
        return Move(action, seat, number=_number(args[1], "the meld's number"))
    if action == "contract":
        groups_text = " ".join(args).split("/")
        groups = tuple(tuple(_norm_token(a) for a in g.split()) for g in groups_text)
        if not args or any(not g for g in groups):
            raise usage()
        return Move(action, seat, groups=groups)
    raise usage()  # pragma: no cover
