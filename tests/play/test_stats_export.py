"""The statistics exported for a spreadsheet (play/stats_export.py): CSV with a
header and one row a game, JSON with every player's record, written
atomically in the documents folder; an unwritable folder is said clearly."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest

from rummy_gui import paths
from rummy_gui.engine import Game
from rummy_gui.play import jsonio
from rummy_gui.play.stats import load_stats, record_game
from rummy_gui.play.stats_export import EXPORT_FORMAT, export_stats
from tests.play.test_stats import bot_game


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [bot_game(seed=4), bot_game(seed=5)]


def test_the_csv_opens_with_a_header_and_one_row_a_game(games: list[Game], home: Path) -> None:
    record_game(games[0], ["Ann", "Bob", "Cid"], coached={0: 2})
    record_game(games[1], [("Ann", "human"), ("Бора", "hard"), ("Cid", "easy")])
    stats, _ = load_stats()
    done = export_stats(stats)
    assert done.folder == home / "documents" == paths.documents_dir()
    with open(done.csv, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    assert header[:4] == ["finished", "game", "deals", "winners"]
    assert "seat 1 coached" in header
    assert "seat 3 player" in header
    assert len(body) == 2  # one row a game
    assert all(len(r) == len(header) for r in body)
    first = dict(zip(header, body[0], strict=True))
    assert first["game"] == "rummy500"
    assert first["seat 1 player"] == "Ann"
    assert first["seat 1 coached"] == "2"
    assert int(first["deals"]) == len(games[0].score_history)
    second = dict(zip(header, body[1], strict=True))
    assert second["seat 2 player"] == "Бора"
    assert second["seat 2 level"] == "hard"
    data = json.loads(done.json.read_text(encoding="utf-8"))
    assert data["format"] == EXPORT_FORMAT
    assert len(data["games"]) == 2
    assert {(p["name"], p["level"]) for p in data["players"]} >= {("Ann", ""), ("Бора", "hard")}
    ann = next(p for p in data["players"] if p["name"] == "Ann")
    assert ann["games"] == 2
    assert ann["coached"] == 2


def test_no_games_gives_a_header_alone() -> None:
    stats, _ = load_stats()
    done = export_stats(stats)
    with open(done.csv, newline="", encoding="utf-8-sig") as f:
        assert list(csv.reader(f)) == [["finished", "game", "deals", "winners"]]


def test_an_export_replaces_the_last_one_whole(games: list[Game]) -> None:
    stats, _ = load_stats()
    first = export_stats(stats)
    record_game(games[0], ["Ann", "Bob", "Cid"])
    stats, _ = load_stats()
    again = export_stats(stats)
    assert again == first
    with open(again.csv, newline="", encoding="utf-8-sig") as f:
        assert len(list(csv.reader(f))) == 2
    assert sorted(p.name for p in again.folder.iterdir()) == [
        "rummy-gui-statistics.csv",
        "rummy-gui-statistics.json",
    ]  # no temporary file and no backup left


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions")
def test_an_unwritable_folder_is_said_and_nothing_is_written(home: Path) -> None:
    folder = home / "locked"
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    try:
        stats, _ = load_stats()
        with pytest.raises(jsonio.WriteError) as e:
            export_stats(stats, folder)
        assert e.value.kind == "read_only"
        assert "not writable" in str(e.value)
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


def test_without_a_documents_folder_the_data_folder_is_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import platformdirs

    monkeypatch.delenv(paths.HOME_ENV, raising=False)
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: "")
    assert paths.documents_dir() == paths.data_dir()
    monkeypatch.setattr(platformdirs, "user_documents_dir", lambda: "/somewhere/Documents")
    assert paths.documents_dir() == Path("/somewhere/Documents")


def test_a_folder_that_is_a_file_is_said_and_nothing_is_written(home: Path) -> None:
    blocker = home / "documents"
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("not a folder")
    stats, _ = load_stats()
    with pytest.raises(jsonio.WriteError) as e:
        export_stats(stats)
    assert "could not be written" in str(e.value)
    assert blocker.read_text() == "not a folder"
