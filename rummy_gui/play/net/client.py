"""A player's end of a network table: a WebSocket client on a thread of its own.

The window's frame loop never waits on the network: `poll()` hands over what
came since the last frame, `play()` queues a move and returns. The thread
keeps the connection: when it drops, or the host stops, it tries again (with
the seat's token, so the player gets their seat back) until `close()`; all
that time, and while a move waits longer than SLOW seconds for the host's
answer, `waiting` is True (the table shows "waiting for the host").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
import time
from collections.abc import Mapping
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidHandshake, InvalidURI, WebSocketException

from rummy_gui.engine import Move
from rummy_gui.play.net import protocol as p

SLOW = 1.0  # seconds a move may wait for the host before the table says it is waiting
RETRY = (0.2, 0.5, 1.0, 2.0, 4.0)  # seconds between tries to reach the host, then the last
OPEN_TIMEOUT = 5.0
# Errors after which trying again can't help: the table, the seat or the host said no.
FINAL = frozenset({"bad_code", "bad_token", "table_full", "host_full", "version", "bad_table"})

CONNECTING, PLAYING, WAITING, CLOSED = "connecting", "playing", "waiting", "closed"


class Client:
    """Join (`code`), come back (`code` and `token`) or make (`create`: the
    fields of `protocol.create`) a table on the host at `url` (ws://host:port).
    `wake`, if given, is set whenever a message comes: several clients may
    share one, for a player without a window who waits for any of them."""

    def __init__(
        self,
        url: str,
        name: str,
        code: str | None = None,
        token: str | None = None,
        create: Mapping[str, Any] | None = None,
        wake: threading.Event | None = None,
    ) -> None:
        if (code is None) == (create is None):
            raise ValueError("give a join code or a table to create, not both")
        self.url = url
        self.name = name
        self.code = code
        self.token = token
        self.seat: int | None = None
        self.table: dict[str, Any] = {}  # the welcome's facts: preset, players, options, level
        self.state: p.SeatState | None = None  # the latest state, as of the last poll
        self.problem: dict[str, Any] | None = None  # the last error the host sent
        self._create = None if create is None else dict(create)
        self._status = CONNECTING
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._arrived = threading.Event()  # set when a message comes, cleared by poll
        # set too when a message comes, never cleared here: one waiter may share it among
        # several clients (a test's players) and wait for any of them
        self.wake = wake
        self._lock = threading.Lock()
        self._sent_at: float | None = None  # when the move that waits for an answer went
        self._pending_at = -1
        self._thread_state: p.SeatState | None = None  # the latest state, on the thread
        self._ws: ClientConnection | None = None
        self._stop = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)
        self._thread.start()

    # ---------------------------------------------------------------- the window's side
    @property
    def status(self) -> str:
        with self._lock:
            return self._status

    @property
    def waiting(self) -> bool:
        """Waiting for the host: not connected, or a move unanswered for SLOW seconds."""
        with self._lock:
            if self._status != PLAYING:
                return self._status != CLOSED
            return self._sent_at is not None and time.monotonic() - self._sent_at > SLOW

    @property
    def move_pending(self) -> bool:
        """A move went and its answer has not come."""
        with self._lock:
            return self._sent_at is not None

    def poll(self) -> list[dict[str, Any]]:
        """The host's messages since the last poll (never blocks); `state` follows them."""
        out: list[dict[str, Any]] = []
        self._arrived.clear()
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._inbox.get_nowait())
        for msg in out:
            if msg["type"] == p.STATE:
                self.state = msg["_state"]
        return out

    def wait(self, timeout: float) -> bool:
        """Block until a message comes (or `timeout` seconds pass): for
        players without a window, such as bots and tests. True if one came."""
        return self._arrived.wait(timeout)

    def play(self, move: Move | str) -> None:
        """Send a move made on the latest polled state (the host judges it)."""
        state = self.state
        at = -1 if state is None else state.at
        text = str(move)
        with self._lock:
            self._sent_at, self._pending_at = time.monotonic(), at
        self._post(p.move(text, at))

    def undo(self) -> None:
        """Ask the host to take back this seat's last move (made on the latest polled state)."""
        state = self.state
        at = -1 if state is None else state.at
        with self._lock:
            self._sent_at, self._pending_at = time.monotonic(), at
        self._post(p.undo(max(at, 0)))

    def sync(self) -> None:
        """Ask for the whole state again."""
        self._post({"type": p.SYNC})

    def send_raw(self, text: str) -> None:
        """Send text as it is (the protocol's tests)."""
        self._loop.call_soon_threadsafe(self._send_now, text)

    def close(self) -> None:
        self._stop.set()
        if not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._hang_up)
        self._thread.join(timeout=5)

    def _post(self, message: dict[str, Any]) -> None:
        self.send_raw(json.dumps(message, ensure_ascii=False))

    # ---------------------------------------------------------------- the thread's side
    def _send_now(self, text: str) -> None:
        ws = self._ws
        if ws is not None:
            self._loop.create_task(self._send(ws, text))

    @staticmethod
    async def _send(ws: ClientConnection, text: str) -> None:
        with contextlib.suppress(WebSocketException, OSError):
            await ws.send(text)

    def _hang_up(self) -> None:
        ws = self._ws
        if ws is not None:
            self._loop.create_task(ws.close())

    def _set_status(self, status: str) -> None:
        with self._lock:
            self._status = status

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._keep_connected())
        finally:
            self._set_status(CLOSED)
            self._loop.close()

    async def _keep_connected(self) -> None:
        tries = 0
        while not self._stop.is_set():
            try:
                async with connect(
                    self.url,
                    max_size=p.MAX_HOST_MESSAGE,
                    compression=None,
                    open_timeout=OPEN_TIMEOUT,
                ) as ws:
                    self._ws = ws
                    await ws.send(json.dumps(self._opening(), ensure_ascii=False))
                    async for raw in ws:
                        if self._received(raw):
                            tries = 0
                        if self._stop.is_set() or self.status == CLOSED:
                            break
            except (OSError, TimeoutError, InvalidURI, InvalidHandshake, WebSocketException):
                pass
            except UnicodeError:  # a host name that can't be looked up: no try can reach it
                self._inbox.put(p.error("unreachable", "the host's name can't be looked up"))
                self._set_status(CLOSED)
                self._signal()
            except p.ProtocolError as e:  # a host that breaks the protocol: no more tries
                self._inbox.put(p.error(e.code, f"the host sent a bad message: {e}"))
                self._set_status(CLOSED)
                self._signal()
            self._ws = None
            if self._stop.is_set() or self.status == CLOSED:
                return
            self._set_status(WAITING)
            await asyncio.sleep(RETRY[min(tries, len(RETRY) - 1)])
            tries += 1

    def _opening(self) -> dict[str, Any]:
        if self.code is None and self._create is not None:
            c = self._create
            return p.create(
                self.name, c["preset"], c["players"], c["people"], c["level"],
                c.get("options", {}),
            )  # fmt: skip
        assert self.code is not None
        return p.hello(self.code, self.name, self.token)

    def _received(self, raw: str | bytes) -> bool:
        """Take in one of the host's messages; True once it has welcomed us."""
        msg = p.read_reply(raw)
        kind = msg["type"]
        if kind == p.WELCOME:
            self.seat, self.token, self.code = int(msg["seat"]), msg["token"], msg["code"]
            self.table = dict(msg.get("table", {}))
            with self._lock:
                self._sent_at = None  # a move sent before a reconnection may never have gone
            self._set_status(PLAYING)
        elif kind == p.STATE:
            previous = msg["_state"] = p.read_state(msg, self._thread_state)
            self._thread_state = previous
            with self._lock:
                if previous.moved_at > self._pending_at:  # the move waited for was played
                    self._sent_at = None
        elif kind == p.REFUSED:
            with self._lock:
                self._sent_at = None
        elif kind == p.ERROR:
            self.problem = msg
            with self._lock:
                self._sent_at = None  # a move in a refused message was not judged
            if msg.get("code") in FINAL:  # an answer to hello or create: trying again can't help
                self._set_status(CLOSED)
        self._inbox.put(msg)
        self._signal()
        return bool(kind == p.WELCOME)

    def _signal(self) -> None:
        self._arrived.set()
        if self.wake is not None:
            self.wake.set()
