"""Expert's searched decisions timed, every preset, hands of 7 to 20 cards.

Positions come from seeded deals played by medium (`bench.searched.positions`),
kept where the expert level searches (hard's search over the expert's
judgment: deep takes and rummy calls in the 500 family), plus laid-out
2-player Rummy 500 draws with 14 to 20 cards in hand; in the contract family
the expert decides as hard, timed on the discards hard tests on guessed
hands. `python -m lab.bench.expert [PER_PRESET]` prints the figures;
`python -m lab.bench bots` includes them.

`python -m lab.bench.expert --review [DEALS]` times whole deal reviews
(`play.review.review`) of seat 0, played by easy against mediums, in Rummy
500, Contract and Persian: at the review's budget and at twice it, each on
one process and with the second bot process the review's bot process uses.

`python -m lab.bench.expert --window [REPEATS]` times deal reviews as
the player waits for them: the review screen in a 1920x1080 window (the real
video driver where there is a desktop), from its opening to the findings, for
deals of 11 to 16 decisions (`WAITED`), every process's CPU counted.

`python -m lab.bench.expert [PER_PRESET] --pooled` times the expert's
own search instead (`lab.expert_search.OwnSearchExpert`: the search the deal
review prices moves with, `ExpertBot.estimate`), on the positions where it searches, every position
twice: on one process and with the second bot process of play/pool.py (the
same moves): wall and CPU of this process, and the second process's CPU.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING, Any

from lab.bench.searched import (
    PER_PRESET,
    SAMPLED,
    SEARCHED,
    big_hand_positions,
    positions,
    sampled_discards,
)
from rummy_gui.engine import View

if TYPE_CHECKING:
    from rummy_gui.bots.expert import ExpertBot

SIZE_BANDS = ((7, 9), (10, 13), (14, 17), (18, 20))


def _expert(own_search: bool = False) -> ExpertBot:
    from lab.expert_search import OwnSearchExpert
    from rummy_gui.bots.expert import ExpertBot

    return OwnSearchExpert(seed=1) if own_search else ExpertBot(seed=1)


def big_hands(count: int, own_search: bool = False) -> list[View]:
    """Laid-out 2-player Rummy 500 draws with 14 to 20 cards in hand where
    the expert searches (such hands are rare in play)."""
    return big_hand_positions(count, _expert(own_search).searches)


def expert_positions(
    per_preset: int = PER_PRESET, own_search: bool = False
) -> list[tuple[str, View]]:
    """(preset and players, view) of the expert's searched decisions (with
    `own_search`, of its own search's)."""
    searches = _expert(own_search).searches
    out: list[tuple[str, View]] = []
    for preset, players in SEARCHED:
        found = positions(preset, players, per_preset, seed=9, wanted=lambda v, _: searches(v))
        out += [(f"{preset} {players}p", v) for v in found]
    out += [("rummy500 2p laid out", v) for v in big_hands(per_preset, own_search)]
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


