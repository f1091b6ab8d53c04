"""The coach's verdicts timed (play/coach.py): from a human's move to the
verdict the table shows, on searched decisions.

Positions come from seeded deals played by medium (every 500-family preset
of `searched.SEARCHED`), kept where the expert searches; the move judged is
a legal move other than the expert's own (so every verdict prices two moves,
the costly case). Each is judged as the table judges it: `Coach.moved`, then
`poll` until the verdict comes, through the coach's own bot process and its
second process (`process`), and, for comparison, by this process alone
(`one process`: the judge inline, which works out the expert's choice after
the move too). Wall milliseconds from the move to the
verdict; the CPU of this process beside it (the table's own share).

    python -m lab.bench coach [--repeats N]     # every position N times (5)
    python -m lab.bench.coach [PER_PRESET]      # once, PER_PRESET positions a preset (6)
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from lab.bench.searched import SEARCHED
from rummy_gui.engine import Game, Move

PER_PRESET = 6
SEED = 5  # the expert's seed (the table gives the seat's bot seed)


def searched_games(
    preset: str, players: int, count: int, seed: int = 9
) -> list[tuple[Game, Move, Game]]:
    """(the game just after the move, the move, the game before it) at
    positions of medium's seeded deals where the expert searches, the move
    another than the expert's choice."""
    from rummy_gui.bots import make_bot
    from rummy_gui.bots.expert import ExpertBot
    from rummy_gui.engine.seeded import seeded_deal

    expert = ExpertBot(SEED)
    out: list[tuple[Game, Move, Game]] = []
    index = 0
    while len(out) < count and index < 200:
        g = seeded_deal(preset, players, seed, index)
        bots = [make_bot("medium", seed=s) for s in range(players)]
        moves = 0
        while not g.deal_over and moves < 600 and len(out) < count:
            seat = g.to_act[0]
            view = g.view(seat)
            if len(view.legal_moves) > 1 and expert.searches(view):
                mine = expert.choose(view)
                other = next(m for m in view.legal_moves if m != mine)
                after = g.copy()
                out.append((after, after.play(other), g.copy()))
            g.play(bots[seat].choose(view))
            moves += 1
        index += 1
    return out


def _p95(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(0.95 * (len(s) - 1)))]


def _children(pid: int) -> list[int]:
    """A process's children (Linux: /proc; none elsewhere)."""
    from pathlib import Path

    def read(task: Path) -> list[int]:
        try:
            return [int(x) for x in task.read_text().split()]
        except (OSError, ValueError):
            return []

    return [c for task in Path(f"/proc/{pid}/task").glob("*/children") for c in read(task)]


def time_verdicts(
    games: list[tuple[Game, Move, Game]], use_process: bool
) -> list[tuple[float, ...]]:
    """(wall ms, this process's CPU ms, the coach process's, its second
    process's) from each move to its verdict. As at the table, the coach's
    process works out the expert's choice while the player thinks
    (`Coach.prepare`, untimed: the player's time)."""
    from lab.bench.expert import _cpu_of
    from rummy_gui.play.coach import Coach

    coach = Coach("strict", threaded=use_process, use_process=use_process)
    out: list[tuple[float, ...]] = []
    pids: list[int] = []
    try:
        if use_process:  # started as the table starts it, before the first move
            coach.start()
            coach.moved(games[0][0], int(games[0][1].seat or 0), -1, SEED)  # warm: imports
            while coach.busy(-1):
                time.sleep(0.005)
            first = coach.pid
            if first is not None:
                pids = [first, *_children(first)[:1]]
        for version, (game, move, position) in enumerate(games):
            seat = int(move.seat or 0)
            thinking = coach.prepare(position, seat, SEED)
            if thinking is not None:
                thinking.result()
            before = [_cpu_of(p) for p in pids]
            t, c = time.perf_counter(), time.process_time()
            coach.moved(game, seat, version, SEED)
            while coach.busy(version):
                time.sleep(0.002)  # the table polls every frame
            coach.poll(version)
            wall, cpu = (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000
            now = [_cpu_of(p) for p in pids]
            spent = [(a - b) * 1000 for a, b in zip(now, before, strict=True)]
            spent += [0.0] * (2 - len(spent))
            out.append((wall, cpu, spent[0], spent[1]))
    finally:
        coach.close()
    return out


def figures(per_preset: int = PER_PRESET, repeats: int = 1) -> dict[str, Any]:
    """Each way's times over every position, each judged `repeats` times
    (a fresh coach, and process, each time)."""
    games = [g for preset, players in SEARCHED for g in searched_games(preset, players, per_preset)]
    out: dict[str, Any] = {"positions": len(games), "repeats": repeats}
    for name, process in (("process", True), ("one process", False)):
        ts = [t for _ in range(repeats) for t in time_verdicts(games, process)]
        walls = sorted(t[0] for t in ts)
        here = sorted(t[1] for t in ts)
        row = {
            "wall p50": round(walls[len(walls) // 2], 1),
            "wall p95": round(_p95(walls), 1),
            "wall max": round(walls[-1], 1),
            "cpu here p50": round(here[len(here) // 2], 1),
        }
        if process:
            # on two free cores a verdict takes about its longer process's CPU
            longer = sorted(max(t[2], t[3]) for t in ts)
            both = sorted(t[2] + t[3] for t in ts)
            row |= {
                "cpu longer process p50": round(longer[len(longer) // 2], 1),
                "cpu longer process p95": round(_p95(longer), 1),
                "cpu both p95": round(_p95(both), 1),
            }
        else:
            row["cpu here p95"] = round(_p95(here), 1)
        out[f"coach verdict, searched decisions, {name} (ms)"] = row
    out["load average"] = round(os.getloadavg()[0], 1)
    return out


def run(repeats: int = 5, per_preset: int = PER_PRESET) -> dict[str, Any]:
    """`python -m lab.bench coach`."""
    return figures(per_preset, repeats)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else PER_PRESET
    for key, value in figures(count).items():
        print(f"{key:52s} {value}")
