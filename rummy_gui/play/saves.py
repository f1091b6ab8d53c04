"""Saved games: the file format, and writing it (JSON files in the user's data directory).

    saves.write(path, game, seats, table)   # atomic; the previous file kept as .bak
    saves.document(game, seats, table)      # the JSON document a save holds

A save holds the engine's record (``Game.record()``: options, seed, every
move), the seats (name, "human" or a bot level, the bot's seed, a colour), the
table's own small state, and a summary of the position. Every problem with a
file raises ``SaveError`` (a ValueError) with a sentence the program can show.
Reading a save is `saveload` (its checks `savecheck`, old formats
`saveupgrade`); the named saves' list is `savelist`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from rummy_gui import __version__, paths
from rummy_gui.engine import Game
from rummy_gui.levels import LEVELS
from rummy_gui.play import folderlock, jsonio
from rummy_gui.safetext import clean
from rummy_gui.safetext import problem as text_problem

SAVE_FORMAT = "rummy-gui-save"
SAVE_VERSION = 2
HUMAN = "human"
SEAT_KINDS: tuple[str, ...] = (HUMAN, *LEVELS)
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
    problem: SaveError | None = None
    quarantined: Path | None = None
    not_moved: str | None = None  # why the bad file could not be moved aside (a read-only folder)


# ----------------------------------------------------------------- writing
def _seat_of(value: Seat | SeatLike | Mapping[str, Any]) -> Seat:
    if isinstance(value, Seat):
        return value
    if isinstance(value, Mapping):
        return seat_from_json(value, "seat")
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
        check_seat(seat, f"seat {i}")
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


# ----------------------------------------------------------------- seats and files
def check_seat(seat: Seat, where: str) -> None:
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


def seat_from_json(raw: Any, where: str) -> Seat:
    if not isinstance(raw, Mapping):
        raise SaveError(f"{where} is not an object", "invalid")
    unknown = set(raw) - {"name", "kind", "seed", "colour"}
    if unknown:
        raise SaveError(
            f"{where} has unknown fields: {', '.join(sorted(map(str, unknown)))}", "invalid"
        )
    seat = Seat(raw.get("name"), raw.get("kind"), raw.get("seed"), raw.get("colour"))  # type: ignore[arg-type]
    check_seat(seat, where)
    return seat


def parse_date(text: Any) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        d = datetime.fromisoformat(text)
    except ValueError:
        return None
    return d if d.tzinfo is not None else d.replace(tzinfo=timezone.utc)


def sentence_tail(message: str, name: str) -> str:
    """'autosave.json is empty' -> 'the file is empty' (the name is said once)."""
    tail = "the file" + message[len(name) :] if message.startswith(name) else message
    return clean(tail)


def quarantine(path: Path | str) -> Path:
    """Move a bad file aside as NAME.corrupt-<time> (never deleted); the new path."""
    p = Path(path)
    _writable(p)
    try:
        return jsonio.quarantine(p)
    except jsonio.JsonFileError as e:
        raise SaveError(str(e), "missing" if e.kind == "missing" else "io", p) from None


# ----------------------------------------------------------------- the autosave
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
        remove(autosave_path())


def read_only() -> bool:
    """True when another copy of the program holds the data folder: this one
    opens saves but never writes, deletes or moves one aside."""
    return folderlock.read_only()


def _writable(p: Path) -> None:
    if folderlock.read_only():
        raise SaveError(folderlock.OTHER_COPY, "other_copy", p)


def remove(p: Path) -> None:
    """Delete a save and its backup (SaveError kind io when one can't be)."""
    _writable(p)
    for f in (p, jsonio.backup_path(p)):
        try:
            f.unlink(missing_ok=True)
        except OSError as e:  # noqa: PERF203 (each of the two files is its own failure)
            raise SaveError(
                f"{clean(f.name)} could not be deleted: {e.strerror or e}", "io", f
            ) from None
