"""Every level's seeded decisions in every preset, compared with a golden file.

Each case deals one seeded deal (`rummy_gui.engine.seeded`, the arena's deals) and lets every seat
be bots of one level, to the end of the deal or `MAX_MOVES` moves; the text
of every chosen move is compared with golden_decisions.json beside this
file. The levels decide from the view and their seed alone, so a difference
means a level now plays differently: a change meant to keep the ladder's
strength (moving code, deleting what no level uses) must leave this file
as it is. A change meant to alter a level's play regenerates it with

    RUMMY_REGEN_GOLDEN=1 python -m pytest tests/bots/test_golden_decisions.py -n 0

and is measured in the arena (docs/bots.md).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rummy_gui.bots import LEVELS, make_bot
from rummy_gui.bots.expert import ExpertBot
from rummy_gui.engine import PRESETS
from rummy_gui.engine.enums import Phase
from rummy_gui.engine.seeded import seeded_deal

GOLDEN = Path(__file__).with_name("golden_decisions.json")
REGEN = os.environ.get("RUMMY_REGEN_GOLDEN") == "1"
MAX_MOVES = 300

# (preset, players, deal index): the contract games at an early round and at
# round 7 (index 6), Rummy 500 at two and at four players (the expert's
# judgment changes at four).
CASES = [
    ("rummy500", 2, 1),
    ("rummy500", 3, 0),
    ("rummy500", 4, 2),
    ("rummy500-classic", 3, 1),
    ("persian", 4, 1),
    ("pinochle", 3, 1),
    ("contract", 4, 1),
    ("contract", 4, 6),
    ("liverpool", 4, 2),
    ("liverpool", 4, 6),
    ("shanghai", 4, 3),
    ("shanghai", 4, 6),
]


def _key(preset: str, players: int, index: int, level: str) -> str:
    return f"{preset} {players}p deal {index} {level}"


def _decisions(preset: str, players: int, index: int, level: str) -> list[str]:
    g = seeded_deal(preset, players, 7, index)
    bots = [make_bot(level, seed=11 + s) for s in range(players)]
    moves: list[str] = []
    while not g.deal_over and len(moves) < MAX_MOVES:
        seat = g.to_act[0]
        move = bots[seat].choose(g.view(seat))
        moves.append(str(move))
        g.play(move)
    return moves


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("preset", "players", "index"), CASES)
def test_a_level_decides_as_recorded(preset: str, players: int, index: int, level: str) -> None:
    got = _decisions(preset, players, index, level)
    key = _key(preset, players, index, level)
    if REGEN:
        data = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
        data[key] = got
        GOLDEN.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
        return
    want = json.loads(GOLDEN.read_text())[key]
    first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None)
    assert got == want, f"{key}: first difference at move {first} of {len(want)}"


def test_the_golden_file_covers_every_level_and_preset() -> None:
    keys = {k for k in json.loads(GOLDEN.read_text()) if not k.endswith(" estimate")}
    assert keys == {_key(*case, level) for case in CASES for level in LEVELS}
    assert {case[0] for case in CASES} == set(PRESETS)


# The deal review prices a move against the expert's with `ExpertBot.estimate`:
# its means at a few decisions of a seeded deal are recorded too.
ESTIMATES = [("rummy500", 3, 0), ("persian", 4, 1), ("contract", 4, 1)]


def _estimates(preset: str, players: int, index: int) -> list[str]:
    g = seeded_deal(preset, players, 7, index)
    medium = make_bot("medium", seed=1)
    expert = ExpertBot(seed=1)
    out: list[str] = []
    while not g.deal_over and len(out) < 3:
        seat = g.to_act[0]
        view = g.view(seat)
        legal = view.legal_moves
        move = medium.choose(view)
        if view.phase == Phase.DRAW and len(legal) >= 2:
            other = next(m for m in legal if m != move)
            est = expert.estimate(view, [move, other], budget=60)
            out.append(f"{move} / {other}: " + " ".join(f"{x:.6f}" for x in est.means))
        g.play(move)
    return out


@pytest.mark.parametrize(("preset", "players", "index"), ESTIMATES)
def test_the_experts_estimate_is_as_recorded(preset: str, players: int, index: int) -> None:
    got = _estimates(preset, players, index)
    key = f"{preset} {players}p deal {index} estimate"
    if REGEN:
        data = json.loads(GOLDEN.read_text())
        data[key] = got
        GOLDEN.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
        return
    assert len(got) == 3
    assert got == json.loads(GOLDEN.read_text())[key]
