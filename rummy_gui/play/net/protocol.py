"""The network protocol (docs/network.md): JSON objects over WebSocket, one a message.

Everything a client sends is read by `read_request`: strict JSON (jsonio's
parser: no NaN, no duplicate keys, no deep nesting), one of the known
types, exactly its fields, each of its type and size; anything else is a
`ProtocolError` with a stable code. Nothing read is ever run, imported or
opened: a move travels as the engine's move text and the engine judges it.

What the host sends a seat is built by `state_message` from `Game.view(seat)`
alone (and the game's winners once it is over): the other hands, the stock
and Pinochle's face-down lay-offs are not in a view, so they never leave the
host. The client reads the host's messages with `read_reply` and
`read_state`, which check them as strictly (a host is a stranger too).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from typing import Any

from rummy_gui.engine import Card, Game, IllegalMove, Move, View, parse_card
from rummy_gui.levels import LEVELS
from rummy_gui.play import jsonio
from rummy_gui.play.saves import MAX_NAME
from rummy_gui.safetext import clean, problem

VERSION = 1
MAX_MESSAGE = 64 * 1024  # bytes of one client message: the server's max_size
MAX_HOST_MESSAGE = 1024 * 1024  # bytes of one host message: the client's max_size
MAX_MOVE_TEXT = 400
MAX_OPTIONS = 16
MAX_OPTION_TEXT = 32
MAX_AT = 10**9
MAX_PLAYERS = 8
_CODE = re.compile(r"[A-Z0-9]{4,16}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_PRESET = re.compile(r"[a-z0-9-]{1,32}")
_OPTION_KEY = re.compile(r"[a-z_]{1,32}")

# client -> host
HELLO, CREATE, MOVE, SYNC, UNDO = "hello", "create", "move", "sync", "undo"
# host -> client
WELCOME, STATE, REFUSED, ERROR, CLOSING = "welcome", "state", "refused", "error", "closing"
REPLIES = frozenset({WELCOME, STATE, REFUSED, ERROR, CLOSING})

# The error codes a host sends (docs/network.md lists what each means).
ERRORS = (
    "malformed",  # not JSON, not an object, a missing, unknown or wrongly typed field
    "unknown",  # a message type there is not
    "too_large",  # more than MAX_MESSAGE bytes
    "too_fast",  # more messages than the rate limit lets through
    "version",  # a protocol version this host does not speak
    "not_joined",  # a move or a sync before hello or create
    "joined",  # a second hello or create on one connection
    "bad_code",  # no table has this join code
    "bad_token",  # the token is no seat's of that table
    "table_full",  # every seat for people is taken
    "host_full",  # the host holds as many tables or connections as it may
    "bad_table",  # a table that can't be made (preset, players, options)
)


class ProtocolError(ValueError):
    """A message that breaks the protocol: `code` (one of ERRORS) and an English sentence."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# ----------------------------------------------------------------- requests (client -> host)
@dataclass(frozen=True)
class Hello:
    """Join the table of `code`, or take back a seat with its `token`."""

    code: str
    name: str
    token: str | None = None


@dataclass(frozen=True)
class Create:
    """Make a table on the host and sit at seat 0 of it: `people` seats for
    players on other computers (this one included), bots of `level` in the others."""

    name: str
    preset: str
    players: int
    people: int
    level: str
    options: dict[str, bool | int | str]


@dataclass(frozen=True)
class MoveRequest:
    """A move as the engine's text, made on the state numbered `at`."""

    text: str
    at: int


@dataclass(frozen=True)
class Sync:
    """Send me the whole state again."""


@dataclass(frozen=True)
class UndoRequest:
    """Take back this seat's last move, within its turn, seen on the state numbered `at`."""

    at: int


Request = Hello | Create | MoveRequest | Sync | UndoRequest


def _fields(obj: Mapping[str, Any], required: set[str], optional: frozenset[str]) -> None:
    missing = sorted(required - set(obj))
    if missing:
        raise ProtocolError("malformed", f"the message lacks {', '.join(missing)}")
    extra = sorted(set(obj) - required - optional)
    if extra:
        shown = ", ".join(clean(k, 32) for k in extra[:5])
        raise ProtocolError("malformed", f"the message has fields it may not have: {shown}")


def _text(obj: Mapping[str, Any], key: str, pattern: re.Pattern[str]) -> str:
    value = obj[key]
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ProtocolError("malformed", f"{key} is not a valid {key}")
    return value


