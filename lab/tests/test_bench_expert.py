"""The bots bench times the expert where it searches, every family."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lab.bench import expert as bench_expert


@pytest.mark.parametrize("own_search", [False, True])
def test_expert_positions_are_where_it_searches(own_search: bool) -> None:
    found = bench_expert.expert_positions(1, own_search=own_search)
    names = [name for name, _ in found]
    assert "rummy500 3p" in names
    assert "contract 4p discards" in names
    bot = bench_expert._expert(own_search)
    assert all(bot.searches(v) for name, v in found if not name.endswith("discards"))


@pytest.mark.long
def test_expert_figures_are_by_preset_and_hand_size(monkeypatch: pytest.MonkeyPatch) -> None:
    found = bench_expert.expert_positions(1)
    monkeypatch.setattr(bench_expert, "expert_positions", lambda _per, _own_search=False: found)
    out = bench_expert.expert_figures(1)
    family = out["expert, searched, 500 family (ms)"]
    assert family["decisions"] == sum(1 for n, _ in found if not n.endswith("discards"))
    assert out["expert, contract 4p discards (ms)"]["decisions"] == 1
    assert family["wall max"] >= family["wall p50"]


@pytest.mark.long
def test_expert_figures_pooled_time_one_and_two_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    found = [x for x in bench_expert.expert_positions(1, own_search=True) if x[0] == "rummy500 3p"]
    monkeypatch.setattr(bench_expert, "expert_positions", lambda _per, _own_search=False: found)
    out = bench_expert.expert_figures(1, pooled=True)
    assert out["expert, searched, 500 family, two processes (ms)"]["decisions"] == len(found)
    assert out["expert, searched, 500 family (ms)"]["decisions"] == len(found)


@pytest.mark.parametrize(("argv", "said"), [(["x"], "invalid int"), (["0"], "at least 1")])
def test_expert_bench_refuses_a_bad_count_with_a_message(
    argv: list[str], said: str, refused: Callable[..., str]
) -> None:
    assert said in refused(bench_expert.main, argv)


def test_expert_bench_help_names_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench_expert.main(["--help"])
    said = capsys.readouterr().out
    assert "--pooled" in said
    assert "--review" in said


def test_review_figures_time_one_and_two_processes_at_two_budgets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bench_expert, "REVIEWED", (("rummy500", 3, 11),))
    out = bench_expert.review_figures(1)
    assert sorted(out) == [
        "review, budget 240, one process (s)",
        "review, budget 240, two processes (s)",
        "review, budget 480, one process (s)",
        "review, budget 480, two processes (s)",
    ]
    assert all(f["reviews"] == 1 for f in out.values())
    assert out["review, budget 480, two processes (s)"]["second cpu p50"] > 0
    assert out["review, budget 240, one process (s)"]["second cpu p50"] == 0
