"""Test helpers for lessons: a lesson's session played as the table and the
bots would play it, without a window."""

from __future__ import annotations

from collections.abc import Callable

from rummy_gui.play.lesson_session import LessonSession


def play_until(s: LessonSession, done: Callable[[], bool]) -> None:
    """Each step's move as the table would send it (the engine's own move, in
    the engine's card order), and the script's moves as the bots' polls, until
    `done()` holds."""
    while not done():
        if s.run.step is not None and 0 in s.game.to_act:
            s.play(0, next(m for m in s.game.legal_moves if s.run.wanted(m)))
            continue
        polled = s.poll_bot()
        assert polled is not None, "the script stopped before the lesson's end"
        s.play(*polled)


def play_to_step(s: LessonSession, move: str) -> None:
    """The lesson played up to the step whose move is `move`, and the script's
    moves before that step played out."""
    play_until(s, lambda: s.run.step is not None and s.run.step.move == move)
    while s.script:
        polled = s.poll_bot()
        assert polled is not None
        s.play(*polled)
