"""A seat's `View` as plain JSON data and back, for the bot processes.

What crosses a pipe to a bot process (a deal review's decisions, a shard of
the expert's search) is the seat's view only: its own hand, the table, the
pile, the public log and the public state it was built from; the other
hands and the stock are not in a view, so they cannot be written. Values are
tagged with our own types' names only, and reading builds nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import fields, replace
from enum import Enum
from typing import Any

from rummy_gui.engine import Action, Card, Claim, ClaimKind, Meld, Move, Phase, Rules, View
from rummy_gui.engine.cards import card_from_code
from rummy_gui.engine.rules import get_rules
from rummy_gui.engine.state import GameState

_ENUMS: dict[str, type[Enum]] = {"Phase": Phase, "Action": Action, "ClaimKind": ClaimKind}


def _enc(x: Any) -> Any:
    """One value of a view as tagged JSON data (the tags name our own types only)."""
    if isinstance(x, Enum):
        return {"enum": [type(x).__name__, x.value]}
    if x is None or isinstance(x, bool | int | float | str):
        return x
    if isinstance(x, Card):
        return {"card": x.code}
    if isinstance(x, Move):
        return {"move": str(x)}
    if isinstance(x, Meld):
        return {"meld": {k: _enc(v) for k, v in x.__getstate__().items()}}
    if isinstance(x, Claim):
        return {"claim": {f.name: _enc(getattr(x, f.name)) for f in fields(Claim)}}
    if isinstance(x, GameState):
        return {"state": {f.name: _enc(getattr(x, f.name)) for f in fields(GameState)}}
    if isinstance(x, Rules):
        return {"rules": [x.preset, x.options(), x.reshuffles]}
    if isinstance(x, random.Random):
        return {"rng": 0}  # a view's state holds a fresh Random(0), never the deal's
    if isinstance(x, tuple):
        return {"tuple": [_enc(v) for v in x]}
    if isinstance(x, list):
        return [_enc(v) for v in x]
    if isinstance(x, dict):
        return {"dict": [[_enc(k), _enc(v)] for k, v in x.items()]}
    raise TypeError(f"a view does not hold a {type(x).__name__}")


def _dec(x: Any) -> Any:
    if x is None or isinstance(x, bool | int | float | str):
        return x
    if isinstance(x, list):
        return [_dec(v) for v in x]
    if not isinstance(x, dict) or len(x) != 1:
        raise ValueError("not a view's value")
    ((tag, v),) = x.items()
    decoders: dict[str, Callable[[Any], Any]] = {
        "enum": lambda v: _ENUMS[v[0]](v[1]),
        "card": card_from_code,
        "move": Move.parse,
        "meld": _meld,
        "claim": lambda v: Claim(**{k: _dec(w) for k, w in v.items()}),
        "state": _state,
        "rules": lambda v: replace(get_rules(v[0], v[1]), reshuffles=v[2]),
        "rng": lambda _v: random.Random(0),
        "tuple": lambda v: tuple(_dec(w) for w in v),
        "dict": lambda v: {_dec(k): _dec(w) for k, w in v},
    }
    if tag not in decoders:
        raise ValueError(f"unknown tag {tag!r} in a view")
    return decoders[tag](v)


def _meld(data: dict[str, Any]) -> Meld:
    m = object.__new__(Meld)
    m.__setstate__({k: _dec(v) for k, v in data.items()})
    return m


def _state(data: dict[str, Any]) -> GameState:
    names = {f.name for f in fields(GameState)}
    if set(data) != names:
        raise ValueError("a view's state has other fields than this GameState")
    s = object.__new__(GameState)
    for k, v in data.items():
        setattr(s, k, _dec(v))
    return s


def view_to_json(view: View) -> dict[str, Any]:
    """The view as plain JSON data: what the seat may know, nothing more."""
    return {f.name: _enc(getattr(view, f.name)) for f in fields(View)}


def view_from_json(data: dict[str, Any]) -> View:
    """The view written by `view_to_json`; ValueError if it is not one."""
    names = {f.name for f in fields(View)}
    if not isinstance(data, dict) or set(data) != names:
        raise ValueError("not a view: other fields than View's")
    try:
        return View(**{k: _dec(v) for k, v in data.items()})
    except (KeyError, TypeError, IndexError) as e:
        raise ValueError(f"not a view: {e}") from None
