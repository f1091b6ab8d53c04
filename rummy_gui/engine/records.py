"""Game records (ENGINE_API.md: `g.record()`, `Game.from_record`): the JSON
form, and the checks a record gets before its moves are replayed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .moves import Move
from .rules import PRESETS, Rules, without_retired

RECORD_FORMAT = "rummy-gui-record"
RECORD_VERSION = 2  # 2: each deal shuffled from a seed of its own (engine/fairness.py)
READ_VERSIONS = (1, 2)  # 1: one random stream through the whole game


def make_record(
    rules: Rules,
    players: int,
    seed: int,
    layout: Mapping[str, Any] | None,
    moves: list[Move],
    one_stream: bool = False,
) -> dict[str, Any]:
    """A JSON-ready record: replaying its moves rebuilds the game exactly
    (`one_stream`: a game of a version 1 record stays one)."""
    return {
        "format": RECORD_FORMAT,
        "version": 1 if one_stream else RECORD_VERSION,
        "preset": rules.preset,
        "options": rules.options(),
        "players": players,
        "seed": seed,
        "layout": None if layout is None else dict(layout),
        "moves": [str(m) for m in moves],
    }


@dataclass(frozen=True)
class RecordParts:
    """A record's parts, checked for their types (the rules check the values)."""

    preset: Any
    players: Any
    seed: Any
    options: Mapping[str, Any] | None
    layout: Mapping[str, Any] | None
    moves: list[str]
    one_stream: bool = False  # version 1: every deal shuffled from the game's one random stream

    def before_reshuffle_limit(self, rules: Rules) -> bool:
        """Made before RULES.md 4.7 limited the reshuffles (no `reshuffles` key)."""
        return rules.is_contract and (self.options is None or "reshuffles" not in self.options)

    def options_as_played(self) -> Mapping[str, Any] | None:
        """The options to replay with: a record made before Pinochle's
        face-down lay-offs (no `hidden_layoffs` key) was played face up."""
        rules = PRESETS.get(self.preset) if isinstance(self.preset, str) else None
        if rules is None or "hidden_layoffs" not in rules.option_keys:
            return self.options
        if self.options is not None and "hidden_layoffs" in self.options:
            return self.options
        return {**(self.options or {}), "hidden_layoffs": False}


def read_record(record: Mapping[str, Any]) -> RecordParts:
    """The parts of a record; ValueError says what is wrong with it."""
    if not isinstance(record, Mapping):
        raise ValueError("a game record is a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise ValueError(f"not a game record (format should be '{RECORD_FORMAT}')")
    version = record.get("version")
    if isinstance(version, bool) or version not in READ_VERSIONS:
        raise ValueError(
            f"game record version {version!r} is not supported "
            f"(this program reads {' and '.join(map(str, READ_VERSIONS))})"
        )
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ValueError("a game record's moves must be a list of move texts")
    options = record.get("options")
    if options is not None and not isinstance(options, Mapping):
        raise ValueError("a game record's options must be an object")
    layout = record.get("layout")
    if layout is not None and not isinstance(layout, Mapping):
        raise ValueError("a game record's layout must be an object")
    preset = record.get("preset")
    options = without_retired(preset, options)
    return RecordParts(
        preset, record.get("players"), record.get("seed", 0), options, layout, moves, version == 1
    )
