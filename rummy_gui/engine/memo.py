"""Answers that depend on the rules and a move's cards alone, remembered per
rules: the readings of a meld's tokens and the canonical tokens of a reading.

Shared by the fast move generator and by `play` of a listed move, so a move
the generator read is not read again when it is played.
"""

from __future__ import annotations

from typing import TypeVar

from .cards import Token
from .combos import canonical_meld
from .melds import Reading, readings
from .rules import Rules

_LIMIT = 20_000
K = TypeVar("K")
V = TypeVar("V")


class Kept(dict[K, V]):
    """A dict of remembered answers that starts over once it holds `limit`:
    a game asks a few hundred, but a host playing game after game would keep
    every answer there is."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: K, value: V) -> None:
        if len(self) >= self.limit:
            self.clear()
        super().__setitem__(key, value)


_READINGS: dict[int, tuple[Rules, dict[tuple[str | None, tuple[Token, ...]], list[Reading]]]] = {}


def readings_of(r: Rules, toks: tuple[Token, ...], kind: str | None) -> list[Reading]:
    """`readings` of a move's cards (the list is shared: do not change it)."""
    entry = _READINGS.get(id(r))
    if entry is None or entry[0] is not r:
        if len(_READINGS) > 64:
            _READINGS.clear()
        entry = (r, {})
        _READINGS[id(r)] = entry
    memo = entry[1]
    key = (kind, toks)
    out = memo.get(key)
    if out is None:
        if len(memo) > _LIMIT:
            memo.clear()
        out = readings(r, toks, kind)
        memo[key] = out
    return out


_CANONICAL: dict[int, tuple[Rules, dict[Reading, tuple[str | None, tuple[Token, ...]]]]] = {}


def canonical_of(r: Rules, reading: Reading) -> tuple[str | None, tuple[Token, ...]]:
    """`combos.canonical_meld` of a reading."""
    entry = _CANONICAL.get(id(r))
    if entry is None or entry[0] is not r:
        if len(_CANONICAL) > 64:
            _CANONICAL.clear()
        entry = (r, {})
        _CANONICAL[id(r)] = entry
    memo = entry[1]
    out = memo.get(reading)
    if out is None:
        if len(memo) > _LIMIT:
            memo.clear()
        out = memo[reading] = canonical_meld(r, reading)
    return out
