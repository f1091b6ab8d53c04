"""Smoke test of the benchmark sections, at tiny sizes: they run and report
figures of the right shape. The speed itself is never asserted here (the
machines are shared); `python -m lab.bench` measures it."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

# The benchmarks are a developer's tool: not in the wheel, so not tested there.
pytest.importorskip("lab.bench", reason="lab.bench is not installed (a wheel leaves it out)")

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path / "home"))


def figure(entry: dict[str, dict[str, float]], metric: str) -> float:
    assert set(entry[metric]) >= {"median", "p95", "spread", "n"}
    return entry[metric]["median"]


@pytest.mark.long
def test_gui_section_reports_frame_times_per_size_and_players() -> None:
    from lab.bench import gui

    out = gui.run(
        1,
        frames=3,
        think_seconds=0.5,
        sizes=((960, 600),),
        players=(2, 8),
        think_levels=("hard",),
        think_at=((960, 600), 4),
        idle_seconds=0.5,
        idle_at=((960, 600), 2),
        flight_seconds=1.0,
    )
    for key in ("960x600, 2 players", "960x600, 8 players"):
        p50, p95, worst = (figure(out[key], m) for m in ("p50 ms", "p95 ms", "max ms"))
        assert 0 < p50 <= p95 <= worst
    assert out["video driver"] == "dummy"  # this test forces it; with a display the real one runs
    import pygame

    assert not pygame.display.get_init()  # its window would slow the start-up section after it
    assert "960x600, 4 players, hard bot thinking" in out
    memory = out["memory, 960x600, 4 players, after bots played"]
    assert figure(memory, "bot process MB") > 0  # the bots' worker process is counted
    assert figure(memory, "together MB") == pytest.approx(
        figure(memory, "game MB") + figure(memory, "bot process MB")
    )
    idle = out["idle, 960x600, 2 players, waiting 0.5 s for the human"]
    assert 0 <= figure(idle, "cpu %") < 100


def test_startup_section_reports_first_frame_and_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    from lab.bench import startup

    # The whole demo game is the slow part: a short one here (one deal to 100 points).
    monkeypatch.setattr(
        startup,
        "peak_rss_after_demo",
        lambda **_kw: {"peak MB": 1.0, "together MB": 2.0, "frames": 1, "finished": True},
    )
    out = startup.run(1, tables=(((960, 600), 2),))
    assert out["video driver"] == "dummy"
    assert 0 < figure(out["first table frame, 960x600, 2 players"], "seconds") < 60
    assert 0 < figure(out["first menu frame"], "seconds") < 60
    assert out["demo games finished"] is True


@pytest.mark.long
def test_soak_section_reports_the_curve_and_the_growth() -> None:
    from lab.bench import soak

    out = soak.play_games(2, every=1, presets=(("pinochle", 3),))  # the quickest preset
    assert [p["game"] for p in out["curve"]] == [1, 2]
    assert all(p["peak MB"] > 0 for p in out["curve"])
    assert isinstance(out["grew more than 10%"], bool)
    assert out["unfinished games"] == "none"
    assert out["card count broken"] == "none"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["soak", "--games", "0"], "--games must be at least 1"),
        (["soak", "--games", "9" * 5000], "is too large"),
        (["--repeats", "-2"], "is negative"),
    ],
)
def test_bench_refuses_a_bad_count_with_a_message(
    argv: list[str], said: str, refused: Callable[..., str]
) -> None:
    """Issue 53, 10: `bench soak --games 0` ended in an IndexError traceback."""
    from lab.bench.__main__ import main

    err = refused(main, argv)
    assert said in err
    assert len(err) < 1500


def test_the_soak_plays_at_least_one_game() -> None:
    from lab.bench.soak import play_games

    with pytest.raises(ValueError, match="at least one game"):
        play_games(0)


def test_bench_command_line_runs_a_section_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from lab.bench.__main__ import main

    assert main(["soak", "--games", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "machine" in out
    assert out["soak"]["games"] == 1


def test_bots_section_finds_hards_sampled_decisions_and_times_them() -> None:
    import random

    from lab.bench import bots as bench_bots
    from lab.bench.searched import sampled_positions
    from rummy_gui.bots.search import hard_level

    views = sampled_positions(3)
    assert len(views) == 3
    probe = hard_level(1)  # the positions the level searches
    assert all(probe.compared(v, random.Random(0)) for v in views)
    ts = bench_bots.decision_times("medium", views)
    assert len(ts) == 3
    assert ts == sorted(ts)
    assert ts[0] > 0


def test_engine_section_reports_every_preset(monkeypatch: pytest.MonkeyPatch) -> None:
    from lab.bench import engine

    monkeypatch.setattr(engine, "MOVES_PER_RUN", 40)
    out = engine.run(1)
    assert len(out) == 7
    assert figure(out["contract (4p)"], "moves/s") > 0


def test_engine_playout_caps_a_deal_that_does_not_end() -> None:
    from lab.bench import engine

    # Random Shanghai rounds rarely end; with a cap of 20 moves a run of 100
    # moves starts new games instead of hanging in one deal.
    moves, deals, cpu, wall = engine.timed_playout("shanghai", 4, 1, 100, deal_cap=20)
    assert moves == 100
    assert deals == 0
    assert cpu > 0
    assert wall > 0


def test_peer_benchmark_without_rlcard_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from lab.bench import engine
    from lab.bench.__main__ import main

    monkeypatch.setattr(engine, "peer_available", lambda: False)
    assert main(["engine", "--peer"]) == 2
    assert 'pip install "rlcard>=1.2"' in capsys.readouterr().err


def test_peer_benchmark_reports_both_engines_and_the_ratio() -> None:
    pytest.importorskip("rlcard")
    from lab.bench import engine

    out = engine.run_peer(1, moves=60, sweep=False)
    peer = out["peer: rlcard gin-rummy (2p), random agents"]
    assert peer["moves"] >= 60
    assert peer["moves/s cpu"] > 0
    assert peer["wall s"] > 0
    ours = out["ours: contract (4p), random moves"]
    # one run: its ratio is the two engines' rates of that run
    assert ours["ratio ours/peer cpu"] == pytest.approx(ours["moves/s cpu"] / peer["moves/s cpu"])
    assert ours["moves"] == 60
    assert ours["cpu s"] > 0


def test_bots_searched_figures_by_preset_and_hand_size() -> None:
    from lab.bench import bots as bench_bots

    rows = [
        ("rummy500 2p", 13, (100.0, 90.0)),
        ("rummy500 2p", 18, (300.0, 250.0)),
        ("contract 4p discards", 11, (20.0, 15.0)),
    ]
    out = bench_bots.figures_of(rows)
    family = out["hard, searched, 500 family (ms)"]
    assert family["decisions"] == 2
    assert family["wall max"] == 300.0
    assert family["cpu max"] == 250.0
    assert out["hard, searched, 18-20 cards (ms)"]["decisions"] == 1
    assert out["hard, rummy500 2p, 10-13 cards (ms)"]["cpu p50"] == 90.0
    assert out["hard, contract 4p discards (ms)"]["decisions"] == 1


def test_bots_searched_figures_pool_every_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each pass times every searched position afresh (`_timed_both` empties
    the caches first); the figures pool the passes, so the max is the
    slowest decision of them all."""
    from lab.bench import bots as bench_bots

    class _View:
        hand = (None,) * 9

    passes = iter([[(100.0, 90.0)], [(400.0, 350.0)], [(200.0, 150.0)]])
    monkeypatch.setattr(bench_bots, "searched_positions", lambda _n: [("persian 4p", _View())])
    monkeypatch.setattr(bench_bots, "_timed_both", lambda _level, _views: next(passes))
    out = bench_bots.searched_figures(1, passes=3)
    persian = out["hard, persian 4p (ms)"]
    assert persian["decisions"] == 3
    assert persian["wall max"] == 400.0
    assert persian["wall p50"] == 200.0


def test_ab_compares_two_trees_by_cpu_time() -> None:
    from lab.bench import ab

    root = Path(__file__).resolve().parents[2]
    out = ab.compare(root, root, rounds=2, moves=200, runs=1, warm=50)
    assert out["base cpu s"] > 0
    assert out["this cpu s"] > 0
    assert out["this/base"] == out["this cpu s"] / out["base cpu s"]
