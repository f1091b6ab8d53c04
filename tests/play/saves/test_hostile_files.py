"""Files crafted to hurt: names with NUL or lone surrogates, a folder whose
name is not text, statistics and settings this version can't fully read, a
read-only data folder, look-alike save names, temporary files left by kills,
and a file that crashed the program while it was being opened. Each is drawn
by the screen that shows it (dummy video driver): nothing crashes, nothing of
the player's is lost."""

from __future__ import annotations

import errno
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from rummy_gui import paths
from rummy_gui.play import jsonio, openguard, savelist, saves, stats
from rummy_gui.ui.shell import app as app_module
from rummy_gui.ui.shell.app import App
from tests.play.saves.positions import position, seats_for
from tests.play.saves.screens import menu_app

BAD_NAMES = ["Ann\u0000", "\ud800x", "\u202e", "a\u2028b"]


@pytest.fixture
def app() -> Iterator[App]:
    yield from menu_app()


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.tick(0.05)


def save_doc(name: str = "Ann") -> dict[str, Any]:
    g = position("rummy500", "mid-claim")
    doc = saves.document(g, seats_for(g.players))
    doc["seats"][0]["name"] = name
    return doc


def write_doc(path: Path, doc: Any) -> bytes:
    """JSON as an editor would write it; lone surrogates as \\u escapes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(doc).encode("ascii")
    path.write_bytes(data)
    return data


# --- 2. crafted text -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", BAD_NAMES, ids=["nul", "surrogate", "bidi-only", "line-separator"])
def test_a_crafted_name_in_the_autosave_is_refused_once_and_set_aside(app: App, name: str) -> None:
    from rummy_gui.play.resume import open_autosave
    from rummy_gui.ui.table.scene import TableScene

    data = write_doc(saves.autosave_path(), save_doc(name))
    session, reason = open_autosave()
    if session is not None:  # what the unfixed program did: the table then crashed drawing it
        app.session = session
        app.push(TableScene(app, session))
        frames(app)
    assert session is None
    assert "name" in reason
    assert "moved aside" in reason
    (moved,) = saves.autosave_path().parent.glob("autosave.json.corrupt-*")
    assert moved.read_bytes() == data  # never deleted
    assert open_autosave() == (None, "")  # the next Continue does not meet it again
    frames(app)


@pytest.mark.parametrize("name", BAD_NAMES, ids=["nul", "surrogate", "bidi-only", "line-separator"])
def test_a_crafted_name_in_a_named_save_does_not_break_the_load_screen(app: App, name: str) -> None:
    from rummy_gui.ui.screens.saving import LoadScene

    write_doc(paths.saves_dir() / "crafted.json", save_doc(name))
    scene = LoadScene(app)
    app.push(scene)
    frames(app)
    (summary,) = scene.saves
    assert all(n.isprintable() for n in summary.names)


def test_a_save_file_whose_name_is_not_text_is_listed_and_drawn(app: App) -> None:
    from rummy_gui.ui.screens.saving import LoadScene

    folder = paths.saves_dir()
    folder.mkdir(parents=True)
    with open(os.path.join(os.fsencode(folder), b"caf\xe9.json"), "wb") as f:
        f.write(b"{}")
    scene = LoadScene(app)
    app.push(scene)
    frames(app)
    (summary,) = scene.saves
    assert summary.error
    assert summary.name.isprintable()


@pytest.mark.parametrize("name", BAD_NAMES, ids=["nul", "surrogate", "bidi-only", "line-separator"])
def test_a_crafted_player_in_the_statistics_does_not_break_the_screen(app: App, name: str) -> None:
    from rummy_gui.ui.screens.statistics import StatisticsScene

    entry = dict.fromkeys(
        (
            "games",
            "wins",
            "deals",
            "deal_total",
            "went_out",
            "rummy_calls",
            "buys",
            "shanghai_calls",
            "hints",
        ),
        1,
    )
    entry["best_deal"] = 1
    doc = {
        "format": stats.STATS_FORMAT,
        "version": stats.STATS_VERSION,
        "recorded": [],
        "players": {name: {"rummy500": entry}, "Bob": {"rummy500": entry}},
    }
    write_doc(paths.stats_path(), doc)
    scene = StatisticsScene(app)
    app.push(scene)
    frames(app)
    assert [r.name for r in scene.rows] == ["Bob"]  # the crafted one is left out, and said so
    assert "damaged" in scene.note


def test_a_data_folder_whose_name_is_not_text_does_not_break_save_as(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    from rummy_gui.play.session import SeatConfig, Session
    from rummy_gui.ui.screens.saving import SaveAsScene

    home = os.path.join(os.fsencode(tmp_path), b"home-\xff")
    os.makedirs(home)
    monkeypatch.setenv("RUMMY_GUI_HOME", os.fsdecode(home))

    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise PermissionError(errno.EACCES, "Permission denied")

    session = Session(
        "rummy500",
        [SeatConfig("You", "human"), SeatConfig("Bot", "easy")],
        {},
        seed=1,
        threaded=False,
    )
    app.session = session
    scene = SaveAsScene(app, session)
    app.push(scene)
    frames(app, 1)
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    scene._save()
    assert "not writable" in scene.error
    assert "\ufffd" in scene.error
    frames(app)


def test_keyboard_names_pass_the_same_gate() -> None:
    from rummy_gui.play.session import SeatConfig, Session

    session = Session(
        "rummy500",
        [SeatConfig("Ann\x00\x07", "human"), SeatConfig("B" * 99, "easy")],
        {},
        seed=1,
        threaded=False,
    )
    assert session.name(0) == "Ann\ufffd\ufffd"
    assert len(session.name(1)) == saves.MAX_NAME
    with pytest.raises(saves.SaveError, match="can't be kept"):
        savelist.check_save_name("game\ud800")


# --- 2. a crash while opening never repeats ------------------------------------------------------


def test_a_crash_while_opening_the_autosave_does_not_repeat(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from rummy_gui.ui.table.scene import TableScene

    data = write_doc(saves.autosave_path(), save_doc())
    real_draw = TableScene.draw

    def broken(_self: TableScene, _surface: pygame.Surface) -> None:
        raise RuntimeError("a bug met while drawing this game")

    monkeypatch.setattr(TableScene, "draw", broken)
    assert app_module.run(["--continue", "--frames", "3"]) == 1  # the crash, reported
    monkeypatch.setattr(TableScene, "draw", real_draw)
    capsys.readouterr()
    assert app_module.run(["--continue", "--frames", "3"]) == 1  # nothing to continue now
    err = capsys.readouterr().err
    assert "stopped while opening autosave.json" in err
    assert "moved aside" in err
    (moved,) = saves.autosave_path().parent.glob("autosave.json.corrupt-*")
    assert moved.read_bytes() == data
    assert app_module.run(["--frames", "2"]) == 0  # and the next start is an ordinary one


def test_a_game_that_opened_well_is_not_set_aside() -> None:
    write_doc(saves.autosave_path(), save_doc())
    assert app_module.run(["--continue", "--frames", "5"]) == 0
    assert openguard.interrupted_opening() is None
    assert app_module.run(["--continue", "--frames", "2"]) == 0
    assert not list(saves.autosave_path().parent.glob("*.corrupt-*"))


# --- 3. statistics and settings this version can't fully read ------------------------------------


@pytest.fixture(scope="module")
def finished() -> Any:
    return position("rummy500", "game-over")


def test_statistics_of_a_newer_version_are_kept_aside_not_overwritten(finished: Any) -> None:
    newer = {"format": stats.STATS_FORMAT, "version": 99, "players": {"Ann": {"x": 250}}}
    data = write_doc(paths.stats_path(), newer)
    assert stats.record_game(finished, ["Ann", "Bob", "Cid"])
    second = position("rummy500", "game-over", seed=4)
    stats.record_game(second, ["Ann", "Bob", "Cid"])  # a second write replaces the .bak too
    (kept,) = paths.stats_path().parent.glob("stats.json.newer-*")
    assert kept.read_bytes() == data
    _, warnings = stats.load_stats()
    assert not any("kept as" in w for w in warnings)  # said once


def test_statistics_with_a_damaged_entry_are_kept_aside(finished: Any) -> None:
    stats.record_game(finished, ["Ann", "Bob", "Cid"])
    doc = json.loads(paths.stats_path().read_text())
    doc["players"]["Ann"]["rummy500"]["wins"] = 10**6  # more wins than games: damaged
    data = write_doc(paths.stats_path(), doc)
    _first, warnings = stats.load_stats()
    assert any("kept as stats.json.corrupt-" in w for w in warnings)
    stats.record_game(position("rummy500", "game-over", seed=4), ["Ann", "Bob", "Cid"])
    (kept,) = paths.stats_path().parent.glob("stats.json.corrupt-*")
    assert kept.read_bytes() == data


def test_statistics_are_not_written_over_when_no_copy_can_be_kept(
    finished: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = write_doc(
        paths.stats_path(), {"format": stats.STATS_FORMAT, "version": 99, "players": {}}
    )

    def full(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(jsonio, "_write_new", full)
    with pytest.raises(jsonio.WriteError, match="not written over"):
        stats.record_game(finished, ["Ann", "Bob", "Cid"])
    assert paths.stats_path().read_bytes() == data


def test_settings_of_a_newer_version_are_kept_aside() -> None:
    from rummy_gui.play import prefs

    newer = {"format": "rummy-gui-settings", "version": 9, "volume": 0.3, "theme": "dark"}
    data = write_doc(paths.settings_path(), newer)
    settings, _size = prefs.load()
    assert settings.volume == 0.3  # what this version knows is used
    prefs.save(settings, (1100, 700))
    (kept,) = paths.settings_path().parent.glob("settings.json.newer-*")
    assert kept.read_bytes() == data
    prefs.save(settings, (1000, 700))
    assert len(list(paths.settings_path().parent.glob("settings.json.*-*"))) == 1


def test_old_settings_names_still_load() -> None:
    from rummy_gui.play.settings import load_settings

    write_doc(
        paths.settings_path(),
        {"format": "rummy-gui-settings", "version": 1, "muted": True, "animation_speed": "fast"},
    )
    settings, warnings = load_settings()
    assert warnings == []
    assert settings.mute
    assert settings.animation == "fast"
    assert settings.animation_factor == 0.5


# --- 5. a read-only data folder ------------------------------------------------------------------


def test_a_read_only_folder_with_a_damaged_autosave_uses_the_backup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rummy_gui.play.resume import open_autosave

    g = position("rummy500", "mid-claim")
    saves.write(saves.autosave_path(), g, seats_for(g.players))
    saves.write(saves.autosave_path(), g, seats_for(g.players))  # the .bak: a good copy
    saves.autosave_path().write_text('{"format": "rummy-gui-save", "vers')

    def read_only(*_args: Any, **_kwargs: Any) -> Any:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(os, "rename", read_only)
    monkeypatch.setattr(jsonio, "write_json", read_only)  # nothing can be written either
    session, reason = open_autosave()
    assert session is not None, reason
    try:
        assert session.game.record() == g.record()
        assert any("backup" in n for n in session.notices)
        assert any("could not be moved aside" in n for n in session.notices)
    finally:
        session.close()


# --- 6. delete exactly the row's file ------------------------------------------------------------


def test_delete_removes_exactly_the_file_the_row_shows(app: App) -> None:
    from rummy_gui.ui.screens.saving import LoadScene

    g = position("rummy500", "mid-claim")
    folder = paths.saves_dir()
    saves.write(folder / "keep.json", g, seats_for(g.players))
    saves.write(folder / "keep .json", g, seats_for(g.players))
    scene = LoadScene(app)
    app.push(scene)
    frames(app)
    (row,) = [s for s in scene.saves if s.path.name == "keep .json"]
    scene._delete(row)
    assert (folder / "keep.json").exists()
    assert not (folder / "keep .json").exists()
    assert [s.path.name for s in scene.saves] == ["keep.json"]


# --- 7. temporary files left by a kill -----------------------------------------------------------


def test_stale_temporary_files_of_our_own_are_cleaned_at_start() -> None:
    data = paths.data_dir()
    data.mkdir(parents=True)
    old = time.time() - 3600
    stale = [data / ".autosave.json.k2j4_x9q.tmp", data / ".stats.json.bak-tmp"]
    fresh = data / ".autosave.json.abcd1234.tmp"  # a write going on now, in another window
    foreign = [data / ".other.tmp", data / "notes.tmp", data / "autosave.json.abcd1234.tmp"]
    for f in [*stale, fresh, *foreign]:
        f.write_text("x")
        if f is not fresh:
            os.utime(f, (old, old))
    assert app_module.run(["--frames", "1"]) == 0
    assert not any(f.exists() for f in stale)
    assert fresh.exists()
    assert all(f.exists() for f in foreign)
