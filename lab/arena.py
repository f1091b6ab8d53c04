"""The arena: bots against bots on duplicate deals.

    python -m lab.arena --preset rummy500 --players 3 \\
        --bots hard,medium,medium --deals 2000 --seed 1 [--jobs 2] [--json]

Every shuffle is played once per rotation of the bots over the seats, so
each bot meets the same cards from every seat and the luck of the deal
cancels. Deal k of a run is round (k mod 7) + 1 in the contract family, so
every contract gets played. Consecutive deals of one rotation also make
games (to the target in the 500 family, two deals in Persian, seven rounds
in the contract family) for the share of games won.

Per bot (bots of one level are pooled): mean points per deal with a 95%
interval (contract family: penalty points, lower is better), its advantage
over the other bots at the table per duplicate deal with a 95% interval
(positive is better in every family), the share of deals and games won
with Wilson 95% intervals, and decision time p50/p95.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rummy_gui.bots import LEVELS, Bot, make_bot
from rummy_gui.engine import PRESETS, SEED_LIMIT
from rummy_gui.engine.seeded import seeded_deal
from rummy_gui.safetext import clean, whole_number

from .baselines import BASELINES, make_baseline

MAX_MOVES = 4000  # a deal longer than this is a stall
PLAYERS: tuple[str, ...] = LEVELS + tuple(BASELINES)  # what --bots may name


def make_player(name: str, seed: int = 0) -> Bot:
    """A level of the game or one of the outside baselines (arena only)."""
    return make_baseline(name, seed) if name in BASELINES else make_bot(name, seed)


@dataclass
class DealResult:
    """One shuffle played in every rotation."""

    index: int
    scores: list[list[int]]  # [rotation][slot]: deal points of the slot's side
    times: dict[str, list[float]] = field(default_factory=dict)  # level -> decision seconds
    errors: list[str] = field(default_factory=list)


def play_deal(
    preset: str,
    players: int,
    levels: Sequence[str],
    seed: int,
    index: int,
    options: dict[str, Any] | None = None,
) -> DealResult:
    """Play shuffle `index` once per rotation of `levels` over the seats."""
    n = players
    res = DealResult(index, [])
    for rot in range(n):
        g = seeded_deal(preset, n, seed, index, options)
        # slot k (the k-th bot of the list) sits at seat (k + rot) mod n
        seat_slot = [(s - rot) % n for s in range(n)]
        bots = [
            make_player(levels[seat_slot[s]], seed=seed * 1000 + seat_slot[s]) for s in range(n)
        ]
        moves = 0
        try:
            while not g.deal_over:
                seat = g.to_act[0]
                view = g.view(seat)
                t = time.perf_counter()
                move = bots[seat].choose(view)
                dt = time.perf_counter() - t
                res.times.setdefault(levels[seat_slot[seat]], []).append(dt)
                g.play(move)
                moves += 1
                if moves > MAX_MOVES:
                    raise RuntimeError(
                        f"deal {index} rotation {rot}: no end after {MAX_MOVES} moves"
                    )
        except Exception as e:  # noqa: BLE001 (an illegal move or a stall: reported, never hidden)
            res.errors.append(f"deal {index} rotation {rot}: {type(e).__name__}: {e}")
            res.scores.append([0] * n)
            continue
        side = g.deal_scores or [0] * len(g.sides)
        res.scores.append([side[g.side_of((k + rot) % n)] for k in range(n)])
    return res


def _work(args: tuple[str, int, tuple[str, ...], int, int, dict[str, Any] | None]) -> DealResult:
    preset, players, levels, seed, index, options = args
    return play_deal(preset, players, levels, seed, index, options)


# ---------------------------------------------------------------- statistics


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, m, m
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    h = 1.96 * math.sqrt(var / n)
    return m, m - h, m + h


def wilson(k: float, n: int) -> tuple[float, float, float]:
    """Share k/n with its Wilson 95% interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    z = 1.96
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, max(0.0, centre - h), min(1.0, centre + h)


