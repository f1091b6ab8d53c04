"""The crash-on-open guard judges crashes, not quits: a game opened and closed
at once, by any clean way, is there at the next start; and its note names
files inside the data folder only, acting on nothing else."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
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
from rummy_gui.play import jsonio, openguard, saveload, saves
from rummy_gui.ui.shell import app as app_module
from rummy_gui.ui.shell.app import App
from tests.play.saves.positions import position, seats_for

NOTE = ".opening.json"


def a_game() -> bytes:
    """A game in progress as the autosave, and its .bak; the autosave's bytes."""
    g = position("rummy500", "mid-deal")
    saves.write(saves.autosave_path(), g, seats_for(g.players))
    saves.write(saves.autosave_path(), g, seats_for(g.players))
    return saves.autosave_path().read_bytes()


@contextlib.contextmanager
def python_handles_ctrl_c() -> Iterator[None]:
    """SIGINT raises KeyboardInterrupt, as in a terminal (a test runner may ignore it)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def still_there() -> None:
    """The next start finds the game: nothing set aside, Continue opens it."""
    assert openguard.interrupted_opening() is None
    assert saves.autosave_path().exists()
    assert not list(paths.data_dir().glob("*.corrupt-*"))
    saveload.read(saves.autosave_path())


def test_continue_with_two_frames_twice_keeps_the_game() -> None:
    a_game()
    assert app_module.run(["--continue", "--frames", "2"]) == 0
    assert not (paths.data_dir() / NOTE).exists()
    assert app_module.run(["--continue", "--frames", "2"]) == 0
    still_there()


def test_ctrl_c_at_the_first_frame_is_a_quit_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    a_game()
    real_tick = App.tick

    def interrupted(self: App, dt: float | None = None) -> None:
        real_tick(self, dt)
        raise KeyboardInterrupt

    monkeypatch.setattr(App, "tick", interrupted)
    assert app_module.run(["--continue"]) == 130
    still_there()


def test_ctrl_c_that_pygame_turns_into_another_error_is_a_quit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pygame's C code, interrupted, may raise its own error (NotImplementedError
    from an SVG loader) in place of KeyboardInterrupt: still a quit."""
    a_game()
    real_tick = App.tick

    def interrupted(self: App, dt: float | None = None) -> None:
        real_tick(self, dt)
        try:
            signal.raise_signal(signal.SIGINT)
        except KeyboardInterrupt:
            raise NotImplementedError("sized svg image loading was not compiled in") from None
        raise AssertionError("SIGINT did not interrupt")

    monkeypatch.setattr(App, "tick", interrupted)
    with python_handles_ctrl_c():
        assert app_module.run(["--continue"]) == 130
    still_there()
    assert not list(paths.data_dir().glob("crash-*"))


def test_ctrl_c_that_pygame_swallows_while_the_program_loads_is_a_quit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pygame's start swallows a KeyboardInterrupt (and then lacks its image
    formats, so the table would crash at its first court card): the program
    quits instead of opening the game."""
    import builtins

    import rummy_gui.__main__ as entry

    a_game()
    real_import = builtins.__import__

    def swallowing(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "rummy_gui.ui.shell.app":
            with contextlib.suppress(KeyboardInterrupt):  # as pygame's C start does
                signal.raise_signal(signal.SIGINT)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", swallowing)
    with python_handles_ctrl_c():
        assert entry.main(["--continue", "--frames", "2"]) == 130
    still_there()


def test_ctrl_c_that_pygame_swallows_while_the_window_opens_is_a_quit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Ctrl+C that pygame's C code swallows after the program has loaded (while
    the window opens) still ends the program: it used to run on, deaf to it."""
    a_game()
    real_init = App.__init__
    real_tick = App.tick
    ticks = []

    def swallowing(self: App, *args: Any, **kwargs: Any) -> None:
        real_init(self, *args, **kwargs)
        with contextlib.suppress(KeyboardInterrupt):  # as pygame's C code may
            signal.raise_signal(signal.SIGINT)

    def counted(self: App, dt: float | None = None) -> None:
        ticks.append(dt)
        if len(ticks) > 50:
            raise AssertionError("the program ran on after Ctrl+C")
        real_tick(self, dt)

    monkeypatch.setattr(App, "__init__", swallowing)
    monkeypatch.setattr(App, "tick", counted)
    with python_handles_ctrl_c():
        assert app_module.run(["--continue"]) == 130
    assert len(ticks) <= 1
    still_there()


def test_the_close_button_at_the_first_frame_is_a_quit(monkeypatch: pytest.MonkeyPatch) -> None:
    a_game()
    real_tick = App.tick

    def closed(self: App, dt: float | None = None) -> None:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        real_tick(self, dt)

    monkeypatch.setattr(App, "tick", closed)
    assert app_module.run(["--continue"]) == 0
    still_there()


