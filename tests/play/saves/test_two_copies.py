"""Two copies of the program on one data folder, as two real processes: the
first holds the folder and saves; the second plays but saves no game, never
deletes or moves aside the first one's files, and leaves its crash-on-open
note alone; statistics and settings from both are kept."""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rummy_gui import paths
from rummy_gui.play import jsonio, openguard, problems, savelist, saves, stats
from rummy_gui.play.settings import Settings, load_settings, save_settings
from tests.play.saves.positions import position, seats_for

HERE = str(Path(__file__).parent)


def folderlock() -> Any:
    """The lock's module, imported when used (so that the other tests here run,
    and fail, on the code before it)."""
    return importlib.import_module("rummy_gui.play.folderlock")


# Each script claims the data folder the way the program does at start (on a
# version without the lock it goes on without one), says "ready", then waits
# for a line on stdin before each of its steps.
PREAMBLE = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, sys.argv[1])
    from positions import position, seats_for
    from rummy_gui.play import openguard, savelist, saves, stats
    try:
        from rummy_gui.play import folderlock
        mine = folderlock.claim()
    except ImportError:
        mine = None
    def step(what):
        print(json.dumps(what), flush=True)
        sys.stdin.readline()
""")

HOLDER = PREAMBLE + textwrap.dedent("""
    step({"mine": mine})
""")

OPENER = PREAMBLE + textwrap.dedent("""
    from rummy_gui.play.resume import open_autosave
    session, problem = open_autosave()  # the note is on disk: the table has not drawn yet
    step({"mine": mine, "opened": session is not None, "problem": problem})
    openguard.closed_cleanly() if hasattr(saves, "closed_cleanly") else openguard.opened()
    if session is not None:
        session.close()
    step({})
""")

FINISHER = PREAMBLE + textwrap.dedent("""
    from rummy_gui.engine import Game
    from rummy_gui.play.session import SeatConfig, Session
    done = position("rummy500", "game-over")
    record = done.record()
    game = Game.from_record({**record, "moves": record["moves"][:-1]})
    seats = [SeatConfig(s.name, s.kind) for s in seats_for(3)]
    s = Session("rummy500", seats, {}, game=game, threaded=False, bot_process=False,
                autosave_enabled=True)
    last = done.moves[-1]
    s.play(game.turn if last.seat is None else last.seat, last)  # game over
    s.close()
    step({"mine": mine, "over": s.finished, "error": s.save_error, "notices": s.notices})
""")

RECORDER = PREAMBLE + textwrap.dedent("""
    game = position("rummy500", "game-over")
    who = sys.argv[2]
    step({"mine": mine})  # both ready: the test lets both go at once
    for i in range(30):
        stats.record_game(game, [f"{who}{i}a", f"{who}{i}b", f"{who}{i}c"])
    step({})
