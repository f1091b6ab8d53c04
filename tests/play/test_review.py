"""Deal review: a seat's decisions replayed as that seat saw them, priced by
the expert, biggest loss first; in the bot process, with progress and cancel."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.bots.expert import ExpertBot
from rummy_gui.engine import Game, Move, View
from rummy_gui.play.replay import Replay
from rummy_gui.play.review import (
    Cancelled,
    Finding,
    ReviewJob,
    decisions,
    drop_spare,
    prestart,
    review,
    same_move,
    view_at,
)


def _deal(preset: str, players: int, seed: int, levels: tuple[str, ...]) -> Game:
    """One deal (one round in the contract games) played to its end."""
    g = Game.new(preset, players, seed=seed)
    bots = [make_bot(levels[s % len(levels)], seed=s) for s in range(players)]
    while not g.deal_over:
        seat = g.to_act[0]
        g.play(bots[seat].choose(g.view(seat)))
    return g


def _small() -> ExpertBot:
    """The expert with one guess a priced move: the same search, cheaper."""
    return ExpertBot(seed=1, min_samples=1, max_samples=1)


class _Spy(ExpertBot):
    """Records every view the review gives the expert."""

    def __init__(self) -> None:
        super().__init__(seed=1, min_samples=1, max_samples=1)
        self.views: list[View] = []

    def choose(self, view: View) -> Move:
        self.views.append(view)
        return super().choose(view)


@pytest.fixture(scope="module")
def rummy_deal() -> Game:
    return _deal("rummy500", 3, 3, ("easy", "medium", "medium"))


def test_review_positions_match_the_record(rummy_deal: Game) -> None:
    record = rummy_deal.record()
    found = review(record, 0, expert=_small(), min_loss=-1e9, clear=0)
    assert found  # easy and the expert differ somewhere
    moves = [Move.parse(t) for t in record["moves"]]
    replay = Replay(record)
    for f in found:
        # the position is the game after the record's first `position` moves
        # of the deal, and the move made is the record's next one
        start = dict(record, moves=record["moves"][: f.position])
        assert replay.positions[f.position] == Game.from_record(start)
        assert same_move(f.played, moves[f.position])


def test_review_lists_biggest_loss_first_and_only_losses(rummy_deal: Game) -> None:
    found = review(rummy_deal.record(), 0, expert=_small())
    losses = [f.loss for f in found]
    assert losses == sorted(losses, reverse=True)
    assert all(x > 0 for x in losses)


def test_review_keeps_only_losses_clear_of_their_error(rummy_deal: Game) -> None:
    """With several guesses a loss must clear its standard error to be listed."""
    small = ExpertBot(seed=1, min_samples=3, max_samples=3)
    every = review(rummy_deal.record(), 0, expert=small, budget=24, clear=0)
    clear = review(rummy_deal.record(), 0, expert=small, budget=24, clear=1.0)
    assert all(f.loss > f.error for f in clear)
    assert {f.position for f in clear} <= {f.position for f in every}
    assert all(f.error > 0 for f in every)


def test_review_only_looks_at_the_seats_own_views(rummy_deal: Game) -> None:
    """No hidden card leaked: every view the expert gets is the seat's, with
    the other hands and the stock empty, and the findings are its moves."""
    spy = _Spy()
    found = review(rummy_deal.record(), 2, expert=spy, min_loss=-1e9, clear=0)
    assert spy.views
    assert {v.seat for v in spy.views} == {2}
    public = [v._public for v in spy.views]
    assert all(p.hands[s] == [] for p in public for s in (0, 1))
    assert all(p.stock == [] for p in public)
    assert all(f.played.seat == 2 and f.expert.seat == 2 for f in found)


def test_view_at_shows_the_seats_hand_as_recorded(rummy_deal: Game) -> None:
    replay = Replay(rummy_deal.record())
    todo = decisions(replay, 1)
    assert todo
    for pos in todo:
        assert list(view_at(replay, pos, 1).hand) == replay.positions[pos].hand(1)


def test_review_is_the_same_for_the_same_seed(rummy_deal: Game) -> None:
    record = rummy_deal.record()
    assert review(record, 0, expert=_small()) == review(record, 0, expert=_small())


def test_review_can_be_cancelled(rummy_deal: Game) -> None:
    seen: list[int] = []

    def stop() -> bool:
        return len(seen) >= 2

    with pytest.raises(Cancelled):
        review(
            rummy_deal.record(),
            0,
            expert=_small(),
            progress=lambda done, _total: seen.append(done),
            cancelled=stop,
        )
    assert seen == [1, 2]


def test_review_refuses_a_seat_that_is_not_there(rummy_deal: Game) -> None:
    with pytest.raises(ValueError, match="no seat 5"):
        review(rummy_deal.record(), 5)


def test_a_contract_round_is_reviewed() -> None:
    g = _deal("contract", 4, 2, ("easy", "medium", "medium", "medium"))
    record = g.record()
    found = review(record, 0, expert=_small(), budget=60)
    replay = Replay(record)
    assert all(f.position in decisions(replay, 0) for f in found)
    assert all(f.loss > 0 for f in found)
    assert found  # easy gives something away in a whole contract round


def test_a_persian_deal_is_reviewed() -> None:
    g = _deal("persian", 4, 5, ("easy", "medium", "medium", "medium"))
    record = g.record()
    found = review(record, 0, expert=_small(), budget=60)
    replay = Replay(record)
    assert all(f.position in decisions(replay, 0) for f in found)
    assert [f.loss for f in found] == sorted((f.loss for f in found), reverse=True)
    assert found


def test_findings_go_through_json() -> None:
    f = Finding(3, Move.parse("0: draw"), Move.parse("0: take 2"), 4.5, -1.0, 3.5, 4, 1.5)
    assert Finding.from_json(f.to_json()) == f


def _job_record() -> dict[str, Any]:
    return _deal("rummy500", 3, 3, ("easy", "medium", "medium")).record()


def test_the_review_runs_in_a_bot_process_with_progress() -> None:
    record = _job_record()
    job = ReviewJob(record, 0, budget=24)
    try:
        for _ in range(600):
            if job.wait(1.0):
                break
        assert job.error is None
        assert job.findings == review(record, 0, budget=24)
        assert job.total == len(decisions(Replay(record), 0))
    finally:
        job.close()


def test_a_prestarted_review_process_is_taken_and_finds_the_same() -> None:
    record = _job_record()
    prestart()
    job = ReviewJob(record, 0, budget=24)
    try:
        assert job.warm
        for _ in range(600):
            if job.wait(1.0):
                break
        assert job.error is None
        assert job.note is None  # its second process worked
        assert job.findings == review(record, 0, budget=24)
    finally:
        job.close()
    cold = ReviewJob(record, 0, budget=24)  # the spare was taken once
    cold.close()
    assert not cold.warm


def test_a_dropped_spare_process_is_killed() -> None:
    import rummy_gui.play.review as review_module

    prestart()
    proc = review_module._spare
    assert proc is not None
    drop_spare()
    assert review_module._spare is None
    assert proc.wait(timeout=10) is not None


def test_a_review_in_the_bot_process_can_be_cancelled() -> None:
    job = ReviewJob(_job_record(), 0)
    try:
        for _ in range(120):
            job.wait(1.0)
            if job.done >= 1 or job.finished:
                break
        assert job.done >= 1
        job.cancel()
        assert job.cancelled
        assert job.findings is None
        assert job._proc.poll() is not None  # the child is gone
    finally:
        job.close()


@pytest.mark.parametrize(
    "answer",
    [
        b'{"findings": [{"position": 1}]}',
        b'{"findings": [{"position": 1, "played": "0: fly", "expert": "0: draw", "loss": 1,'
        b' "played_worth": 0, "expert_worth": 1, "samples": 4}]}',
        b'{"findings": 7}',
        b'{"progress": ["x", 2]}',
        b'{"progress": [1, 2, 3]}',
    ],
)
def test_an_answer_that_is_not_one_is_an_error_not_a_crash(answer: bytes) -> None:
    job = ReviewJob.__new__(ReviewJob)  # no child: only the reading of its answer
    job.findings, job.error = None, None
    job._take(answer)
    assert (job.findings, job.error) == (None, "the review process gave an unreadable answer")


def test_a_decision_comes_out_the_same_whatever_was_reviewed_before() -> None:
    """The bots remember lay-off fits per meld without whether it is complete,
    so in Pinochle what one search left behind changed the next one's
    estimate; a review's two processes see different decisions before each."""
    from rummy_gui.bots import forget
    from rummy_gui.play.review import decide, decisions

    g = Game.new("pinochle", 3, seed=6)
    bots = [make_bot("easy" if s == 0 else "medium", seed=s) for s in range(3)]
    while not g.deal_over:
        seat = g.to_act[0]
        g.play(bots[seat].choose(g.view(seat)))
    replay = Replay(g.record())
    todo = decisions(replay, 0)
    views = [view_at(replay, pos, 0) for pos in todo]
    played = [
        next(m for m in v.legal_moves if m == replay.moves[p])
        for v, p in zip(views, todo, strict=True)
    ]
    k = 6  # the expert disagrees here; its estimate depended on the decisions before
    forget()
    expert = ExpertBot(1)
    for view, move in zip(views[:k], played[:k], strict=True):
        decide(expert, view, move, 240)
    after = decide(expert, views[k], played[k], 240)
    forget()
    alone = decide(ExpertBot(1), views[k], played[k], 240)
    assert alone[1] is not None
    assert after == alone
