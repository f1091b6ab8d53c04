"""One network table on the host: its game, who sits where, the seats' tokens.

A table has `people` seats for players on other computers (the first ones)
and bots of the table's level in the others. A player joins with the table's
code and gets a seat and a token; the token (128 random bits) is the seat's
key from then on: the host keeps only its SHA-256, so neither a save nor the
host's memory holds a token that works. A seat whose player is away is
played by a stand-in bot (the host's level) once `NetSeat.standin` is set;
the player takes it back with their token. The host (host.py) owns the event
loop and the connections; this module changes nothing but the table.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummy_gui.engine import Game, IllegalMove, Move
from rummy_gui.engine.errors import illegal
from rummy_gui.play import saves
from rummy_gui.play.net.protocol import MoveRequest, ProtocolError, UndoRequest, refused
from rummy_gui.play.session import SEED_SPACE

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # none that reads as another (0/O, 1/I)
CODE_LENGTH = 6
NET_KEY = "net"  # the save's table state: the network table's own facts
# A seat for a person on another computer: nobody took it yet, its player is
# there, away (the seat kept for the grace time), or away and played by a bot.
EMPTY, CONNECTED, AWAY, STANDIN = "empty", "connected", "away", "standin"


def new_code(taken: Mapping[str, object]) -> str:
    """A join code no table of the host has."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class NetSeat:
    """A seat: a player on another computer (`remote`) or a bot of the table's level."""

    name: str
    remote: bool
    token_hash: str | None = None  # set once its player has joined
    connection: object | None = None  # the host's connection now sitting here
    standin: bool = False  # a bot plays it while its player is away
    sent_log: tuple[Move, ...] = ()  # the log this seat's player holds
    away_until: float | None = None  # (time.monotonic) the grace time's end, while away

    @property
    def joined(self) -> bool:
        return self.token_hash is not None

    def kept(self) -> float | None:
        """Seconds left of the grace time of a player who is away (None: not away)."""
        if self.away_until is None or self.connection is not None or self.standin:
            return None
        return max(0.0, self.away_until - time.monotonic())

    def public(self, level: str, standin_level: str) -> dict[str, Any]:
        """What every seat is told about this one; `kept`: the whole seconds
        left of an away player's grace time (the table counts them down)."""
        kept = self.kept()
        return {
            "name": self.name,
            "kind": "person" if self.remote else "bot",
            "level": None if self.remote else level,
            "connected": self.connection is not None,
            "standin": standin_level if self.standin else None,
            "kept": None if kept is None else math.ceil(kept),
        }


