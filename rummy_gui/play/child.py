"""A child process of ours (a bot process, a review): reading its lines, ending it at once."""

from __future__ import annotations

import contextlib
import queue
import subprocess
from typing import IO, Any


def kill_child(proc: subprocess.Popen[Any]) -> None:
    """End a child process at once (stopped or not) and reap it; never waits long."""
    with contextlib.suppress(OSError):
        if proc.stdin is not None:
            proc.stdin.close()
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        proc.kill()
        proc.wait(timeout=1.0)


def pump_lines(out: IO[bytes], lines: queue.Queue[bytes]) -> None:
    """A reader thread's body: every line the child writes goes on `lines`,
    then b"" at the end (the child stopped or was killed)."""
    try:
        for line in out:
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(b"")
