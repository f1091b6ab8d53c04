"""The judgment's picture of the rules comes from the engine."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from rummy_gui.bots.judge import Judge
from rummy_gui.engine import PRESETS
from rummy_gui.engine.cards import Card
from rummy_gui.engine.melds import read_runs, run_bounds


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_near_run_waits_for_the_cards_the_engine_would_take(preset: str) -> None:
    rules = replace(PRESETS[preset], min_run=3)  # three-card windows, wherever the ace may lie
    judge = SimpleNamespace(bounds=run_bounds(rules))
    for x in range(1, 14):
        for y in range(x + 1, 14):
            wanted = {(q - 1) % 13 + 1 for q in Judge._run_gaps(judge, x, y)}  # type: ignore[arg-type]
            runs = {
                r
                for r in range(1, 14)
                if r not in (x, y) and read_runs(rules, [Card(rank, "H") for rank in (x, y, r)], 0)
            }
            assert wanted == runs, (preset, x, y)