def _whole(obj: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ProtocolError("malformed", f"{key} must be a whole number from {low} to {high}")
    return value


def _name(obj: Mapping[str, Any]) -> str:
    name = obj["name"]
    bad = problem(name, MAX_NAME)
    if bad is not None or not name.strip():
        raise ProtocolError("malformed", f"the name can't be used: {bad or 'it is empty'}")
    return str(name.strip())


def _version(obj: Mapping[str, Any]) -> None:
    if obj["version"] != VERSION or isinstance(obj["version"], bool):
        raise ProtocolError("version", f"this host speaks version {VERSION} of the protocol")


def _options(raw: Any) -> dict[str, bool | int | str]:
    if not isinstance(raw, dict) or len(raw) > MAX_OPTIONS:
        raise ProtocolError("malformed", f"options must be an object of at most {MAX_OPTIONS}")
    out: dict[str, bool | int | str] = {}
    for key, value in raw.items():
        if not _OPTION_KEY.fullmatch(key):
            raise ProtocolError("malformed", "an option's name is not valid")
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_AT:
            raise ProtocolError("malformed", f"the option {key} is out of range")
        if isinstance(value, str) and problem(value, MAX_OPTION_TEXT) is not None:
            raise ProtocolError("malformed", f"the option {key} is not a short text")
        if not isinstance(value, bool | int | str):
            raise ProtocolError("malformed", f"the option {key} is not a flag, number or text")
        out[key] = value
    return out


def read_request(raw: str | bytes) -> Request:
    """A client's message, checked against the schema (ProtocolError otherwise)."""
    if isinstance(raw, bytes):
        raise ProtocolError("malformed", "messages are text frames of JSON, not binary")
    data = raw.encode("utf-8", "surrogatepass")
    if len(data) > MAX_MESSAGE:
        raise ProtocolError("too_large", f"a message may hold at most {MAX_MESSAGE} bytes")
    try:
        obj = jsonio.parse_json(data, "the message")
    except jsonio.ReadError as e:
        raise ProtocolError("malformed", str(e)) from None
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ProtocolError("malformed", "a message is a JSON object with a type")
    kind = obj["type"]
    if kind == HELLO:
        _fields(obj, {"type", "version", "code", "name"}, frozenset({"token"}))
        _version(obj)
        token = None if obj.get("token") is None else _text(obj, "token", _TOKEN)
        return Hello(_text(obj, "code", _CODE), _name(obj), token)
    if kind == CREATE:
        _fields(obj, {"type", "version", "name", "preset", "players", "people", "level"}, _OPT)
        _version(obj)
        players = _whole(obj, "players", 2, MAX_PLAYERS)
        level = obj["level"]
        if level not in LEVELS:
            raise ProtocolError("malformed", f"level must be one of: {', '.join(LEVELS)}")
        return Create(
            _name(obj),
            _text(obj, "preset", _PRESET),
            players,
            _whole(obj, "people", 1, players),
            str(level),
            _options(obj.get("options", {})),
        )
    if kind == MOVE:
        _fields(obj, {"type", "move", "at"}, frozenset())
        text = obj["move"]
        if not isinstance(text, str) or not 0 < len(text) <= MAX_MOVE_TEXT:
            raise ProtocolError(
                "malformed", f"move is a text of at most {MAX_MOVE_TEXT} characters"
            )
        return MoveRequest(text, _whole(obj, "at", 0, MAX_AT))
    if kind == SYNC:
        _fields(obj, {"type"}, frozenset())
        return Sync()
    if kind == UNDO:
        _fields(obj, {"type", "at"}, frozenset())
        return UndoRequest(_whole(obj, "at", 0, MAX_AT))
    raise ProtocolError("unknown", f"there is no message of type {clean(kind, 32)!r}")


_OPT = frozenset({"options"})


def hello(code: str, name: str, token: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": HELLO, "version": VERSION, "code": code, "name": name}
    if token is not None:
        out["token"] = token
    return out


def create(
    name: str, preset: str, players: int, people: int, level: str, options: Mapping[str, Any]
) -> dict[str, Any]:
    return {
        "type": CREATE,
        "version": VERSION,
        "name": name,
        "preset": preset,
        "players": players,
        "people": people,
        "level": level,
        "options": dict(options),
    }


def move(text: str, at: int) -> dict[str, Any]:
    return {"type": MOVE, "move": text, "at": at}


def undo(at: int) -> dict[str, Any]:
    return {"type": UNDO, "at": at}


# ----------------------------------------------------------------- replies (host -> client)
def error(code: str, message: str) -> dict[str, Any]:
    return {"type": ERROR, "code": code, "message": message}


def closing(reason: str) -> dict[str, Any]:
    return {"type": CLOSING, "reason": reason}


def welcome(seat: int, token: str, code: str, table: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "type": WELCOME,
        "version": VERSION,
        "seat": seat,
        "token": token,
        "code": code,
        "table": dict(table),
    }


def refused(text: str, at: int, why: IllegalMove | str, code: str = "stale") -> dict[str, Any]:
    """A move the host did not play: the engine's reason (its id and values
    for translation), or the table's own (`code`: stale, not_playing)."""
    if isinstance(why, IllegalMove):
        params = {k: v for k, v in why.params.items() if isinstance(v, str | int | bool)}
        return {"type": REFUSED, "move": text, "at": at, "code": why.code,
                "reason": str(why), "params": {k: str(v) for k, v in params.items()}}  # fmt: skip
    return {"type": REFUSED, "move": text, "at": at, "code": code, "reason": why, "params": {}}


def encode_view(v: View) -> dict[str, Any]:
    """A seat's view as JSON (its log goes apart, in pieces: `state_message`)."""
    claim = v.claim
    return {
        "seat": v.seat,
        "preset": v.preset,
        "players": v.players,
        "phase": v.phase.value,
        "turn": v.turn,
        "to_act": list(v.to_act),
        "dealer": v.dealer,
        "round": v.round,
        "hand": [str(c) for c in v.hand],
        "hand_sizes": list(v.hand_sizes),
        "discard": [str(c) for c in v.discard_pile],
        "discard_face_down": v.discard_face_down,
        "stock": v.stock_count,
        "melds": [
            {"id": m.id, "kind": m.kind, "cards": str(m).split(), "owners": list(m.owners)}
            for m in v.melds
        ],
        "face_down": [list(x) for x in v.face_down],
        "totals": list(v.totals),
        "deal_scores": None if v.deal_scores is None else list(v.deal_scores),
        "sides": [list(s) for s in v.sides],
        "claim": None
        if claim is None
        else {
            "kind": claim.kind.value,
            "origin": claim.origin,
            "claimants": list(claim.claimants),
            "card": str(claim.card),
            "answers": {str(s): str(m) for s, m in claim.answers.items()},
        },
        "target": None if v.target is None else str(v.target),
        "restricted": [str(c) for c in v.restricted],
        "laid_down": list(v.laid_down),
        "buys_left": list(v.buys_left),
        "protected": v.protected,
        "final_turns": v.final_turns,
        "turn_number": v.turn_number,
        "upcard": None if v.upcard is None else str(v.upcard),
        "reshuffled_at": list(v.reshuffled_at),
        "legal": [str(m) for m in v.legal_moves],
    }


def encode_public(v: View) -> dict[str, Any]:
    """What the seat's public state (the view's `_public`: the table less every
    hidden card) holds beyond the view's own fields: the melds' makers and
    readings, the deal's and the turn's facts. With it a client rebuilds the
    very `View` (`remote_view.engine_view`), so the bots that search (hint,
    deal review) can deal the hidden cards as they do at a local table."""
    s = v._public
    return {
        "melds": [
            [m.maker, m.complete, m.doubled, m.turn_made, m.rank, m.suit, m.low] for m in s.melds
        ],
        "depths": None if s.claim is None else list(s.claim.depths),
        "contract_turn": list(s.contract_turn),
        "first_meld_turn": list(s.first_meld_turn),
        "buys": list(s.buys),
        "last_claimer": s.last_claimer,
        "final_pending": s.final_pending,
        "went_out": s.went_out,
        "bonus": list(s.bonus),
        "next_meld": s.next_meld,
        "called": [list(c) for c in s.called],
        "target": None if s.target is None else str(s.target),
        "restricted": [[code, n] for code, n in enumerate(s.restricted) if n],
        "pending_jokers": s.pending_jokers,
        "calling": s.calling,
        "winners": list(s.winners),
        "discard_face_down": s.discard_face_down,
    }


def plain(value: Any) -> Any:
    """A value of the engine's (a dataclass of cards, numbers and tuples) as plain JSON."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, list | tuple):
        return [plain(x) for x in value]
    if value is None or isinstance(value, bool | int | str | float):
        return value
    raise TypeError(f"{type(value).__name__} is not sent")


def shown_at_deal_end(game: Game) -> dict[str, Any] | None:
    """What everyone sees once a deal is over: every hand, and the deal's
    score item by item (None while the deal is played: hands are private)."""
    if not (game.deal_over or game.game_over):
        return None
    hands = [[str(c) for c in game.hand(s)] for s in range(game.players)]
    return {"hands": hands, "breakdown": plain(game.deal_breakdown)}


def state_message(
    view: View,
    at: int,
    seats: Sequence[Mapping[str, Any]],
    sent_log: tuple[Move, ...],
    winners: Sequence[int] = (),
    moved_at: int = 0,
    shown: dict[str, Any] | None = None,
    may_undo: bool = False,
    scores: Sequence[Sequence[int]] = (),
) -> tuple[dict[str, Any], tuple[Move, ...]]:
    """The state message for a view, and the log the seat then holds: only
    the entries after `sent_log` travel when the view's log goes on from it
    (a deal's log can also shrink or change: a new deal, face-down cards
    turned up, an undo; it then travels whole). `moved_at`: the state the
    seat's own last move made (its player knows then that the move was played);
    `shown`: `shown_at_deal_end`; `may_undo`: the seat may take back its
    last move now (`tables.NetTable.may_undo`); `scores`: every finished
    deal's scores per side (a seat that joined late, or came back, has not
    seen them all). `public` (`encode_public`) goes only while the seat has
    a move to choose: the hint and the deal review need it then alone."""
    log = view.log
    start = len(sent_log) if log[: len(sent_log)] == sent_log else 0
    msg = {
        "type": STATE,
        "at": at,
        "seats": [dict(s) for s in seats],
        "view": encode_view(view),
        "log_from": start,
        "log": [str(m) for m in log[start:]],
        "winners": list(winners),
        "moved_at": moved_at,
        "shown": shown,
        "undo": may_undo,
        "scores": [list(deal) for deal in scores],
        "public": encode_public(view) if view.legal_moves else None,
    }
    return msg, log


MAX_DEALS = 1000  # more finished deals than any game plays: a longer list is not a game's


def _score_rows(rows: object, sides: int) -> bool:
    """`scores` as a game's: at most MAX_DEALS rows, each a whole number per side."""
    return (
        isinstance(rows, list)
        and len(rows) <= MAX_DEALS
        and all(
            isinstance(row, list)
            and len(row) == sides
            and all(type(x) is int and abs(x) < 10**9 for x in row)
            for row in rows
        )
    )


# ----------------------------------------------------------------- reading replies (client)
def read_reply(raw: str | bytes) -> dict[str, Any]:
    """A host's message as an object of a known type (ProtocolError otherwise)."""
    if isinstance(raw, bytes):
        raise ProtocolError("malformed", "the host sent a binary frame")
    try:
        obj = jsonio.parse_json(raw.encode("utf-8", "surrogatepass"), "the host's message")
    except jsonio.ReadError as e:
        raise ProtocolError("malformed", str(e)) from None
    if not isinstance(obj, dict) or obj.get("type") not in REPLIES:
        raise ProtocolError("unknown", "the host sent a message of no known type")
    return obj


@dataclass(frozen=True)
class SeatState:
    """What a joined player knows, read from the host's state messages:
    `view` is the JSON of `encode_view`; the cards and moves are parsed."""

    at: int
    seat: int
    view: dict[str, Any]
    hand: tuple[Card, ...]
    legal: tuple[Move, ...]
    log: tuple[str, ...]
    seats: tuple[dict[str, Any], ...]
    winners: tuple[int, ...]
    moved_at: int = 0  # the state this seat's own last move made
    public: dict[str, Any] | None = None  # `encode_public`, while the seat has a move to choose
    scores: tuple[tuple[int, ...], ...] | None = None  # finished deals' scores (None: not sent)

    @property
    def my_turn(self) -> bool:
        return self.seat in self.view.get("to_act", ())

    @property
    def game_over(self) -> bool:
        return bool(self.view.get("phase") == "game_over")


def read_state(msg: Mapping[str, Any], before: SeatState | None) -> SeatState:
    """The seat's state after a state message (`before`: the one it follows,
    whose log a partial log goes on from). ProtocolError for a bad message."""
    try:
        view = msg["view"]
        at, start, log = msg["at"], msg["log_from"], msg["log"]
        ok = (
            isinstance(view, dict)
            and isinstance(at, int)
            and isinstance(start, int)
            and isinstance(log, list)
            and all(isinstance(x, str) for x in log)
            and isinstance(msg["seats"], list)
            and all(isinstance(s, dict) for s in msg["seats"])
            and isinstance(msg.get("public"), dict | None)
            and _score_rows(msg.get("scores", []), len(view.get("totals", ())))
        )
        if not ok:
            raise ProtocolError("malformed", "the host's state has fields of the wrong type")
        kept = () if before is None else before.log
        if start > len(kept) or start < 0:
            raise ProtocolError("malformed", "the host's log does not follow the one held")
        hand = tuple(parse_card(c) for c in view["hand"])
        legal = tuple(Move.parse(t) for t in view["legal"])
        winners = tuple(int(w) for w in msg.get("winners", ()))
        sent = msg.get("scores")
        scores = None if sent is None else tuple(tuple(deal) for deal in sent)
        return SeatState(
            at, int(view["seat"]), view, hand, legal, (*kept[:start], *log),
            tuple(msg["seats"]), winners, int(msg.get("moved_at", 0)), msg.get("public"), scores,
        )  # fmt: skip
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, ProtocolError):
            raise
        raise ProtocolError(
            "malformed", f"the host's state can't be read: {clean(e, 120)}"
        ) from None
