"""Running a host: `rummy-gui --serve PORT` (headless, for a club), or on a
thread of its own beside a window or a test (`HostThread`).

    rummy-gui --serve 8765 [--bind ADDRESS] [--grace SECONDS] [--stand-in LEVEL]
                           [--saves FOLDER | --no-saves]

Its log (on standard error) says who made, joined and left which table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from rummy_gui import paths
from rummy_gui.levels import DEFAULT_LEVEL, LEVELS
from rummy_gui.play.heap import bound_heap
from rummy_gui.play.net.host import DEFAULT_GRACE, Host

log = logging.getLogger("rummy_gui.net")
T = TypeVar("T")


class HostThread:
    """A host on its own thread and event loop: `port` once started; `stop()` ends it."""

    def __init__(self, host: Host, address: str | None = "127.0.0.1", port: int = 0) -> None:
        self.host = host
        self.port = 0
        self._loop = asyncio.new_event_loop()
        self._started = threading.Event()
        self._error: BaseException | None = None
        self._done: asyncio.Future[None] | None = None
        self._thread = threading.Thread(
            target=self._run, args=(address, port), name="net-host", daemon=True
        )
        self._thread.start()
        self._started.wait()
        if self._error is not None:
            raise self._error

    def _run(self, address: str | None, port: int) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self.port = self._loop.run_until_complete(self.host.start(address, port))
        except BaseException as e:  # noqa: BLE001 (given to the thread that started it)
            self._error = e
            self._started.set()
            return
        self._done = self._loop.create_future()
        self._started.set()
        self._loop.run_until_complete(self._done)
        self._loop.run_until_complete(self.host.stop())
        self._loop.close()

    def ask(self, fn: Callable[..., T], *args: object) -> T:
        """`fn(*args)` run on the host's loop, where the tables may be read."""

        async def call() -> T:
            return fn(*args)

        return asyncio.run_coroutine_threadsafe(call(), self._loop).result(timeout=30)

    def post(self, fn: Callable[..., object], *args: object) -> None:
        """`fn(*args)` run on the host's loop soon; returns at once (a frame never waits)."""
        if not self._loop.is_closed():
            self._loop.call_soon_threadsafe(fn, *args)

    def stop(self) -> None:
        done = self._done
        if done is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(_finish, done)
        self._thread.join(timeout=10)


def _finish(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="rummy-gui --serve", description="Host network tables without a window."
    )
    ap.add_argument(
        "port", type=int, help="the TCP port to listen on (forward it for the internet)"
    )
    ap.add_argument("--bind", default="0.0.0.0", help="the address to listen on (default: all)")
    ap.add_argument(
        "--grace",
        type=float,
        default=DEFAULT_GRACE,
        help=f"seconds a dropped player keeps their seat (default {DEFAULT_GRACE:g})",
    )
    ap.add_argument(
        "--stand-in",
        choices=LEVELS,
        default=DEFAULT_LEVEL,
        help="the bot level that plays for a player who is away",
    )
    ap.add_argument("--saves", type=Path, help="the folder of the tables' autosaves")
    ap.add_argument("--no-saves", action="store_true", help="keep no autosaves")
    return ap


async def _serve(host: Host, address: str, port: int) -> None:
    stop = asyncio.get_running_loop().create_future()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            asyncio.get_running_loop().add_signal_handler(sig, _finish, stop)
    bound = await host.start(address, port)
    log.info("serving on %s port %d (%d tables resumed)", address, bound, len(host.tables))
    try:
        await stop
    finally:
        await host.stop()
        log.info("stopped")


def _settle() -> None:
    """Before serving: the C heap bounded (play/heap.py), what exists at start
    kept out of the collector's sight, and the collector on again, since
    `rummy_gui.__main__` starts with it off and a finished table's game is
    freed only by it (its objects refer to each other)."""
    bound_heap()
    gc.collect()
    gc.freeze()
    gc.enable()


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    if not 0 <= args.port <= 65535 or args.grace < 0:
        print("rummy-gui --serve: the port is 0 to 65535, the grace time 0 or more")
        return 2
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # our own log says who came
    folder = None if args.no_saves else (args.saves or paths.data_dir() / "tables")
    host = Host(folder, args.grace, args.stand_in)
    _settle()
    try:
        asyncio.run(_serve(host, args.bind, args.port))
    except OSError as e:
        log.error("can't serve on port %d: %s", args.port, e.strerror or e)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0
