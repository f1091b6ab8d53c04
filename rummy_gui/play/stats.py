"""Statistics per player name (and, for a bot, its level) and preset, from finished games.

    record_game(game, seats, hints={0: 2}, coached={0: 1})   # after game over; False if counted
    stats, warnings = load_stats()           # never raises
    stats.rows()                             # PlayerStats for the Statistics screen
    reset_stats()                            # everything (or one name / one preset)

Everything is computed from the game itself: the deal scores from its score
history, the times gone out, rummy calls, buys and Shanghai calls won by
replaying its record move by move. Only the hints and the coach's words
(mistakes the coach pointed out, play/coach.py), which the engine does not
see, come from the table. Each finished game is also kept as a line of the
history (`GameLine`, the latest `MAX_HISTORY`): when, which game, and each
seat's total, win, hints and coached mistakes; `stats_export` writes them out.

Every write re-reads the file under a short lock and adds to what is there
(`folderlock.short_lock`: another copy of the program may write it too), and
a finished game whose write fails (a full disk) waits in memory (`pending`)
for the next write that succeeds.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from rummy_gui import paths
from rummy_gui.engine import PRESETS, Game, Move
from rummy_gui.engine.scoring import lowest_total_wins
from rummy_gui.play import folderlock, jsonio
from rummy_gui.play.stats_history import (
    MAX_COUNT,
    MAX_NAME,
    MAX_POINTS,
    GameLine,
    SeatLine,
    now,
)
from rummy_gui.safetext import clean
from rummy_gui.safetext import problem as text_problem

STATS_FORMAT = "rummy-gui-stats"
# 2: bots' rows per name and level ("bots"); 3: "coached" counts and the games'
# history ("games"). Files of versions 1 and 2 still load.
STATS_VERSION = 3
MAX_HISTORY = 1000  # the latest finished games kept as lines of the history
MAX_REMEMBERED = 1000  # fingerprints of recorded games, against counting one twice


@dataclass
class PlayerStats:
    """One player's record in one preset. A deal score is the player's side's
    score; in the contract family it is penalty points, so lower is better."""

    name: str
    preset: str
    games: int = 0
    wins: int = 0
    deals: int = 0
    deal_total: int = 0
    best_deal: int | None = None
    went_out: int = 0
    rummy_calls: int = 0
    buys: int = 0
    shanghai_calls: int = 0
    hints: int = 0
    coached: int = 0  # mistakes the coach pointed out
    level: str = ""  # a bot's level; "" for a human (and for bots counted by version 1)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_deal(self) -> float | None:
        return self.deal_total / self.deals if self.deals else None

    @property
    def lower_is_better(self) -> bool:
        rules = PRESETS.get(self.preset)
        return rules is not None and lowest_total_wins(rules)

    def add_deal(self, score: int) -> None:
        self.deals += 1
        self.deal_total += score
        if self.best_deal is None:
            self.best_deal = score
        else:
            self.best_deal = (min if self.lower_is_better else max)(self.best_deal, score)


_COUNTS = (
    "games",
    "wins",
    "deals",
    "deal_total",
    "went_out",
    "rummy_calls",
    "buys",
    "shanghai_calls",
    "hints",
    "coached",
)
_LATER = ("coached",)  # counts that files before version 3 do not have


@dataclass(frozen=True)
class SeatTally:
    """What one seat did in a game, counted from its moves."""

    went_out: int = 0
    rummy_calls: int = 0  # rummy calls that won their window
    buys: int = 0  # buys that won their window
    shanghai_calls: int = 0


def tally(game: Game) -> list[SeatTally]:
    """Per seat: deals gone out, rummy calls, buys and Shanghai calls made
    (claims that won their window), by replaying the game's record."""
    record = game.record()
    g = Game.from_record({**record, "moves": []})
    counts = [
        dict.fromkeys(("went_out", "rummy", "buy", "shanghai"), 0) for _ in range(game.players)
    ]
    for text in record["moves"]:
        claim = g.claim
        was_over = g.deal_over
        g.play(text)
        if claim is not None and g.claim is not claim:  # the window closed with this move
            won = claim.winner()
            if isinstance(won, Move) and won.seat is not None and won.action in counts[0]:
                counts[won.seat][won.action] += 1
        if g.deal_over and not was_over and g.went_out is not None:
            counts[g.went_out]["went_out"] += 1
    return [SeatTally(c["went_out"], c["rummy"], c["buy"], c["shanghai"]) for c in counts]


def _fingerprint(game: Game, names: Sequence[str]) -> str:
    blob = json.dumps([game.record(), list(names)], sort_keys=True).encode()
    return hashlib.sha256(blob).hexdigest()


