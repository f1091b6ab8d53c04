"""The second bot process of the expert's own search (play/pool.py), which
the deal review uses: the same results as one process, views only across
the pipe, and a second process that dies, hangs or answers nonsense costs
nothing but time."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import queue
import random
import signal
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.bots.expert import Estimate, ExpertBot, Shard, guess_world
from rummy_gui.engine import Game, Move, View
from rummy_gui.play import botworker, pool
from rummy_gui.play.pool import SecondProcess, ShardServer, shard_request
from rummy_gui.play.replay import Replay

GAMES = [("rummy500", 3), ("rummy500-classic", 2), ("persian", 4), ("pinochle", 3)]
GAMES += [("contract", 4), ("liverpool", 4), ("shanghai", 4)]


def _play(preset: str, players: int, seed: int, moves: int) -> Iterator[tuple[Game, View]]:
    """The game and the view of the seat to act, before each of `moves` moves
    of medium play (the game moves on once the view is taken)."""
    g = Game.new(preset, players, seed=seed)
    bots = [make_bot("medium", seed=s) for s in range(players)]
    for _ in range(moves):
        if g.game_over:
            return
        view = g.view(g.to_act[0])
        yield g, view
        g.play(bots[view.seat].choose(view))


def _views(preset: str, players: int, seed: int, moves: int) -> list[View]:
    return [v for _, v in _play(preset, players, seed, moves)]


def _searched_view() -> tuple[Game, View]:
    """The first view of medium-played Rummy 500 deals where the expert searches."""
    for seed in range(40):
        for g, view in _play("rummy500", 3, seed, 100):
            if g.deal_over:
                break
            if ExpertBot(seed=1).searches(view):
                return g, view
    raise AssertionError("no searched position")


def _same(a: View, b: View) -> bool:
    """Views equal field by field (melds have no equality of their own)."""

    def plain(v: View) -> tuple[object, ...]:
        return (dataclasses.replace(v, melds=()), tuple(m.state() for m in v.melds))

    return plain(a) == plain(b)


@pytest.mark.parametrize(("preset", "players"), GAMES)
def test_a_view_crosses_the_pipe_unchanged(preset: str, players: int) -> None:
    views = _views(preset, players, seed=4, moves=160)
    for v in views[::7]:
        back = pool.view_from_json(json.loads(json.dumps(pool.view_to_json(v))))
        assert _same(back, v), f"{preset}: turn {v.turn_number}"


def test_a_damaged_view_is_refused_with_a_message() -> None:
    data = pool.view_to_json(_views("rummy500", 3, seed=1, moves=3)[-1])
    del data["hand"]
    with pytest.raises(ValueError, match="not a view"):
        pool.view_from_json(data)
    data = pool.view_to_json(_views("rummy500", 3, seed=1, moves=3)[-1])
    data["hand"] = {"eval": "1"}
    with pytest.raises(ValueError, match="unknown tag"):
        pool.view_from_json(data)


def test_the_second_process_is_sent_the_view_and_nothing_hidden() -> None:
    """Two deals that look the same from the seat (the other hands and the
    stock dealt otherwise) send the very same line."""
    _, view = _searched_view()
    worlds = [guess_world(view, random.Random(k)) for k in (1, 2)]
    seat = view.seat
    assert worlds[0].hand((seat + 1) % 3) != worlds[1].hand((seat + 1) % 3)
    shard = Shard(7, 20, 40, 1, 2, 4)
    moves = ExpertBot(seed=1).hard.compared(view, random.Random(0))
    lines = [json.dumps(shard_request(w.view(seat), moves, shard)) for w in worlds]
    assert lines[0] == lines[1]
    assert lines[0] == json.dumps(shard_request(view, moves, shard))


def _pair(budget: int = 120) -> tuple[ExpertBot, ExpertBot]:
    """Two experts whose estimates (the pool's user) are compared, one to pool."""
    return ExpertBot(seed=3, budget=budget), ExpertBot(seed=3, budget=budget)


def test_the_pooled_search_is_the_single_process_search() -> None:
    _, view = _searched_view()
    alone, pooled = _pair()
    second = SecondProcess()
    pooled.pool = second
    try:
        moves = alone.hard.compared(view, random.Random(0))
        one = alone.estimate(view, moves)
        two = pooled.estimate(view, moves)
        assert (two.means, two.errors, two.samples) == (one.means, one.errors, one.samples)
        assert not second.dead
    finally:
        second.close()


def test_a_shard_served_here_matches_the_shard_played_here() -> None:
    _, view = _searched_view()
    moves = ExpertBot(seed=1).hard.compared(view, random.Random(0))
    shard = Shard(11, 16, 30, 1, 3, 4)
    forgotten: list[int] = []
    server = ShardServer(lambda: forgotten.append(1))
    request = json.loads(json.dumps(shard_request(view, moves, shard)))["shard"]
    from rummy_gui.bots.expert import run_shard

    assert server.answer(request)["results"] == run_shard(view, moves, shard)
    assert forgotten == [1]  # the first deal it sees: caches emptied once


def _figures(est: Estimate) -> tuple[object, ...]:
    return est.means, est.errors, est.samples


def _lost(second: SecondProcess, spoil: Callable[[SecondProcess], None], expect: str) -> None:
    """The expert with a spoiled second process estimates as alone, and says why."""
    _, view = _searched_view()
    alone, pooled = _pair()
    moves = alone.hard.compared(view, random.Random(0))
    pooled.pool = second
    try:
        spoil(second)
        assert _figures(pooled.estimate(view, moves)) == _figures(alone.estimate(view, moves))
        assert second.dead
        note = second.take_note()
        assert note is not None
        assert expect in note
        assert second.take_note() is None  # told once
        # and on with one process
        assert _figures(pooled.estimate(view, moves)) == _figures(alone.estimate(view, moves))
    finally:
        second.close()


def test_a_second_process_that_dies_costs_nothing_but_time() -> None:
    def die(s: SecondProcess) -> None:
        assert s.pid is not None
        os.kill(s.pid, signal.SIGKILL)
        time.sleep(0.2)

    _lost(SecondProcess(), die, "stopped")


def test_a_second_process_that_hangs_is_killed_and_its_shard_played_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pool, "WAIT_MAX", 0.3)
    monkeypatch.setattr(pool, "START_ALLOWANCE", 0.0)

    def hang(s: SecondProcess) -> None:
        assert s.pid is not None
        os.kill(s.pid, signal.SIGSTOP)

    _lost(SecondProcess(), hang, "no answer in 0.3 s")


