"""The statistics written out for a spreadsheet: every player's record and the
games' history, as CSV (a header row, then one row a game) and as JSON, in
the user's documents folder (platformdirs' `user_documents_dir`; the data
folder when there is none), each file written atomically.

    done = export_stats(stats)   # done.csv, done.json; jsonio.WriteError says why not
"""

from __future__ import annotations

import csv
import io
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from rummy_gui import paths
from rummy_gui.play import jsonio
from rummy_gui.play.stats import STATS_VERSION, PlayerStats, Stats
from rummy_gui.play.stats_history import GameLine

EXPORT_FORMAT = "rummy-gui-stats-export"
EXPORT_NAME = "rummy-gui-statistics"  # .csv and .json
# The CSV's columns of each seat, after the game's own (one row a game).
SEAT_COLUMNS = ("player", "level", "total", "won", "hints", "coached")


@dataclass(frozen=True)
class Exported:
    """Where the export went (both files in one folder)."""

    csv: Path
    json: Path

    @property
    def folder(self) -> Path:
        return self.csv.parent


def most_seats(history: list[GameLine]) -> int:
    return max((len(g.seats) for g in history), default=0)


def csv_text(stats: Stats) -> str:
    """The history as CSV: a header row, then one row a game, oldest first;
    each seat's player, level, total, win, hints and coached mistakes in
    columns of its own ("seat 1 player", ...)."""
    seats = most_seats(stats.history)
    header = ["finished", "game", "deals", "winners"]
    for k in range(1, seats + 1):
        header += [f"seat {k} {c}" for c in SEAT_COLUMNS]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(header)
    for g in stats.history:
        winners = "; ".join(s.name for s in g.seats if s.won)
        row: list[Any] = [g.finished, g.preset, g.deals, winners]
        for s in g.seats:
            row += [s.name, s.level, s.total, "yes" if s.won else "no", s.hints, s.coached]
        row += [""] * (len(header) - len(row))
        w.writerow(row)
    return out.getvalue()


def _player_json(p: PlayerStats) -> dict[str, Any]:
    out = {f.name: getattr(p, f.name) for f in fields(p)}
    out["win_rate"] = round(p.win_rate, 4)
    avg = p.average_deal
    out["average_deal"] = None if avg is None else round(avg, 2)
    return out


def json_data(stats: Stats) -> dict[str, Any]:
    """Every player's record (a row per name, level and game) and the history."""
    return {
        "format": EXPORT_FORMAT,
        "version": STATS_VERSION,
        "exported": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "players": [_player_json(p) for p in stats.rows()],
        "games": [g.to_json() for g in stats.history],
    }


def export_stats(stats: Stats, folder: Path | None = None) -> Exported:
    """Write `rummy-gui-statistics.csv` and `.json` into `folder` (default
    `paths.documents_dir()`), each atomically, over an earlier export.
    jsonio.WriteError (kind read_only, disk_full, ...) if either cannot be
    written. The CSV starts with a byte-order mark, so that spreadsheets read
    its names as UTF-8."""
    where = paths.documents_dir() if folder is None else folder
    done = Exported(where / f"{EXPORT_NAME}.csv", where / f"{EXPORT_NAME}.json")
    jsonio.write_bytes(done.csv, csv_text(stats).encode("utf-8-sig"))
    jsonio.write_json(done.json, json_data(stats), backup=False)
    return done
