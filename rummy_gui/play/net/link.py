"""One client's connection on the host: what it may send, and its own outbox.

Every connection has a rate limit (a token bucket: RATE messages a second,
bursts of BURST) and a count of broken messages: the host answers each with
an error, and the MAX_STRIKES-th closes the connection. What the host sends
goes through the connection's outbox and its own writer task, in order, so
a slow reader never stalls the host or the other players. The host skips
the states of a reader that is BEHIND messages late (`behind`) and sends it
the whole state once it has caught up (`on_drained`); one that lets
MAX_OUTBOX messages pile up all the same is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

RATE = 100.0  # messages a second, on average (a person makes a few)
BURST = 200.0  # messages at once
MAX_STRIKES = 10  # broken or too-fast messages before the host hangs up
MAX_OUTBOX = 512  # messages waiting for a reader that does not read
BEHIND = 16  # messages waiting: the reader gets no more states until it catches up
POLICY_VIOLATION = 1008  # WebSocket close code
CLOSE_WAIT = 5.0  # seconds a hang-up waits for the messages queued before it


class Link:
    """A connection, and the seat it sits at once it said hello."""

    def __init__(self, ws: ServerConnection, clock: Any = time.monotonic) -> None:
        self.ws = ws
        self.table: Any = None  # the NetTable (tables.py) once joined
        self.seat = -1
        self.name = ""
        self.strikes = 0
        self._clock = clock
        self._allowance = BURST
        self._last = clock()
        self._outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._write())
        self.closed = False
        self.behind = False  # states were skipped: the whole state goes once the outbox is empty
        self.on_drained: Callable[[Link], None] | None = None

    @property
    def peer(self) -> str:
        address = self.ws.remote_address
        return f"{address[0]}:{address[1]}" if address else "?"

    @property
    def late(self) -> bool:
        """Is the reader BEHIND messages late?"""
        return self._outbox.qsize() >= BEHIND

    def allow(self) -> bool:
        """May one more message be read now (the token bucket)?"""
        now = self._clock()
        self._allowance = min(BURST, self._allowance + (now - self._last) * RATE)
        self._last = now
        if self._allowance < 1.0:
            return False
        self._allowance -= 1.0
        return True

    def push(self, message: dict[str, Any]) -> None:
        """Send a message (queued: never blocks the host)."""
        if self.closed:
            return
        if self._outbox.qsize() >= MAX_OUTBOX:
            self.close(POLICY_VIOLATION, "too many messages unread")
            return
        self._outbox.put_nowait(json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def strike(self) -> bool:
        """Count a broken message: True when the connection is closed for it."""
        self.strikes += 1
        if self.strikes >= MAX_STRIKES:
            self.close(POLICY_VIOLATION, "too many broken messages")
            return True
        return False

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Hang up once what is queued has gone."""
        if self.closed:
            return
        self.closed = True
        self._outbox.put_nowait(None)
        self._close = (code, reason)

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                text = await self._outbox.get()
                if text is None:
                    await self.ws.close(*self._close)
                    return
                await self.ws.send(text)
                if self.behind and self._outbox.empty() and self.on_drained is not None:
                    self.behind = False
                    self.on_drained(self)

    async def finish(self) -> None:
        """The connection ended: a hang-up of ours still sends what was queued
        before it (the errors that explain it), within CLOSE_WAIT seconds."""
        if self.closed:
            with contextlib.suppress(TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(self._writer), CLOSE_WAIT)
        self.closed = True
        self._writer.cancel()
