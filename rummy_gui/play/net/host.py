"""The host: an asyncio WebSocket server holding network tables (docs/network.md).

Everything that changes a table happens on the event loop's thread: a
player's move, a bot's move, a seat taken or left. The bots think in an
executor (one thread: the bots' caches are not made for two at once), on a
view, and their move is played back on the loop only if the table has not
changed meanwhile, so the loop never waits for a bot. The autosaves
(autosaves.py) let a restarted host (`Host(saves_dir=...)`) resume every
game with its seats; players take their seats back with their tokens.

A player who drops keeps the seat for `grace` seconds; then a bot of
`standin` level plays it until they come back.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from rummy_gui.engine import IllegalMove
from rummy_gui.levels import DEFAULT_LEVEL
from rummy_gui.play.net import protocol as p
from rummy_gui.play.net.autosaves import Autosaves
from rummy_gui.play.net.link import POLICY_VIOLATION, Link
from rummy_gui.play.net.tables import NetTable, new_code

log = logging.getLogger("rummy_gui.net")

MAX_TABLES = 256
MAX_LINKS = 1024
HELLO_TIMEOUT = 15.0  # seconds a new connection has to say hello or create a table
DEFAULT_GRACE = 120.0  # seconds a dropped player keeps their seat before a bot plays it

Tap = Callable[[NetTable, int, dict[str, Any]], None]


class Host:
    """The tables and the connections (see the module's docstring)."""

    def __init__(self, saves_dir: Path | None = None, grace: float = DEFAULT_GRACE,
                 standin: str = DEFAULT_LEVEL) -> None:  # fmt: skip
        self.saves = Autosaves(saves_dir)
        self.grace = grace
        self.standin = standin
        self.tables: dict[str, NetTable] = {}
        self.links: set[Link] = set()
        self.tap: Tap | None = None  # sees every message sent to a seat (the privacy tests)
        self._server: Server | None = None
        self._thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-bots")
        self._thinking: set[str] = set()  # tables whose bot is thinking
        self._bots: dict[tuple[str, int, str], Any] = {}
        self._timers: dict[tuple[str, int], asyncio.TimerHandle] = {}

    # ---------------------------------------------------------------- running
    async def start(self, address: str | None, port: int) -> int:
        """Listen on `port` (0: any free one); the port listened on."""
        self.restore()
        self._server = await serve(
            self._handle,
            address,
            port,
            max_size=p.MAX_MESSAGE,
            compression=None,  # cheap on the host; a message is small anyway
        )
        sockets = list(self._server.sockets)
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def stop(self, reason: str = "the host is closing") -> None:
        """Tell everyone, write every autosave, close the server."""
        for link in list(self.links):
            link.push(p.closing(reason))
            link.close(1001, "the host is closing")
        for table in self.tables.values():
            self.saves.now(table)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.saves.close()
        self._thinker.shutdown(wait=False, cancel_futures=True)

    def restore(self) -> None:
        """The tables of the autosaves, each player's seat kept for the grace time."""
        for table in self.saves.restore():
            self.tables[table.code] = table
            for s, seat in enumerate(table.seats):
                if seat.remote and seat.joined:
                    self._away(table, s)

    # ---------------------------------------------------------------- connections
    async def _handle(self, ws: ServerConnection) -> None:
        link = Link(ws)
        link.on_drained = self._caught_up
        if len(self.links) >= MAX_LINKS:
            link.push(p.error("host_full", "the host has as many players as it can take"))
            link.close(1013, "host full")
            await link.finish()
            return
        self.links.add(link)
        loop = asyncio.get_running_loop()
        timer = loop.call_later(HELLO_TIMEOUT, self._no_hello, link)
        try:
            async for raw in ws:
                if link.closed:  # read on to the close frame: unread messages would stall the
                    continue  # hang-up's handshake until its timeout (a flood's, 10 s)
                if not link.allow():
                    self._broken(link, "too_fast", "too many messages: wait a moment")
                    continue
                try:
                    request = p.read_request(raw)
                except p.ProtocolError as e:
                    self._broken(link, e.code, str(e))
                    continue
                self._request(link, request)
        except ConnectionClosed:
            pass
        finally:
            timer.cancel()
            self.links.discard(link)
            self._left(link)
            await link.finish()

    def _caught_up(self, link: Link) -> None:
        table = link.table
        if table is not None and table.seats[link.seat].connection is link:
            self._send_state(table, link.seat)

    def _no_hello(self, link: Link) -> None:
        if link.table is None:
            link.close(POLICY_VIOLATION, "no hello")

    def _broken(self, link: Link, code: str, message: str) -> None:
        link.push(p.error(code, message))
        if link.strike():
            log.info("%s hung up: too many broken messages", link.peer)

    def _request(self, link: Link, request: p.Request) -> None:
        if isinstance(request, p.Hello | p.Create):
            if link.table is not None:
                self._broken(link, "joined", "this connection already sits at a table")
                return
            try:
                if isinstance(request, p.Hello):
                    self._hello(link, request)
                else:
                    self._create(link, request)
            except p.ProtocolError as e:
                self._broken(link, e.code, str(e))
            return
        table = link.table
        if table is None:
            self._broken(link, "not_joined", "say hello to a table first")
            return
        if isinstance(request, p.Sync):
            table.seats[link.seat].sent_log = ()
            self._send_state(table, link.seat)
            return
        result = table.answer(link.seat, request)
        if isinstance(result, dict):
            self._send(table, link.seat, result)
            return
        self._changed(table)

    def _create(self, link: Link, request: p.Create) -> None:
        if len(self.tables) >= MAX_TABLES:
            raise p.ProtocolError("host_full", "the host holds as many tables as it can")
        code = new_code(self.tables)
        table = NetTable.create(
            code, request.name, request.preset, request.players, request.people,
            request.level, request.options,
        )  # fmt: skip
        self.tables[code] = table
        token = table.seat_taken(0, request.name)
        log.info(
            "%s (%s) made table %s: %s for %d, %d people, %s bots",
            request.name, link.peer, code, table.game.preset, table.game.players,
            request.people, request.level,
        )  # fmt: skip
        self._sit(link, table, 0, token)

    def _hello(self, link: Link, request: p.Hello) -> None:
        table = self.tables.get(request.code)
        if table is None:
            raise p.ProtocolError("bad_code", "no table has this join code")
        if request.token is not None:
            seat = table.seat_of_token(request.token)
            token = request.token
            old = table.seats[seat].connection
            if isinstance(old, Link) and old is not link:
                old.push(p.closing("your seat was taken up from another connection"))
                old.close(1000, "seat taken up elsewhere")
                old.table = None
        else:
            seat, token = table.join(request.name)
        what = "came back to" if request.token is not None else "joined"
        log.info("%s (%s) %s table %s, seat %d", request.name, link.peer, what, table.code, seat)
        self._sit(link, table, seat, token)

    def _sit(self, link: Link, table: NetTable, seat: int, token: str) -> None:
        link.table, link.seat, link.name = table, seat, table.seats[seat].name
        place = table.seats[seat]
        place.connection, place.standin, place.sent_log = link, False, ()
        place.away_until = None
        timer = self._timers.pop((table.code, seat), None)
        if timer is not None:
            timer.cancel()
        info = {
            "preset": table.game.preset,
            "players": table.game.players,
            "options": table.game.rules.options(),
            "level": table.level,
        }
        self._send(table, seat, p.welcome(seat, token, table.code, info))
        self._changed(table)

    def _left(self, link: Link) -> None:
        table = link.table
        if table is None or table.seats[link.seat].connection is not link:
            return
        table.seats[link.seat].connection = None
        log.info("%s left table %s, seat %d", link.name, table.code, link.seat)
        if table.game.game_over:  # nothing left to keep the seat for
            if not table.people_connected():
                self._forget(table)
            return
        self._away(table, link.seat)
        self._changed(table)

    def _away(self, table: NetTable, seat: int) -> None:
        """The seat's player is away: a bot takes it once the grace time is up."""
        loop = asyncio.get_event_loop()
        old = self._timers.pop((table.code, seat), None)
        if old is not None:
            old.cancel()
        self._timers[(table.code, seat)] = loop.call_later(self.grace, self._stand_in, table, seat)
        table.seats[seat].away_until = time.monotonic() + self.grace

    def _stand_in(self, table: NetTable, seat: int) -> None:
        self._timers.pop((table.code, seat), None)
        place = table.seats[seat]
        place.away_until = None
        if place.connection is None and self.tables.get(table.code) is table:
            if not (table.started or table.people_connected()):
                self._forget(table)  # a game that never began: no bot can play it
                return
            place.standin = True
            log.info("a %s bot plays seat %d of table %s", self.standin, seat, table.code)
            self._changed(table)

    def _forget(self, table: NetTable) -> None:
        self.tables.pop(table.code, None)
        self.saves.drop(table)
        for key in [k for k in self._bots if k[0] == table.code]:
            del self._bots[key]
        for timer in [k for k in self._timers if k[0] == table.code]:
            self._timers.pop(timer).cancel()  # a timer would keep the table's game alive
        log.info("table %s closed", table.code)

    # ---------------------------------------------------------------- telling the seats
    def _send(self, table: NetTable, seat: int, message: dict[str, Any]) -> None:
        link = table.seats[seat].connection
        if isinstance(link, Link):
            if self.tap is not None:
                self.tap(table, seat, message)
            link.push(message)

    def _send_state(self, table: NetTable, seat: int) -> None:
        place = table.seats[seat]
        link = place.connection
        if not isinstance(link, Link):
            return
        if link.late:  # a slow reader: it gets the whole state once it has caught up
            link.behind, place.sent_log = True, ()
            return
        game = table.game
        message, place.sent_log = p.state_message(
            game.view(seat), table.at, table.public_seats(self.standin), place.sent_log,
            game.winners if game.game_over else (), table.moved_at[seat],
            p.shown_at_deal_end(game), table.may_undo(seat), game.score_history,
        )  # fmt: skip
        self._send(table, seat, message)

    def _changed(self, table: NetTable) -> None:
        """The table changed: every seat hears, the bots move, the autosave follows."""
        for seat in range(len(table.seats)):
            self._send_state(table, seat)
        self._think(table)
        self.saves.soon(table)
        if table.game.game_over and not table.people_connected():
            self._forget(table)

    # ---------------------------------------------------------------- bots
    def _bot(self, table: NetTable, seat: int) -> Any:
        level = table.bot_level(seat, self.standin)
        key = (table.code, seat, level)
        bot = self._bots.get(key)
        if bot is None:
            from rummy_gui.bots import make_bot

            bot = self._bots[key] = make_bot(level, seed=table.bot_seed(seat))
        return bot

    def _think(self, table: NetTable) -> None:
        if table.code in self._thinking or table.bot_failed:
            return
        seats = table.bots_to_act()
        if not seats:
            return
        seat, at = seats[0], table.at
        view = table.game.view(seat)
        self._thinking.add(table.code)
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._thinker, self._bot(table, seat).choose, view)
        future.add_done_callback(lambda f: self._thought(table, seat, at, f))

    def _thought(self, table: NetTable, seat: int, at: int, future: asyncio.Future[Any]) -> None:
        self._thinking.discard(table.code)
        if future.cancelled() or self.tables.get(table.code) is not table:
            return
        error = future.exception()
        if error is not None:
            table.bot_failed = True  # a bug: logged, and the table waits rather than loop
            log.error("the bot of seat %d of table %s failed: %r", seat, table.code, error)
            return
        try:
            played = table.play_bot(seat, future.result(), at)
        except IllegalMove as e:
            table.bot_failed = True
            log.error(
                "the bot of seat %d of table %s chose an illegal move: %s", seat, table.code, e
            )
            return
        if played:
            self._changed(table)
        else:
            self._think(table)
