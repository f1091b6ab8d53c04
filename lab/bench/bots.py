"""Bot thinking time: every level decides on the same recorded positions.

Positions come from seeded deals of Rummy 500 (2 players, 13-card hands,
and 3 players, 7 cards) and Contract Rummy (4 players, every round) played
by medium bots; only positions with a real choice (more than one legal
move) are kept, so the hands hold 7 to 20 cards. Each level then decides on
each position; the figures are wall-clock milliseconds per decision, with
the bots' caches emptied before every pass (`rummy_gui.bots.forget`), so a
pass does not profit from the one before.

Hard plays as medium except where it searches (rollouts at deep takes and
rummy calls), so its figures over all decisions say little about the
searched ones: those are reported alone too, from positions where hard
searches (every 500-family preset, and laid-out hands of 14 to 20 cards;
in the contract family its sampled discards), by preset and by hand size,
wall clock and CPU, over three passes with the caches emptied before each.
"""

from __future__ import annotations

import time
from typing import Any

from lab.bench import searched, summarize
from lab.bench.expert import expert_figures
from lab.bench.searched import (
    PER_PRESET,
    positions,
    searched_positions,
)
from rummy_gui.bots import LEVELS, forget, make_bot
from rummy_gui.engine import View

POSITIONS = 40  # per family
TARGETS_MS = {"random": None, "easy": 2.0, "medium": 20.0, "hard": 300.0, "expert": 1000.0}


def decision_times(level: str, views: list[View]) -> list[float]:
    """Milliseconds per decision of a fresh bot of `level` (caches emptied
    first), sorted."""
    return sorted(_timed(level, views))


def _timed(level: str, views: list[View]) -> list[float]:
    return [w for w, _ in _timed_both(level, views)]


