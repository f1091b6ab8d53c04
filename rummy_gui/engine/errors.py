"""Why a move is refused, as exceptions: one base class (a ValueError) and a
subclass per kind of refusal, each carrying the stable message id of
`messages.py` (`code`) and its values (`params`)."""

from __future__ import annotations

from .messages import message


class IllegalMove(ValueError):
    """A move the rules refuse, or text that is not a move.

    `code` is a stable message id and `params` its values, for translation;
    str() is the English sentence."""

    def __init__(self, message: str, code: str = "bad_move", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class NotYourMove(IllegalMove):
    """The seat may not move now (another seat's move, no such seat, game over)."""


class MalformedMove(IllegalMove):
    """The text (or value) is not a well-formed move."""


class RuleViolation(IllegalMove):
    """A well-formed move by a seat that may move, which the rules refuse now."""


_NOT_YOUR_MOVE = frozenset({"not_your_turn", "no_seat", "game_over"})
_MALFORMED = frozenset(
    {"bad_move", "bad_card", "bad_number", "bad_seat", "empty_move", "unknown_action", "bad_syntax"}
)


def kind_of(code: str) -> type[IllegalMove]:
    """The exception class of a refusal id."""
    if code in _NOT_YOUR_MOVE:
        return NotYourMove
    if code in _MALFORMED:
        return MalformedMove
    return RuleViolation


def illegal(code: str, **params: object) -> IllegalMove:
    """The refusal `code` with its English sentence, as the right subclass."""
    return kind_of(code)(message(code, **params), code, **params)
