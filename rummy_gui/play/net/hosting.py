"""A window hosting its own game: the host of host.py on a thread, serving one
table whose game is the window's local session (play/net/hosted.py).

The session is the one authority: every move, the local seats' and the
remote ones', is played on the window's thread, by the session. The host's
table holds a copy of the game, replaced after every change (`publish`), and
sends each remote seat its view of that copy as the headless host does. A
remote player's move is checked on the host's loop (its seat, the table
begun, not stale, move text that parses), then queued for the window
(`moves`), which plays it or sends the engine's refusal back (`refuse`).
The host's bots never think here: the session's bots play the local bot
seats and, once the host's grace time is up, a dropped player's seat.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass
from typing import Any

from rummy_gui.engine import Game, IllegalMove, Move
from rummy_gui.levels import DEFAULT_LEVEL
from rummy_gui.play.net import protocol as p
from rummy_gui.play.net.host import DEFAULT_GRACE, Host
from rummy_gui.play.net.link import Link
from rummy_gui.play.net.serve import HostThread
from rummy_gui.play.net.tables import (  # the remote seats' states, told by `Hosting.status`
    AWAY,
    CONNECTED,
    EMPTY,
    STANDIN,
    NetSeat,
    NetTable,
    new_code,
)

__all__ = ["AWAY", "CONNECTED", "EMPTY", "STANDIN", "Hosting", "RemoteMove", "WindowHost"]


@dataclass(frozen=True)
class RemoteMove:
    """A remote player's move, checked on the host's loop, for the window to play."""

    seat: int
    move: Move
    text: str
    at: int


class WindowTable(NetTable):
    """The window's table: local seats are people or bots of their own levels;
    play begins when the host says so (`begun`), empty remote seats or not."""

    def __init__(self, *args: Any, kinds: list[str], **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.kinds = kinds  # per seat: "remote", "human" or a bot level
        self.begun = False

    @property
    def started(self) -> bool:
        return self.begun or all(seat.joined for seat in self.seats if seat.remote)

    def public_seats(self, standin_level: str) -> list[dict[str, Any]]:
        out = []
        for seat, kind in zip(self.seats, self.kinds, strict=True):
            info = seat.public(self.level, standin_level)
            if kind == "human":  # a person at the host's own screen
                info.update(kind="person", level=None, connected=True)
            elif kind != "remote":
                info["level"] = kind
            out.append(info)
        return out


class WindowHost(Host):
    """The host of one window's table (see the module's docstring)."""

    def __init__(self, grace: float = DEFAULT_GRACE, standin: str = DEFAULT_LEVEL) -> None:
        super().__init__(None, grace, standin)
        self.inbox: queue.SimpleQueue[RemoteMove] = queue.SimpleQueue()
        self.table: WindowTable | None = None

    def add_table(self, table: WindowTable) -> None:
        self.table = table
        self.tables[table.code] = table

    def _create(self, link: Link, request: p.Create) -> None:  # noqa: ARG002
        raise p.ProtocolError("bad_table", "this host holds one table: join it with its code")

    def _think(self, table: NetTable) -> None:
        """The window's session plays the bots."""

    def _forget(self, table: NetTable) -> None:
        """The window's table stays until the window closes it."""

    def _request(self, link: Link, request: p.Request) -> None:
        table = link.table
        if not isinstance(request, p.MoveRequest) or table is None:
            super()._request(link, request)
            return
        seat, text, at = link.seat, request.text, request.at
        if not table.started:
            why = "the game starts once every seat is taken"
            self._send(table, seat, p.refused(text, table.at, why, "not_started"))
            return
        if not table.moved_at[seat] <= at <= table.at:
            why = "you have moved since; the move was not played"
            self._send(table, seat, p.refused(text, table.at, why))
            return
        try:
            move = Move.parse(text)
        except IllegalMove as e:  # the engine's reason, as the headless host sends it
            self._send(table, seat, p.refused(text, table.at, e))
            return
        if move.seat is not None and move.seat != seat:
            why = "that move is another seat's"
            self._send(table, seat, p.refused(text, table.at, why, "not_your_seat"))
            return
        self.inbox.put(RemoteMove(seat, move.with_seat(seat), text, at))

    # ------------------------------------------------------------ called by the window
    def publish(self, game: Game, mover: int | None) -> None:
        """The session's game changed: this copy is the table's now; every seat hears."""
        table = self.table
        if table is None:
            return
        table.game = game
        table.at += 1
        if mover is not None:
            table.moved_at[mover] = table.at
        self._changed(table)

    def refuse(self, seat: int, text: str, why: IllegalMove | str) -> None:
        table = self.table
        if table is not None:
            self._send(table, seat, p.refused(text, table.at, why, "not_your_turn"))

    def begin(self) -> None:
        table = self.table
        if table is not None and not table.begun:
            table.begun = True
            self._changed(table)

    def set_rules(self, grace: float, standin: str) -> None:
        self.grace, self.standin = grace, standin


