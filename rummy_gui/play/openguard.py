"""A crash while opening a saved game does not repeat.

While a saved game is opened, a small note (`NOTE_NAME` in the data folder)
names the file, relative to the data folder (``autosave.json`` or
``saves/NAME.json``), with the fingerprints of it and its backup. It goes once
the table has drawn a few frames of the game (`frame_drawn`), or when the
program ends cleanly in any way (`closed_cleanly`: Quit, the close button,
Ctrl+C, SIGTERM, the end of ``--frames N``): a quit is not a crash. A note
found at the next start means the program crashed while opening that very
file: `interrupted_opening` moves the file (if unchanged) aside.

The note acts on nothing but those two kinds of names inside the data
folder: a note naming anything else (an absolute path, ``..``, a folder that
is a link, an old note's absolute ``path``) is ignored and removed, and so is
a note that is not a regular file. A copy of the program that does not hold
the data folder (`folderlock.read_only`) neither writes nor reads the note.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import threading
from pathlib import Path
from typing import Any

from rummy_gui import paths
from rummy_gui.play import folderlock, jsonio

NOTE_NAME = ".opening.json"
FRAMES_TO_OPEN = 3  # frames of the opened game drawn before its note goes
# a named save's file, as the note names it after "saves/": no folder, not hidden
_SAVE_FILE = re.compile(r"[^./\\\x00-\x1f][^/\\\x00-\x1f]*\.json")

_frames = 0  # frames still to draw before the note of mark_opening goes
_ours = False  # this process wrote the note on disk (a clean end takes it away)
# A game may be opened on a thread of its own (rummy_gui.play.opening) while the
# frame thread quits: the note is written and taken away one at a time.
_lock = threading.RLock()


def _note_path() -> Path:
    return paths.data_dir() / NOTE_NAME


def _regular(p: Path) -> bool:
    """A regular file itself (not a link, a FIFO, a device or a folder)."""
    try:
        return stat.S_ISREG(os.lstat(p).st_mode)
    except OSError:
        return False


def _fingerprint(p: Path) -> str | None:
    if not _regular(p):
        return None
    try:
        return hashlib.sha256(jsonio.read_bytes(p)).hexdigest()
    except jsonio.ReadError:
        return None


def _saves_folder() -> Path | None:
    """The named saves' folder, unless it is a link (out of the data folder)."""
    folder = paths.saves_dir()
    return None if folder.is_symlink() else folder


def name_of(path: Path | str) -> str | None:
    """``path`` as the note names it ("autosave.json", "saves/NAME.json"); None
    for a file that is neither (it gets no note)."""
    p = Path(path)
    try:
        where = p.parent.resolve()
        if p.name == paths.AUTOSAVE_NAME and where == paths.data_dir().resolve():
            return p.name
        folder = _saves_folder()
        if folder is not None and _SAVE_FILE.fullmatch(p.name) and where == folder.resolve():
            return f"{paths.SAVES_FOLDER}/{p.name}"
    except (OSError, RuntimeError):  # a link loop
        return None
    return None


def target_of(name: Any) -> Path | None:
    """The file a note's name stands for, inside the data folder; None for a
    name that is not one a note may hold."""
    if not isinstance(name, str):
        return None
    if name == paths.AUTOSAVE_NAME:
        return paths.autosave_path()
    folder_name, sep, file = name.partition("/")
    folder = _saves_folder()
    if folder_name != paths.SAVES_FOLDER or not sep or not _SAVE_FILE.fullmatch(file):
        return None
    return None if folder is None else folder / file


def _remove_note() -> None:
    global _ours
    _ours = False
    with contextlib.suppress(OSError):
        os.unlink(_note_path())


def mark_opening(path: Path | str) -> None:
    """Note on disk that ``path`` (or its backup) is being opened; `frame_drawn`
    takes the note away once the table has drawn a few frames of it, and
    `closed_cleanly` when the program ends before that. Best effort: a
    read-only folder, a file outside the data folder or a second copy of the
    program keep no note."""
    global _frames, _ours
    if folderlock.read_only():
        return
    p = Path(path)
    name = name_of(p)
    if name is None:
        return
    note = {
        "name": name,
        "sha256": _fingerprint(p),
        "backup_sha256": _fingerprint(jsonio.backup_path(p)),
    }
    with _lock:
        _ours = True  # before the write: an interrupt in the middle still takes it away
        try:
            jsonio.write_json(_note_path(), note, backup=False)
        except (jsonio.WriteError, OSError, UnicodeError):
            _ours = False
            return
        _frames = FRAMES_TO_OPEN


def opened() -> None:
    """The game opened (or failed to open with a clean error): this program's note goes."""
    global _frames
    with _lock:
        _frames = 0
        if _ours:
            _remove_note()


def frame_drawn() -> None:
    """Called by the program after every frame: counts down to `opened`."""
    global _frames
    if _frames > 0:
        _frames -= 1
        if _frames == 0:
            opened()


def closed_cleanly() -> None:
    """The program ends without a crash: a game it was still opening did not
    crash it, so the note goes (a crash keeps it for the next start)."""
    opened()


def _read_note() -> Any:
    """The note's contents; None (and the note removed) when it is not a
    regular file of JSON."""
    note = _note_path()
    try:
        st = os.lstat(note)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        _remove_note()
        return None
    try:
        return jsonio.read_json(note)
    except jsonio.ReadError:
        _remove_note()
        return None


def interrupted_opening(path: Path | str | None = None) -> Path | None:
    """If the program stopped while opening ``path`` (None: whichever file the
    note names), the file unchanged since, move it and its backup (if that is
    unchanged too) aside and return where the file went; the note goes in any
    case. So a crash while opening a game never repeats."""
    if folderlock.read_only():  # the note, if any, is the other copy's
        return None
    data = _read_note()
    if data is None:
        return None
    name = data.get("name") if isinstance(data, dict) else None
    target = target_of(name)
    if target is None:  # names something else, or nothing: not acted on
        _remove_note()
        return None
    if path is not None and name_of(path) != name:
        return None  # about another file: it stays for that one
    _remove_note()
    moved: Path | None = None
    for key, f in (("backup_sha256", jsonio.backup_path(target)), ("sha256", target)):
        now = _fingerprint(f)
        if now is not None and data.get(key) == now:
            try:
                moved = jsonio.quarantine(f)
            except jsonio.JsonFileError:
                continue
    return moved