def _timed_both(level: str, views: list[View]) -> list[tuple[float, float]]:
    """(wall, CPU) milliseconds of each decision, in the order of the views."""
    forget()
    bot = make_bot(level, seed=1)
    out = []
    for v in views:
        t, c = time.perf_counter(), time.process_time()
        bot.choose(v)
        out.append(((time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000))
    return out


def _p95(ts: list[float]) -> float:
    return ts[min(len(ts) - 1, round(0.95 * (len(ts) - 1)))]


def _figures(ts: list[float]) -> dict[str, Any]:
    s = sorted(ts)
    return {"p50": s[len(s) // 2], "p95": _p95(s), "max": s[-1], "decisions": len(s)}


def _wall_cpu(pairs: list[tuple[float, float]]) -> dict[str, Any]:
    w = sorted(p[0] for p in pairs)
    c = sorted(p[1] for p in pairs)
    return {
        "wall p50": round(w[len(w) // 2], 1),
        "wall p95": round(_p95(w), 1),
        "wall max": round(w[-1], 1),
        "cpu p50": round(c[len(c) // 2], 1),
        "cpu p95": round(_p95(c), 1),
        "cpu max": round(c[-1], 1),
        "decisions": len(w),
    }


SIZE_BANDS = ((7, 9), (10, 13), (14, 17), (18, 20))


SEARCHED_PASSES = 3


def searched_figures(per_preset: int = PER_PRESET, passes: int = SEARCHED_PASSES) -> dict[str, Any]:
    """Hard's searched decisions timed, by preset and by hand size: every
    position decided once per pass, the caches emptied before each pass,
    all the passes' times pooled (so the max is the slowest of them all)."""
    found = searched_positions(per_preset)
    rows: list[tuple[str, int, tuple[float, float]]] = []
    for _ in range(passes):
        times = _timed_both("hard", [v for _, v in found])
        rows += [(name, len(v.hand), t) for (name, v), t in zip(found, times, strict=True)]
    out = figures_of(rows)
    out["hard, searched: passes"] = passes
    return out


def figures_of(rows: list[tuple[str, int, tuple[float, float]]]) -> dict[str, Any]:
    """Rows of (preset, cards in hand, (wall, CPU) ms) as figures by preset,
    by hand size, and by both."""
    out: dict[str, Any] = {}
    out["hard, searched, 500 family (ms)"] = _wall_cpu(
        [t for name, _, t in rows if not name.endswith("discards")]
    )
    for lo, hi in SIZE_BANDS:
        band = [t for name, n, t in rows if lo <= n <= hi and not name.endswith("discards")]
        if band:
            out[f"hard, searched, {lo}-{hi} cards (ms)"] = _wall_cpu(band)
    for name in dict.fromkeys(name for name, _, _ in rows):
        mine = [(n, t) for nm, n, t in rows if nm == name]
        out[f"hard, {name} (ms)"] = _wall_cpu([t for _, t in mine])
        for lo, hi in SIZE_BANDS:
            band = [t for n, t in mine if lo <= n <= hi]
            if band and len(band) < len(mine):
                out[f"hard, {name}, {lo}-{hi} cards (ms)"] = _wall_cpu(band)
    return out


def run(repeats: int = 5) -> dict[str, Any]:
    views = (
        positions("rummy500", 2, POSITIONS)
        + positions("rummy500", 3, POSITIONS)
        + positions("contract", 4, POSITIONS)
    )
    sizes = [len(v.hand) for v in views]
    out: dict[str, Any] = {}
    for level in LEVELS:
        p50s: list[float] = []
        p95s: list[float] = []
        maxes: list[float] = []
        for _ in range(repeats if level not in ("hard", "expert") else 1):
            ts = decision_times(level, views)
            p50s.append(ts[len(ts) // 2])
            p95s.append(_p95(ts))
            maxes.append(ts[-1])
        out[f"{level}, all decisions (ms)"] = {
            "p50": summarize(p50s),
            "p95": summarize(p95s),
            "max": summarize(maxes),
        }
    out["positions"] = {"count": len(views), "hand sizes": [min(sizes), max(sizes)]}
    out.update(searched_figures())
    out.update(expert_figures())
    out["targets p95 (ms)"] = {k: v for k, v in TARGETS_MS.items() if v is not None}
    return out


# Before and after: the same searched positions timed with another checkout's
# bots (its own positions code, which must find the same positions: the
# positions come from medium's play, so medium must play alike in both).
def compare(against: str, per_preset: int = PER_PRESET) -> dict[str, Any]:
    """Hard's searched decisions timed with the bots of the checkout at
    `against` (a directory holding rummy_gui), then with these."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = str(Path(__file__).resolve().parents[2])
    result: dict[str, Any] = {}
    moves: dict[str, list[str]] = {}
    for label, root in (("before", against), ("after", here)):
        env = dict(os.environ, PYTHONPATH=root)
        # the script's own folder comes first on its path, then the checkout's package
        done = subprocess.run(
            [sys.executable, searched.__file__, str(per_preset)],
            env=env,
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
        rows = json.loads(done.stdout)
        moves[label] = [r[4] for r in rows]
        result[label] = figures_of([(r[0], r[1], (r[2], r[3])) for r in rows])
    same = sum(a == b for a, b in zip(moves["before"], moves["after"], strict=False))
    result["same move"] = f"{same} of {len(moves['after'])} decisions"
    return result


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m lab.bench.bots",
        description=(
            "Hard's searched decisions, before (another checkout's bots) and after (these)."
        ),
    )
    parser.add_argument(
        "--against", required=True, help="a checkout's directory (holding rummy_gui)"
    )
    parser.add_argument("--per-preset", type=int, default=PER_PRESET)
    args = parser.parse_args(argv)
    out = compare(args.against, args.per_preset)
    keys = list(out["after"])
    print(f"{'':44s} {'before: wall p50/p95/max, cpu p50/p95/max':44s} after")
    for k in keys:
        b = out["before"].get(k)
        a = out["after"][k]

        def cell(f: dict[str, Any] | None) -> str:
            if f is None:
                return "-"
            return (
                f"{f['wall p50']:.0f}/{f['wall p95']:.0f}/{f['wall max']:.0f}, "
                f"{f['cpu p50']:.0f}/{f['cpu p95']:.0f}/{f['cpu max']:.0f} (n={f['decisions']})"
            )

        print(f"{k:44s} {cell(b):44s} {cell(a)}")
    print("same move:", out["same move"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
