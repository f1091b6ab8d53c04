"""The coach bench (lab/bench/coach.py) runs and reports figures of the right
shape on searched decisions; the speed itself is never asserted here."""

from __future__ import annotations

import pytest

from lab.bench import coach as bench_coach


def test_the_positions_are_searched_and_the_move_is_not_the_experts() -> None:
    from rummy_gui.bots.expert import ExpertBot
    from rummy_gui.engine import Game

    found = bench_coach.searched_games("rummy500", 3, 2)
    assert len(found) == 2
    for after, move, _before in found:
        record = after.record()
        before = Game.from_record({**record, "moves": record["moves"][:-1]})
        view = before.view(int(move.seat or 0))
        expert = ExpertBot(bench_coach.SEED)
        assert expert.searches(view)
        assert expert.choose(view) != move


@pytest.mark.long
def test_coach_figures_time_the_process_and_one_process(monkeypatch: pytest.MonkeyPatch) -> None:
    found = bench_coach.searched_games("rummy500", 3, 1)
    monkeypatch.setattr(bench_coach, "searched_games", lambda *_a: found)
    monkeypatch.setattr(bench_coach, "SEARCHED", (("rummy500", 3),))
    out = bench_coach.figures(1)
    assert out["positions"] == 1
    row = out["coach verdict, searched decisions, process (ms)"]
    assert row["wall max"] >= row["wall p50"] > 0
    assert "cpu longer process p95" in row
    assert out["coach verdict, searched decisions, one process (ms)"]["cpu here p95"] >= 0
