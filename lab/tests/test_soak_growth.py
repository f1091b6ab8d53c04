"""The soak's memory figure (issue 20, 8): checkpoints every 10% of the run,
growth from the first checkpoint after warm-up, a failed run exits with 1."""

from __future__ import annotations

from typing import Any

import pytest

from lab.bench import soak


def curve(games: int, peaks: dict[int, float]) -> list[dict[str, Any]]:
    every = soak.checkpoint_every(games)
    points = [k for k in range(1, games + 1) if k % every == 0 or k == games]
    return [{"game": k, "peak MB": peaks.get(k, 100.0)} for k in points]


def test_checkpoints_every_tenth_of_the_run() -> None:
    assert soak.checkpoint_every(20) == 2
    assert soak.checkpoint_every(200) == 20
    assert soak.checkpoint_every(5) == 1
    assert [p["game"] for p in curve(20, {})] == list(range(2, 21, 2))


def test_growth_is_measured_from_the_first_checkpoint_after_warm_up() -> None:
    first, last, grew = soak.growth(curve(20, {2: 50.0, 4: 100.0, 20: 105.0}), 20)
    assert (first["game"], last["game"]) == (4, 20)  # not game 20 against game 20
    assert grew == pytest.approx(0.05)
    _, _, grew = soak.growth(curve(200, {20: 80.0, 40: 100.0, 200: 111.0}), 200)
    assert grew == pytest.approx(0.11)


def test_a_run_that_grew_past_ten_percent_fails_with_exit_code_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from lab.bench.__main__ import main

    monkeypatch.setattr(
        soak, "run", lambda games: {"games": games, "grew more than 10%": True, "failed": True}
    )
    assert main(["soak", "--games", "3"]) == 1
    monkeypatch.setattr(
        soak, "run", lambda games: {"games": games, "grew more than 10%": False, "failed": False}
    )
    assert main(["soak", "--games", "3"]) == 0
