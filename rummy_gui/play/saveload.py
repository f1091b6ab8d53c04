"""Loading a save: the file read, its format upgraded, its game replayed and
checked (savecheck), the backup used when the file itself is bad.

    saved = saveload.read(path)                # SavedGame: .game .seats .table
    saved = saveload.read_with_fallback(path)  # the .bak when the file is bad

Every problem with a file raises ``SaveError`` with a sentence the program
can show; loading never runs code from the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rummy_gui.play import jsonio
from rummy_gui.play.savecheck import check_position, replay
from rummy_gui.play.saves import (
    SAVE_VERSION,
    SavedGame,
    SaveError,
    parse_date,
    quarantine,
    seat_from_json,
    sentence_tail,
)
from rummy_gui.play.saveupgrade import check_head
from rummy_gui.safetext import clean


def from_document(doc: Any, path: Path | None = None) -> SavedGame:
    """A SavedGame from a parsed save document (any known version)."""
    original = doc.get("version") if isinstance(doc, dict) else None
    doc = check_head(doc)
    seats_raw = doc.get("seats")
    if not isinstance(seats_raw, list):
        raise SaveError("the save's seats are not a list", "invalid")
    seats = tuple(seat_from_json(s, f"seat {i}") for i, s in enumerate(seats_raw))
    table = doc.get("table")
    if not isinstance(table, dict):
        raise SaveError("the save's table state is not an object", "invalid")
    if original != 1 and "summary" not in doc:
        raise SaveError("the save has no summary of its position", "invalid")
    record = doc.get("game")
    game = replay(record)
    if len(seats) != game.players:
        raise SaveError(
            f"the save names {len(seats)} seats for a {game.players}-player game", "invalid"
        )
    assert isinstance(record, Mapping)
    check_position(game, record, doc.get("summary"))
    return SavedGame(
        game,
        seats,
        table,
        path,
        parse_date(doc.get("saved_at")),
        original if isinstance(original, int) else SAVE_VERSION,
    )


def _located(e: SaveError, p: Path) -> SaveError:
    """The same error, its message starting with the file it is about."""
    return SaveError(f"{clean(p.name)} can't be loaded: {e}", e.kind, p)


def read(path: Path | str) -> SavedGame:
    """Load a save. Raises only SaveError, whose message names the file and
    says what is wrong with it."""
    p = Path(path)
    try:
        doc = jsonio.read_json(p)
    except jsonio.ReadError as e:
        kind = "missing" if e.kind == "missing" else "damaged"
        raise SaveError(
            f"{clean(p.name)} can't be loaded: {sentence_tail(str(e), p.name)}", kind, p
        ) from None
    try:
        return from_document(doc, p)
    except SaveError as e:
        raise _located(e, p) from None


def read_with_fallback(path: Path | str, quarantine_bad: bool = False) -> SavedGame:
    """Load a save, or its NAME.bak when the file itself is bad.

    When the backup is used, the result's ``problem`` holds the main
    file's error (to show the player); with
    ``quarantine_bad`` the bad file is moved aside (``quarantined``). A file
    from a newer program is never replaced by an older backup: that error is
    raised as it is. If both are bad, the main file's SaveError is raised,
    its message saying the backup failed too."""
    p = Path(path)
    try:
        return read(p)
    except SaveError as main_error:
        if main_error.kind == "newer_version":
            raise
        bak = jsonio.backup_path(p)
        if not bak.exists():
            raise
        try:
            saved = read(bak)
        except SaveError as bak_error:
            raise SaveError(
                f"{main_error}. The backup can't be used either: {bak_error}", main_error.kind, p
            ) from None
        saved.problem = main_error
        if quarantine_bad and main_error.kind != "missing":
            try:
                saved.quarantined = quarantine(p)
            except SaveError as e:  # a read-only folder: the good backup is used all the same
                saved.not_moved = str(e)
        return saved
