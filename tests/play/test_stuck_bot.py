"""A bot process that stops answering, and a bot that fails (issue 20, 4;
issue 17, 3): the game never hangs, exit never waits, a failing bot makes no
move and the player is told."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_gui.engine import Move
from rummy_gui.play import botworker, saves, thinking
from rummy_gui.play.session import SeatConfig, Session, make_bot

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="needs SIGSTOP")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def child_pid(session: Session) -> int:
    process = session.thinking.process
    assert process is not None
    return int(process._proc.pid)


def wait_for_move(session: Session, seconds: float) -> tuple[int, Move] | None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        result = session.poll_bot()
        if result is not None:
            return result
        time.sleep(0.02)
    return None


@pytest.fixture
def bots_only() -> Iterator[Session]:
    session = Session(
        "rummy500", [SeatConfig("Bot 1", "hard"), SeatConfig("Bot 2", "hard")], {}, seed=8
    )
    pids: list[int] = []
    yield session
    if session.thinking.process is not None:
        pids.append(child_pid(session))
    session.close()
    for pid in pids:  # never leave a stopped child behind, whatever the outcome
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def test_a_stopped_bot_process_is_replaced_and_the_decision_asked_again(
    bots_only: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = bots_only
    first = wait_for_move(session, 60)  # a normal answer first: the child is up
    assert first is not None
    session.play(*first)
    stuck = child_pid(session)
    # past the first answer the child holds the game: a short deadline for the next one
    monkeypatch.setattr(
        botworker, "deadline", lambda _level, whole: 20.0 if whole else 1.0, raising=False
    )
    os.kill(stuck, signal.SIGSTOP)
    try:
        second = wait_for_move(session, 40)
        assert second is not None, "no move after the bot process stopped"
        assert child_pid(session) != stuck
        assert [n for n in session.notices if "restarted" in n] == [session.notices[0]]  # told once
        assert getattr(session, "bot_error", None) is None
        session.play(*second)
    finally:
        with contextlib.suppress(OSError):
            os.kill(stuck, signal.SIGKILL)


def test_a_bot_process_killed_again_and_again_does_not_stop_the_game(
    bots_only: Session,
) -> None:
    """Issue 53, 5: every new bot process is killed at once within one decision;
    after the last pause a fresh bot of the same level plays here, and the game goes on."""
    session = bots_only
    first = wait_for_move(session, 60)
    assert first is not None
    session.play(*first)
    killed: list[int] = []
    move = None
    end = time.monotonic() + 120
    while move is None and time.monotonic() < end:
        process = session.thinking._process
        if process is not None and process.pid not in killed:
            os.kill(process.pid, signal.SIGKILL)
            killed.append(process.pid)
        move = session.poll_bot()
        time.sleep(0.005)
    assert len(killed) == len(thinking.BACKOFF) + 1
    assert move is not None, "the game stopped after the bot process was killed again and again"
    assert session.bot_error is None
    assert any("kept stopping" in n for n in session.notices)
    session.play(*move)
    more = wait_for_move(session, 60)  # and it goes on
    assert more is not None
    session.play(*more)


def test_exit_does_not_wait_for_a_stopped_bot_process(bots_only: Session) -> None:
    session = bots_only
    first = wait_for_move(session, 60)
    assert first is not None
    session.play(*first)
    pid = child_pid(session)
    os.kill(pid, signal.SIGSTOP)
    assert session.poll_bot() is None  # the question is on its way to the stopped child
    pending = session.thinking.pending
    assert pending is not None
    while not pending[2].running():  # the question is asked: a thread waits on the child
        time.sleep(0.01)
    time.sleep(0.2)
    try:
        session.close()
        end = time.monotonic() + 10
        while not pending[2].done() and time.monotonic() < end:
            time.sleep(0.02)
        assert pending[2].done(), "the thread asking the stopped child is still waiting after close"
    finally:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def test_a_bot_that_fails_makes_no_move_and_the_player_is_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session(
        "rummy500",
        [SeatConfig("You", "human"), SeatConfig("Bot", "easy")],
        {},
        seed=3,
        threaded=False,
        autosave_enabled=True,
    )
    try:
        while session.bot_to_act() is None:  # the human's moves until the bot's turn
            session.play(0, session.legal(0)[0])
        session.autosave()
        session._saver.submit(lambda: None).result()
        before = saves.autosave_path().read_bytes()
        moves = len(session.game.moves)
        bot = session.bots[1]

        def broken(_view: object) -> object:
            raise KeyError("a bug in the bot")

        monkeypatch.setattr(bot, "choose", broken)
        assert session.poll_bot() is None
        assert session.poll_bot() is None  # and it does not try again
        assert len(session.game.moves) == moves
        assert "a bug in the bot" in str(getattr(session, "bot_error", ""))
        assert len(session.notices) == 1
        assert "computer player made an error" in session.notices[0]
        session._saver.submit(lambda: None).result()
        assert saves.autosave_path().read_bytes() == before
    finally:
        session.close()


def test_a_bot_error_in_the_process_is_a_bot_error() -> None:
    process = botworker.BotProcess()
    try:
        from rummy_gui.engine import Game

        record = Game.new("rummy500", players=2, seed=1).record()
        with pytest.raises(botworker.BotError, match="grandmaster"):
            process.ask("grandmaster", 1, 0, record)
        assert isinstance(process.ask("easy", 1, int(Game.from_record(record).turn), record), str)
    finally:
        process.close()


def test_an_unknown_bot_level_is_a_bug_not_a_random_player() -> None:
    with pytest.raises(ValueError, match="grandmaster"):
        make_bot("grandmaster", 1)
