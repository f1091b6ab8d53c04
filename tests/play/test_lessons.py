"""Lessons (play/lessons): every lesson plays through with its own moves, and
at every step a different legal move is answered with why the lesson wants
the other, an illegal one with the engine's reason — the game unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_gui import i18n
from rummy_gui.engine import Move
from rummy_gui.play.lessons import GAMES, LessonRun, lesson


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("preset", GAMES)
def test_a_lesson_plays_through_with_its_moves(preset: str) -> None:
    run = LessonRun(lesson(preset))
    said = []
    while not run.done:
        step = run.step
        assert step is not None
        said.append(run.text())
        move = (
            Move.parse(step.move)
            if step.move
            else next(m for m in run.game.legal_moves if m.action.value == step.kind)
        )
        verdict = run.try_move(move)
        assert verdict.played, (step.say, verdict.text)
    assert run.game.deal_over
    scores = run.game.deal_scores
    assert scores is not None
    assert str(scores[0]) in run.text()
    assert len(set(said)) == len(said)  # each step says something of its own


@pytest.mark.parametrize("preset", GAMES)
def test_every_step_answers_a_wrong_move_and_changes_nothing(preset: str) -> None:
    run = LessonRun(lesson(preset))
    while not run.done:
        step = run.step
        assert step is not None
        before = run.game.record()
        other = [m for m in run.game.legal_moves if m.seat == run.SEAT and not run.wanted(m)]
        if other:
            verdict = run.try_move(other[0])
            assert not verdict.played
            assert verdict.text == step.why
            assert run.game.record() == before
        illegal = Move.parse(f"{run.SEAT}: discard AS")  # no lesson hand holds the A♠
        verdict = run.try_move(illegal)
        assert not verdict.played
        assert verdict.text  # the engine's reason
        assert run.game.record() == before
        run.try_move(Move.parse(step.move))


def test_a_take_that_cannot_be_used_gets_the_engines_reason() -> None:
    run = LessonRun(lesson("rummy500"))
    for _ in range(3):
        assert run.step is not None
        run.try_move(Move.parse(run.step.move))
    verdict = run.try_move(Move.parse("0: take 2"))  # the 9♠ could not be melded
    assert not verdict.played
    assert "9♠" in verdict.text


@pytest.mark.parametrize("lang", ["fi", "ru"])
@pytest.mark.parametrize("preset", GAMES)
def test_every_lesson_text_is_translated(lang: str, preset: str) -> None:
    the = lesson(preset)
    texts = [the.title, the.end] + [t for s in the.steps for t in (s.say, s.why)]
    i18n.set_language(lang)
    for text in texts:
        assert i18n._(text) != text, text


def test_an_unknown_lesson_is_refused() -> None:
    with pytest.raises(ValueError, match="no lesson for 'gin'"):
        lesson("gin")
