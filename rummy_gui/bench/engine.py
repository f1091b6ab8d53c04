"""Engine speed: seeded games with uniformly random legal moves, per preset."""

from __future__ import annotations

import random
import time
from typing import Any

from rummy_gui.bench import summarize
from rummy_gui.engine import PRESETS, Action, Game

PLAYERS = {"rummy500": 3, "rummy500-classic": 3, "persian": 4, "pinochle": 3,
           "contract": 4, "liverpool": 4, "shanghai": 4}
MOVES_PER_RUN = 3000


def playout(preset: str, players: int, seed: int, max_moves: int) -> tuple[int, int, float]:
    """Random legal moves until max_moves: (moves, deals finished, CPU seconds).

    CPU time of this process, not wall time: the figure then holds on a
    shared machine whose other core is busy."""
    rng = random.Random(seed)
    g = Game.new(preset, players, seed=seed)
    moves = deals = 0
    start = time.process_time()
    while moves < max_moves:
        if g.game_over:
            g = Game.new(preset, players, seed=rng.randrange(1 << 30))
        legal = list(g.legal_moves)
        move = rng.choice(legal)
        if move.action == Action.DEAL:
            deals += 1
        g.play(move)
        if g.game_over:
            deals += 1
        moves += 1
    return moves, deals, time.process_time() - start


def run(repeats: int = 5) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for preset in PRESETS:
        players = PLAYERS[preset]
        mps, dps = [], []
        for rep in range(repeats):
            moves, deals, secs = playout(preset, players, 1000 + rep, MOVES_PER_RUN)
            mps.append(moves / secs)
            dps.append(deals / secs)
        out[f"{preset} ({players}p)"] = {"moves/s": summarize(mps), "deals/s": summarize(dps)}
    return out
