"""Engine speed: seeded games with uniformly random legal moves, per preset.

`run` gives moves/s and deals/s of every preset. `run_peer` (`bench engine
--peer`) plays RLCard's pure-Python Gin Rummy with random agents beside ours
in the same run and reports both engines' moves/s (wall clock and CPU) and
the ratio ours/peer, and our moves/s for every player count.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from rummy_gui.bench import summarize
from rummy_gui.engine import PRESETS, Action, Game

PLAYERS = {"rummy500": 3, "rummy500-classic": 3, "persian": 4, "pinochle": 3,
           "contract": 4, "liverpool": 4, "shanghai": 4}
MOVES_PER_RUN = 3000
# A random contract round may go on for a very long time (RULES.md lets the
# stock be rebuilt); past this many moves the deal is given up for a new game.
DEAL_MOVE_CAP = 1500
PEER_PAIRS = (("rummy500", 3), ("contract", 4))
INSTALL_HINT = ('the peer benchmark needs RLCard: pip install "rlcard>=1.2" '
                '(or pip install -e ".[bench]")')


def playout(preset: str, players: int, seed: int, max_moves: int,
            deal_cap: int = DEAL_MOVE_CAP) -> tuple[int, int, float]:
    """Random legal moves until max_moves: (moves, deals finished, CPU seconds).

    CPU time of this process, not wall time: the figure then holds on a
    shared machine whose other core is busy."""
    moves, deals, cpu, _wall = timed_playout(preset, players, seed, max_moves, deal_cap)
    return moves, deals, cpu


def timed_playout(preset: str, players: int, seed: int, max_moves: int,
                  deal_cap: int = DEAL_MOVE_CAP) -> tuple[int, int, float, float]:
    """As `playout`, with the wall clock too: (moves, deals, CPU s, wall s)."""
    rng = random.Random(seed)
    g = Game.new(preset, players, seed=seed)
    moves = deals = in_deal = 0
    start, wall = time.process_time(), time.perf_counter()
    while moves < max_moves:
        if g.game_over or in_deal >= deal_cap:
            g = Game.new(preset, players, seed=rng.randrange(1 << 30))
            in_deal = 0
        legal = list(g.legal_moves)
        move = rng.choice(legal)
        if move.action == Action.DEAL:
            deals += 1
            in_deal = 0
        g.play(move)
        if g.game_over:
            deals += 1
        moves += 1
        in_deal += 1
    return moves, deals, time.process_time() - start, time.perf_counter() - wall


def run(repeats: int = 5, peer: bool = False) -> dict[str, Any]:
    if peer:
        return run_peer(repeats)
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


# --- the peer: RLCard's Gin Rummy ---------------------------------------------


def peer_available() -> bool:
    return importlib.util.find_spec("rlcard") is not None


def peer_playout(seed: int, max_moves: int) -> tuple[int, float, float]:
    """RLCard's `gin-rummy` environment with a RandomAgent in each seat,
    whole games until max_moves actions: (moves, CPU s, wall s). A move is
    one action of the game (`env.game.actions`), as ours counts `play`s."""
    rlcard = importlib.import_module("rlcard")
    agents = importlib.import_module("rlcard.agents")
    env = rlcard.make("gin-rummy", config={"seed": seed})
    env.set_agents([agents.RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    moves = 0
    start, wall = time.process_time(), time.perf_counter()
    while moves < max_moves:
        env.run(is_training=False)
        moves += len(env.game.actions)
    return moves, time.process_time() - start, time.perf_counter() - wall


def _median_rates(samples: list[tuple[int, float, float]]) -> dict[str, float]:
    return {"moves/s cpu": statistics.median(m / c for m, c, _ in samples),
            "moves/s wall": statistics.median(m / w for m, _, w in samples),
            "cpu s": statistics.median(c for _, c, _ in samples),
            "wall s": statistics.median(w for _, _, w in samples),
            "moves": statistics.median(m for m, _, _ in samples)}


def run_peer(repeats: int = 5, moves: int = MOVES_PER_RUN,
             sweep: bool = True) -> dict[str, Any]:
    """Ours and the peer side by side: each repeat plays our presets and then
    the peer, so the two share the machine's load; medians of the repeats."""
    if not peer_available():
        raise SystemExit(INSTALL_HINT)
    ours: dict[tuple[str, int], list[tuple[int, float, float]]] = {p: [] for p in PEER_PAIRS}
    peer: list[tuple[int, float, float]] = []
    for rep in range(repeats):
        for preset, players in PEER_PAIRS:
            n, _deals, cpu, wall = timed_playout(preset, players, 1000 + rep, moves)
            ours[(preset, players)].append((n, cpu, wall))
        peer.append(peer_playout(1000 + rep, moves))
    out: dict[str, Any] = {"peer: rlcard gin-rummy (2p), random agents": _median_rates(peer)}
    peer_cpu = out["peer: rlcard gin-rummy (2p), random agents"]["moves/s cpu"]
    peer_wall = out["peer: rlcard gin-rummy (2p), random agents"]["moves/s wall"]
    for (preset, players), samples in ours.items():
        fig = _median_rates(samples)
        fig["ratio ours/peer cpu"] = fig["moves/s cpu"] / peer_cpu
        fig["ratio ours/peer wall"] = fig["moves/s wall"] / peer_wall
        out[f"ours: {preset} ({players}p), random moves"] = fig
    if sweep:
        out["ours by players (moves/s cpu)"] = players_sweep(repeats, moves)
    return out


def players_sweep(repeats: int, moves: int,
                  presets: tuple[str, ...] = ("rummy500", "contract")) -> dict[str, float]:
    out: dict[str, float] = {}
    for preset in presets:
        rules = PRESETS[preset]
        low = max(2, rules.min_players)
        high = min(8, rules.max_players)
        for players in range(low, high + 1):
            rates = []
            for rep in range(repeats):
                n, _deals, cpu, _wall = timed_playout(preset, players, 2000 + rep, moves)
                rates.append(n / cpu)
            out[f"{preset} {players}p"] = round(statistics.median(rates))
    return out


def format_peer(figures: dict[str, Any], emit: Callable[[str], None] = print) -> None:
    for name, value in figures.items():
        if name.startswith("ours by players"):
            emit(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in value.items()))
            continue
        parts = [f"{k} {v:.4g}" for k, v in value.items()]
        emit(f"  {name:44s} " + "; ".join(parts))


def profile_playouts(moves: int = MOVES_PER_RUN, top: int = 22) -> None:
    """Print a cProfile of random playouts (rummy500 3p, contract 4p, seed
    1000): `python -c "from rummy_gui.bench.engine import profile_playouts as p; p()"`."""
    import cProfile
    import pstats

    for preset, players in PEER_PAIRS:
        prof = cProfile.Profile()
        prof.enable()
        playout(preset, players, 1000, moves)
        prof.disable()
        stats = pstats.Stats(prof)
        print(f"### {preset} {players}p, {moves} moves: {stats.total_tt:.2f} s under the profiler")  # type: ignore[attr-defined]
        stats.sort_stats("cumulative").print_stats(top)
        stats.sort_stats("tottime").print_stats(12)
