"""Named saves: their file names, the Load screen's list (read without
replaying), and deleting one."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TypeGuard

from rummy_gui import paths
from rummy_gui.engine import PRESETS
from rummy_gui.play import jsonio
from rummy_gui.play.saveload import read
from rummy_gui.play.saves import (
    MAX_MOVES,
    MAX_NAME,
    MAX_SAVE_NAME,
    MAX_SCORE,
    MAX_SEATS,
    SaveError,
    parse_date,
    remove,
    sentence_tail,
    summary_of,
)
from rummy_gui.play.saveupgrade import check_head
from rummy_gui.safetext import clean
from rummy_gui.safetext import problem as text_problem


@dataclass(frozen=True)
class SaveSummary:
    """One line of the Load screen. ``error`` is set (and most fields empty)
    for a file that can't be loaded."""

    name: str
    path: Path
    date: datetime
    preset: str = ""
    preset_name: str = ""
    players: int = 0
    names: tuple[str, ...] = ()
    round: int = 0
    scores: tuple[int, ...] = ()
    game_over: bool = False
    error: str | None = None


_BAD_NAME_CHARS = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]')


_WINDOWS_RESERVED = {
    "CON",
    "PRN",
    "AUX",
    "NUL",
    *(f"COM{i}" for i in range(1, 10)),
    *(f"LPT{i}" for i in range(1, 10)),
}


def check_save_name(name: str) -> str:
    """A save's name as the player typed it, trimmed; SaveError kind bad_name
    if it can't be a file name on every system."""
    if not isinstance(name, str):
        raise SaveError("a save's name must be text", "bad_name")
    trimmed = name.strip()
    if not trimmed:
        raise SaveError("a save needs a name", "bad_name")
    if len(trimmed) > MAX_SAVE_NAME:
        raise SaveError(f"a save's name can be at most {MAX_SAVE_NAME} characters", "bad_name")
    if _BAD_NAME_CHARS.search(trimmed):
        raise SaveError("a save's name can't hold any of < > : \" / \\ | ? *", "bad_name")
    bad = text_problem(trimmed, MAX_SAVE_NAME)
    if bad is not None:
        raise SaveError(f"a save's name can't be kept: {bad}", "bad_name")
    if trimmed.startswith(".") or trimmed.endswith("."):
        raise SaveError("a save's name can't start or end with a dot", "bad_name")
    if trimmed.split(".")[0].upper() in _WINDOWS_RESERVED:
        raise SaveError(f"'{trimmed}' is a name Windows keeps for itself", "bad_name")
    return trimmed


def save_path(name: str) -> Path:
    """The file of the named save ``name`` (in the saves folder)."""
    return paths.saves_dir() / f"{check_save_name(name)}.json"


def _summary_line(p: Path) -> SaveSummary:
    name = clean(p.name[: -len(".json")], MAX_SAVE_NAME + 20)  # the file's own name, drawn
    try:
        mtime = datetime.fromtimestamp(p.stat().st_mtime, timezone.utc)
    except OSError:
        mtime = datetime.fromtimestamp(0, timezone.utc)
    try:
        doc = check_head(jsonio.read_json(p))
        summary = doc.get("summary")
        if summary is None:  # an upgraded old save: replay it for its facts
            summary = summary_of(read(p).game)
        if not isinstance(summary, Mapping):
            raise SaveError("the summary is missing", "invalid")
        preset = summary.get("preset")
        if not isinstance(preset, str) or preset not in PRESETS:
            raise SaveError(f"unknown game {preset!r}", "invalid")
        players, rnd, totals = summary.get("players"), summary.get("round"), summary.get("totals")
        over = summary.get("game_over")
        seats = doc.get("seats")
        if (
            not _whole(players, 1, MAX_SEATS)
            or not _whole(rnd, 1, MAX_MOVES)
            or not isinstance(over, bool)
            or not isinstance(totals, list)
            or len(totals) > players
            or not all(_whole(t, -MAX_SCORE, MAX_SCORE) for t in totals)
            or not isinstance(seats, list)
            or len(seats) > MAX_SEATS
        ):
            raise SaveError("the summary is damaged", "invalid")
        names = tuple(
            clean(s.get("name", "?"), MAX_NAME) if isinstance(s, Mapping) else "?" for s in seats
        )
        date = parse_date(doc.get("saved_at")) or mtime
        return SaveSummary(
            name, p, date, preset, PRESETS[preset].name, players, names, rnd, tuple(totals), over
        )
    except (SaveError, jsonio.ReadError) as e:
        return SaveSummary(name, p, mtime, error=sentence_tail(str(e), p.name))


def _whole(value: object, least: int, most: int) -> TypeGuard[int]:
    """A whole number from a file, within the bounds the program can use."""
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def list_saves(folder: Path | str | None = None) -> list[SaveSummary]:
    """Every named save, newest first. Damaged files are listed too, with
    ``error`` set, so the Load screen can offer to move them aside. Fast: the
    games are not replayed (except saves from an old version)."""
    d = Path(folder) if folder is not None else paths.saves_dir()
    try:
        files = [p for p in d.iterdir() if p.name.endswith(".json") and not p.name.startswith(".")]
    except OSError:
        return []
    return sorted((_summary_line(p) for p in files), key=lambda s: (s.date, s.name), reverse=True)


def delete_save_file(path: Path | str) -> None:
    """Delete exactly the file a line of the Load screen shows (``SaveSummary.path``,
    its name untrimmed: "keep .json" is not "keep.json") and its backup."""
    p = Path(path)
    if p.parent.resolve() != paths.saves_dir().resolve() or not p.name.endswith(".json"):
        raise SaveError(f"{clean(p.name)} is not a named save", "bad_name", p)
    if not p.exists() and not jsonio.backup_path(p).exists():
        raise SaveError(f"there is no save {clean(p.name)}", "missing", p)
    remove(p)
