"""`python -m lab.hard_screen`: the screens' deal filter by round, the
per-round sums of `pair`, and the first hard's judgment played alone."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from lab import hard_screen
from rummy_gui.bots.policy import RuleBot
from rummy_gui.bots.search import RolloutBot
from rummy_gui.engine.game import Game

ROOT = Path(__file__).resolve().parents[2]  # where `python -m lab....` runs


def _run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lab.hard_screen", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=check,
        cwd=ROOT,
    )


def test_rounds_plays_only_the_deals_of_those_rounds_and_pair_sums_each(tmp_path: Path) -> None:
    common = ["--preset", "contract", "--players", "4", "--dir", str(tmp_path)]
    bots = ["--bots", "hard,hard,hard,hard", "--start", "0", "--deals", "9"]
    _run("play", "a", *common, *bots, "--rounds", "1")
    _run("play", "b", *common, *bots, "--rounds", "1", "--params", '{"penalty": 0.6}')
    played = sorted(json.loads(line)["i"] for f in tmp_path.glob("a.*.jsonl") for line in f.open())
    assert played == [0, 7]  # deal k is round (k mod 7) + 1
    out = _run("pair", "b", "a", "--by-round", *common[:2], "--dir", str(tmp_path)).stdout
    assert out.startswith("b: 2 deals, advantage ")
    assert "on the 2 deals both played" in out
    assert "  round 1: 2 deals, paired " in out
    assert "round 2" not in out


def test_rounds_outside_the_contract_family_or_1_to_7_are_refused(tmp_path: Path) -> None:
    for args in (["--preset", "contract", "--rounds", "8"], ["--rounds", "1"]):
        done = _run("play", "x", "--dir", str(tmp_path), *args, check=False)
        assert done.returncode != 0
        assert "--rounds: rounds 1 to 7 of a contract game" in done.stderr
    assert not list(tmp_path.glob("x.*.jsonl"))


def test_judgment_only_gives_the_first_hard_its_judgment_without_the_search() -> None:
    tool = hard_screen
    params = {"take_cost": 6.0, "hold_melds": 3}
    searched = tool._variant("rummy500", {}, params)("hard", 1000)
    alone = tool._variant("rummy500", {}, params, judgment_only=True)("hard", 1000)
    assert isinstance(searched, RolloutBot)
    assert isinstance(alone, RuleBot)
    assert not isinstance(alone, RolloutBot)
    view = Game.new("rummy500", 3, seed=1).view(0)
    for bot in (searched.base, alone):
        p = bot.params_for(view)
        assert (p.take_cost, p.hold_melds) == (6.0, 3)
    # the other seats are the arena's own players, searching as ever
    other = tool._variant("rummy500", {}, params, judgment_only=True)("hard", 1001)
    assert isinstance(other, RolloutBot)
    assert other.base.params_for(view).hold_melds == 0


def test_judgment_only_plays_and_records_the_deals(tmp_path: Path) -> None:
    common = ["--dir", str(tmp_path), "--bots", "hard,greedy,greedy", "--deals", "2"]
    _run("play", "j", *common, "--judgment-only", "--params", '{"hold_melds": 3}')
    rows = [json.loads(line) for f in tmp_path.glob("j.*.jsonl") for line in f.open()]
    assert sorted(r["i"] for r in rows) == [0, 1]
    assert all(not r["r"]["errors"] and len(r["r"]["scores"]) == 3 for r in rows)
