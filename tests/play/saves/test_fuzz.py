"""Hypothesis feeds damaged saves to `read`: only SaveError, and quickly."""

from __future__ import annotations

import copy
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_gui.engine import PRESETS
from rummy_gui.play import jsonio, savelist, saveload, saves
from tests.play.saves.positions import position, seats_for

GAME = position("rummy500", "mid-claim")
DOC = saves.document(GAME, seats_for(GAME.players), {"hand_order": [[1, 2], [0]]})
GOOD = jsonio.dumps(DOC)
FIXTURE_OK = [HealthCheck.function_scoped_fixture]  # one scratch file, rewritten per example
MOVE_TEXTS = [
    *sorted(set(DOC["game"]["moves"])),
    "0: draw",
    "1: take 3",
    "2: rummy 1",
    "0: meld 7H 8H 9H",
    "1: layoff JK to 1",
    "9: draw",
    "0: discard",
    "deal",
    "",
]


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as d:
        yield Path(d) / "game.json"


def load(path: Path, data: bytes) -> None:
    """read() either loads a consistent game or raises SaveError."""
    path.write_bytes(data)
    try:
        saved = saveload.read(path)
    except saves.SaveError as e:
        # a refusal is one of the two allowed outcomes, so it is checked here
        assert str(e).startswith("game.json can't be loaded: ")  # noqa: PT017
        assert e.kind in ("damaged", "not_a_save", "newer_version", "invalid", "tampered")  # noqa: PT017
    else:
        assert saved.game.record()["moves"] == [str(m) for m in saved.game.moves]
        assert len(saved.seats) == saved.game.players


byte_edit = st.one_of(
    st.tuples(st.just("flip"), st.integers(0, len(GOOD) - 1), st.integers(0, 7)),
    st.tuples(st.just("cut"), st.integers(0, len(GOOD) - 1), st.just(0)),
    st.tuples(st.just("set"), st.integers(0, len(GOOD) - 1), st.integers(0, 255)),
    st.tuples(st.just("drop"), st.integers(0, len(GOOD) - 1), st.integers(1, 40)),
    st.tuples(st.just("insert"), st.integers(0, len(GOOD) - 1), st.integers(0, 255)),
)


def apply_bytes(data: bytes, edit: tuple[str, int, int]) -> bytes:
    what, at, arg = edit
    at = min(at, max(len(data) - 1, 0))
    if what == "flip":
        return data[:at] + bytes([data[at] ^ (1 << arg)]) + data[at + 1 :] if data else data
    if what == "cut":
        return data[:at]
    if what == "set":
        return data[:at] + bytes([arg]) + data[at + 1 :]
    if what == "drop":
        return data[:at] + data[at + arg :]
    return data[:at] + bytes([arg]) + data[at:]


@pytest.mark.long
@settings(max_examples=1000, deadline=None, suppress_health_check=FIXTURE_OK)
@given(edits=st.lists(byte_edit, min_size=1, max_size=4))
def test_damaged_bytes(scratch: Path, edits: list[tuple[str, int, int]]) -> None:
    data = GOOD
    for edit in edits:
        data = apply_bytes(data, edit)
    load(scratch, data)


json_value = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**80), 2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(MOVE_TEXTS),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths_of(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:60]):
            out += paths_of(v, (*prefix, i))
    return out


PATHS = paths_of(DOC)[1:]


@st.composite
def json_edit(draw: st.DrawFn) -> dict[str, Any]:
    doc = copy.deepcopy(DOC)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "delete", "move", "swap", "drop_move"]))
        moves = doc.get("game", {}).get("moves") if isinstance(doc.get("game"), dict) else None
        if kind in ("move", "swap", "drop_move") and isinstance(moves, list) and len(moves) > 1:
            i = draw(st.integers(0, len(moves) - 1))
            j = draw(st.integers(0, len(moves) - 1))
            if kind == "move":
                moves[i] = draw(st.sampled_from(MOVE_TEXTS))
            elif kind == "swap":
                moves[i], moves[j] = moves[j], moves[i]
            else:
                del moves[i]
            continue
        path = draw(st.sampled_from(PATHS))
        parent: Any = doc
        try:
            for key in path[:-1]:
                parent = parent[key]
            if kind == "delete" and isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif kind == "delete" and isinstance(parent, list) and path[-1] < len(parent):
                del parent[path[-1]]
            else:
                parent[path[-1]] = draw(json_value)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier edit changed the shape; this one does not apply
    return doc


@pytest.mark.long
@settings(max_examples=500, deadline=None, suppress_health_check=FIXTURE_OK)
@given(doc=json_edit())
def test_edited_documents(scratch: Path, doc: dict[str, Any]) -> None:
    load(scratch, json.dumps(doc).encode())


@pytest.mark.long
@settings(max_examples=150, deadline=None, suppress_health_check=FIXTURE_OK)
@given(value=json_value)
def test_random_json(scratch: Path, value: Any) -> None:
    load(scratch, json.dumps(value).encode())


@settings(max_examples=150, deadline=None, suppress_health_check=FIXTURE_OK)
@given(doc=json_edit(), edits=st.lists(byte_edit, max_size=2))
def test_the_load_list_never_fails(
    scratch: Path, doc: dict[str, Any], edits: list[tuple[str, int, int]]
) -> None:
    data = json.dumps(doc).encode()
    for edit in edits:
        data = apply_bytes(data, edit)
    scratch.write_bytes(data)
    (line,) = savelist.list_saves(scratch.parent)
    assert line.name == "game"
    if line.error is None:
        assert line.preset in PRESETS
        assert line.round >= 1
    else:
        assert line.preset == ""
        assert line.error