""")


class Copy:
    """A script running as another copy of the program on the test's data folder."""

    def __init__(self, home: Path, script: str, *args: str) -> None:
        env = {**os.environ, "RUMMY_GUI_HOME": str(home)}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", script, HERE, *args],
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def said(self) -> Any:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            assert self.proc.stderr is not None
            raise AssertionError(f"the copy ended: {self.proc.stderr.read()[-2000:]}")
        return json.loads(line)

    def go(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("\n")
        self.proc.stdin.flush()

    def end(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


@pytest.fixture
def copies() -> Iterator[list[Copy]]:
    started: list[Copy] = []
    yield started
    for c in started:
        c.end()
    with contextlib.suppress(ImportError):
        folderlock().release()


def mine() -> bool | None:
    """What the first copy's claim gives: True (None on the code before the lock)."""
    try:
        folderlock()
    except ImportError:
        return None
    return True


def in_progress() -> bytes:
    """A game in progress as the autosave (and its .bak); its bytes."""
    g = position("rummy500", "mid-deal")
    saves.write(saves.autosave_path(), g, seats_for(g.players))
    saves.write(saves.autosave_path(), g, seats_for(g.players))
    return saves.autosave_path().read_bytes()


def untouched(data: bytes) -> None:
    assert saves.autosave_path().read_bytes() == data
    assert jsonio.backup_path(saves.autosave_path()).exists()
    assert not list(paths.data_dir().rglob("*.corrupt-*"))


def test_the_second_copy_leaves_the_first_ones_opening_game_alone(
    home: Path, copies: list[Copy]
) -> None:
    data = in_progress()
    first = Copy(home, OPENER)
    copies.append(first)
    assert first.said() == {"mine": mine(), "opened": True, "problem": ""}
    assert (paths.data_dir() / ".opening.json").exists()
    second = Copy(home, OPENER)  # Continue in the second copy, while the first opens
    copies.append(second)
    said = second.said()
    assert said["mine"] is not True
    assert said["opened"] is True, said["problem"]  # it plays the game, read-only
    second.go()
    assert second.said() == {}
    untouched(data)
    assert (paths.data_dir() / ".opening.json").exists()  # the first one's note, kept
    first.go()
    assert first.said() == {}
    untouched(data)
    assert not (paths.data_dir() / ".opening.json").exists()


def test_a_game_over_in_the_second_copy_keeps_the_first_ones_autosave(
    home: Path, copies: list[Copy]
) -> None:
    data = in_progress()
    first = Copy(home, HOLDER)
    copies.append(first)
    assert first.said() == {"mine": mine()}
    second = Copy(home, FINISHER)
    copies.append(second)
    said = second.said()
    assert said["mine"] is not True
    assert said["over"] is True
    untouched(data)
    assert said["error"] is None  # no false "could not be written"
    assert said["notices"] == [getattr(problems, "OTHER_COPY", "the notice")]
    loaded, _ = stats.load_stats()  # its statistics count all the same
    assert sum(r.games for r in loaded.rows()) == 3


def test_two_copies_recording_thirty_games_each_leave_all_sixty(
    home: Path, copies: list[Copy]
) -> None:
    copies.extend(Copy(home, RECORDER, who) for who in "AB")
    assert sorted(str(c.said()["mine"]) for c in copies) in (["False", "True"], ["None", "None"])
    for c in copies:
        c.go()
    for c in copies:
        assert c.said() == {}
    loaded, warnings = stats.load_stats()
    assert warnings == []
    assert len(loaded.recorded) == 60
    assert sum(r.games for r in loaded.rows()) == 180  # three names a game


def test_a_second_copy_saves_no_game_and_says_why(home: Path, copies: list[Copy]) -> None:
    data = in_progress()
    named = savelist.save_path("kept")
    g = position("rummy500", "mid-deal")
    saves.write(named, g, seats_for(g.players))
    first = Copy(home, HOLDER)
    copies.append(first)
    assert first.said() == {"mine": True}
    assert folderlock().claim() is False
    assert saves.read_only()
    with pytest.raises(saves.SaveError) as caught:
        saves.write(savelist.save_path("mine"), g, seats_for(g.players))
    assert caught.value.kind == "other_copy"
    assert problems.problem(caught.value) == folderlock().OTHER_COPY
    for act in (
        lambda: savelist.delete_save_file(named),
        lambda: saves.quarantine(named),
    ):
        with pytest.raises(saves.SaveError, match="Another copy"):
            act()
    saves.delete_autosave()  # nothing, quietly
    saves.write_autosave(saves.document(g, seats_for(g.players)))  # nothing, quietly
    openguard.mark_opening(saves.autosave_path())
    assert not (paths.data_dir() / ".opening.json").exists()
    untouched(data)
    assert named.exists()
    assert not savelist.save_path("mine").exists()


def test_the_notice_is_the_catalogs_text() -> None:
    assert problems.OTHER_COPY == folderlock().OTHER_COPY


def test_the_folder_is_free_again_when_the_first_copy_ends(home: Path, copies: list[Copy]) -> None:
    first = Copy(home, HOLDER)
    copies.append(first)
    assert first.said() == {"mine": True}
    assert folderlock().claim() is False
    first.end()
    deadline = time.monotonic() + 30
    while not folderlock().claim():  # the system frees the lock with the process
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert not saves.read_only()


def test_settings_changed_by_two_copies_keep_both_changes() -> None:
    save_settings(Settings(volume=0.6, card_back="blue"))
    one, _ = load_settings()  # two copies start with the same file
    two, _ = load_settings()
    one_as_read, two_as_read = Settings(**vars(one)), Settings(**vars(two))
    one.volume = 0.2
    save_settings(one, since=one_as_read)
    two.card_back = "red"
    save_settings(two, since=two_as_read)
    now, _ = load_settings()
    assert (now.volume, now.card_back) == (0.2, "red")


def test_the_second_program_plays_the_game_and_says_it_will_not_save(
    home: Path,
    copies: list[Copy],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from rummy_gui.ui.shell import app as app_module

    data = in_progress()
    first = Copy(home, HOLDER)
    copies.append(first)
    assert first.said() == {"mine": mine()}
    assert app_module.run(["--continue", "--frames", "3"]) == 0  # the table opens
    assert "Another copy of the game is open" in capsys.readouterr().err
    untouched(data)
    assert not (paths.data_dir() / ".opening.json").exists()
    first.go()
    first.end()
    assert app_module.run(["--continue", "--frames", "3"]) == 0  # alone now: it saves again
    assert "Another copy" not in capsys.readouterr().err
