"""Saved games: JSON files in the user's data directory.

    saves.write(path, game, seats, table)   # atomic; the previous file kept as .bak
    saved = saves.read(path)                # SavedGame: .game .seats .table
    saved = saves.read_with_fallback(path)  # the .bak when the file is bad

A save holds the engine's record (``Game.record()``: options, seed, every
move), the seats (name, "human" or a bot level, the bot's seed, a colour), the
table's own small state, and a summary of the position. Loading replays the
record through the rules and then checks the summary against the result, so
a file whose moves were edited, or whose cards do not add up, is refused.
Every problem with a file raises ``SaveError`` (a ValueError) with a sentence
the program can show; loading never runs code from the file.

Old format versions are upgraded step by step (``UPGRADERS``); a file from a
newer program is refused with a message naming both versions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Any, Protocol, TypeGuard

from rummy_gui import __version__, paths
from rummy_gui.engine import PRESETS, Game, IllegalMove
from rummy_gui.engine.cards import count_cards, make_pack
from rummy_gui.play import folderlock, jsonio, opening
from rummy_gui.play.openguard import NOTE_NAME as OPENING_NAME
from rummy_gui.play.openguard import (
    closed_cleanly,
    frame_drawn,
    interrupted_opening,
    mark_opening,
    opened,
)
from rummy_gui.safetext import clean
from rummy_gui.safetext import problem as text_problem

SAVE_FORMAT = "rummy-gui-save"
SAVE_VERSION = 2
HUMAN = "human"
# the bot levels of ENGINE_API.md (rummy_gui.bots.LEVELS; a test keeps them equal) -
# written here so that loading a save does not import the bots
BOT_LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")
SEAT_KINDS: tuple[str, ...] = (HUMAN, *BOT_LEVELS)
# far beyond any real match; bounds the time a load can take. The writer keeps it
# too: a longer game is not saved (the player reads why), so no save is refused later.
MAX_MOVES = 100_000
MAX_NAME = 40  # a player's name
# Bounds of the numbers the Load screen reads from a save's summary without
# replaying it (a larger one marks the file damaged, never a crash or a huge text).
MAX_SEATS = 16
MAX_SCORE = 10**9
MAX_SAVE_NAME = 60  # a named save's name


class SaveError(ValueError):
    """A save that can't be read or written. ``kind`` is a stable id for the UI:

    missing, damaged (unreadable, empty, not JSON, too large), not_a_save,
    newer_version, invalid (wrong fields or types), tampered (the rules refuse
    a move, or the position does not add up), saving_off (the folder is
    read-only or the disk full), too_large (more than MAX_MOVES moves to
    write), other_copy (another copy of the program holds the data folder:
    this one saves nothing), bad_name, io."""

    def __init__(self, message: str, kind: str = "invalid", path: Path | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.path = path


# ----------------------------------------------------------------- values
@dataclass(frozen=True)
class Seat:
    """Who plays a seat: a name, "human" or a bot level, the bot's seed, a colour."""

    name: str
    kind: str = HUMAN
    seed: int | None = None
    colour: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "seed": self.seed, "colour": self.colour}


class SeatLike(Protocol):
    """Anything with a name and a kind (the table's own seat settings)."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...


@dataclass
class SavedGame:
    """A loaded save. ``problem`` is set when ``read_with_fallback`` had to use
    the backup: the error of the main file (``quarantined``: where it went)."""

    game: Game
    seats: tuple[Seat, ...]
    table: dict[str, Any]
    path: Path | None = None
    saved_at: datetime | None = None
    version: int = SAVE_VERSION  # the file's format version before any upgrade
    from_backup: bool = False
    problem: SaveError | None = None
    quarantined: Path | None = None
    not_moved: str | None = None  # why the bad file could not be moved aside (a read-only folder)


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


# ----------------------------------------------------------------- writing
def _seat_of(value: Seat | SeatLike | Mapping[str, Any]) -> Seat:
    if isinstance(value, Seat):
        return value
    if isinstance(value, Mapping):
        return _seat_from_json(value, "seat")
    return Seat(
        value.name, value.kind, getattr(value, "seed", None), getattr(value, "colour", None)
    )


def summary_of(game: Game) -> dict[str, Any]:
    """The facts a save repeats about its position: shown by the Load screen
    without replaying, and checked against the replayed game on loading."""
    return {
        "preset": game.preset,
        "players": game.players,
        "round": game.round,
        "phase": game.phase.value,
        "turn": game.turn,
        "moves": len(game.moves),
        "totals": game.totals,
        "game_over": game.game_over,
        "cards": {
            "hands": [len(game.hand(s)) for s in range(game.players)],
            "stock": game.stock_count,
            "discard": len(game.discard_pile),
            "melds": sum(len(m.cards) for m in game.melds),
        },
    }


def document(
    game: Game,
    seats: Sequence[Seat | SeatLike | Mapping[str, Any]],
    table: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON document ``write`` stores (current format version)."""
    seat_list = [_seat_of(s) for s in seats]
    if len(seat_list) != game.players:
        raise SaveError(
            f"the game has {game.players} players but {len(seat_list)} seats were given", "invalid"
        )
    for i, seat in enumerate(seat_list):
        _check_seat(seat, f"seat {i}")
    if len(game.moves) > MAX_MOVES:
        raise SaveError(
            f"the game has {len(game.moves):,} moves, more than the {MAX_MOVES:,} a save can hold",
            "too_large",
        )
    if table is not None and not isinstance(table, Mapping):
        raise SaveError("the table state must be a mapping", "invalid")
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "program": __version__,
        "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "summary": summary_of(game),
        "seats": [s.to_json() for s in seat_list],
        "table": dict(table or {}),
        "game": game.record(),
    }


