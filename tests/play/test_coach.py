"""The coach (play/coach.py): the deal review's verdicts on the same
positions, from the player's own view only, at its thresholds."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.engine import Game
from rummy_gui.play.coach import THRESHOLDS, Coach, Judge, Question, preparation, question
from rummy_gui.play.review import review


def _easy_deal(preset: str, players: int, seed: int) -> dict[str, Any]:
    """One deal's record: seat 0 easy (it makes mistakes), the rest medium."""
    g = Game.new(preset, players, seed=seed)
    bots = [make_bot("easy" if s == 0 else "medium", seed=s) for s in range(players)]
    while not g.deal_over:
        seat = g.to_act[0]
        g.play(bots[seat].choose(g.view(seat)))
    return g.record()


def _coached(record: dict[str, Any], seat: int, level: str, seed: int) -> list[tuple[int, Any]]:
    """The coach's verdicts on `seat`'s moves as the deal is played again
    move by move: (the position before the move, the verdict)."""
    coach = Coach(level, threaded=False)
    g = Game.from_record({**record, "moves": []})
    out = []
    for i, text in enumerate(record["moves"]):
        played = g.play(text)
        if played.seat == seat:
            coach.moved(g, seat, i + 1, seed)
            verdict = coach.poll(i + 1)
            if verdict is not None:
                out.append((i, verdict))
    coach.close()
    return out


# deals whose findings lie on both sides of each threshold (found by trying seeds):
# Rummy 500 16.3, 14.5, 8.4, 6.3 points; Contract 8.9, 5.7, 0.9 penalty points
@pytest.mark.parametrize(
    ("preset", "players", "deal_seed"), [("rummy500", 3, 6), ("contract", 4, 2)]
)
def test_the_coach_says_what_the_review_finds(preset: str, players: int, deal_seed: int) -> None:
    record = _easy_deal(preset, players, deal_seed)
    seed = 101  # the seat's bot seed, as the table gives both
    findings = review(record, 0, seed=seed, min_loss=0.0)
    assert findings, "the easy player's deal has findings to compare"
    for level, threshold in THRESHOLDS.items():
        coached = _coached(record, 0, level, seed)
        expected = sorted((f.position, f) for f in findings if f.loss >= threshold)
        assert [p for p, _ in coached] == [p for p, _ in expected]
        for (_, verdict), (_, finding) in zip(coached, expected, strict=True):
            assert verdict.loss == finding.loss
            assert str(verdict.expert) == str(finding.expert)
            assert str(verdict.played) == str(finding.played)
            assert verdict.contract == (preset == "contract")
    below = [f for f in findings if f.loss < THRESHOLDS["strict"]]
    between = [f for f in findings if THRESHOLDS["strict"] <= f.loss < THRESHOLDS["gentle"]]
    assert between, "the deal tests the thresholds"
    assert below or preset == "rummy500", "the deal tests the thresholds"


def _cards(cards: Any) -> str:
    return " ".join(str(c) for c in cards)


def _twins(seed: int) -> tuple[Game, Game, int]:
    """Two Rummy 500 deals that differ only in cards the player to move
    cannot see: the other hand in one is dealt from the other's stock."""
    g = Game.new("rummy500", 2, seed=seed)
    me = g.turn
    other = 1 - me
    stock = list(g._stock)  # the test builds the twin from the dealt cards
    n = len(g.hand(other))
    swapped = [_cards(g.hand(0)), _cards(g.hand(1))]
    swapped[other] = _cards(stock[:n])

    def lay(hands: list[str], rest: list[Any]) -> Game:
        out = Game.from_layout(
            "rummy500", hands, _cards(rest), _cards(g.discard_pile), turn=me, seed=seed
        )
        out.undo_enabled = True
        return out

    a = lay([_cards(g.hand(0)), _cards(g.hand(1))], stock)
    b = lay(swapped, [*g.hand(other), *stock[n:]])
    assert a.hand(other) != b.hand(other)
    assert a.view(me).hand == b.view(me).hand
    return a, b, me


