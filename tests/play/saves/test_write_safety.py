"""Crashes during a write, the .bak fallback, quarantine, read-only and full disks."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from typing import Any

import pytest

from rummy_gui.engine import Game
from rummy_gui.play import jsonio, saveload, saves
from tests.play.saves.positions import position, seats_for


@pytest.fixture
def two_games() -> tuple[Game, Game]:
    first = position("rummy500", "mid-deal")
    second = position("rummy500", "between-deals")
    return first, second


def write(path: Path, g: Game) -> None:
    saves.write(path, g, seats_for(g.players))


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


class Crash(BaseException):
    """The process dying (not an exception the writer could handle)."""


@pytest.mark.parametrize("crash_at", ["write", "fsync", "backup", "replace"])
def test_crash_during_write_leaves_previous_save_loadable(
    two_games: tuple[Game, Game], monkeypatch: pytest.MonkeyPatch, crash_at: str
) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)
    calls = {"replace": 0}
    real_replace = os.replace

    def boom(*_args: Any, **_kwargs: Any) -> None:
        raise Crash

    def replace(src: Any, dst: Any) -> None:
        calls["replace"] += 1
        if crash_at == "replace" and Path(dst) == path:
            raise Crash
        real_replace(src, dst)

    if crash_at == "write":
        monkeypatch.setattr(jsonio, "dumps", lambda _data: (_ for _ in ()).throw(Crash()))
    elif crash_at == "fsync":
        monkeypatch.setattr(os, "fsync", boom)
    elif crash_at == "backup":
        monkeypatch.setattr(os, "link", boom)
    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(Crash):
        write(path, second)
    monkeypatch.undo()
    assert saveload.read(path).game == first
    assert saveload.read_with_fallback(path).game == first


def test_failed_write_cleans_up_its_temporary_file(
    two_games: tuple[Game, Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)

    def replace(_src: Any, _dst: Any) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(
        saves.SaveError, match=r"Saving is off: autosave\.json could not be written"
    ):
        write(path, second)
    monkeypatch.undo()
    assert leftovers(path.parent) == []
    assert saveload.read(path).game == first


def test_previous_file_is_kept_as_bak(two_games: tuple[Game, Game]) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)
    assert not jsonio.backup_path(path).exists()
    write(path, second)
    assert saveload.read(path).game == second
    assert saveload.read(jsonio.backup_path(path)).game == first
    assert leftovers(path.parent) == []


def test_backup_is_used_when_the_save_is_damaged(two_games: tuple[Game, Game]) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)
    write(path, second)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])  # a torn write
    saved = saveload.read_with_fallback(path)
    assert saved.game == first
    assert saved.problem is not None
    assert "not valid JSON" in str(saved.problem)
    assert path.exists()
    assert saved.quarantined is None


def test_fallback_can_move_the_bad_file_aside(two_games: tuple[Game, Game]) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)
    write(path, second)
    path.write_bytes(b"")
    saved = saveload.read_with_fallback(path, quarantine_bad=True)
    assert saved.game == first
    assert saved.quarantined is not None
    assert saved.quarantined.read_bytes() == b""
    assert saved.quarantined.name.startswith("autosave.json.corrupt-")
    assert not path.exists()
    # the game goes on: the next autosave works and the backup is still the good game
    write(path, saved.game)
    assert saveload.read(path).game == first


def test_fallback_when_the_main_file_is_missing(two_games: tuple[Game, Game]) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)
    write(path, second)
    path.unlink()
    saved = saveload.read_with_fallback(path, quarantine_bad=True)
    assert saved.game == first
    assert saved.problem is not None
    assert saved.problem.kind == "missing"
    assert saved.quarantined is None


def test_both_copies_bad(two_games: tuple[Game, Game]) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)
    write(path, second)
    path.write_text("{")
    jsonio.backup_path(path).write_text("")
    with pytest.raises(
        saves.SaveError,
        match=r"The backup can't be used either: "
        r"autosave\.json\.bak can't be loaded: the file is empty",
    ):
        saveload.read_with_fallback(path)


def test_no_backup_at_all() -> None:
    path = saves.autosave_path()
    with pytest.raises(saves.SaveError) as caught:
        saveload.read_with_fallback(path)
    assert caught.value.kind == "missing"


def test_a_newer_save_is_not_replaced_by_an_older_backup(two_games: tuple[Game, Game]) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)
    write(path, second)
    path.write_text(path.read_text().replace('"version": 2', '"version": 3', 1))
    with pytest.raises(saves.SaveError) as caught:
        saveload.read_with_fallback(path, quarantine_bad=True)
    assert caught.value.kind == "newer_version"
    assert path.exists()


def test_quarantine_never_deletes(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    moved = []
    for content in (b"one", b"two", b"three"):  # the same second: distinct names
        bad.write_bytes(content)
        moved.append(saves.quarantine(bad))
    assert [m.read_bytes() for m in moved] == [b"one", b"two", b"three"]
    assert len({m.name for m in moved}) == 3
    assert all(m.name.startswith("x.json.corrupt-") for m in moved)
    with pytest.raises(saves.SaveError, match="does not exist"):
        saves.quarantine(bad)


# ----------------------------------------------------------------- read-only and full disks
@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_read_only_folder_with_chmod(two_games: tuple[Game, Game]) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)
    path.parent.chmod(0o500)
    try:
        if os.access(path.parent, os.W_OK):
            pytest.skip("running as root: chmod does not stop writes (the patched tests cover it)")
        with pytest.raises(saves.SaveError, match=r"Saving is off: .* not writable") as caught:
            write(path, second)
        assert caught.value.kind == "saving_off"
    finally:
        path.parent.chmod(0o700)
    assert saveload.read(path).game == first


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (PermissionError(errno.EACCES, "Permission denied"), "is not writable (permission denied)"),
        (OSError(errno.EROFS, "Read-only file system"), "is on a read-only disk"),
        (OSError(errno.ENOSPC, "No space left on device"), "is full"),
        (OSError(errno.EIO, "Input/output error"), "Input/output error"),
    ],
)
@pytest.mark.parametrize("where", ["mkstemp", "fsync", "mkdir"])
def test_unwritable_folder_turns_saving_off(
    two_games: tuple[Game, Game],
    monkeypatch: pytest.MonkeyPatch,
    error: OSError,
    words: str,
    where: str,
) -> None:
    first, second = two_games
    path = saves.autosave_path()
    write(path, first)

    def fail(*_args: Any, **_kwargs: Any) -> Any:
        raise error

    if where == "mkstemp":
        monkeypatch.setattr(tempfile, "mkstemp", fail)
    elif where == "fsync":
        monkeypatch.setattr(os, "fsync", fail)
    else:
        monkeypatch.setattr(Path, "mkdir", fail)
    with pytest.raises(saves.SaveError) as caught:
        write(path, second)
    monkeypatch.undo()
    assert str(caught.value).startswith("Saving is off: ")
    assert words in str(caught.value)
    assert caught.value.kind == "saving_off"
    assert saveload.read(path).game == first
    assert leftovers(path.parent) == []


def test_write_refuses_a_table_state_that_is_not_json(two_games: tuple[Game, Game]) -> None:
    g = two_games[0]
    with pytest.raises(saves.SaveError, match="can't be saved") as caught:
        saves.write(saves.autosave_path(), g, seats_for(g.players), {"surface": object()})
    assert caught.value.kind == "invalid"
    with pytest.raises(saves.SaveError, match="can't be saved"):
        saves.write(saves.autosave_path(), g, seats_for(g.players), {"speed": float("nan")})
    assert not saves.autosave_path().exists()


def test_write_refuses_seats_that_do_not_match(two_games: tuple[Game, Game]) -> None:
    g = two_games[0]
    with pytest.raises(saves.SaveError, match="3 players but 2 seats"):
        saves.write(saves.autosave_path(), g, seats_for(2))
    with pytest.raises(saves.SaveError, match="not a kind of player"):
        saves.write(
            saves.autosave_path(),
            g,
            [saves.Seat("A"), saves.Seat("B"), saves.Seat("C", "grandmaster")],
        )