def write(
    path: Path | str,
    game: Game,
    seats: Sequence[Seat | SeatLike | Mapping[str, Any]],
    table: Mapping[str, Any] | None = None,
) -> Path:
    """Save a game atomically; the previous file stays as NAME.bak.

    SaveError kind "saving_off" when the folder is read-only or the disk
    full (the message says which); the file on disk is then untouched."""
    p = Path(path)
    _writable(p)
    doc = document(game, seats, table)
    try:
        jsonio.write_json(p, doc)
    except jsonio.WriteError as e:
        if e.kind == "not_json":
            raise SaveError(f"The game can't be saved: the table state {e}", "invalid", p) from None
        raise SaveError(f"Saving is off: {e}.", "saving_off", p) from None
    return p


# ----------------------------------------------------------------- reading
def _check_seat(seat: Seat, where: str) -> None:
    if not isinstance(seat.name, str) or not seat.name.strip() or len(seat.name) > MAX_NAME:
        raise SaveError(
            f"{where}: a player's name must be text of 1 to {MAX_NAME} characters", "invalid"
        )
    bad = text_problem(seat.name, MAX_NAME)
    if bad is not None:
        raise SaveError(f"{where}: a player's name can't be kept: {bad}", "invalid")
    if seat.kind not in SEAT_KINDS:
        raise SaveError(
            f"{where}: {seat.kind!r} is not a kind of player (one of: {', '.join(SEAT_KINDS)})",
            "invalid",
        )
    if seat.seed is not None and (
        isinstance(seat.seed, bool)
        or not isinstance(seat.seed, int)
        or not -(2**63) <= seat.seed < 2**64
    ):
        raise SaveError(f"{where}: a bot's seed must be a whole number", "invalid")
    if seat.colour is not None and text_problem(seat.colour, 32) is not None:
        raise SaveError(f"{where}: a colour must be a short text", "invalid")


def _seat_from_json(raw: Any, where: str) -> Seat:
    if not isinstance(raw, Mapping):
        raise SaveError(f"{where} is not an object", "invalid")
    unknown = set(raw) - {"name", "kind", "seed", "colour"}
    if unknown:
        raise SaveError(
            f"{where} has unknown fields: {', '.join(sorted(map(str, unknown)))}", "invalid"
        )
    seat = Seat(raw.get("name"), raw.get("kind"), raw.get("seed"), raw.get("colour"))  # type: ignore[arg-type]
    _check_seat(seat, where)
    return seat


