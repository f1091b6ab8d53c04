"""tools/hard_screen.py: the screens' deal filter by round and the
per-round sums of `pair`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TOOL = str(Path(__file__).resolve().parent.parent / "tools" / "hard_screen.py")


def _run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, TOOL, *args], capture_output=True, text=True, timeout=300, check=check
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
