"""A child process of ours (a bot process, a review): how it starts, reading
its lines, ending it at once."""

from __future__ import annotations

import contextlib
import queue
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import rummy_gui

# Run in isolated mode (-I: no working folder or script folder on sys.path, no
# PYTHONPATH, no user site), the child puts back exactly the folder that holds
# the package this program runs, so nothing else can stand in for it.
_BOOT = (
    "import runpy, sys; sys.path.insert(0, sys.argv.pop(1)); "
    "runpy.run_module(sys.argv.pop(1), run_name='__main__', alter_sys=True)"
)


def package_root() -> str:
    """The folder that holds the running `rummy_gui` package (a site-packages
    folder, or the source tree of an editable install)."""
    return str(Path(rummy_gui.__file__).resolve().parent.parent)


def child_command(module: str, *args: str) -> list[str]:
    """The command that runs `python -m MODULE ARGS` with this interpreter and
    this program's own package only, whatever the working folder or the
    environment holds."""
    return [sys.executable, "-I", "-c", _BOOT, package_root(), module, *args]


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
