"""Lessons (play/lessons): every game has a lesson, every lesson plays
through with its own moves, and at every step a different legal move is
answered with why the lesson wants the other, an illegal one with the
engine's reason — the game unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_gui import i18n
from rummy_gui.engine import PRESETS, Action, IllegalMove, Move
from rummy_gui.engine.cards import make_pack
from rummy_gui.play.lessons import GAMES, Lesson, LessonRun, lesson
from rummy_gui.play.lessons.words import Counted, Text


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _next_deal(run: LessonRun) -> None:
    """After a deal's end the next is started as the table does it (its "Next deal")."""
    if run.game.deal_over:
        run.game.play(Move(Action.DEAL, run.game.turn))


def _play(run: LessonRun) -> None:
    _next_deal(run)
    step = run.step
    assert step is not None
    move = (
        Move.parse(step.move)
        if step.move
        else next(m for m in run.game.legal_moves if m.action.value == step.kind)
    )
    verdict = run.try_move(move)
    assert verdict.played, (step.say, verdict.text)


def texts(the: Lesson) -> list[Text]:
    """Every text of a lesson: its title, its steps' and its end."""
    return [the.title, the.end] + [t for s in the.steps for t in (s.say, s.why)]


def _illegal(run: LessonRun) -> Move:
    """A discard of a card the learner does not hold: never legal."""
    held = {str(c) for c in run.game.hand(run.SEAT)}
    card = next(c for c in make_pack(1, 0) if str(c) not in held)
    return Move.parse(f"{run.SEAT}: discard {card}")


def test_every_game_has_its_lesson() -> None:
    assert sorted(GAMES) == sorted(PRESETS)
    for preset in PRESETS:
        assert lesson(preset).preset == preset


@pytest.mark.parametrize("preset", GAMES)
def test_a_lesson_plays_through_with_its_moves(preset: str) -> None:
    run = LessonRun(lesson(preset))
    said = []
    while not run.done:
        said.append(run.text())
        _play(run)
    if lesson(preset).steps[-1].kind == Action.CUT.value:
        # Liverpool ends on the cut before the next deal: the text gives the total it left
        assert not run.game.deal_over
        assert str(run.game.totals[run.SEAT]) in run.text()
    else:
        assert run.game.deal_over
        scores = run.game.deal_scores
        assert scores is not None
        assert str(scores[0]) in run.text()
    assert len(set(said)) == len(said)  # each step says something of its own


@pytest.mark.parametrize("preset", GAMES)
def test_every_step_answers_a_wrong_move_and_changes_nothing(preset: str) -> None:
    run = LessonRun(lesson(preset))
    while not run.done:
        _next_deal(run)
        step = run.step
        assert step is not None
        before = run.game.record()
        other = [m for m in run.game.legal_moves if m.seat == run.SEAT and not run.wanted(m)]
        if other:
            verdict = run.try_move(other[0])
            assert not verdict.played
            assert verdict.text == run.why()
            assert run.game.record() == before
        elif step.kind:  # every legal move is of the kind the step takes (the cut)
            assert all(m.action.value == step.kind for m in run.game.legal_moves)
        else:  # only a last card's discard, or a draw when no take is legal, leaves nothing
            last_card = len(run.game.hand(run.SEAT)) == 1
            assert last_card or step.move.endswith(": draw"), step.say
        illegal = _illegal(run)
        with pytest.raises(IllegalMove) as refused:
            run.game.copy().play(illegal)
        verdict = run.try_move(illegal)
        assert not verdict.played
        assert verdict.text == i18n.reason(refused.value)
        assert run.game.record() == before
        _play(run)


def test_a_take_that_cannot_be_used_gets_the_engines_reason() -> None:
    run = LessonRun(lesson("rummy500"))
    for _ in range(3):
        _play(run)
    verdict = run.try_move(Move.parse("0: take 2"))  # the 9♠ could not be melded
    assert not verdict.played
    assert "9♠" in verdict.text


def test_the_classic_take_gives_back_only_its_top_card() -> None:
    run = LessonRun(lesson("rummy500-classic"))
    while run.step is not None and run.step.move != "0: discard QS":
        _play(run)
    verdict = run.try_move(Move.parse("0: discard 2D"))  # taken from the pile, not its top
    assert not verdict.played
    assert "2♦" in verdict.text
    assert run.try_move(Move.parse("0: discard QS")).played


