"""The move notation of RULES.md section 7: text to typed values and back.

Moves, melds and the tokens in them are typed values (`Move`, `Meld`,
`cards.Token`); this module is where their text is read and written, at the
edges: records and saves, logs and messages, the command line and
`Move.parse`. `Move.parse(str(m)) == m` for every move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .cards import JOKER, SUITS, TOKENS, Card, Token, card_token, parse_card, parse_rank, rank_text
from .enums import Action
from .errors import IllegalMove, illegal

__all__ = [
    "USAGE",
    "MoveFields",
    "move_body",
    "parse_token",
    "read_move",
    "text_key",
    "token_pretty",
    "token_text",
    "tokens_text",
]

SET = "set"
RUN = "run"


def _error(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


# --- tokens -------------------------------------------------------------------


def _text_of(token: Token) -> str:
    if not token.rank:
        return str(token.card)
    return f"JK={rank_text(token.rank)}{token.suit}"


_TEXT: tuple[str, ...] = tuple(_text_of(t) for t in TOKENS)
# each token's place among all tokens' texts in text order: moves list their
# contract groups in the order of their texts, as they always have
_ORDER: tuple[int, ...] = tuple(
    place
    for _code, place in sorted(
        (code, i) for i, code in enumerate(sorted(range(len(TOKENS)), key=_TEXT.__getitem__))
    )
)


def token_text(token: Token) -> str:
    """ "10H", "JK", "JK=8S" (a joker standing for 8♠ in a run), "JK=8" (in a set)."""
    return _TEXT[token.code]


def tokens_text(tokens: Iterable[Token]) -> str:
    return " ".join(_TEXT[t.code] for t in tokens)


def text_key(tokens: Sequence[Token]) -> tuple[int, ...]:
    """Sorts token lists as their texts sort."""
    return tuple(_ORDER[t.code] for t in tokens)


def token_pretty(token: Token) -> str:
    """A token as a player reads it: "10♥"; a joker standing for 8♠ is "★=8♠"."""
    if not token.rank:
        return token.card.pretty
    if token.suit:
        return "★=" + Card(token.rank, token.suit).pretty
    return "★=" + rank_text(token.rank)


_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
_PARSED: dict[str, Token] = {}


def parse_token(text: str) -> Token:
    """Token text -> Token: a card ("10H", "TH", "Q♦", "JK") or a joker with
    its meaning ("JK=8S", "JK=8"). Raises ValueError."""
    token = _PARSED.get(text)
    if token is None:
        token = _parse_token(text)
        if len(_PARSED) < 4096:
            _PARSED[text] = token
    return token


def _parse_token(text: str) -> Token:
    t = text.strip().upper()
    if t.startswith("JK="):
        meaning = t[3:]
        if meaning == "0":
            return card_token(JOKER)  # how earlier versions wrote a joker of a set of jokers
        suit = ""
        if meaning and (meaning[-1] in SUITS or meaning[-1] in _SYMBOLS):
            suit = _SYMBOLS.get(meaning[-1], meaning[-1])
            meaning = meaning[:-1]
        try:
            rank = parse_rank(meaning)
        except ValueError:
            raise ValueError(
                f"'{text}': a joker's meaning is a card (JK=8S) or a rank (JK=8)"
            ) from None
        return Token(JOKER, rank, suit)
    return card_token(parse_card(t))


# --- moves --------------------------------------------------------------------

# A move's fields, in `Move`'s order: action, seat, cards, number, kind, groups, call.
MoveFields = tuple[
    Action,
    int | None,
    tuple[Token, ...],
    int | None,
    str | None,
    tuple[tuple[Token, ...], ...],
    bool,
]

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


def move_body(
    action: Action,
    cards: tuple[Token, ...],
    number: int | None,
    kind: str | None,
    groups: tuple[tuple[Token, ...], ...],
    call: bool,
) -> str:
    """A move's text without its seat."""
    a = action
    if a in (Action.DRAW, Action.BUY, Action.PASS, Action.DEAL):
        return str(a.value)
    if a in (Action.TAKE, Action.RUMMY, Action.CUT):
        return f"{a.value} {number}"
    if a is Action.MELD:
        word = f"{kind} " if kind else ""
        return f"meld {word}{tokens_text(cards)}"
    if a is Action.LAYOFF:
        return f"layoff {tokens_text(cards)} to {number}"
    if a is Action.SWAP:
        return f"swap {_TEXT[cards[0].code]} in {number}"
    if a is Action.DISCARD:
        return f"discard {_TEXT[cards[0].code]}" + (" shanghai" if call else "")
    if a is Action.SHANGHAI:
        return f"shanghai to {number}"
    if a is Action.CONTRACT:
        return "contract " + " / ".join(tokens_text(g) for g in groups)
    raise AssertionError(a)  # pragma: no cover


def _token(text: str) -> Token:
    try:
        return parse_token(text)
    except ValueError as e:
        raise _error("bad_card", text=str(e)) from None


def _number(word: str) -> int:
    if not word.isdigit() or int(word) < 1:
        raise _error("bad_number", text=word)
    return int(word)


def read_move(text: str) -> MoveFields:
    """Move text -> the move's fields. Raises MalformedMove (an IllegalMove,
    a ValueError) naming the problem."""
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

    def fields(
        cards: tuple[Token, ...] = (),
        number: int | None = None,
        kind: str | None = None,
        groups: tuple[tuple[Token, ...], ...] = (),
        call: bool = False,
    ) -> MoveFields:
        return action, seat, cards, number, kind, groups, call

    if action in (Action.DRAW, Action.BUY, Action.PASS, Action.DEAL):
        if args:
            raise usage()
        return fields()
    if action in (Action.TAKE, Action.RUMMY, Action.CUT):
        if len(args) != 1:
            raise usage()
        return fields(number=_number(args[0]))
    if action is Action.MELD:
        kind = None
        if args and args[0].lower() in (SET, RUN):
            kind = args[0].lower()
            args = args[1:]
        if not args:
            raise usage()
        return fields(tuple(_token(a) for a in args), kind=kind)
    if action in (Action.LAYOFF, Action.SWAP):
        link = "to" if action is Action.LAYOFF else "in"
        if len(args) < 3 or args[-2].lower() != link or (action is Action.SWAP and len(args) != 3):
            raise usage()
        cards = tuple(_token(a) for a in args[:-2])
        return fields(cards, number=_number(args[-1]))
    if action is Action.DISCARD:
        call = False
        if len(args) == 2 and args[1].lower() == Action.SHANGHAI.value:
            call = True
            args = args[:1]
        if len(args) != 1:
            raise usage()
        return fields((_token(args[0]),), call=call)
    if action is Action.SHANGHAI:
        if len(args) != 2 or args[0].lower() != "to":
            raise usage()
        return fields(number=_number(args[1]))
    if action is Action.CONTRACT:
        groups_text = " ".join(args).split("/")
        groups = tuple(tuple(_token(a) for a in g.split()) for g in groups_text)
        if not args or any(not g for g in groups):
            raise usage()
        return fields(groups=groups)
    raise usage()  # pragma: no cover
