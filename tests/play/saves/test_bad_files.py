"""Every kind of bad file raises SaveError with a message that says what is wrong."""

from __future__ import annotations

import contextlib
import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rummy_gui.play import jsonio, saveload, saves
from tests.play.saves.positions import position, seats_for


@pytest.fixture(scope="module")
def good_doc() -> dict[str, Any]:
    """A save document of a rummy500 game in its first deal (a claim window open)."""
    g = position("rummy500", "mid-claim")
    return saves.document(g, seats_for(g.players), {"hand_order": [0, 1, 2]})


def put(path: Path, data: bytes | str | Any) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    if not isinstance(data, bytes):
        data = json.dumps(data).encode()
    path.write_bytes(data)
    return path


def edited(doc: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    d = copy.deepcopy(doc)
    change(d)
    return d


def _set(keys: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        target: Any = d
        for k in keys[:-1]:
            target = target[k]
        target[keys[-1]] = value

    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.pop(key)


def _move(index: int, text: str) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        d["game"]["moves"][index] = text

    return change


def _swap_two_moves(d: dict[str, Any]) -> None:
    m = d["game"]["moves"]
    m[3], m[4] = m[4], m[3]


def _cut_moves(d: dict[str, Any]) -> None:
    del d["game"]["moves"][-2:]


# (id, change to the good document, expected kind, words the message must hold)
DOC_CASES: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("wrong format", _set(("format",), "something-else"), "not_a_save", "not a rummy-gui save"),
    ("no format", _drop("format"), "not_a_save", "not a rummy-gui save"),
    ("no version", _drop("version"), "invalid", "version"),
    ("version as text", _set(("version",), "2"), "invalid", "version"),
    ("version true", _set(("version",), True), "invalid", "version"),
    ("version zero", _set(("version",), 0), "invalid", "version"),
    ("newer version", _set(("version",), 99), "newer_version", "version 99"),
    ("seats not a list", _set(("seats",), {"a": 1}), "invalid", "seats"),
    ("seat not an object", _set(("seats", 0), "Ann"), "invalid", "seat 0"),
    ("seat name not text", _set(("seats", 1, "name"), 12), "invalid", "name"),
    ("seat name empty", _set(("seats", 1, "name"), "  "), "invalid", "name"),
    ("seat kind unknown", _set(("seats", 2, "kind"), "godlike"), "invalid", "godlike"),
    ("seat seed not a number", _set(("seats", 1, "seed"), "7"), "invalid", "seed"),
    ("seat unknown field", _set(("seats", 1, "evil"), 1), "invalid", "unknown fields"),
    ("too few seats", lambda d: d["seats"].pop(), "invalid", "2 seats for a 3-player game"),
    ("too many seats", lambda d: d["seats"].append(dict(d["seats"][0])), "invalid", "4 seats"),
    ("table not an object", _set(("table",), [1, 2]), "invalid", "table"),
    ("no game", _drop("game"), "invalid", "no game record"),
    ("game is text", _set(("game",), "moves"), "invalid", "no game record"),
    ("record format", _set(("game", "format"), "x"), "invalid", "not a game record"),
    ("record version", _set(("game", "version"), 7), "invalid", "record version"),
    ("moves not a list", _set(("game", "moves"), "0: draw"), "invalid", "moves"),
    ("move not text", _set(("game", "moves", 0), 5), "invalid", "moves"),
    ("unknown preset", _set(("game", "preset"), "poker"), "invalid", "poker"),
    ("preset a number", _set(("game", "preset"), 5), "invalid", "preset"),
    ("players out of range", _set(("game", "players"), 40), "invalid", "not 40"),
    ("players as text", _set(("game", "players"), "3"), "invalid", "players"),
    ("seed as text", _set(("game", "seed"), "7"), "invalid", "seed"),
    ("bad option", _set(("game", "options", "target"), -5), "invalid", "target"),
    ("unknown option", _set(("game", "options", "cheat"), True), "invalid", "cheat"),
    ("layout garbage", _set(("game", "layout"), {"hands": 5}), "invalid", "hands"),
    (
        "layout too many cards",
        _set(("game", "layout"), {"hands": ["AS AS", "2C", "3C"]}),
        "invalid",
        "AS: 2 in this layout",
    ),
    ("illegal move", _move(5, "1: discard AS"), "tampered", "refuse"),
    ("not a move", _move(2, "0: fly away"), "tampered", "move 3"),
    ("moves swapped", _swap_two_moves, "tampered", "refuse"),
    ("moves cut short", _cut_moves, "tampered", "does not add up"),
    ("summary round edited", _set(("summary", "round"), 4), "tampered", "round is 4"),
    ("summary totals edited", _set(("summary", "totals"), [500, 0, 0]), "tampered", "totals"),
    ("summary cards edited", _set(("summary", "cards", "stock"), 99), "tampered", "cards"),
    ("summary missing", _drop("summary"), "invalid", "summary"),
    ("summary not an object", _set(("summary",), 3), "invalid", "summary"),
    (
        "too many moves",
        _set(("game", "moves"), ["0: draw"] * (saves.MAX_MOVES + 1)),
        "invalid",
        "a save can hold",
    ),
]


@pytest.mark.parametrize(
    ("change", "kind", "words"), [c[1:] for c in DOC_CASES], ids=[c[0] for c in DOC_CASES]
)
def test_bad_document_raises_save_error(
    good_doc: dict[str, Any],
    tmp_path: Path,
    change: Callable[[dict[str, Any]], None],
    kind: str,
    words: str,
) -> None:
    path = put(tmp_path / "game.json", edited(good_doc, change))
    with pytest.raises(saves.SaveError) as caught:
        saveload.read(path)
    message = str(caught.value)
    assert message.startswith("game.json can't be loaded: ")
    assert words in message
    assert caught.value.kind == kind
    assert caught.value.path == path


def test_newer_version_names_both_versions(good_doc: dict[str, Any], tmp_path: Path) -> None:
    path = put(tmp_path / "game.json", edited(good_doc, _set(("version",), 7)))
    with pytest.raises(saves.SaveError, match=f"version 7.*versions 1 to {saves.SAVE_VERSION}"):
        saveload.read(path)


def _good_bytes(doc: dict[str, Any]) -> bytes:
    return jsonio.dumps(doc)


# (id, bytes from the good file's bytes, expected kind, words)
BYTE_CASES: list[tuple[str, Callable[[bytes], bytes], str, str]] = [
    ("empty", lambda _b: b"", "damaged", "empty"),
    ("only spaces", lambda _b: b"  \n\t ", "damaged", "empty"),
    ("truncated", lambda b: b[: len(b) // 2], "damaged", "not valid JSON"),
    ("last byte missing", lambda b: b.rstrip()[:-1], "damaged", "not valid JSON"),
    ("not JSON", lambda _b: b"this is not a save\n", "damaged", "not valid JSON"),
    ("binary", lambda _b: bytes(range(256)) * 4, "damaged", "not text"),
    ("latin-1", lambda _b: b'{"format": "caf\xe9"}', "damaged", "not text"),
    ("JSON list", lambda _b: b"[1, 2, 3]", "not_a_save", "not a JSON object"),
    ("JSON number", lambda _b: b"42", "not_a_save", "not a JSON object"),
    ("JSON null", lambda _b: b"null", "not_a_save", "not a JSON object"),
    ("NaN", lambda b: b.replace(b'"version": 2', b'"version": NaN'), "damaged", "NaN"),
    (
        "Infinity",
        lambda b: b.replace(b'"version": 2', b'"version": -Infinity'),
        "damaged",
        "Infinity",
    ),
    (
        "huge float",
        lambda b: b.replace(b'"version": 2', b'"version": 1e999'),
        "damaged",
        "too large",
    ),
    (
        "huge integer",
        lambda b: b.replace(b'"version": 2', b'"version": ' + b"9" * 5000),
        "damaged",
        "not valid JSON",
    ),
    (
        "duplicate key",
        lambda b: b.replace(b'"version": 2', b'"version": 2, "version": 1'),
        "damaged",
        "appears twice",
    ),
    ("nested too deep", lambda _b: b"[" * 100_000 + b"]" * 100_000, "damaged", "nested"),
    ("trailing garbage", lambda b: b + b"}{", "damaged", "not valid JSON"),
]


@pytest.mark.parametrize(
    ("mutate", "kind", "words"), [c[1:] for c in BYTE_CASES], ids=[c[0] for c in BYTE_CASES]
)
def test_damaged_bytes_raise_save_error(
    good_doc: dict[str, Any],
    tmp_path: Path,
    mutate: Callable[[bytes], bytes],
    kind: str,
    words: str,
) -> None:
    path = put(tmp_path / "game.json", mutate(_good_bytes(good_doc)))
    with pytest.raises(saves.SaveError) as caught:
        saveload.read(path)
    assert words in str(caught.value)
    assert caught.value.kind == kind


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(
        saves.SaveError, match=r"game\.json can't be loaded: the file does not exist"
    ) as caught:
        saveload.read(tmp_path / "game.json")
    assert caught.value.kind == "missing"


def test_file_over_5_mb_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    with open(path, "wb") as f:
        f.truncate(5 * 1024 * 1024 + 1)  # sparse: instant
    reads: list[int] = []
    real_read = os.read

    def counted_read(fd: int, n: int) -> bytes:
        reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", counted_read)
    with pytest.raises(saves.SaveError, match="more than the 5 MB") as caught:
        saveload.read(path)
    assert caught.value.kind == "damaged"
    assert reads == []


def test_a_folder_is_not_a_save(tmp_path: Path) -> None:
    (tmp_path / "game.json").mkdir()
    with pytest.raises(saves.SaveError, match="folder"):
        saveload.read(tmp_path / "game.json")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_does_not_hang(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "game.json")
    with pytest.raises(saves.SaveError, match="not a regular file"):
        saveload.read(tmp_path / "game.json")


def test_record_cards_that_do_not_add_up(tmp_path: Path) -> None:
    """A layout record whose hands hold more copies of a card than the pack."""
    from rummy_gui.engine import Game

    g = Game.from_layout("rummy500", hands=["AS 2S 3S", "4H 5H 6H"], stock="7C 8C 9C", discard="KD")
    doc = saves.document(g, seats_for(2))
    doc["game"]["layout"]["stock"] = "7C 8C AS"
    doc["game"]["layout"]["hands"][1] = "AS 5H 6H"
    with pytest.raises(saves.SaveError, match="AS: 3 in this layout"):
        saveload.read(put(tmp_path / "game.json", doc))


def test_a_bad_file_never_raises_anything_but_save_error(
    tmp_path: Path, good_doc: dict[str, Any]
) -> None:
    """Values of every JSON type at every top-level and record key."""
    values: list[Any] = [None, True, 0, -1, 2**70, 1.5, "", "x", [], [None], {}, {"a": []}]
    keys = [
        ("format",),
        ("version",),
        ("seats",),
        ("table",),
        ("summary",),
        ("game",),
        ("saved_at",),
        ("game", "preset"),
        ("game", "players"),
        ("game", "seed"),
        ("game", "options"),
        ("game", "layout"),
        ("game", "moves"),
        ("seats", 0),
    ]
    for key in keys:
        for value in values:
            path = put(tmp_path / "game.json", edited(good_doc, _set(key, value)))
            with contextlib.suppress(saves.SaveError):
                saveload.read(path)
