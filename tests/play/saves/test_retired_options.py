"""Saves made while the contract family had a `min_run` option (RULES.md 5:
it has none now). Every such game was played with runs of 4, so a save that
says 4 loads and plays on; any other value is refused, naming the option."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Game
from rummy_gui.engine.rules import OptionError


def _old_record(preset: str, min_run: int) -> dict[str, object]:
    g = Game.new(preset, players=4, seed=12)
    for _ in range(6):
        g.play(next(iter(g.legal_moves)))
    record = g.record()
    record["options"] = {**record["options"], "min_run": min_run}  # type: ignore[dict-item]
    return record


@pytest.mark.parametrize("preset", ["contract", "liverpool", "shanghai"])
def test_an_old_contract_save_with_runs_of_four_loads(preset: str) -> None:
    record = _old_record(preset, 4)
    g = Game.from_record(record)
    assert "min_run" not in g.record()["options"]
    assert g.rules.min_run == 4
    assert len(g.record()["moves"]) == len(record["moves"])  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [3, 5])
def test_an_old_contract_save_with_other_runs_is_refused_by_name(value: int) -> None:
    with pytest.raises(OptionError) as info:
        Game.from_record(_old_record("contract", value))
    assert info.value.key == "min_run"
    assert "Contract Rummy" in str(info.value)
    assert "no longer" in str(info.value)