class NetTable:
    """A game on the host, with its seats (see the module's docstring)."""

    def __init__(
        self,
        code: str,
        game: Game,
        seats: list[NetSeat],
        level: str,
        seed: int,
        options: Mapping[str, Any],
    ) -> None:
        self.code = code
        self.game = game
        self.seats = seats
        self.level = level
        self.seed = seed
        self.options = dict(options)
        self.at = len(game.moves)  # the state's number: it grows with every change
        # per seat, the state its last move made: a move made on an older one is stale
        self.moved_at = [0] * game.players
        self.file_id = secrets.token_hex(8)  # the autosave's file name, never the code
        game.undo_enabled = True  # a player may take back a move within their turn
        self.bot_failed = False  # a bot raised or chose an illegal move (a bug): bots stop
        self.closed = False  # the host let it go: finished, or left before it began

    @classmethod
    def create(
        cls, code: str, name: str, preset: str, players: int, people: int, level: str,
        options: Mapping[str, Any],
    ) -> NetTable:  # fmt: skip
        """A new table (ProtocolError bad_table when the engine refuses the game)."""
        seed = secrets.randbelow(SEED_SPACE)
        try:
            game = Game.new(preset, players=players, seed=seed, options=options or None)
        except (ValueError, TypeError) as e:
            raise ProtocolError("bad_table", f"the table can't be made: {e}") from None
        seats = [NetSeat("", remote=s < people) for s in range(players)]
        for s in range(people, players):
            seats[s].name = f"Bot {s + 1}"
        seats[0].name = name
        return cls(code, game, seats, level, seed, options)

    # ---------------------------------------------------------------- seats
    def join(self, name: str) -> tuple[int, str]:
        """A free seat for a new player: (seat, token); ProtocolError table_full."""
        for s, seat in enumerate(self.seats):
            if seat.remote and not seat.joined:
                return s, self.seat_taken(s, name)
        raise ProtocolError("table_full", "every seat for a player at this table is taken")

    def seat_taken(self, seat: int, name: str) -> str:
        """Give `seat` to a player called `name`: its new token."""
        token = secrets.token_urlsafe(16)  # 128 bits
        self.seats[seat].token_hash = token_hash(token)
        self.seats[seat].name = name
        self.at += 1
        return token

    def seat_of_token(self, token: str) -> int:
        """The seat this token opens (ProtocolError bad_token)."""
        digest = token_hash(token)
        for s, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return s
        raise ProtocolError("bad_token", "this token opens no seat at this table")

    @property
    def started(self) -> bool:
        """Play begins once every seat for a player has been taken."""
        return all(seat.joined for seat in self.seats if seat.remote)

    def bot_plays(self, seat: int) -> bool:
        s = self.seats[seat]
        return not s.remote or s.standin

    def bot_level(self, seat: int, standin_level: str) -> str:
        return self.level if not self.seats[seat].remote else standin_level

    def bot_seed(self, seat: int) -> int:
        return self.seed + 101 * seat

    def bots_to_act(self) -> list[int]:
        """The seats a bot should move for now."""
        if not self.started or self.game.game_over:
            return []
        return [s for s in self.game.to_act if self.bot_plays(s)]

    def public_seats(self, standin_level: str) -> list[dict[str, Any]]:
        return [s.public(self.level, standin_level) for s in self.seats]

    def people_connected(self) -> bool:
        return any(s.connection is not None for s in self.seats)

    # ---------------------------------------------------------------- moves
    def play(self, seat: int, text: str, at: int) -> Move | dict[str, Any]:
        """Play a player's move: the move played, or the refusal to send back
        (the game unchanged). `at` is the state the player saw: a move is
        stale if the seat has moved since (a replay, or a second click); the
        others' moves meanwhile (a bot's claim) leave it to the engine to judge."""
        if not self.started:
            return refused(text, self.at, "the game starts once every seat is taken", "not_started")
        if not self.moved_at[seat] <= at <= self.at:
            return refused(text, self.at, "you have moved since; the move was not played")
        try:
            move = Move.parse(text)
            if move.seat is not None and move.seat != seat:
                return refused(text, self.at, "that move is another seat's", "not_your_seat")
            played = self.game.play(move.with_seat(seat))
        except IllegalMove as e:
            return refused(text, self.at, e)
        self.at += 1
        self.moved_at[seat] = self.at
        return played

    def answer(self, seat: int, request: MoveRequest | UndoRequest) -> Move | dict[str, Any]:
        """A player's move or undo: what was played or taken back, or the refusal to send."""
        if isinstance(request, UndoRequest):
            return self.undo(seat, request.at)
        return self.play(seat, request.text, request.at)

    def may_undo(self, seat: int) -> bool:
        """The seat may take back its last move now: the engine can (within the
        turn of the player who moves, docs/engine.md) and the move is this seat's."""
        g = self.game
        return self.started and g.can_undo and bool(g.moves) and g.moves[-1].seat == seat

    def undo(self, seat: int, at: int) -> Move | dict[str, Any]:
        """Take back the seat's last move, seen on state `at`: the move taken
        back, or the refusal to send (the game unchanged). Anyone's move since
        (`at` is not the table's state) makes the request stale."""
        if not self.started:
            return refused(
                "undo", self.at, "the game starts once every seat is taken", "not_started"
            )
        if at != self.at:
            return refused("undo", self.at, "the table has changed since; nothing was taken back")
        if not self.may_undo(seat):
            return refused("undo", self.at, illegal("nothing_to_undo"))
        taken = self.game.undo()
        self.at += 1
        self.moved_at[seat] = self.at
        return taken

    def play_bot(self, seat: int, move: Move, at: int) -> bool:
        """Play a bot's move chosen on state `at`, if it still stands (False: it doesn't)."""
        if at != self.at or not self.bot_plays(seat) or seat not in self.game.to_act:
            return False
        self.game.play(move.with_seat(seat))
        self.at += 1
        self.moved_at[seat] = self.at
        return True

    # ---------------------------------------------------------------- saving
    def save_document(self) -> dict[str, Any]:
        """The autosave: a save of the game (play/saves.py) with the table's own
        facts; tokens only as their hashes."""
        people = [
            saves.Seat(s.name or "?", saves.HUMAN if s.remote else self.level, None)
            for s in self.seats
        ]
        net = {
            "code": self.code,
            "level": self.level,
            "seed": self.seed,
            "options": self.options,
            "tokens": [s.token_hash for s in self.seats],
            "remote": [s.remote for s in self.seats],
            "at": self.at,
        }
        return saves.document(self.game, people, {NET_KEY: net})

    @classmethod
    def from_save(cls, saved: saves.SavedGame, path: Path) -> NetTable:
        """A table back from its autosave (SaveError when it is not one)."""
        net = saved.table.get(NET_KEY)
        n = saved.game.players
        ok = (
            isinstance(net, dict)
            and isinstance(net.get("code"), str)
            and net.get("level") in saves.SEAT_KINDS[1:]
            and isinstance(net.get("seed"), int)
            and isinstance(net.get("options"), dict)
            and isinstance(net.get("tokens"), list)
            and len(net["tokens"]) == n
            and all(t is None or isinstance(t, str) for t in net["tokens"])
            and isinstance(net.get("remote"), list)
            and len(net["remote"]) == n
            and all(isinstance(r, bool) for r in net["remote"])
        )
        if not ok:
            raise saves.SaveError("the save is not a network table's", "invalid", path)
        assert isinstance(net, dict)
        seats = [NetSeat(saved.seats[s].name, net["remote"][s], net["tokens"][s]) for s in range(n)]
        table = cls(net["code"], saved.game, seats, net["level"], net["seed"], net["options"])
        table.file_id = path.stem
        at = net.get("at")
        if isinstance(at, int) and not isinstance(at, bool) and at >= table.at:
            table.at = at + 1  # a state number the players never saw
        table.moved_at = [table.at] * table.game.players  # every move sent before is stale
        return table
