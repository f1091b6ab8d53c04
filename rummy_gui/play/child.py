"""Ending a child process of ours (a bot process, a review) at once."""

from __future__ import annotations

import contextlib
import subprocess
from typing import Any


def kill_child(proc: subprocess.Popen[Any]) -> None:
    """End a child process at once (stopped or not) and reap it; never waits long."""
    with contextlib.suppress(OSError):
        if proc.stdin is not None:
            proc.stdin.close()
    with contextlib.suppress(OSError, subprocess.TimeoutExpired):
        proc.kill()
        proc.wait(timeout=1.0)