def test_the_verdict_is_the_same_whatever_the_hidden_cards() -> None:
    # seed 4: drawing from the stock gives up a clear take of the discard (found by trying)
    a, b, me = _twins(4)
    verdicts = []
    for g in (a, b):
        g.play(f"{me}: draw")
        coach = Coach("strict", threaded=False)
        coach.moved(g, me, 1, 5)
        verdicts.append(coach.poll(1))
    assert verdicts[0] is not None
    assert verdicts[0] == verdicts[1]


def test_below_the_threshold_the_coach_is_quiet() -> None:
    a, _b, me = _twins(4)
    a.play(f"{me}: draw")
    q = question(a, me, 5)
    assert q is not None
    found = Judge().answer(q)
    assert found is not None
    strict = Coach("strict", threaded=False)
    strict.threshold = found["loss"] + 0.01
    strict.moved(a, me, 1, 5)
    assert strict.poll(1) is None
    strict.threshold = found["loss"]
    strict.moved(a, me, 1, 5)
    assert strict.poll(1) is not None


def test_a_verdict_for_a_position_left_behind_is_dropped() -> None:
    a, _b, me = _twins(4)
    a.play(f"{me}: draw")
    coach = Coach("strict", threaded=False)
    coach.moved(a, me, 1, 5)
    assert coach.poll(2) is None  # the game moved on meanwhile
    assert coach.poll(1) is None  # and it is not kept for later


def test_only_the_seat_that_moved_is_judged() -> None:
    a, _b, me = _twins(4)
    a.play(f"{me}: draw")
    coach = Coach("strict", threaded=False)
    coach.moved(a, 1 - me, 1, 5)  # the last move is not that seat's
    assert coach.poll(1) is None
    assert question(a, 1 - me, 5) is None


@pytest.mark.parametrize("use_process", [False, True], ids=["worker thread", "coach process"])
def test_a_worker_gives_the_same_verdict_as_the_inline_coach(use_process: bool) -> None:
    a, _b, me = _twins(4)
    a.play(f"{me}: draw")
    inline = Coach("strict", threaded=False)
    inline.moved(a, me, 1, 5)
    expected = inline.poll(1)
    coach = Coach("strict", use_process=use_process)
    try:
        coach.moved(a, me, 1, 5)
        assert coach._pending is not None
        coach._pending[2].result(timeout=60)
        # judged in the coach's own process, or on the thread alone
        assert (coach._process is not None) is use_process
        assert coach.poll(1) == expected
    finally:
        coach.close()


def test_a_question_crosses_the_pipe_as_plain_data() -> None:
    a, _b, me = _twins(4)
    a.play(f"{me}: draw")
    q = question(a, me, 5)
    assert q is not None
    assert Question.from_json(q.to_json()) == q
    with pytest.raises((ValueError, KeyError, TypeError)):
        Question.from_json({"record": "nonsense"})


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="coach level"):
        Coach("harsh")


def test_a_choice_worked_out_before_the_move_changes_nothing() -> None:
    a, _b, me = _twins(4)
    before = a.copy()
    a.play(f"{me}: draw")
    q = question(a, me, 5)
    assert q is not None
    plain = Judge().answer(q)
    judge = Judge()
    judge.prepare(preparation(before, me, 5))
    assert judge._prepared is not None  # the choice is there before the move
    assert judge.answer(q) == plain
    elsewhere = Judge()
    elsewhere.prepare(preparation(before, me, 6))  # another seed: not used
    assert elsewhere.answer(q) == plain


def test_the_threaded_coach_prepares_while_the_player_thinks() -> None:
    a, _b, me = _twins(4)
    before = a.copy()
    a.play(f"{me}: draw")
    inline = Coach("strict", threaded=False)
    assert inline.prepare(before, me, 5) is None  # inline: nothing to overlap
    inline.moved(a, me, 1, 5)
    expected = inline.poll(1)
    coach = Coach("strict", use_process=False)
    try:
        ready = coach.prepare(before, me, 5)
        assert ready is not None
        ready.result(timeout=60)
        coach.moved(a, me, 1, 5)
        assert coach._pending is not None
        coach._pending[2].result(timeout=60)
        assert coach.poll(1) == expected
    finally:
        coach.close()