def percentile(xs: Sequence[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def summarize(
    preset: str, players: int, levels: Sequence[str], results: Sequence[DealResult]
) -> dict[str, Any]:
    rules = PRESETS[preset]
    sign = -1 if rules.is_contract else 1  # advantage: positive is better
    names = list(dict.fromkeys(levels))
    slots = {name: [k for k, lv in enumerate(levels) if lv == name] for name in names}
    results = sorted(results, key=lambda r: r.index)
    points: dict[str, list[float]] = {nm: [] for nm in names}
    adv: dict[str, list[float]] = {nm: [] for nm in names}
    deal_wins: dict[str, float] = dict.fromkeys(names, 0.0)
    deal_seats: dict[str, int] = dict.fromkeys(names, 0)
    for r in results:
        for nm in names:
            mine: list[float] = []
            theirs: list[float] = []
            for rot_scores in r.scores:
                for k, v in enumerate(rot_scores):
                    (mine if levels[k] == nm else theirs).append(v)
            points[nm].extend(rot_scores[k] for rot_scores in r.scores for k in slots[nm])
            if theirs:
                adv[nm].append(sign * (sum(mine) / len(mine) - sum(theirs) / len(theirs)))
        for rot_scores in r.scores:
            best = max(sign * v for v in rot_scores)
            winners = [k for k, v in enumerate(rot_scores) if sign * v == best]
            for k in range(len(rot_scores)):
                deal_seats[levels[k]] += 1
                if k in winners:
                    deal_wins[levels[k]] += 1.0 / len(winners)
    games, game_wins = _games(rules, players, levels, results)
    times: dict[str, list[float]] = {nm: [] for nm in names}
    for r in results:
        for nm, ts in r.times.items():
            times[nm].extend(ts)
    bots: dict[str, Any] = {}
    for nm in names:
        m, lo, hi = mean_ci(points[nm])
        a, alo, ahi = mean_ci(adv[nm])
        dw = wilson(deal_wins[nm], deal_seats[nm])
        gw = wilson(game_wins[nm], games * len(slots[nm]))
        bots[nm] = {
            "seats": len(slots[nm]),
            "points_per_deal": {"mean": m, "ci95": [lo, hi]},
            "advantage_per_deal": {"mean": a, "ci95": [alo, ahi]},
            "deals_won": {"share": dw[0], "ci95": [dw[1], dw[2]]},
            "games_won": {"share": gw[0], "ci95": [gw[1], gw[2]], "games": games},
            "decision_ms": {
                "p50": 1000 * percentile(times[nm], 0.5),
                "p95": 1000 * percentile(times[nm], 0.95),
                "decisions": len(times[nm]),
            },
        }
    return {
        "preset": preset,
        "players": players,
        "bots": list(levels),
        "duplicate_deals": len(results),
        "deals_played": len(results) * players,
        "errors": [e for r in results for e in r.errors],
        "per_bot": bots,
    }


def _games(
    rules: Any, players: int, levels: Sequence[str], results: Sequence[DealResult]
) -> tuple[int, dict[str, float]]:
    """Consecutive deals of each rotation as games: games in all rotations, wins per level."""
    wins: dict[str, float] = dict.fromkeys(levels, 0.0)
    games = 0
    for rot in range(players):
        totals = [0] * players
        played = 0
        for r in results:
            for k in range(players):
                totals[k] += r.scores[rot][k]
            played += 1
            if rules.is_contract:
                over = played == (rules.rounds or 7)
            elif rules.deals is not None:
                over = played == rules.deals
            else:
                over = max(totals) >= (rules.target or 500)
            if over:
                games += 1
                best = min(totals) if rules.is_contract else max(totals)
                winners = [k for k in range(players) if totals[k] == best]
                for k in winners:
                    wins[levels[k]] += 1.0 / len(winners)
                totals = [0] * players
                played = 0
    return games, wins


# ---------------------------------------------------------------- running


# More worker processes than this is a typing slip, not a machine.
MAX_JOBS = 64


def run(
    preset: str,
    players: int,
    levels: Sequence[str],
    deals: int,
    seed: int = 1,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    progress: bool = False,
) -> dict[str, Any]:
    tasks = [(preset, players, tuple(levels), seed, i, options) for i in range(deals)]
    results: list[DealResult] = []
    start = time.perf_counter()
    it: Iterator[DealResult]
    jobs = min(jobs, deals)  # a worker with no deal to play would only cost its start
    if jobs > 1:
        import multiprocessing as mp

        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(jobs) as pool:
            it = pool.imap_unordered(_work, tasks, chunksize=1)
            for r in it:
                results.append(r)
                if progress:
                    _bar(len(results), deals, start)
    else:
        for t in tasks:
            results.append(_work(t))
            if progress:
                _bar(len(results), deals, start)
    if progress:
        sys.stderr.write("\n")
    out = summarize(preset, players, levels, results)
    out["seconds"] = time.perf_counter() - start
    return out


_last_bar = [0.0]


def _bar(done: int, total: int, start: float) -> None:
    now = time.perf_counter()
    if done < total and now - _last_bar[0] < 0.5:
        return
    _last_bar[0] = now
    width = 30
    filled = int(width * done / max(total, 1))
    elapsed = time.perf_counter() - start
    eta = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals "
        f"{elapsed:6.0f}s elapsed, ~{eta:5.0f}s left"
    )
    sys.stderr.flush()


def format_report(out: dict[str, Any]) -> str:
    lines = [
        f"{out['preset']}, {out['players']} players, bots {','.join(out['bots'])}: "
        f"{out['duplicate_deals']} duplicate deals ({out['deals_played']} played) "
        f"in {out.get('seconds', 0):.0f}s"
    ]
    unit = "penalty/deal" if PRESETS[out["preset"]].is_contract else "points/deal"
    lines.append(
        f"{'bot':8s} {unit:>22s} {'advantage (95%)':>24s} {'deals won':>20s} "
        f"{'games won':>20s} {'p50 ms':>7s} {'p95 ms':>7s}"
    )
    for nm, b in out["per_bot"].items():
        p, a, d, g, t = (
            b["points_per_deal"],
            b["advantage_per_deal"],
            b["deals_won"],
            b["games_won"],
            b["decision_ms"],
        )
        lines.append(
            f"{nm:8s} {p['mean']:7.1f} [{p['ci95'][0]:6.1f},{p['ci95'][1]:6.1f}] "
            f"{a['mean']:+7.1f} [{a['ci95'][0]:+6.1f},{a['ci95'][1]:+6.1f}] "
            f"{d['share']:6.1%} [{d['ci95'][0]:5.1%},{d['ci95'][1]:5.1%}] "
            f"{g['share']:6.1%} [{g['ci95'][0]:5.1%},{g['ci95'][1]:5.1%}] "
            f"{t['p50']:7.2f} {t['p95']:7.1f}"
        )
    if out["errors"]:
        lines.append(f"ERRORS ({len(out['errors'])}):")
        lines.extend("  " + e for e in out["errors"][:20])
    return "\n".join(lines)


def _number(low: int, high: int) -> Any:
    """An argparse type: a whole number from low to high, said back short when bad."""

    def read(text: str) -> int:
        try:
            return whole_number(text, low, high)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    return read


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _v in pairs]
    for k in keys:
        if keys.count(k) > 1:
            raise ValueError(f"the key {clean(k, 40)!r} appears twice")
    return dict(pairs)