class Hosting:
    """The window's handle on its host: starts it (OSError: the port is taken,
    no network), queues the remote moves, tells the state of every remote seat."""

    def __init__(
        self,
        game: Game,
        names: list[str],
        kinds: list[str],
        *,
        port: int = 0,
        bind: str | None = "0.0.0.0",
        code: str | None = None,
        tokens: list[str | None] | None = None,
        grace: float = DEFAULT_GRACE,
        standin: str = DEFAULT_LEVEL,
        seed: int = 0,
    ) -> None:
        self.host = WindowHost(grace, standin)
        self.thread = HostThread(self.host, bind, port)
        self.port = self.thread.port
        self.code = code or new_code({})
        hashes = tokens or [None] * len(names)
        seats = [
            NetSeat(name, remote=kind == "remote", token_hash=hashes[s])
            for s, (name, kind) in enumerate(zip(names, kinds, strict=True))
        ]
        options = dict(game.rules.options())
        table = WindowTable(
            self.code, game.copy(), seats, DEFAULT_LEVEL, seed, options, kinds=kinds
        )
        self.table = table
        self.thread.ask(self.host.add_table, table)
        if any(h is not None for h in hashes):
            self.thread.ask(self._away_all)  # a resumed table: seats kept for the grace time
        self.closed = False

    def _away_all(self) -> None:
        for s, seat in enumerate(self.table.seats):
            if seat.remote and seat.joined:
                self.host._away(self.table, s)

    # ------------------------------------------------------------ the window's thread
    def moves(self) -> list[RemoteMove]:
        """The remote moves received since the last call (never blocks)."""
        inbox = self.host.inbox
        return [inbox.get_nowait() for _ in range(inbox.qsize())]

    def publish(self, game: Game, mover: int | None = None) -> None:
        if not self.closed:
            self.thread.post(self.host.publish, game.copy(), mover)

    def refuse(self, seat: int, text: str, why: IllegalMove | str) -> None:
        if not self.closed:
            self.thread.post(self.host.refuse, seat, text, why)

    def begin(self) -> None:
        """Play begins: empty remote seats are played by the stand-in bot until someone joins."""
        self.table.begun = True  # read by the window's bots at once
        self.thread.post(self.host.begin)

    def set_rules(self, grace: float, standin: str) -> None:
        self.thread.post(self.host.set_rules, grace, standin)
        self.host.grace, self.host.standin = grace, standin

    @property
    def begun(self) -> bool:
        return self.table.started

    @property
    def grace(self) -> float:
        return self.host.grace

    @property
    def standin(self) -> str:
        return self.host.standin

    def remote(self, seat: int) -> bool:
        return self.table.seats[seat].remote

    def status(self, seat: int) -> str:
        """EMPTY, CONNECTED, AWAY or STANDIN for a remote seat (read across
        threads: a flag the host's loop sets, good for a frame)."""
        place = self.table.seats[seat]
        if place.connection is not None:
            return CONNECTED
        if place.standin:
            return STANDIN
        return AWAY if place.joined else EMPTY

    def kept(self, seat: int) -> float | None:
        """Seconds left of an away player's grace time (None: not away)."""
        return self.table.seats[seat].kept()

    def bot_plays(self, seat: int) -> bool:
        """The session's stand-in bot plays this remote seat now."""
        place = self.table.seats[seat]
        if place.connection is not None:
            return False
        return place.standin or (not place.joined and self.table.begun)

    def name(self, seat: int) -> str:
        return self.table.seats[seat].name

    def open_seats(self) -> int:
        return sum(1 for s in self.table.seats if s.remote and not s.joined)

    def tokens(self) -> list[str | None]:
        """Each seat's token hash (for the autosave: never a token itself)."""
        return [s.token_hash for s in self.table.seats]

    def close(self) -> None:
        """Tell every player the host is closing and stop serving."""
        if not self.closed:
            self.closed = True
            self.thread.stop()
