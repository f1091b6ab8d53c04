"""Opening a saved game on a thread of its own, so the window keeps drawing
frames (a progress overlay) and a quit or Cancel is honoured at once.

    job = Opening(work)      # starts `work()` on a worker thread
    job.progress             # 0.0 .. 1.0, for the overlay
    job.cancel()             # the work stops at its next step (Cancelled)
    job.take()               # on the frame thread, once done: work()'s result

The long steps of opening a game (replaying the save's record, then the
current deal for the log) call `tell` every so many moves; in the thread of
an Opening that records the progress, and raises `Cancelled` once the
opening was cancelled. Anywhere else `tell` does nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextvars import ContextVar
from typing import Generic, TypeVar

T = TypeVar("T")

# Each long step's share of the whole opening (the replay of the save, then
# the replay of its current deal for the table's log).
STAGES = {"replay": (0.0, 0.5), "log": (0.5, 1.0)}


class Cancelled(Exception):
    """The opening was cancelled (the player quit, or chose Cancel)."""


_current: ContextVar[Opening[object] | None] = ContextVar("rummy_gui_opening", default=None)
_open: set[Opening[object]] = set()  # openings not yet taken or cancelled
_open_lock = threading.Lock()


def tell(stage: str, total: int, done: int) -> None:
    """A long step of opening a game has done `done` of its `total` parts;
    raises Cancelled if the opening of this thread was cancelled."""
    job = _current.get()
    if job is not None:
        job.step(stage, total, done)


def pending() -> bool:
    """An opening is under way, or done and not yet taken by the frame thread."""
    with _open_lock:
        return bool(_open)


def cancel_all(wait: float = 2.0) -> None:
    """Cancel every opening (the program is quitting), waiting up to `wait`
    seconds in all for their threads to stop."""
    with _open_lock:
        jobs = list(_open)
    for job in jobs:
        job.cancel()
    for job in jobs:
        job.wait(wait)


class Opening(Generic[T]):
    """`work()` on a daemon thread; its result, or the exception it raised.

    `discard` is given a result nobody will take (the opening was cancelled
    after the work had finished), to close what it holds."""

    def __init__(self, work: Callable[[], T], discard: Callable[[T], None] | None = None) -> None:
        self.progress = 0.0
        self.cancelled = False
        self._work = work
        self._discard = discard
        self._result: T | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()
        self._taken = False
        self._drop_lock = threading.Lock()
        with _open_lock:
            _open.add(self)  # type: ignore[arg-type]
        self._thread = threading.Thread(target=self._run, name="opening", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        _current.set(self)  # type: ignore[arg-type]
        try:
            self._result = self._work()
        # the frame thread re-raises it in take(): the program's crash report sees it
        except BaseException as e:  # noqa: BLE001
            self._error = e
        finally:
            self._done.set()
            if self.cancelled:
                self._drop()

    def step(self, stage: str, total: int, done: int) -> None:
        """Progress of one stage (`STAGES`); Cancelled once cancelled."""
        if self.cancelled:
            raise Cancelled
        low, high = STAGES.get(stage, (0.0, 1.0))
        self.progress = low + (high - low) * (min(done, total) / total if total > 0 else 0.0)

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        """Block up to `timeout` seconds for the work to end; True once it has."""
        return self._done.wait(timeout)

    def take(self) -> T:
        """The work's result (its exception raised here); only once done."""
        if not self.done:
            raise RuntimeError("the opening is still under way")
        self._taken = True
        self._forget()
        if self._error is not None:
            raise self._error
        return self._result  # type: ignore[return-value]

    def cancel(self) -> None:
        """Stop the work at its next step; a result it still gives is discarded."""
        if self._taken or self.cancelled:
            return
        self.cancelled = True
        self._forget()
        if self.done:
            self._drop()

    def _forget(self) -> None:
        with _open_lock:
            _open.discard(self)

    def _drop(self) -> None:
        with self._drop_lock:  # the worker and the frame thread may both get here
            result, self._result = self._result, None
        if result is not None and self._discard is not None:
            self._discard(result)
