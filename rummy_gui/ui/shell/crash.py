"""When the program stops on an unexpected error: the traceback to a crash
log in the data folder (or the temporary folder), one short message to the player."""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
import traceback

import pygame


def crash_log_path() -> str:
    """A new file for a crash report, in the data folder (or the temporary folder)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    from rummy_gui import paths

    folders = [str(paths.data_dir()), tempfile.gettempdir()]
    for folder in folders:
        try:
            os.makedirs(folder, exist_ok=True)
            path = os.path.join(folder, f"crash-{stamp}-{os.getpid()}.log")
            with open(path, "x", encoding="utf-8"):
                pass
            return path
        except OSError:  # noqa: PERF203 (the next folder is tried)
            continue
    return ""


def report_crash(error: BaseException) -> str:
    """Write the traceback to a crash log and tell the player in one short message."""
    path = crash_log_path()
    if path:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(f"rummy-gui crash at {time.strftime('%Y-%m-%d %H:%M:%S')}\n")
                f.write(f"python {platform.python_version()}, pygame-ce {pygame.version.ver}\n\n")
                f.write("".join(traceback.format_exception(error)))
        except OSError:
            path = ""
    where = f" The details are in {path}." if path else ""
    print(
        f"rummy-gui: sorry, the game stopped because of an unexpected error "
        f"({type(error).__name__}: {error}).{where}",
        file=sys.stderr,
    )
    return path
