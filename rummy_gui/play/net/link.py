"""One client's connection on the host: what it may send, and its own outbox.

Every connection has a rate limit (a token bucket: RATE messages a second,
bursts of BURST) and a count of broken messages: the host answers each with
an error, and the MAX_STRIKES-th closes the connection. What the host sends
goes through the connection's outbox and its own writer task, in order, so
a slow reader never stalls the host or the other players; one that lets
MAX_OUTBOX messages pile up is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

RATE = 100.0  # messages a second, on average (a person makes a few)
BURST = 200.0  # messages at once
MAX_STRIKES = 10  # broken or too-fast messages before the host hangs up
MAX_OUTBOX = 512  # messages waiting for a reader that does not read
POLICY_VIOLATION = 1008  # WebSocket close code


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

    @property
    def peer(self) -> str:
        address = self.ws.remote_address
        return f"{address[0]}:{address[1]}" if address else "?"

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

    def stop(self) -> None:
        """The connection ended: its writer ends too."""
        self.closed = True
        self._writer.cancel()
