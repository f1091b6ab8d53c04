"""Benchmarks: `python -m lab.bench [engine|solver|bots|gui|startup|all] [--json]`.

Each section module has `run(repeats) -> dict` and prints nothing itself.
Speed lives here, never in timed tests: the machines are shared and noisy.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def summarize(samples: Sequence[float]) -> dict[str, float]:
    """Median, 95th percentile and spread (max - min) of some samples."""
    s = sorted(samples)
    if not s:
        return {"median": 0.0, "p95": 0.0, "spread": 0.0, "n": 0}
    p95 = s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]
    return {"median": statistics.median(s), "p95": p95, "spread": s[-1] - s[0], "n": len(s)}
