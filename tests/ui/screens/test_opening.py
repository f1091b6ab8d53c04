"""A long saved game opens off the frame thread (issue 53, 5): the window
keeps drawing an "Opening…" panel with its progress, Cancel or Escape stops
the replay at once, and a SIGTERM while it opens ends the program promptly
with the game still there."""

from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from rummy_gui.engine import Action, Game
from rummy_gui.play import openguard, opening, saveload, saves
from rummy_gui.play.opening import Cancelled, Opening
from rummy_gui.ui.screens import opening as opening_screen
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.screens.opening import OpeningScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import Back
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import click, frame, game_of

SEATS = [saves.Seat("You"), saves.Seat("Ada", "easy")]
QUIET = (Action.DRAW, Action.DISCARD, Action.PASS, Action.DEAL, Action.CUT)


@pytest.fixture(autouse=True)
def own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path))
    return tmp_path


@functools.cache
def _long_record(moves: int) -> dict[str, Any]:
    g = Game.new("rummy500", players=2, seed=1)
    while len(g.moves) < moves:
        legal = list(g.legal_moves)
        g.play(next((m for m in legal if m.action in QUIET), legal[0]))
    return g.record()


def long_game(moves: int) -> Game:
    """A legal game of `moves` moves: nobody melds, the deals go on and on."""
    return Game.from_record(_long_record(moves))


def note() -> Path:
    return saves.autosave_path().parent / openguard.NOTE_NAME


def test_from_record_tells_its_progress_and_stops_when_told() -> None:
    record = long_game(2500).record()
    seen: list[int] = []
    Game.from_record(record, progress=seen.append)
    assert seen == list(range(0, 2500, 100))

    def stop(done: int) -> None:
        if done:
            raise Cancelled

    with pytest.raises(Cancelled):
        Game.from_record(record, progress=stop)


def test_a_cancelled_opening_stops_the_replay_at_its_first_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    saves.write(saves.autosave_path(), long_game(6000), SEATS)
    told: list[tuple[str, int]] = []
    real = opening.tell

    def counting(stage: str, total: int, done: int) -> None:
        told.append((stage, done))
        real(stage, total, done)

    monkeypatch.setattr(opening, "tell", counting)
    go = threading.Event()

    def work() -> object:
        go.wait(30)
        return saveload.read(saves.autosave_path())

    job = Opening(work)
    assert opening.pending()
    job.cancel()
    assert not opening.pending()
    go.set()
    assert job.wait(60)
    with pytest.raises(Cancelled):
        job.take()
    assert told == [("replay", 0)]  # not one move replayed after the cancel


def test_an_opening_tells_its_progress_and_gives_the_game() -> None:
    saves.write(saves.autosave_path(), long_game(6000), SEATS)
    from rummy_gui.play.resume import open_autosave

    job = Opening(open_autosave)
    assert job.wait(120)
    session, problem = job.take()
    try:
        assert problem == ""
        assert session is not None
        assert len(session.game.moves) == 6000
        assert job.progress > 0.5  # the replay, then the log's replay of the deal
        assert not opening.pending()
    finally:
        assert session is not None
        session.close()


def _continue(app: App) -> None:
    app.session = None
    menu = app.stack.top
    assert isinstance(menu, MainMenu)
    menu.layout(app.size)
    button = next(w for w in menu.widgets if getattr(w, "label", "") == "Continue")
    click(app, button.rect.center)


def test_continue_shows_the_opening_panel_and_escape_cancels_it(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves.write(saves.autosave_path(), long_game(6000), SEATS)
    before = saves.autosave_path().read_bytes()
    monkeypatch.setattr(opening_screen, "GRACE", 0.0)
    go, reached = threading.Event(), threading.Event()
    real = saveload.read_with_fallback

    def held(*args: object, **kwargs: object) -> saves.SavedGame:
        reached.set()
        go.wait(30)  # the opening is under way until the test lets it go on
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(saveload, "read_with_fallback", held)
    _continue(app)
    scene = app.stack.top
    assert isinstance(scene, OpeningScene)
    assert reached.wait(30)
    frame(app, 3)  # frames go on while the game opens
    assert note().exists()  # the crash guard stays while the game is not yet drawn
    app.dispatch(Back())
    assert isinstance(app.stack.top, MainMenu)
    go.set()
    assert scene.job.wait(60)
    assert app.session is None
    assert not note().exists()  # a cancel is no crash
    assert saves.autosave_path().read_bytes() == before
    assert not opening.pending()


def test_continue_through_the_opening_panel_reaches_the_table(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves.write(saves.autosave_path(), long_game(6000), SEATS)
    monkeypatch.setattr(opening_screen, "GRACE", 0.0)
    _continue(app)
    for _ in range(6000):
        if not isinstance(app.stack.top, OpeningScene):
            break
        frame(app)
        time.sleep(0.01)
    assert isinstance(app.stack.top, TableScene)
    assert app.session is not None
    assert len(game_of(app.session).moves) == 6000


SLOW_START = """
import sys, time
from rummy_gui.engine.game import Game

real = Game._replay


def slow(self, i, text):  # a machine where this save takes minutes to open
    time.sleep(0.01)
    real(self, i, text)


Game._replay = slow
from rummy_gui.__main__ import main

sys.exit(main(["--continue"]))
"""


@pytest.mark.long
@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
def test_a_sigterm_while_a_long_game_opens_ends_the_program_promptly() -> None:
    saves.write(saves.autosave_path(), long_game(6000), SEATS)  # a minute to open in that program
    before = saves.autosave_path().read_bytes()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen(
        [sys.executable, "-c", SLOW_START],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        end = time.monotonic() + 120
        while not note().exists() and time.monotonic() < end and proc.poll() is None:
            time.sleep(0.05)
        assert note().exists(), "the program did not begin to open the game"
        time.sleep(1.0)  # well into the replay
        proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(timeout=10)  # generous; the opening alone takes far longer
        except subprocess.TimeoutExpired:
            raise AssertionError("the program went on opening the game after SIGTERM") from None
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.stderr is not None
    err = proc.stderr.read().decode("utf-8", "replace")
    assert code == 0, err
    assert saves.autosave_path().read_bytes() == before
    assert not note().exists()  # a quit while opening is no crash


def test_the_opening_panel_grows_with_the_window_and_keeps_cancel_inside(app: App) -> None:
    sizes = {}
    for size in [(960, 600), (1920, 1080)]:
        app.resize(size)
        job = Opening(lambda: None)
        scene = OpeningScene(app, job, lambda _game: None)
        scene.layout(size)
        job.cancel()
        assert job.wait(30)
        cancel = scene.buttons[0].rect
        assert scene.rect.contains(cancel)
        assert app.screen.get_rect().contains(scene.rect)
        sizes[size] = (scene.rect.h, cancel.h)
    small, large = sizes[(960, 600)], sizes[(1920, 1080)]
    assert large[0] >= small[0] * 1.2  # the panel and its button grow like the others
    assert large[1] >= small[1] * 1.2
