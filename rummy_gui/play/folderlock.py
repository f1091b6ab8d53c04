"""One copy of the program saves games into a data folder at a time.

    folderlock.claim()        # at start: True if this copy holds the data folder
    folderlock.read_only()    # True in a second copy: it does not save games
    with folderlock.short_lock(path): ...   # a merge-on-write of one shared file

The first copy of rummy-gui to start takes an OS lock on its data folder
(`LOCK_NAME`, held until the program ends; the system frees it even after a
crash). A second copy started on the same folder still plays, but opens the
autosave and the named saves read-only: it never writes, deletes or moves
aside a save, and leaves the first copy's crash-on-open note alone
(`rummy_gui.play.openguard`). Statistics and settings are written by both
copies, each write a merge (re-read, change, write atomically) under a short
lock of that one file, so nothing either copy records is lost.

A program that never calls `claim` (the tests, the tools) writes as before.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import filelock

from rummy_gui import paths
from rummy_gui.play import jsonio

LOCK_NAME = ".rummy-gui.lock"  # in the data folder, while a copy of the program holds it
SHORT_WAIT = 10.0  # seconds a merge-on-write waits for the other copy's write (milliseconds)
# The English sentence of the notice (rummy_gui.play.problems.OTHER_COPY, a test keeps them equal).
OTHER_COPY = "Another copy of the game is open; this one will not save games."

_held: filelock.BaseFileLock | None = None
_other = False  # another copy holds the data folder: this one is read-only


def claim() -> bool:
    """Take the data folder for this copy of the program: True when it is ours
    (or when no lock can be made there: a read-only folder saves nothing
    anyway), False when another running copy holds it (`read_only` from then on)."""
    global _held, _other
    release()
    folder = paths.data_dir()
    lock = filelock.FileLock(str(folder / LOCK_NAME), timeout=0)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock.acquire()
    except filelock.Timeout:
        _other = True
        return False
    except OSError:
        return True
    _held = lock
    return True


def release() -> None:
    """Let the data folder go (the program's end; tests that claim it)."""
    global _held, _other
    lock, _held, _other = _held, None, False
    if lock is not None:
        with contextlib.suppress(OSError):
            lock.release()


def read_only() -> bool:
    """True when another copy of the program holds the data folder."""
    return _other


def lock_path(path: Path | str) -> Path:
    """The lock file of a merge-on-write of ``path``: ``.NAME.lock`` beside it."""
    p = Path(path)
    return p.with_name(f".{p.name}.lock")


@contextlib.contextmanager
def short_lock(path: Path | str, wait: float = SHORT_WAIT) -> Iterator[None]:
    """Hold ``path`` against the other copy's writes while it is re-read, changed
    and written. jsonio.WriteError (kind "busy") if the other copy holds it for
    longer than ``wait`` seconds; a folder where no lock can be made (read-only)
    is not locked (nothing can be written there anyway)."""
    p = Path(path)
    lock = filelock.FileLock(str(lock_path(p)), timeout=wait)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        lock.acquire()
    except filelock.Timeout:
        raise jsonio.WriteError(
            f"{p.name} is being written by another copy of the game", "busy", p
        ) from None
    except OSError:
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            lock.release()