def test_a_pinochle_layoff_goes_face_down_and_the_next_card_needs_it() -> None:
    the = lesson("pinochle")
    assert the.options["hidden_layoffs"] is True
    run = LessonRun(the)
    while run.step is not None and run.step.move != "0: layoff 8S to 1":
        _play(run)
    _play(run)
    view = run.game.view(run.SEAT)
    assert all("8S" not in str(meld) for meld in view.melds)  # not shown, not even to you
    assert view.face_down[run.SEAT]  # one card of yours lies face down
    while run.step is not None and run.step.move != "0: layoff 9S to 1":
        _play(run)
    assert Move.parse("0: layoff 9S to 1") in run.game.legal_moves  # it fits after the hidden 8♠


def test_the_pinochle_pile_is_taken_only_to_meld_at_once() -> None:
    run = LessonRun(lesson("pinochle"))
    assert [m for m in run.game.legal_moves if m.seat == run.SEAT] == [Move.parse("0: draw")]
    verdict = run.try_move(Move.parse("0: take 1"))  # the 4♦ fits nothing of the hand
    assert not verdict.played
    assert "4♦" in verdict.text


def test_the_pinochle_lesson_takes_several_and_gives_back_only_the_top() -> None:
    run = LessonRun(lesson("pinochle"))
    takes = []
    while not run.done:
        step = run.step
        assert step is not None
        if step.move == "0: take 2":
            takes.append([str(c) for c in run.game.view(run.SEAT).discard_pile[-2:]])
        if step.move == "0: layoff 9S to 1":  # the deepest card taken never goes back
            verdict = run.try_move(Move.parse("0: discard 9S"))
            assert not verdict.played
            assert "9♠" in verdict.text
        _play(run)
    assert takes == [["JH", "8S"], ["9S", "3D"]]  # two takes of several, deepest first
    assert run.game.deal_scores is not None
    assert run.game.hand(run.SEAT) == []  # out by the discard of the last take's top card


def test_the_persian_lesson_scores_what_it_teaches() -> None:
    run = LessonRun(lesson("persian"))
    while not run.done:
        _play(run)
    breakdown = run.game.deal_breakdown
    assert breakdown is not None
    mine = breakdown[0]
    assert mine.seats == (0, 2)  # you and your partner score together
    assert any(part.doubled for part in mine.melds)  # the four sixes melded at once
    assert any(part.called for part in mine.melds)  # the run taken by the Rummy! call
    assert [x.kind.value for x in mine.extras] == ["out_in_one_turn"]


def test_the_shanghai_lesson_refuses_two_jokers_in_a_meld() -> None:
    run = LessonRun(lesson("shanghai"))
    while run.step is not None and not run.step.move.startswith("0: contract"):
        _play(run)
    verdict = run.try_move(Move.parse("0: contract 8H JK JK / KC KD KS"))
    assert not verdict.played
    assert "joker" in verdict.text


@pytest.mark.parametrize(("cut", "off"), [(31, 50), (30, 0), (32, 0)])
def test_the_liverpool_lesson_takes_the_cut_made_by_eye(cut: int, off: int) -> None:
    run = LessonRun(lesson("liverpool"))
    while run.step is not None and run.step.kind != "cut":
        _play(run)
    _next_deal(run)
    before = run.game.totals[run.SEAT]
    assert run.try_move(Move.parse(f"0: cut {cut}")).played  # any cut: the end says what it did
    assert run.done
    assert run.game.totals[run.SEAT] == before - off  # only exactly the deal earns the 50
    assert f"it is {before - off} now" in run.text()


@pytest.mark.parametrize("lang", ["fi", "ru"])
@pytest.mark.parametrize("preset", GAMES)
def test_every_lesson_text_is_translated(lang: str, preset: str) -> None:
    the = lesson(preset)
    parts = [p for t in texts(the) for p in (t if isinstance(t, tuple) else (t,))]
    i18n.set_language(lang)
    for part in parts:
        if isinstance(part, Counted):
            assert all(i18n.ngettext(*part.forms, n) not in part.forms for n in (1, 2, 5)), part
        else:
            assert i18n._(part) != part, part


def test_an_unknown_lesson_is_refused() -> None:
    with pytest.raises(ValueError, match="no lesson for 'gin'"):
        lesson("gin")
