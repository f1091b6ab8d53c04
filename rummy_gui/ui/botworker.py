"""Bot decisions in a child process, so a thinking bot never holds the
interpreter lock that the window's frames need. No pygame is imported here.

The child is `python -m rummy_gui.ui.botworker`: it reads pickled
(level, seed, view) requests on stdin and answers each with the move text.
A plain child process (not multiprocessing) so that no one's main module is
imported again in it. The bots are deterministic for a (level, seed, view),
so the child keeps one bot per (level, seed) and needs nothing else.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
import threading
from typing import Any


class BotProcess:
    """The parent's end: `ask` blocks on a pipe (releasing the lock) until the child answers."""

    def __init__(self) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "rummy_gui.ui.botworker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        self._lock = threading.Lock()

    def ask(self, level: str, seed: int, view: Any) -> str:
        with self._lock:
            assert self._proc.stdin is not None and self._proc.stdout is not None
            pickle.dump((level, seed, view), self._proc.stdin)
            self._proc.stdin.flush()
            answer = pickle.load(self._proc.stdout)
        if isinstance(answer, BaseException):
            raise answer
        return str(answer)

    def close(self) -> None:
        try:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
            self._proc.terminate()
        except OSError:
            pass


def serve() -> None:
    from rummy_gui.bots import make_bot

    inp, out = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but answers may reach the pipe
    bots: dict[tuple[str, int], Any] = {}
    while True:
        try:
            level, seed, view = pickle.load(inp)
        except (EOFError, OSError):
            return
        try:
            bot = bots.get((level, seed))
            if bot is None:
                bot = bots[(level, seed)] = make_bot(level, seed=seed)
            answer: object = str(bot.choose(view))
        except Exception as e:  # sent back: the parent falls back to another move
            answer = RuntimeError(f"{type(e).__name__}: {e}")
        pickle.dump(answer, out)
        out.flush()


if __name__ == "__main__":
    serve()