def _upgrade_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (the first format): seats were {"name", "bot": level or null};
    no bot seeds, colours, table state or summary."""
    seats = doc.get("seats")
    if not isinstance(seats, list):
        raise SaveError("the seats are not a list", "invalid")
    new_seats = []
    for i, s in enumerate(seats):
        if not isinstance(s, Mapping) or set(s) - {"name", "bot"}:
            raise SaveError(f"seat {i} is not a version-1 seat", "invalid")
        bot = s.get("bot")
        new_seats.append(
            {
                "name": s.get("name"),
                "kind": HUMAN if bot is None else bot,
                "seed": None,
                "colour": None,
            }
        )
    out = {k: v for k, v in doc.items() if k != "seats"}
    out.update(version=2, seats=new_seats, table={}, summary=None)
    return out


# version N -> a function turning a version-N document into version N + 1
UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _upgrade_1_to_2,
}


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """A save document of any known version, brought to SAVE_VERSION step by step."""
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(f"the save's version {version!r} is not a version number", "invalid")
    if version > SAVE_VERSION:
        raise SaveError(
            f"This save was written by a newer rummy-gui (save format version "
            f"{version}); this program reads versions 1 to {SAVE_VERSION}. "
            "Update rummy-gui to open it.",
            "newer_version",
        )
    while version < SAVE_VERSION:
        doc = UPGRADERS[version](doc)
        if doc.get("version") != version + 1:  # pragma: no cover - a bug in an upgrader
            raise AssertionError(f"upgrader from version {version} did not reach {version + 1}")
        version += 1
    return doc


def _check_position(game: Game, record: Mapping[str, Any], summary: Any) -> None:
    """The cards add up, and the saved summary matches the replayed game."""
    if record.get("layout") is None:
        r = game.rules
        pack = count_cards(make_pack(r.decks(game.players), r.joker_count(game.players)))
        if count_cards(game.all_cards()) != pack:
            raise SaveError("the cards in the saved game do not add up to the pack", "tampered")
    if summary is None:
        return
    if not isinstance(summary, Mapping):
        raise SaveError("the save's summary is not an object", "invalid")
    actual = summary_of(game)
    for key, value in actual.items():
        saved = summary.get(key)
        if saved != value or type(saved) is not type(value):
            raise SaveError(
                f"the file does not add up: it says {key} is {saved!r}, but its moves "
                f"give {value!r}; it was edited or damaged",
                "tampered",
            )


def _replay(record: Any) -> Game:
    if not isinstance(record, Mapping):
        raise SaveError("the save holds no game record", "invalid")
    moves = record.get("moves")
    if isinstance(moves, list) and len(moves) > MAX_MOVES:
        raise SaveError(
            f"the game record holds {len(moves):,} moves, more than the {MAX_MOVES:,} "
            "a save can hold",
            "invalid",
        )
    _check_numbers(record)
    total = len(moves) if isinstance(moves, list) else 0
    try:  # the progress of an opening under way (play/opening.py), and its Cancel
        return Game.from_record(record, progress=partial(opening.tell, "replay", total))
    except IllegalMove as e:
        reason = str(e).rstrip(". ")
        raise SaveError(
            f"the rules refuse the saved game: {reason[:1].lower()}{reason[1:]}; "
            "the file was edited or damaged",
            "tampered",
        ) from None
    except ValueError as e:
        raise SaveError(f"the game record is not valid: {clean(str(e), 200)}", "invalid") from None


def _check_numbers(record: Mapping[str, Any]) -> None:
    """The record's house rules within what the program uses (a 4,000-digit number
    would pass the rules and fail later, in the bots or on screen; the engine
    holds the seed to SEED_LIMIT itself)."""
    options = record.get("options")
    for key, value in options.items() if isinstance(options, Mapping) else ():
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if number and not -MAX_SCORE <= value <= MAX_SCORE:
            raise SaveError(
                f"the house rule {clean(str(key), 40)!r} is out of range; "
                "the file was edited or damaged"
            )


def _parse_date(text: Any) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        d = datetime.fromisoformat(text)
    except ValueError:
        return None
    return d if d.tzinfo is not None else d.replace(tzinfo=timezone.utc)


def _check_head(doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise SaveError("it is not a rummy-gui save (the file is not a JSON object)", "not_a_save")
    if doc.get("format") != SAVE_FORMAT:
        raise SaveError(
            f"it is not a rummy-gui save (format should be '{SAVE_FORMAT}', not "
            f"{doc.get('format')!r})",
            "not_a_save",
        )
    return upgrade(doc)


def from_document(doc: Any, path: Path | None = None) -> SavedGame:
    """A SavedGame from a parsed save document (any known version)."""
    original = doc.get("version") if isinstance(doc, dict) else None
    doc = _check_head(doc)
    seats_raw = doc.get("seats")
    if not isinstance(seats_raw, list):
        raise SaveError("the save's seats are not a list", "invalid")
    seats = tuple(_seat_from_json(s, f"seat {i}") for i, s in enumerate(seats_raw))
    table = doc.get("table")
    if not isinstance(table, dict):
        raise SaveError("the save's table state is not an object", "invalid")
    if original != 1 and "summary" not in doc:
        raise SaveError("the save has no summary of its position", "invalid")
    record = doc.get("game")
    game = _replay(record)
    if len(seats) != game.players:
        raise SaveError(
            f"the save names {len(seats)} seats for a {game.players}-player game", "invalid"
        )
    assert isinstance(record, Mapping)
    _check_position(game, record, doc.get("summary"))
    return SavedGame(
        game,
        seats,
        table,
        path,
        _parse_date(doc.get("saved_at")),
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
            f"{clean(p.name)} can't be loaded: {_sentence_tail(str(e), p.name)}", kind, p
        ) from None
    try:
        return from_document(doc, p)
    except SaveError as e:
        raise _located(e, p) from None


def _sentence_tail(message: str, name: str) -> str:
    """'autosave.json is empty' -> 'the file is empty' (the name is said once)."""
    tail = "the file" + message[len(name) :] if message.startswith(name) else message
    return clean(tail)


def read_with_fallback(path: Path | str, quarantine_bad: bool = False) -> SavedGame:
    """Load a save, or its NAME.bak when the file itself is bad.

    When the backup is used, the result's ``from_backup`` is True and
    ``problem`` holds the main file's error (to show the player); with
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
        saved.from_backup = True
        saved.problem = main_error
        if quarantine_bad and main_error.kind != "missing":
            try:
                saved.quarantined = quarantine(p)
            except SaveError as e:  # a read-only folder: the good backup is used all the same
                saved.not_moved = str(e)
        return saved


