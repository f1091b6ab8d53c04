"""The games' history of the statistics: one line per finished game (when,
which game, how many deals, and each seat's total, win, hints asked and
mistakes the coach pointed out), checked line by line when read."""

from __future__ import annotations

import time
from dataclasses import dataclass, fields
from typing import Any

from rummy_gui.engine import PRESETS
from rummy_gui.safetext import problem as text_problem

MAX_NAME = 40  # a player's name (saves.MAX_NAME)
# The largest count and the largest deal score or total a file may hold: far
# beyond any real record, small enough for every sum and average drawn (a total
# of 10**309 would not even turn into a float). A larger one marks the entry damaged.
MAX_COUNT = 10**9
MAX_POINTS = 10**12
MAX_SEATS = 16  # seats a line of the history may hold


@dataclass(frozen=True)
class SeatLine:
    """One seat in a game of the history: its side's final total, whether
    it won, the hints it asked for and the mistakes the coach pointed out."""

    name: str
    level: str  # a bot's level; "" for a human
    total: int
    won: bool
    hints: int = 0
    coached: int = 0


@dataclass(frozen=True)
class GameLine:
    """One finished game of the history: when it ended (UTC, ISO 8601), its
    preset, how many deals it had, and every seat in seat order."""

    finished: str
    preset: str
    deals: int
    seats: tuple[SeatLine, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "preset": self.preset,
            "deals": self.deals,
            "seats": [{f.name: getattr(seat, f.name) for f in fields(seat)} for seat in self.seats],
        }

    @classmethod
    def from_json(cls, raw: Any) -> GameLine | None:
        """The line of a file, or None if it is damaged."""
        if not isinstance(raw, dict) or set(raw) != {"finished", "preset", "deals", "seats"}:
            return None
        finished, preset, deals, seats = raw["finished"], raw["preset"], raw["deals"], raw["seats"]
        if not isinstance(finished, str) or text_problem(finished, 40) or preset not in PRESETS:
            return None
        if not _count_ok(deals, 0, MAX_COUNT) or not isinstance(seats, list) or not seats:
            return None
        out = []
        for seat in seats[:MAX_SEATS]:
            line = _seat_line(seat)
            if line is None:
                return None
            out.append(line)
        return cls(finished, preset, deals, tuple(out))


def _count_ok(v: Any, least: int, most: int) -> bool:
    return not isinstance(v, bool) and isinstance(v, int) and least <= v <= most


def _seat_line(raw: Any) -> SeatLine | None:
    keys = {f.name for f in fields(SeatLine)}
    if not isinstance(raw, dict) or set(raw) != keys:
        return None
    name, level = raw["name"], raw["level"]
    if not isinstance(name, str) or not name.strip() or text_problem(name, MAX_NAME):
        return None
    if not isinstance(level, str) or (level and text_problem(level, MAX_NAME)):
        return None
    if not isinstance(raw["won"], bool) or not _count_ok(raw["total"], -MAX_POINTS, MAX_POINTS):
        return None
    if not all(_count_ok(raw[k], 0, MAX_COUNT) for k in ("hints", "coached")):
        return None
    return SeatLine(name, level, raw["total"], raw["won"], raw["hints"], raw["coached"])


def now() -> str:
    """Now, as the history writes it (UTC, ISO 8601)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