def test_a_second_process_that_answers_nonsense_is_dropped() -> None:
    echo = "import sys\nfor line in sys.stdin:\n    print('{\"results\": 7}', flush=True)\n"
    _lost(SecondProcess([sys.executable, "-c", echo]), lambda _s: None, "failed")


def test_a_second_process_that_cannot_start_leaves_one_process() -> None:
    second = SecondProcess(["/nonexistent/python-for-the-test"])
    assert second.dead
    note = second.take_note()
    assert note is not None
    assert "did not start" in note
    _, view = _searched_view()
    alone, pooled = _pair()
    moves = alone.hard.compared(view, random.Random(0))
    pooled.pool = second
    assert _figures(pooled.estimate(view, moves)) == _figures(alone.estimate(view, moves))


def _children(pid: int) -> list[int]:
    path = f"/proc/{pid}/task/{pid}/children"
    if not os.path.exists(path):
        pytest.skip("no /proc children list here")
    with open(path, encoding="ascii") as f:
        return [int(x) for x in f.read().split()]


def _review_request(seat: int = 0) -> dict[str, Any]:
    g = Game.new("rummy500", 3, seed=3)
    bots = [make_bot(level, seed=s) for s, level in enumerate(("easy", "medium", "medium"))]
    while not g.deal_over:
        seat_now = g.to_act[0]
        g.play(bots[seat_now].choose(g.view(seat_now)))
    return {"record": g.record(), "seat": seat, "seed": 0, "budget": 24}


class _Counting(SecondProcess):
    """A real second process that counts the decisions it is handed."""

    made: ClassVar[list[_Counting]] = []

    def __init__(self) -> None:
        super().__init__()
        self.decisions = 0
        _Counting.made.append(self)

    def offer(self, view: View, played: Move, expert: dict[str, Any], budget: int) -> bool:
        took = super().offer(view, played, expert, budget)
        self.decisions += took
        return took


def test_a_review_in_the_bot_process_shares_its_decisions_with_a_second_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The review's decisions go partly to a second process, with the
    findings of one process; the second process ends with the review."""
    from rummy_gui.play.review import decisions, review

    request = _review_request()
    monkeypatch.setattr(pool, "SecondProcess", _Counting)
    _Counting.made.clear()
    out = io.BytesIO()
    answer = botworker._review(request, queue.Queue(), out, pooled=True)
    assert len(_Counting.made) == 1
    second = _Counting.made[0]
    total = len(decisions(Replay(request["record"]), 0))
    assert 1 <= second.decisions < total
    assert second.dead  # closed when the review ended
    assert "note" not in answer
    alone = review(request["record"], 0, seed=0, budget=24)
    assert alone  # easy gives something away
    assert answer["findings"] == [f.to_json() for f in alone]
    progress = [json.loads(line)["progress"] for line in out.getvalue().splitlines()]
    assert progress[-1] == [total, total]  # both processes' decisions counted


def test_a_review_whose_second_process_hangs_kills_it_and_finds_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rummy_gui.play import review as reviewing

    class Hanging(SecondProcess):
        def __init__(self) -> None:
            super().__init__()
            assert self.pid is not None
            os.kill(self.pid, signal.SIGSTOP)

    monkeypatch.setattr(reviewing, "WAIT_EXTRA", 0.2)
    monkeypatch.setattr(reviewing, "WAIT_FACTOR", 0.0)
    monkeypatch.setattr(reviewing, "WAIT_FIRST", 0.0)
    request = _review_request()
    second = Hanging()
    try:
        found = reviewing.review(request["record"], 0, seed=0, budget=24, pool=second)
    finally:
        second.close()
    assert found == reviewing.review(request["record"], 0, seed=0, budget=24)
    assert second.dead
    assert "no answer in 0.2 s" in str(second.take_note())


def test_a_review_whose_second_process_dies_finds_the_same_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rummy_gui.play.review import review

    class Dying(SecondProcess):
        def __init__(self) -> None:
            super().__init__()
            assert self.pid is not None
            os.kill(self.pid, signal.SIGKILL)
            time.sleep(0.2)

    request = _review_request()
    monkeypatch.setattr(pool, "SecondProcess", Dying)
    answer = botworker._review(request, queue.Queue(), io.BytesIO(), pooled=True)
    alone = review(request["record"], 0, seed=0, budget=24)
    assert answer["findings"] == [f.to_json() for f in alone]
    assert "stopped" in str(answer["note"])


def test_the_bot_process_plays_the_expert_level_on_one_process() -> None:
    """The level plays hard's searches: no second process for the table."""
    g, view = _searched_view()
    proc = botworker.BotProcess()
    try:
        move = proc.ask("expert", 3, view.seat, g.record())
        assert move == str(ExpertBot(seed=3).choose(view))
        assert _children(proc.pid) == []
    finally:
        proc.close()


def _zombie(pid: int) -> bool:
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        return f.read().split(")")[-1].split()[0] == "Z"