def quarantine(path: Path | str) -> Path:
    """Move a bad file aside as NAME.corrupt-<time> (never deleted); the new path."""
    p = Path(path)
    _writable(p)
    try:
        return jsonio.quarantine(p)
    except jsonio.JsonFileError as e:
        raise SaveError(str(e), "missing" if e.kind == "missing" else "io", p) from None


# ----------------------------------------------------------------- autosave and named saves
def autosave_path() -> Path:
    """The game in progress: written after every move, read by Continue."""
    return paths.autosave_path()


def write_autosave(doc: Any) -> None:
    """Write a `document` as the game in progress (jsonio.WriteError if it fails);
    nothing in a copy of the program that does not hold the data folder."""
    if not folderlock.read_only():
        jsonio.write_json(autosave_path(), doc)


def delete_autosave() -> None:
    """Forget the game in progress (it ended, or the player started another);
    nothing in a copy of the program that does not hold the data folder."""
    if not folderlock.read_only():
        _remove(autosave_path())


def read_only() -> bool:
    """True when another copy of the program holds the data folder: this one
    opens saves but never writes, deletes or moves one aside."""
    return folderlock.read_only()


def _writable(p: Path) -> None:
    if folderlock.read_only():
        raise SaveError(folderlock.OTHER_COPY, "other_copy", p)


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
        doc = _check_head(jsonio.read_json(p))
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
        date = _parse_date(doc.get("saved_at")) or mtime
        return SaveSummary(
            name, p, date, preset, PRESETS[preset].name, players, names, rnd, tuple(totals), over
        )
    except (SaveError, jsonio.ReadError) as e:
        return SaveSummary(name, p, mtime, error=_sentence_tail(str(e), p.name))


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


def delete_save(name: str) -> None:
    """Delete a named save and its backup (the UI asks for confirmation first)."""
    p = save_path(name)
    if not p.exists() and not jsonio.backup_path(p).exists():
        raise SaveError(f"there is no save named '{name}'", "missing", p)
    _remove(p)


def delete_save_file(path: Path | str) -> None:
    """Delete exactly the file a line of the Load screen shows (``SaveSummary.path``,
    its name untrimmed: "keep .json" is not "keep.json") and its backup."""
    p = Path(path)
    if p.parent.resolve() != paths.saves_dir().resolve() or not p.name.endswith(".json"):
        raise SaveError(f"{clean(p.name)} is not a named save", "bad_name", p)
    if not p.exists() and not jsonio.backup_path(p).exists():
        raise SaveError(f"there is no save {clean(p.name)}", "missing", p)
    _remove(p)


def _remove(p: Path) -> None:
    _writable(p)
    for f in (p, jsonio.backup_path(p)):
        try:
            f.unlink(missing_ok=True)
        except OSError as e:  # noqa: PERF203 (each of the two files is its own failure)
            raise SaveError(
                f"{clean(f.name)} could not be deleted: {e.strerror or e}", "io", f
            ) from None


__all__ = [
    "BOT_LEVELS",
    "HUMAN",
    "MAX_MOVES",
    "OPENING_NAME",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SEAT_KINDS",
    "UPGRADERS",
    "SaveError",
    "SaveSummary",
    "SavedGame",
    "Seat",
    "SeatLike",
    "autosave_path",
    "check_save_name",
    "closed_cleanly",
    "delete_autosave",
    "delete_save",
    "delete_save_file",
    "document",
    "frame_drawn",
    "from_document",
    "interrupted_opening",
    "list_saves",
    "mark_opening",
    "opened",
    "quarantine",
    "read",
    "read_only",
    "read_with_fallback",
    "save_path",
    "summary_of",
    "upgrade",
    "write",
    "write_autosave",
]
