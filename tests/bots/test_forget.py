"""`bots.forget()`: the caches go, the moves stay."""

from __future__ import annotations

import pytest

from rummy_gui.bots import contract_solver, forget, make_bot, memory, split_solver, templates
from rummy_gui.engine.seeded import seeded_deal


def cache_sizes() -> tuple[int, int, int, int]:
    return (
        len(templates.MELD_FITS),
        contract_solver._distance_cached.cache_info().currsize,
        len(memory._REPLAYS),
        len(split_solver._KITS),
    )


def moves_of_a_deal(
    preset: str, levels: tuple[str, ...], forget_each_time: bool, limit: int = 120
) -> list[str]:
    g = seeded_deal(
        preset, len(levels), seed=5, index=3
    )  # in the contract games round 4 (two runs)
    bots = [make_bot(level, seed=7 + s) for s, level in enumerate(levels)]
    played: list[str] = []
    while not g.deal_over and len(played) < limit:
        seat = g.to_act[0]
        if forget_each_time:
            forget()
        move = bots[seat].choose(g.view(seat))
        g.play(move)
        played.append(str(move))
    return played


@pytest.mark.parametrize(
    ("preset", "levels"),
    [
        ("contract", ("medium", "hard", "medium", "easy")),
        ("rummy500", ("hard", "medium", "medium")),
    ],
)
def test_forgetting_before_every_decision_changes_no_move(
    preset: str, levels: tuple[str, ...]
) -> None:
    forget()
    remembered = moves_of_a_deal(preset, levels, forget_each_time=False)
    assert any(cache_sizes()), "the bots remembered nothing: this test would show nothing"
    forget()
    assert cache_sizes() == (0, 0, 0, 0)
    assert moves_of_a_deal(preset, levels, forget_each_time=True) == remembered