def _cpu_of(pid: int | None) -> float:
    """CPU seconds of another process so far (0 where /proc is not to be had)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            parts = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError, TypeError):
        return 0.0
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def expert_figures(per_preset: int = PER_PRESET, pooled: bool = False) -> dict[str, Any]:
    """Expert's searched decisions timed (wall and CPU ms), by preset and
    by hand size; the bots' caches emptied first. `pooled`: the expert's own
    search instead, each position also with a second bot process (rows
    named "two processes"; the CPU is this process's, "second cpu" the
    other's)."""
    from rummy_gui.bots import forget

    found = expert_positions(per_preset, pooled)
    forget()
    bot = _expert(own_search=pooled)
    ways: list[tuple[str, Any]] = [("", None)]
    if pooled:
        from rummy_gui.play.pool import SecondProcess

        ways.append((", two processes", SecondProcess()))
    rows: list[tuple[str, int, tuple[float, float]]] = []
    second_cpu: list[float] = []
    try:
        for name, view in found:
            moves = []
            for way, second in ways:
                forget()
                bot.pool = second
                before = _cpu_of(second.pid) if second is not None else 0.0
                t, c = time.perf_counter(), time.process_time()
                moves.append(bot.choose(view))
                wall, cpu = time.perf_counter() - t, time.process_time() - c
                rows.append((name + way, len(view.hand), (wall * 1000, cpu * 1000)))
                if second is not None:
                    second_cpu.append((_cpu_of(second.pid) - before) * 1000)
            if len(set(moves)) != 1:
                raise AssertionError(f"two processes chose otherwise than one: {name}")
    finally:
        for _, second in ways:
            if second is not None:
                second.close()
    out: dict[str, Any] = {}
    for way, _ in ways:
        family = [t for name, _, t in rows if _searched_row(name, way)]
        out[f"expert, searched, 500 family{way} (ms)"] = _wall_cpu(family)
        for lo, hi in SIZE_BANDS:
            band = [t for name, n, t in rows if lo <= n <= hi and _searched_row(name, way)]
            if band:
                out[f"expert, searched, {lo}-{hi} cards{way} (ms)"] = _wall_cpu(band)
    for name in dict.fromkeys(name for name, _, _ in rows):
        out[f"expert, {name} (ms)"] = _wall_cpu([t for nm, _, t in rows if nm == name])
    if second_cpu:
        f = sorted(second_cpu)
        out["expert, second process cpu per decision (ms)"] = {
            "p50": round(f[len(f) // 2], 1),
            "max": round(f[-1], 1),
        }
    return out


# the deals the review bench reviews: (preset, players, seed of the first deal)
REVIEWED = (("rummy500", 3, 11), ("contract", 4, 2), ("persian", 4, 5))


def _easy_deal(preset: str, players: int, seed: int) -> dict[str, Any]:
    """The record of one deal (a round of the contract games), seat 0 easy, the rest medium."""
    from rummy_gui.bots import make_bot
    from rummy_gui.engine import Game

    g = Game.new(preset, players, seed=seed)
    bots = [make_bot("easy" if s == 0 else "medium", seed=s) for s in range(players)]
    while not g.deal_over:
        seat = g.to_act[0]
        g.play(bots[seat].choose(g.view(seat)))
    return g.record()


def review_figures(deals: int = 2) -> dict[str, Any]:
    """Whole reviews of seat 0's deal, wall and CPU in seconds (CPU of this
    process; "second cpu" the second process's), by budget and processes,
    with the findings of one and two processes checked equal."""
    from rummy_gui.bots import forget
    from rummy_gui.play.pool import SecondProcess
    from rummy_gui.play.review import REVIEW_BUDGET, review

    records = [
        (f"{preset} {players}p", _easy_deal(preset, players, seed + k))
        for preset, players, seed in REVIEWED
        for k in range(deals)
    ]
    rows: dict[str, list[tuple[float, float, float]]] = {}
    for budget in (REVIEW_BUDGET, 2 * REVIEW_BUDGET):
        for _name, record in records:
            found = []
            for two in (False, True):
                second = SecondProcess() if two else None
                try:
                    forget()
                    before = _cpu_of(second.pid) if second is not None else 0.0
                    t, c = time.perf_counter(), time.process_time()
                    found.append(review(record, 0, seed=1, budget=budget, pool=second))
                    wall, cpu = time.perf_counter() - t, time.process_time() - c
                    other = _cpu_of(second.pid) - before if second is not None else 0.0
                finally:
                    if second is not None:
                        second.close()
                key = f"review, budget {budget}, {'two processes' if two else 'one process'} (s)"
                rows.setdefault(key, []).append((wall, cpu, other))
            if found[0] != found[1]:
                raise AssertionError("two processes found otherwise than one")
    out: dict[str, Any] = {}
    for key, xs in rows.items():
        walls = sorted(x[0] for x in xs)
        out[key] = {
            "wall p50": round(walls[len(walls) // 2], 2),
            "wall max": round(walls[-1], 2),
            "cpu p50": round(sorted(x[1] for x in xs)[len(xs) // 2], 2),
            "second cpu p50": round(sorted(x[2] for x in xs)[len(xs) // 2], 2),
            "reviews": len(xs),
        }
    return out


# Deals of 11 to 16 decisions of seat 0 (13.2 on average: the review the
# players wait for), as (preset, players, seed), easy in seat 0; their counts
# by `decision_counts`: 16, 14, 12, 11, 11, 15.
WAITED = (
    ("rummy500", 3, 12),
    ("persian", 4, 5),
    ("rummy500", 4, 7),
    ("pinochle", 3, 6),
    ("rummy500-classic", 3, 9),
    ("pinochle", 3, 4),
)


def _easy_game(preset: str, players: int, seed: int) -> Any:
    """A game whose first deal (round) is over, seat 0 easy, the rest medium."""
    from rummy_gui.engine import Game

    return Game.from_record(_easy_deal(preset, players, seed))


def decision_counts(deals: tuple[tuple[str, int, int], ...] = WAITED) -> list[int]:
    """How many decisions seat 0's review of each deal prices or passes."""
    from rummy_gui.play.replay import Replay
    from rummy_gui.play.review import decisions

    return [len(decisions(Replay(_easy_deal(*d)), 0)) for d in deals]


# Seconds between a deal's end and the player's click on its review, in the
# "started at the deal's end" rows: a player reading the deal's result.
READING = 2.0


def review_screen_figures(repeats: int = 2) -> dict[str, Any]:
    """Deal reviews as the player waits for them: the review screen opened in a
    window (the real video driver where there is a desktop) at 1920x1080, timed
    from the screen's opening to its findings, the screen drawing its progress
    meanwhile; each deal of `WAITED` `repeats` times, two ways taking turns:
    "cold", the review's processes started by the screen, and "started at the
    deal's end", as the deal-summary screen does (`play.review.prestart`), the
    screen opened `READING` seconds later. Wall seconds (what the player waits)
    and the CPU seconds of every process (the window's own, the review's bot
    process and its second one, their start-up included)."""
    import pygame

    from rummy_gui.play.review import prestart
    from rummy_gui.play.session import SeatConfig, Session
    from rummy_gui.play.settings import Settings
    from rummy_gui.ui.screens.review import ReviewScene
    from rummy_gui.ui.shell.app import App

    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    games = [(d, _easy_game(*d)) for d in WAITED]
    app = App((1920, 1080), Settings(animation="off", mute=True))
    driver = pygame.display.get_driver()
    ways = ("cold", "started at the deal's end")
    walls: dict[str, list[float]] = {w: [] for w in ways}
    cpus: dict[str, list[float]] = {w: [] for w in ways}
    firsts: dict[str, list[float]] = {w: [] for w in ways}
    seconds: dict[str, list[float]] = {w: [] for w in ways}
    counts: list[int] = []
    try:
        for _ in range(repeats):
            for (preset, players, _seed), game in games:
                for way in ways:
                    seats = [
                        SeatConfig(f"P{i}", "human" if i == 0 else "medium") for i in range(players)
                    ]
                    session = Session(preset, seats, {}, seed=1, game=game, threaded=False)
                    children = _children_cpu()
                    cpu = time.process_time()
                    if way != "cold":
                        prestart()
                        time.sleep(READING)
                    t = time.perf_counter()
                    scene = ReviewScene(app, session, 0)
                    app.push(scene)
                    total = 0
                    job = scene.job
                    cpu_first = cpu_second = 0.0  # read while they live (they end with the review)
                    while scene.computing:
                        total = scene.job.total if scene.job is not None else total
                        if job is not None:
                            cpu_first = max(cpu_first, _cpu_of(job.pid))
                            kids = _kids(job.pid)
                            cpu_second = max(cpu_second, sum(_cpu_of(p) for p in kids))
                        app.rest()
                        app.tick()
                    walls[way].append(time.perf_counter() - t)
                    if job is not None:
                        firsts[way].append(cpu_first)
                        seconds[way].append(cpu_second)
                    cpus[way].append(time.process_time() - cpu + _children_cpu() - children)
                    counts.append(total)
                    app.pop()
    finally:
        pygame.display.quit()

    def p95(xs: list[float]) -> float:
        return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]

    out: dict[str, Any] = {}
    for way in ways:
        w, c = sorted(walls[way]), sorted(cpus[way])
        out[f"review in the window, {way} (s)"] = {
            "video driver": driver,
            "wall p50": round(w[len(w) // 2], 2),
            "wall p95": round(p95(w), 2),
            "wall max": round(w[-1], 2),
            "cpu p50": round(c[len(c) // 2], 2),
            "cpu p95": round(p95(c), 2),
            "reviews": len(w),
        }
        for name, xs in (("first process", firsts[way]), ("second process", seconds[way])):
            if xs:
                f = sorted(xs)
                out[f"review in the window, {way} (s)"][f"{name} cpu p50/p95"] = (
                    f"{f[len(f) // 2]:.2f}/{p95(f):.2f}"
                )
    out["decisions"] = {
        "per review": f"{min(counts)}-{max(counts)}, mean {sum(counts) / len(counts):.1f}",
        "load average": round(os.getloadavg()[0], 1),
    }
    return out


def _kids(pid: int) -> list[int]:
    """The processes a process started (Linux /proc; else none)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as f:
            return [int(x) for x in f.read().split()]
    except (OSError, ValueError):
        return []


def _children_cpu() -> float:
    """CPU seconds of the ended child processes this process waited for."""
    import resource

    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _searched_row(name: str, way: str) -> bool:
    """A 500-family row of this way of playing (one process: `way` is "")."""
    if way:
        return name.endswith(way) and not name[: -len(way)].endswith("discards")
    return not name.endswith(("discards", ", two processes"))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m lab.bench.expert",
        description="Times the expert's searched decisions, every preset, hands of 7-20 cards.",
    )
    parser.add_argument(
        "per_preset",
        nargs="?",
        type=int,
        default=None,
        help=f"positions per preset (default {PER_PRESET}); with --review, deals per game (2)",
    )
    parser.add_argument(
        "--pooled", action="store_true", help="also time each position with a second bot process"
    )
    parser.add_argument(
        "--review",
        action="store_true",
        help="time whole deal reviews instead",
    )
    parser.add_argument(
        "--window",
        action="store_true",
        help="time deal reviews as the player waits for them, in the window (repeats: 2)",
    )
    args = parser.parse_args(argv)
    if args.per_preset is not None and args.per_preset < 1:
        parser.error(f"per_preset must be at least 1, not {args.per_preset}")
    if args.window:
        for key, f in review_screen_figures(args.per_preset or 2).items():
            print(f"{key:32s} " + ", ".join(f"{k} {v}" for k, v in f.items()))
        return
    if args.review:
        for key, f in review_figures(args.per_preset or 2).items():
            print(
                f"{key:48s} wall {f['wall p50']:.2f}/{f['wall max']:.2f}  cpu {f['cpu p50']:.2f}"
                f"  second cpu {f['second cpu p50']:.2f}  (n={f['reviews']})"
            )
        return
    for key, f in expert_figures(args.per_preset or PER_PRESET, pooled=args.pooled).items():
        if "wall p50" not in f:
            print(f"{key:56s} p50 {f['p50']:.0f}  max {f['max']:.0f}")
            continue
        print(
            f"{key:56s} wall {f['wall p50']:.0f}/{f['wall p95']:.0f}/{f['wall max']:.0f}"
            f"  cpu {f['cpu p50']:.0f}/{f['cpu p95']:.0f}/{f['cpu max']:.0f}"
            f"  (n={f['decisions']})"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
