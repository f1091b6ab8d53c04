"""Meld solver speed: the best split of random 13-card hands with up to 4
jokers from two decks (rummy500 for 5 players: 104 cards + 4 jokers), and
the contract lay-down search and distance on 12-card contract hands
(round 7's distance on 13)."""

from __future__ import annotations

import random
import time
from typing import Any

from lab.bench import summarize
from rummy_gui.bots.contract_solver import _distance
from rummy_gui.bots.solver import best_split, contract_layout
from rummy_gui.engine import PRESETS
from rummy_gui.engine.cards import JOKER, make_pack

HANDS = 400


def _hands(seed: int, size: int, decks: int, jokers: int) -> list[list[Any]]:
    """Hands with 0..`jokers` jokers (evenly spread), the rest natural cards."""
    rng = random.Random(seed)
    naturals = make_pack(decks, 0)
    out = []
    for i in range(HANDS):
        k = i % (jokers + 1)
        out.append(rng.sample(naturals, size - k) + [JOKER] * k)
    return out


def _times(fn: Any, hands: list[list[Any]]) -> list[float]:
    out = []
    for h in hands:
        t = time.perf_counter()
        fn(h)
        out.append((time.perf_counter() - t) * 1000)
    return out


def run(repeats: int = 5) -> dict[str, Any]:
    r500 = PRESETS["rummy500"]
    contract = PRESETS["contract"]
    split_ms: list[float] = []
    worst: list[float] = []
    layout_ms: list[float] = []
    distance_ms: list[float] = []
    distance7_ms: list[float] = []
    for rep in range(repeats):
        hands = _hands(rep, 13, 2, 4)
        t = _times(lambda h: best_split(r500, h), hands)
        split_ms.append(sorted(t)[len(t) // 2])
        worst.append(max(t))
        chands = _hands(1000 + rep, 12, 2, 3)
        t = _times(lambda h: contract_layout(contract, h, 6), chands)
        layout_ms.append(sorted(t)[len(t) // 2])
        t = _times(lambda h: _distance(contract, h, 6), chands)  # uncached
        distance_ms.append(sorted(t)[len(t) // 2])
        # round 7: three runs, the whole hand after the draw (13 cards)
        t = _times(lambda h: _distance(contract, h, 7), _hands(2000 + rep, 13, 2, 3))
        distance7_ms.append(sorted(t)[len(t) // 2])
    return {
        "best_split 13 cards, ≤4 jokers (ms)": {
            "median": summarize(split_ms),
            "worst": summarize(worst),
        },
        "contract_layout round 6 (ms)": {"median": summarize(layout_ms)},
        "contract_distance round 6 (ms)": {"median": summarize(distance_ms)},
        "contract_distance round 7 (ms)": {"median": summarize(distance7_ms)},
        "hands per repeat": HANDS,
    }