def read_options(text: str) -> Any:
    """`--options`: JSON with no key twice and no deep nesting; ValueError says why."""
    try:
        return json.loads(text, object_pairs_hook=_unique)
    except RecursionError:
        raise ValueError("nested too deeply to be house rules") from None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lab.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="rummy500", choices=list(PRESETS))
    ap.add_argument("--players", type=_number(0, 99), default=3)
    ap.add_argument(
        "--bots",
        default="medium,easy,easy",
        help=f"one player per seat, comma-separated: a level ({', '.join(LEVELS)}) "
        f"or an outside baseline ({', '.join(BASELINES)})",
    )
    ap.add_argument(
        "--deals",
        type=_number(0, 10**7),
        default=200,
        help="duplicate deals (each played once per rotation)",
    )
    ap.add_argument("--seed", type=_number(0, SEED_LIMIT - 1), default=1)
    ap.add_argument("--jobs", type=_number(0, 10**4), default=1, help="worker processes")
    ap.add_argument("--options", default=None, help="house rules as JSON, e.g. '{\"min_run\": 3}'")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    for lv in levels:
        if lv not in PLAYERS:
            ap.error(f"unknown bot {clean(lv, 40)!r} (one of: {', '.join(PLAYERS)})")
    rules = PRESETS[args.preset]
    if not rules.min_players <= args.players <= rules.max_players:
        ap.error(f"{rules.name} is for {rules.min_players}-{rules.max_players} players")
    if len(levels) != args.players:
        ap.error(f"--bots names {len(levels)} bots for {args.players} players")
    if args.deals < 1 or args.jobs < 1:
        ap.error("--deals and --jobs must be at least 1")
    if args.jobs > MAX_JOBS:
        ap.error(f"--jobs must be at most {MAX_JOBS}, not {args.jobs}")
    options = None
    if args.options:
        try:
            options = read_options(args.options)
            rules.with_options(options)
        except ValueError as exc:  # JSONDecodeError is a ValueError too
            ap.error(f"--options: {clean(str(exc), 200)}")
    out = run(
        args.preset, args.players, levels, args.deals, args.seed, args.jobs, options, progress=True
    )
    print(json.dumps(out, indent=2) if args.json else format_report(out))
    return 1 if out["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
