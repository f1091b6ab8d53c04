"""The engine's random playouts in two source trees, interleaved: which is faster.

    python -m lab.bench.ab BASE_TREE THIS_TREE [--preset rummy500 --players 3]
        [--rounds 6 --moves 20000 --runs 3]

Each round starts one process per tree (in turn first, the order swapped
every round), and each process, after 3,000 moves of warm-up, plays `runs`
seeded playouts of `moves` moves (`lab.bench.engine.timed_playout`, seeds
1000 on) and reports their CPU times. A tree's figure is the median over the
rounds of its runs' sum; the ratio is this tree's over the base's. On a
machine shared with other work absolute rates wander, but both trees share
the same moments, so the ratio holds better than either figure. Each tree
must hold the package (`rummy_gui/`) and the lab; it is put first on the
import path of its processes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

_CHILD = """
import json, sys
sys.path.insert(0, {tree!r})
import rummy_gui
from lab.bench.engine import timed_playout
assert rummy_gui.__file__.startswith({tree!r}), rummy_gui.__file__
timed_playout({preset!r}, {players}, 999, {warm})
print(json.dumps([timed_playout({preset!r}, {players}, 1000 + k, {moves})[2]
                  for k in range({runs})]))
"""


def cpu_times(tree: Path, preset: str, players: int, moves: int, runs: int, warm: int) -> float:
    """CPU seconds of `runs` playouts of `moves` moves in a new process on `tree`'s code."""
    code = _CHILD.format(
        tree=str(tree), preset=preset, players=players, moves=moves, runs=runs, warm=warm
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tree, check=True
    )
    return float(sum(json.loads(done.stdout)))


def compare(
    base: Path,
    this: Path,
    preset: str = "rummy500",
    players: int = 3,
    rounds: int = 6,
    moves: int = 20_000,
    runs: int = 3,
    warm: int = 3000,
) -> dict[str, float]:
    """Median CPU seconds of each tree's runs and the ratio this/base."""
    times: dict[Path, list[float]] = {base: [], this: []}
    for k in range(rounds):
        for tree in (base, this) if k % 2 == 0 else (this, base):
            times[tree].append(cpu_times(tree, preset, players, moves, runs, warm))
    b, t = statistics.median(times[base]), statistics.median(times[this])
    return {"base cpu s": b, "this cpu s": t, "this/base": t / b}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bench.ab", description=__doc__)
    parser.add_argument("base", type=Path)
    parser.add_argument("this", type=Path)
    parser.add_argument("--preset", default="rummy500")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--moves", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    out = compare(
        args.base.resolve(),
        args.this.resolve(),
        args.preset,
        args.players,
        args.rounds,
        args.moves,
        args.runs,
    )
    print(
        f"{args.preset} {args.players}p, {args.rounds} rounds of {args.runs} x {args.moves} "
        f"moves: base {out['base cpu s']:.3f} s, this {out['this cpu s']:.3f} s CPU, "
        f"this/base {out['this/base']:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