@dataclass
class Stats:
    """Every player's statistics, by name and preset."""

    # by (name, level): a bot "Ada" at two levels has two rows; level "" for humans
    players: dict[tuple[str, str], dict[str, PlayerStats]] = field(default_factory=dict)
    recorded: list[str] = field(default_factory=list)
    history: list[GameLine] = field(default_factory=list)  # oldest first, MAX_HISTORY at most

    def get(self, name: str, preset: str, level: str = "") -> PlayerStats:
        by_preset = self.players.setdefault((name, level), {})
        if preset not in by_preset:
            by_preset[preset] = PlayerStats(name, preset, level=level)
        return by_preset[preset]

    def rows(self, preset: str | None = None, name: str | None = None) -> list[PlayerStats]:
        """Lines for the Statistics screen, by name then preset."""
        return [
            s
            for who in sorted(self.players, key=lambda k: (k[0].casefold(), k[1]))
            for p, s in sorted(self.players[who].items())
            if (preset is None or p == preset) and (name is None or who[0] == name)
        ]

    def add_game(
        self,
        game: Game,
        seats: Sequence[Any],
        hints: Mapping[int, int] | None = None,
        coached: Mapping[int, int] | None = None,
        finished: str | None = None,
    ) -> bool:
        """Count a finished game; False if this very game was counted before.
        ``seats``: objects with a ``name`` and a ``kind`` (saves.Seat, the table's
        seats), (name, kind) pairs or names; a bot counts under its name and level;
        a name and level given twice count once. ``hints`` and ``coached``: per
        seat, the hints asked and the coach's words; ``finished``: when it
        ended (default now). ValueError if the game is not over."""
        if not game.game_over:
            raise ValueError("only a finished game goes into the statistics")
        # the reader's limits: a name it would leave out is kept as it would be drawn
        names = [_kept_name(_who(s)[0]) for s in seats]
        levels = [_who(s)[1] for s in seats]
        if len(names) != game.players:
            raise ValueError(
                f"the game has {game.players} players but {len(names)} seats were given"
            )
        mark = _fingerprint(game, names)
        if mark in self.recorded:
            return False
        per_seat = tally(game)
        history = game.score_history
        sides = game.sides
        seen: set[tuple[str, str]] = set()
        for seat, name in enumerate(names):
            if (name, levels[seat]) in seen:
                continue
            seen.add((name, levels[seat]))
            side = next(i for i, members in enumerate(sides) if seat in members)
            s = self.get(name, game.preset, levels[seat])
            s.games += 1
            s.wins += seat in game.winners
            for deal in history:
                s.add_deal(deal[side])
            t = per_seat[seat]
            s.went_out += t.went_out
            s.rummy_calls += t.rummy_calls
            s.buys += t.buys
            s.shanghai_calls += t.shanghai_calls
            s.hints += max(0, int((hints or {}).get(seat, 0)))
            s.coached += max(0, int((coached or {}).get(seat, 0)))
        self.recorded = [*self.recorded, mark][-MAX_REMEMBERED:]
        line = GameLine(
            finished or now(),
            game.preset,
            len(history),
            tuple(
                SeatLine(
                    name,
                    levels[seat],
                    int(game.totals[game.side_of(seat)]),
                    seat in game.winners,
                    max(0, int((hints or {}).get(seat, 0))),
                    max(0, int((coached or {}).get(seat, 0))),
                )
                for seat, name in enumerate(names)
            ),
        )
        self.history = [*self.history, line][-MAX_HISTORY:]
        return True

    def reset(self, name: str | None = None, preset: str | None = None) -> None:
        """Forget everything, or one player's, or one preset's statistics."""
        for n in list(self.players):
            if name is not None and n[0] != name:
                continue
            for p in list(self.players[n]):
                if preset is None or p == preset:
                    del self.players[n][p]
            if not self.players[n]:
                del self.players[n]
        self.history = [
            g
            for g in self.history
            if not (preset is None or g.preset == preset)
            or not (name is None or any(s.name == name for s in g.seats))
        ]
        if name is None and preset is None:
            self.recorded = []

    def to_json(self) -> dict[str, Any]:
        """Humans under "players" (name, preset), bots under "bots" (level, name, preset)."""
        bots: dict[str, dict[str, Any]] = {}
        for (n, level), by_preset in self.players.items():
            if level:
                bots.setdefault(level, {})[n] = _presets_json(by_preset)
        return {
            "format": STATS_FORMAT,
            "version": STATS_VERSION,
            "players": {
                n: _presets_json(by_preset)
                for (n, level), by_preset in self.players.items()
                if not level
            },
            "bots": bots,
            "recorded": list(self.recorded),
            "games": [g.to_json() for g in self.history],
        }

    def _read_rows(self, level: str, by_name: dict[str, Any], warnings: list[str]) -> None:
        """One group of the file's rows (the humans', or one bot level's) into these statistics."""
        for name, by_preset in by_name.items():
            if not isinstance(by_preset, dict) or not name.strip() or text_problem(name, MAX_NAME):
                warnings.append(f"the statistics of {_quoted(name)} are damaged and were left out")
                continue
            for preset, raw in by_preset.items():
                entry = _entry(name, preset, raw)
                if entry is None:
                    warnings.append(
                        f"the {_quoted(preset)} statistics of {_quoted(name)} are "
                        "damaged and were left out"
                    )
                else:
                    entry.level = level
                    self.players.setdefault((name, level), {})[preset] = entry

    @classmethod
    def from_json(cls, data: Any) -> tuple[Stats, list[str]]:
        """Statistics from a parsed file; what is damaged is left out, with a warning."""
        stats = cls()
        if (
            not isinstance(data, dict)
            or data.get("format") != STATS_FORMAT
            or not isinstance(data.get("players"), dict)
        ):
            return stats, [
                "the statistics file is not a rummy-gui statistics file; starting afresh"
            ]
        if data.get("version") not in (1, 2, STATS_VERSION):  # 1: no "bots"; 1, 2: no history
            return stats, [
                f"the statistics file has version {clean(repr(data.get('version')), 40)}; "
                f"this program reads version {STATS_VERSION}; starting afresh"
            ]
        warnings: list[str] = []
        groups: list[tuple[str, Any]] = [("", data["players"])]
        bots = data.get("bots", {})
        if not isinstance(bots, dict):
            warnings.append("the bots' statistics are damaged and were left out")
            bots = {}
        for level, by_name in bots.items():
            if not isinstance(by_name, dict) or not level or text_problem(level, MAX_NAME):
                warnings.append(f"the statistics of level {_quoted(level)} were left out")
                continue
            groups.append((level, by_name))
        for level, by_name in groups:
            stats._read_rows(level, by_name, warnings)
        recorded = data.get("recorded")
        if isinstance(recorded, list):
            stats.recorded = [r for r in recorded if isinstance(r, str) and len(r) == 64][
                -MAX_REMEMBERED:
            ]
        games = data.get("games", [])
        lines = [GameLine.from_json(g) for g in games] if isinstance(games, list) else [None]
        stats.history = [g for g in lines if g is not None][-MAX_HISTORY:]
        if len(stats.history) < min(len(lines), MAX_HISTORY):
            damaged = len(lines) - len([g for g in lines if g is not None])
            warnings.append(f"{damaged} damaged line(s) of the games' history were left out")
        return stats, warnings


