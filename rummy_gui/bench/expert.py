"""Expert's searched decisions timed, every preset, hands of 7 to 20 cards.

Positions come from seeded deals played by medium (`bench.searched.positions`),
kept where the expert searches (deep takes, rummy calls and close draws in
the 500 family), plus laid-out 2-player Rummy 500 draws with 14 to 20 cards
in hand; in the contract family the expert decides as hard, timed on the
discards hard tests on guessed hands. `python -m rummy_gui.bench.expert
[PER_PRESET]` prints the figures; `python -m rummy_gui.bench bots` includes them.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from rummy_gui.bench.searched import (
    PER_PRESET,
    SAMPLED,
    SEARCHED,
    big_hand_positions,
    positions,
    sampled_discards,
)
from rummy_gui.engine import View

SIZE_BANDS = ((7, 9), (10, 13), (14, 17), (18, 20))


def _searches(view: View) -> bool:
    from rummy_gui.bots.expert import ExpertBot

    return bool(ExpertBot(seed=1).searched(view, random.Random(0))[0])


def big_hands(count: int) -> list[View]:
    """Laid-out 2-player Rummy 500 draws with 14 to 20 cards in hand where
    the expert searches (such hands are rare in play)."""
    return big_hand_positions(count, _searches)


def expert_positions(per_preset: int = PER_PRESET) -> list[tuple[str, View]]:
    """(preset and players, view) of the expert's searched decisions."""
    out: list[tuple[str, View]] = []
    for preset, players in SEARCHED:
        found = positions(preset, players, per_preset, seed=9, wanted=lambda v, _: _searches(v))
        out += [(f"{preset} {players}p", v) for v in found]
    out += [("rummy500 2p laid out", v) for v in big_hands(per_preset)]
    for preset, players in SAMPLED:
        found = sampled_discards(preset, players, per_preset)
        out += [(f"{preset} {players}p discards", v) for v in found]
    return out


def _wall_cpu(pairs: list[tuple[float, float]]) -> dict[str, Any]:
    def p95(s: list[float]) -> float:
        return s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]

    w = sorted(p[0] for p in pairs)
    c = sorted(p[1] for p in pairs)
    return {
        "wall p50": round(w[len(w) // 2], 1),
        "wall p95": round(p95(w), 1),
        "wall max": round(w[-1], 1),
        "cpu p50": round(c[len(c) // 2], 1),
        "cpu p95": round(p95(c), 1),
        "cpu max": round(c[-1], 1),
        "decisions": len(w),
    }


def expert_figures(per_preset: int = PER_PRESET) -> dict[str, Any]:
    """Expert's searched decisions timed (wall and CPU ms), by preset and
    by hand size; the bots' caches emptied first."""
    from rummy_gui.bots import forget, make_bot

    found = expert_positions(per_preset)
    forget()
    bot = make_bot("expert", seed=1)
    rows: list[tuple[str, int, tuple[float, float]]] = []
    for name, view in found:
        t, c = time.perf_counter(), time.process_time()
        bot.choose(view)
        rows.append(
            (
                name,
                len(view.hand),
                ((time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000),
            )
        )
    out: dict[str, Any] = {}
    family = [t for name, _, t in rows if not name.endswith("discards")]
    out["expert, searched, 500 family (ms)"] = _wall_cpu(family)
    for lo, hi in SIZE_BANDS:
        band = [t for name, n, t in rows if lo <= n <= hi and not name.endswith("discards")]
        if band:
            out[f"expert, searched, {lo}-{hi} cards (ms)"] = _wall_cpu(band)
    for name in dict.fromkeys(name for name, _, _ in rows):
        out[f"expert, {name} (ms)"] = _wall_cpu([t for nm, _, t in rows if nm == name])
    return out


def main(argv: list[str]) -> None:
    per = int(argv[0]) if argv else PER_PRESET
    for key, f in expert_figures(per).items():
        print(
            f"{key:44s} wall {f['wall p50']:.0f}/{f['wall p95']:.0f}/{f['wall max']:.0f}"
            f"  cpu {f['cpu p50']:.0f}/{f['cpu p95']:.0f}/{f['cpu max']:.0f}"
            f"  (n={f['decisions']})"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
