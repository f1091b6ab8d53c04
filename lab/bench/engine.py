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

from lab.bench import summarize
from rummy_gui.engine import PRESETS, Action, Game

PLAYERS = {
    "rummy500": 3,
    "rummy500-classic": 3,
    "persian": 4,
    "pinochle": 3,
    "contract": 4,
    "liverpool": 4,
    "shanghai": 4,
}
MOVES_PER_RUN = 3000
# The side-by-side runs are longer: at 3,000 moves ours takes ~0.2 s a run, and one
# stall of the shared machine moved the ratio by a tenth.
PEER_MOVES_PER_RUN = 20_000
# A random contract round may go on for a very long time (RULES.md lets the
# stock be rebuilt); past this many moves the deal is given up for a new game.
DEAL_MOVE_CAP = 1500
PEER_PAIRS = (("rummy500", 3), ("contract", 4))
INSTALL_HINT = (
    'the peer benchmark needs RLCard: pip install "rlcard>=1.2" (or pip install -e ".[bench]")'
)


def playout(
    preset: str, players: int, seed: int, max_moves: int, deal_cap: int = DEAL_MOVE_CAP
) -> tuple[int, int, float]:
    """Random legal moves until max_moves: (moves, deals finished, CPU seconds).

    CPU time of this process, not wall time: the figure then holds on a
    shared machine whose other core is busy."""
    moves, deals, cpu, _wall = timed_playout(preset, players, seed, max_moves, deal_cap)
    return moves, deals, cpu


def timed_playout(
    preset: str, players: int, seed: int, max_moves: int, deal_cap: int = DEAL_MOVE_CAP
) -> tuple[int, int, float, float]:
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


class _OurRun:
    """Random legal playouts of one preset that can be resumed slice by slice."""

    def __init__(self, preset: str, players: int, seed: int) -> None:
        self.preset, self.players = preset, players
        self.rng = random.Random(seed)
        self.g = Game.new(preset, players, seed=seed)
        self.in_deal = 0

    def play(self, moves: int) -> tuple[int, float, float]:
        rng, preset, players = self.rng, self.preset, self.players
        g, in_deal = self.g, self.in_deal
        start, wall = time.process_time(), time.perf_counter()
        for _ in range(moves):
            if g.game_over or in_deal >= DEAL_MOVE_CAP:
                g = Game.new(preset, players, seed=rng.randrange(1 << 30))
                in_deal = 0
            move = rng.choice(list(g.legal_moves))
            if move.action == Action.DEAL:
                in_deal = 0
            g.play(move)
            in_deal += 1
        self.g, self.in_deal = g, in_deal
        return moves, time.process_time() - start, time.perf_counter() - wall


class _PeerRun:
    """RLCard's `gin-rummy` environment with a RandomAgent in each seat. A
    move is one action of the game (`env.game.actions`), as ours counts
    `play`s; whole games are played, so a slice may run a few moves over."""

    def __init__(self, seed: int) -> None:
        rlcard = importlib.import_module("rlcard")
        agents = importlib.import_module("rlcard.agents")
        self.env = rlcard.make("gin-rummy", config={"seed": seed})
        self.env.set_agents(
            [
                agents.RandomAgent(num_actions=self.env.num_actions)
                for _ in range(self.env.num_players)
            ]
        )

    def play(self, moves: int) -> tuple[int, float, float]:
        done = 0
        start, wall = time.process_time(), time.perf_counter()
        while done < moves:
            self.env.run(is_training=False)
            done += len(self.env.game.actions)
        return done, time.process_time() - start, time.perf_counter() - wall


def peer_playout(seed: int, max_moves: int) -> tuple[int, float, float]:
    """The peer's whole games until max_moves actions: (moves, CPU s, wall s)."""
    return _PeerRun(seed).play(max_moves)


def _median_rates(samples: list[tuple[int, float, float]]) -> dict[str, float]:
    return {
        "moves/s cpu": statistics.median(m / c for m, c, _ in samples),
        "moves/s wall": statistics.median(m / w for m, _, w in samples),
        "cpu s": statistics.median(c for _, c, _ in samples),
        "wall s": statistics.median(w for _, _, w in samples),
        "moves": statistics.median(m for m, _, _ in samples),
    }


SLICES = 6  # each run interleaves this many slices of every engine


def run_peer(
    repeats: int = 5, moves: int = PEER_MOVES_PER_RUN, sweep: bool = True
) -> dict[str, Any]:
    """Ours and the peer side by side. Each run plays `moves` moves of every
    engine in SLICES interleaved slices (the order turning each slice), so
    the engines share the machine's changing load; a run's ratio is ours/peer
    of that run; figures are medians of the runs."""
    if not peer_available():
        raise SystemExit(INSTALL_HINT)
    names = [f"ours: {preset} ({players}p), random moves" for preset, players in PEER_PAIRS]
    peer_name = "peer: rlcard gin-rummy (2p), random agents"
    per_run: list[dict[str, tuple[int, float, float]]] = []
    for rep in range(repeats):
        runners: dict[str, _OurRun | _PeerRun] = {
            name: _OurRun(preset, players, 1000 + rep)
            for name, (preset, players) in zip(names, PEER_PAIRS, strict=True)
        }
        runners[peer_name] = _PeerRun(1000 + rep)
        totals = dict.fromkeys(runners, (0, 0.0, 0.0))
        order = list(runners)
        for k in range(SLICES):
            for name in order[k % len(order) :] + order[: k % len(order)]:
                n, cpu, wall = runners[name].play(moves // SLICES)
                m0, c0, w0 = totals[name]
                totals[name] = (m0 + n, c0 + cpu, w0 + wall)
        per_run.append(totals)
    out: dict[str, Any] = {peer_name: _median_rates([r[peer_name] for r in per_run])}
    for name in names:
        fig = _median_rates([r[name] for r in per_run])
        fig["ratio ours/peer cpu"] = statistics.median(
            (r[name][0] / r[name][1]) / (r[peer_name][0] / r[peer_name][1]) for r in per_run
        )
        fig["ratio ours/peer wall"] = statistics.median(
            (r[name][0] / r[name][2]) / (r[peer_name][0] / r[peer_name][2]) for r in per_run
        )
        out[name] = fig
    if sweep:
        out["ours by players (moves/s cpu)"] = players_sweep(repeats, min(moves, MOVES_PER_RUN))
    return out


def players_sweep(
    repeats: int, moves: int, presets: tuple[str, ...] = ("rummy500", "contract")
) -> dict[str, float]:
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
    1000): `python -c "from lab.bench.engine import profile_playouts as p; p()"`."""
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
