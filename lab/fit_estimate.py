"""Fit weights of a rollout's estimate at the cut to how medium's deals end.

    python -m lab.fit_estimate [--deals N] [--first SEED]

Plays N deals of Rummy 500 (3 players) with three mediums, takes every
position where a player is about to draw, and fits each seat's final deal
score less its table points by least squares on: the points of the melds
in its hand (`held`), its leftovers' points (`loose`), its near-melds
(`seat_features` gives these three), a constant, `held` and
`loose` when an opponent holds two cards or fewer, and `loose` times the
stock's size over 30. Deals whose seed is a multiple of 4 are held out;
the correlation of the fitted and of `utility`'s "my score minus the
others' average" with the real one is printed for them. (An estimate
with such weights played no better than `utility` for hard's rollouts.)
"""

from __future__ import annotations

import argparse
import math

from rummy_gui.bots import make_bot
from rummy_gui.bots.search import _promise, utility
from rummy_gui.bots.solver import best_split, card_value
from rummy_gui.engine import Game, Phase
from rummy_gui.engine.scoring import meld_points

NAMES = ("held", "loose", "promise", "1", "held*near", "loose*near", "loose*stock")


def seat_features(g: Game, seat: int) -> tuple[float, float, float, float]:
    """A seat's features (500 family): the points of the melds in its hand,
    its leftovers' points, its near-melds, and 1.0 when an opponent holds
    two cards or fewer (else 0.0)."""
    r = g.rules
    split = best_split(r, g.hand(seat), g.melds)
    held = float(sum(pm.value for pm in split.melds))
    loose = float(sum(card_value(r, c) for c in split.leftovers))
    near = any(len(g.hand(t)) <= 2 for t in range(g.players) if t != seat)
    return held, loose, _promise(r, split.leftovers), 1.0 if near else 0.0


def _features(g: Game) -> list[tuple[float, list[float]]]:
    """Each seat's table points and its features (`seat_features`)."""
    table = [0.0] * g.players
    for m in g.melds:
        for owner, pts in meld_points(g.rules, m).items():
            table[owner] += pts
    stock = g.stock_count / 30.0
    out = []
    for s in range(g.players):
        held, loose, promise, near = seat_features(g, s)
        x = [held, loose, promise, 1.0, held * near, loose * near, loose * stock]
        out.append((table[s], x))
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda i: abs(m[i][c]))
        m[c], m[p] = m[p], m[c]
        for i in range(c + 1, n):
            f = m[i][c] / m[c][c]
            for j in range(c, n + 1):
                m[i][j] -= f * m[c][j]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][j] * x[j] for j in range(i + 1, n))) / m[i][i]
    return x


def _corr(xs: list[float], ys: list[float]) -> float:
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy)


def _diff(vals: list[float], s: int) -> float:
    others = [v for t, v in enumerate(vals) if t != s]
    return vals[s] - sum(others) / len(others)


def main() -> None:
    ap = argparse.ArgumentParser(
        prog="python -m lab.fit_estimate", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--first", type=int, default=1000)
    a = ap.parse_args()
    rows = []  # (seed, features per seat, utility per seat, final scores)
    for seed in range(a.first, a.first + a.deals):
        g = Game.new("rummy500", 3, seed=seed)
        bots = [make_bot("medium", seed=seed * 10 + s) for s in range(3)]
        here = []
        for _ in range(600):
            if g.deal_over:
                break
            if g.phase == Phase.DRAW:
                here.append((_features(g), [utility(g, s) for s in range(3)]))
            seat = g.to_act[0]
            g.play(bots[seat].choose(g.view(seat)))
        if g.deal_scores is None:
            continue
        final = [float(x) for x in g.deal_scores]
        rows += [(seed, f, u, final) for f, u in here]
    k = len(NAMES)
    ata = [[0.0] * k for _ in range(k)]
    atb = [0.0] * k
    for seed, feats, _u, final in rows:
        if seed % 4 == 0:
            continue
        for s, (table, x) in enumerate(feats):
            y = final[s] - table
            for i in range(k):
                atb[i] += x[i] * y
                for j in range(k):
                    ata[i][j] += x[i] * x[j]
    w = _solve(ata, atb)
    print(f"{len(rows)} positions of {a.deals} deals; weights:")
    for name, v in zip(NAMES, w, strict=True):
        print(f"  {name:12} {v:+.3f}")
    truth, fitted, plain = [], [], []
    for seed, feats, u, final in rows:
        if seed % 4:
            continue
        pred = [t + sum(wi * xi for wi, xi in zip(w, x, strict=True)) for t, x in feats]
        for s in range(3):
            truth.append(_diff(final, s))
            fitted.append(_diff(pred, s))
            plain.append(u[s])
    print(f"held-out correlation with the real outcome: fitted {_corr(fitted, truth):.3f},")
    print(f"  utility {_corr(plain, truth):.3f} ({len(truth)} seat positions)")


if __name__ == "__main__":
    main()