def _presets_json(by_preset: dict[str, PlayerStats]) -> dict[str, dict[str, Any]]:
    return {
        p: {
            f.name: getattr(s, f.name)
            for f in fields(s)
            if f.name not in ("name", "preset", "level")
        }
        for p, s in by_preset.items()
    }


def _who(seat: Any) -> tuple[str, str]:
    """A seat's name and its bot level ("" for a human or a bare name)."""
    if isinstance(seat, str):
        return seat, ""
    if isinstance(seat, tuple):
        name, kind = seat
    else:
        name, kind = seat.name, getattr(seat, "kind", "human")
    return str(name), "" if kind in ("human", "", None) else str(kind)


def _kept_name(name: str) -> str:
    kept = clean(name, MAX_NAME).strip()
    return kept if kept and text_problem(kept, MAX_NAME) is None else "?"


def _quoted(text: str) -> str:
    return "'" + clean(text, 60) + "'"


def _newer(data: Any) -> bool:
    version = data.get("version") if isinstance(data, dict) else None
    return isinstance(version, int) and not isinstance(version, bool) and version > STATS_VERSION


def _entry(name: str, preset: str, raw: Any) -> PlayerStats | None:
    if preset not in PRESETS or not isinstance(raw, dict):
        return None
    if set(raw) not in ({*_COUNTS, "best_deal"}, {*_COUNTS, "best_deal"} - set(_LATER)):
        return None
    raw = {**dict.fromkeys(_LATER, 0), **raw}
    for key in _COUNTS:
        v = raw[key]
        least, most = (-MAX_POINTS, MAX_POINTS) if key == "deal_total" else (0, MAX_COUNT)
        if isinstance(v, bool) or not isinstance(v, int) or not least <= v <= most:
            return None
    best = raw["best_deal"]
    if best is not None and (
        isinstance(best, bool) or not isinstance(best, int) or not -MAX_POINTS <= best <= MAX_POINTS
    ):
        return None
    if raw["wins"] > raw["games"] or (best is None) != (raw["deals"] == 0):
        return None
    return PlayerStats(name, preset, **raw)