def test_a_crash_at_the_first_frame_still_sets_the_game_aside(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a_game()
    real_tick = App.tick

    def broken(self: App, dt: float | None = None) -> None:
        real_tick(self, dt)
        raise RuntimeError("a bug met while drawing this game")

    monkeypatch.setattr(App, "tick", broken)
    assert app_module.run(["--continue"]) == 1
    assert openguard.interrupted_opening() is not None  # a crash keeps the guard


# --- signals at random moments, real processes --------------------------------------------------

RUNS = 20
AT_ONCE = 5


# A shell may start the test runner with SIGINT ignored, and children inherit
# that; the child puts back Python's handler itself, as a terminal's python has
# it (not in a preexec_fn: that may deadlock a child forked from a threaded runner).
LAUNCH = (
    "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "from rummy_gui.__main__ import main; raise SystemExit(main())"
)


@pytest.mark.long
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_a_signal_in_the_first_three_seconds_after_continue_loses_nothing(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """20 runs of `rummy-gui --continue`, each on its own copy of a data folder,
    SIGINT or SIGTERM at a random moment of the first 3 s: the game is there
    at the next start every time, and every run has ended."""
    a_game()
    rng = random.Random(53)
    plans = [
        (rng.uniform(0.0, 3.0), rng.choice([signal.SIGINT, signal.SIGTERM])) for _ in range(RUNS)
    ]
    homes = []
    for i in range(RUNS):
        h = home.parent / f"run{i}"
        shutil.copytree(home, h)
        homes.append(h)
    outcomes: list[str] = []
    hung: list[int] = []  # ran on after the signal
    for start in range(0, RUNS, AT_ONCE):
        batch = []
        for i in range(start, min(RUNS, start + AT_ONCE)):
            env = {**os.environ, "RUMMY_GUI_HOME": str(homes[i]), "SDL_VIDEODRIVER": "dummy"}
            with open(homes[i] / "stderr.txt", "wb") as err:
                child = subprocess.Popen(
                    [sys.executable, "-c", LAUNCH, "--continue"],
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=err,
                )
            batch.append((i, child, time.monotonic()))
        for i, child, began in sorted(batch, key=lambda b: plans[b[0]][0]):
            at, sig = plans[i]
            time.sleep(max(0.0, began + at - time.monotonic()))
            child.send_signal(sig)
        for i, child, _ in batch:
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
                hung.append(i)
            outcomes.append(f"{plans[i][1].name} at {plans[i][0]:.2f}s: exit {child.returncode}")
    for i, h in enumerate(homes):
        monkeypatch.setenv("RUMMY_GUI_HOME", str(h))
        try:
            still_there()
        except AssertionError as e:
            said = [(h / "stderr.txt").read_text(errors="replace")]
            said += [q.read_text(errors="replace") for q in h.glob("data/crash-*.log")]
            raise AssertionError(f"run {i} ({outcomes[i]}): {e}\n{said}") from None
    assert not hung, [outcomes[i] for i in hung]


# --- the note names files inside the data folder only ----------------------------------------


@pytest.fixture
def outside(tmp_path: Path) -> Iterator[Path]:
    """A player's file in another folder, which nothing may touch."""
    other = tmp_path / "elsewhere"
    other.mkdir()
    thesis = other / "thesis.txt"
    thesis.write_text("years of work")
    yield thesis
    assert thesis.read_text() == "years of work"
    assert sorted(q.name for q in other.iterdir()) == ["thesis.txt"]


def fingerprint(p: Path) -> str:
    import hashlib

    return hashlib.sha256(p.read_bytes()).hexdigest()


def write_note(note: Any) -> Path:
    p = paths.data_dir() / NOTE
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(note))
    return p


@pytest.mark.parametrize(
    "how",
    [
        "old-absolute-path",
        "absolute-name",
        "dot-dot",
        "saves-dot-dot",
        "another-folder",
        "saves-folder-is-a-link",
        "autosave-is-a-link",
    ],
)
def test_a_crafted_note_touches_nothing_outside_the_data_folder(outside: Path, how: str) -> None:
    sha = fingerprint(outside)
    data = paths.data_dir()
    data.mkdir(parents=True, exist_ok=True)
    names = {
        "absolute-name": os.fsdecode(outside),
        "dot-dot": f"../../{outside.parent.name}/{outside.name}",
        "saves-dot-dot": f"saves/../../{outside.parent.name}/{outside.name}",
        "another-folder": f"{outside.parent.name}/{outside.name}",
    }
    if how == "old-absolute-path":  # the note of the version before: an absolute path
        note: dict[str, Any] = {"path": os.fsdecode(outside.resolve()), "sha256": sha}
    elif how == "saves-folder-is-a-link":
        os.symlink(outside.parent, paths.saves_dir())
        (outside.parent / "x.json").write_text("{}")
        note = {"name": "saves/x.json", "sha256": fingerprint(outside.parent / "x.json")}
    elif how == "autosave-is-a-link":
        os.symlink(outside, saves.autosave_path())
        note = {"name": "autosave.json", "sha256": sha}
    else:
        note = {"name": names[how], "path": names[how], "sha256": sha}
    note["backup_sha256"] = None
    p = write_note(note)
    assert openguard.interrupted_opening() is None
    assert not p.exists()  # ignored and removed
    if how == "saves-folder-is-a-link":
        os.unlink(paths.saves_dir())
        os.unlink(outside.parent / "x.json")


def test_a_copied_folder_with_a_stale_note_leaves_the_original_alone(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = a_game()
    openguard.mark_opening(saves.autosave_path())  # and the program stopped while opening it
    copy = home.parent / "copy"
    shutil.copytree(home, copy)
    monkeypatch.setenv("RUMMY_GUI_HOME", str(copy))
    moved = openguard.interrupted_opening()  # the copy's first start
    assert moved is not None
    assert moved.parent == copy / "data"  # its own file, set aside
    monkeypatch.setenv("RUMMY_GUI_HOME", str(home))
    assert saves.autosave_path().read_bytes() == data  # the original: as it was
    assert jsonio.backup_path(saves.autosave_path()).exists()
    assert not list(paths.data_dir().glob("*.corrupt-*"))
    openguard.opened()


def test_a_note_that_is_not_a_file_is_removed_without_blocking() -> None:
    a_game()
    os.mkfifo(paths.data_dir() / NOTE)
    assert openguard.interrupted_opening() is None  # a FIFO read would wait for ever
    assert not (paths.data_dir() / NOTE).exists()
    still_there()
