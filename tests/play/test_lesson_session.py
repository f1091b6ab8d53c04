"""A lesson's session (play/lesson_session): the learner's moves are judged
by the lesson, the other seats play the lesson's script, and a lesson is
never saved, never counted in the statistics and never taken back."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Action, Game, Move, Phase
from rummy_gui.play import saves, stats
from rummy_gui.play.lesson_session import LessonAnswer, LessonSession
from rummy_gui.play.lessons import GAMES, lesson, same_move
from rummy_gui.play.session import Session
from tests.play.lesson_driver import play_to_step, play_until

# each test its own home (tests/conftest.py), in English
pytestmark = pytest.mark.usefixtures("english")


def _session(preset: str = "rummy500") -> LessonSession:
    return LessonSession(lesson(preset), ["You", "Ada", "Bo", "Cy"][:4], threaded=False)


@pytest.mark.parametrize("preset", GAMES)
def test_a_lesson_plays_through_with_the_tables_moves(preset: str) -> None:
    s = _session(preset)
    play_until(s, lambda: s.over)
    assert s.run.done
    if lesson(preset).steps[-1].kind == Action.CUT.value:
        assert s.game.phase is Phase.DRAW  # Liverpool ends on the cut: the next deal is dealt
        assert s.game.round == 2
    else:
        assert s.game.deal_over


def test_no_bot_answers_a_claim_the_learner_is_to_make() -> None:
    s = _session("persian")
    play_to_step(s, "0: rummy 3")
    # the script is played out; seat 1 could call Rummy! on the same cards
    assert s.game.to_act == (0, 1)
    assert any(m.seat == 1 and m.action is Action.RUMMY for m in s.game.legal_moves)
    assert s.poll_bot() is None
    s.play(0, Move.parse("0: rummy 3"))
    assert s.run.index == 5


def test_the_engines_card_order_is_the_lessons_move() -> None:
    assert same_move(Move.parse("0: meld 7D 7H 7S"), Move.parse("0: meld 7H 7S 7D"))
    assert not same_move(Move.parse("0: meld 7D 7H 7S"), Move.parse("0: meld 7D 7H 7C"))
    assert not same_move(Move.parse("0: discard 9S"), Move.parse("1: discard 9S"))


def test_another_legal_move_is_answered_and_the_game_unchanged() -> None:
    s = _session()
    before = s.game.record()
    version = s.version
    with pytest.raises(LessonAnswer) as answer:
        s.play(0, Move.parse("take 1"))  # legal, but the lesson wants the stock
    assert str(answer.value) == s.run.why()
    assert s.answer == str(answer.value)
    assert s.game.record() == before
    assert s.version == version
    assert len(s.log) == 1  # the deal's line only


def test_an_illegal_move_is_answered_with_the_engines_reason() -> None:
    s = _session()
    before = s.game.record()
    with pytest.raises(LessonAnswer) as answer:
        s.play(0, Move.parse("discard AS"))
    assert "discard" in str(answer.value).lower() or "draw" in str(answer.value).lower()
    assert str(answer.value) != s.run.why()
    assert s.game.record() == before


def test_the_other_seats_play_the_script_at_their_turn() -> None:
    s = _session()
    s.play(0, Move.parse("draw"))
    s.play(0, next(m for m in s.legal(0) if s.run.wanted(m)))
    assert s.poll_bot() is None  # the learner still has to discard
    s.play(0, Move.parse("discard 9S"))
    assert [str(m) for m in s.script] == ["1: draw", "1: meld 3H 4H 5H", "1: discard 8D"]
    assert s.poll_bot() == (1, Move.parse("1: draw"))


def test_nothing_of_a_lesson_can_be_taken_back() -> None:
    s = _session()
    s.play(0, Move.parse("draw"))
    assert s.undo_owner() is None


def test_a_lesson_is_never_saved_nor_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    counted: list[Game] = []
    monkeypatch.setattr(stats, "record_game", lambda game, *_a, **_k: counted.append(game))
    s = _session()
    play_until(s, lambda: s.over)
    s.autosave_enabled = True  # even asked to, and at the game's end
    monkeypatch.setattr(Game, "game_over", property(lambda _g: True))
    s.autosave()
    s.close()
    assert counted == []
    assert not saves.autosave_path().exists()
    # a game played the same way is counted: the check above can fail
    game = Session("rummy500", s.seats, {}, game=lesson("rummy500").game(), threaded=False)
    game.autosave_enabled = True
    game.autosave()
    game.close()
    assert len(counted) == 1