def _read(p: Path, strict: bool) -> tuple[Stats, list[str]]:
    """The statistics of ``p`` and the warnings. A file this version can't fully
    read (a newer version's, damaged entries) is copied aside first, once;
    ``strict``: WriteError if no copy can be made (the file is then not written over)."""
    data, warnings = jsonio.read_json_leniently(p)
    if data is jsonio.NOTHING:
        return Stats(), warnings
    stats, more = Stats.from_json(data)
    if more:
        more += jsonio.keep_unreadable(p, _newer(data), strict)
    return stats, warnings + more


@dataclass(frozen=True)
class _Finished:
    """A finished game waiting to be counted (its write failed: a full disk)."""

    path: Path  # the statistics file it goes into
    mark: str  # `_fingerprint`: one game waits once
    game: Game
    names: tuple[tuple[str, str], ...]  # each seat's name and bot level
    hints: tuple[tuple[int, int], ...]
    coached: tuple[tuple[int, int], ...] = ()
    finished: str = ""


# Finished games not yet in the file: counted at the next write of the
# statistics (the next game over, a reset, the Statistics screen, the end of
# the program), whichever finds room on the disk first.
_PENDING: list[_Finished] = []


def pending(path: Path | str | None = None) -> int:
    """How many finished games wait to be written into the statistics."""
    p = Path(path) if path is not None else paths.stats_path()
    return sum(f.path == p for f in _PENDING)


def _with_pending(stats: Stats, p: Path) -> Stats:
    for f in _PENDING:
        if f.path == p:
            stats.add_game(f.game, f.names, dict(f.hints), dict(f.coached), f.finished or None)
    return stats


def load_stats(path: Path | str | None = None) -> tuple[Stats, list[str]]:
    """The statistics so far (empty if none). Never raises; the warnings say
    what was damaged (a damaged file is moved aside and its backup tried; one
    read only in part is copied aside as stats.json.corrupt-<time>, one of a
    newer version as stats.json.newer-<time>). Games whose write failed are
    written now if there is room, and counted in what is returned in any case."""
    p = Path(path) if path is not None else paths.stats_path()
    if pending(p):
        with contextlib.suppress(jsonio.WriteError):
            flush_pending(p)
    try:
        with folderlock.short_lock(p):
            stats, warnings = _read(p, strict=False)
    except jsonio.WriteError:  # the other copy is writing for long: read without the lock
        stats, warnings = _read(p, strict=False)
    return _with_pending(stats, p), warnings


def _save(stats: Stats, p: Path) -> None:
    _read(p, strict=True)  # a file this version can't fully read is kept aside first
    jsonio.write_json(p, stats.to_json())


def _merge(p: Path, change: Callable[[Stats], Any]) -> Any:
    """Re-read the file under its lock, add the games waiting, apply ``change``
    and write: what another copy of the program wrote meanwhile is kept."""
    with folderlock.short_lock(p):
        stats, _ = _read(p, strict=False)
        _with_pending(stats, p)
        result = change(stats)
        _save(stats, p)
    _PENDING[:] = [f for f in _PENDING if f.path != p]
    return result


def flush_pending(path: Path | str | None = None) -> bool:
    """Write the finished games whose write failed (True: none wait now).
    jsonio.WriteError if it fails again; they wait on."""
    p = Path(path) if path is not None else paths.stats_path()
    if pending(p):
        _merge(p, lambda _s: None)
    return not pending(p)


def record_game(
    game: Game,
    seats: Sequence[Any],
    hints: Mapping[int, int] | None = None,
    path: Path | str | None = None,
    coached: Mapping[int, int] | None = None,
) -> bool:
    """Add a finished game to the statistics file; False if it was counted already.
    Raises ValueError if the game is not over, jsonio.WriteError if saving fails:
    the game then waits (`pending`) and is written with the next write that succeeds."""
    if not game.game_over:
        raise ValueError("only a finished game goes into the statistics")
    p = Path(path) if path is not None else paths.stats_path()
    who = tuple(_who(s) for s in seats)
    finished = now()
    try:
        return bool(_merge(p, lambda stats: stats.add_game(game, who, hints, coached, finished)))
    except jsonio.WriteError:
        mark = _fingerprint(game, [_kept_name(n) for n, _level in who])
        if all(f.mark != mark or f.path != p for f in _PENDING):
            kept = tuple(sorted((hints or {}).items()))
            words = tuple(sorted((coached or {}).items()))
            _PENDING.append(_Finished(p, mark, game.copy(), who, kept, words, finished))
        raise


def reset_stats(
    name: str | None = None, preset: str | None = None, path: Path | str | None = None
) -> None:
    """Forget statistics (all, one player's, or one preset's); the previous
    file stays as .bak until the next write."""
    _merge(
        Path(path) if path is not None else paths.stats_path(),
        lambda stats: stats.reset(name, preset),
    )
