"""Screens of a hard variant against the level, deal by deal (docs/bots.md).

    python -m lab.hard_screen play NAME [--deals N] [--hard JSON] [--params JSON]
                                [--bots B] [--players P] [--options JSON]
                                [--rounds 7,...] [--judgment-only] ...
    python -m lab.hard_screen pair NAME [BASE] [--by-round]

`play` plays the arena's duplicate deals (`arena._work`: the same shuffles
and seeds as `python -m lab.arena --seed 1`) with the first bot
replaced by `RolloutBot(**the level's settings, **--hard)`, and hard's
judgment (`JUDGMENTS["hard"]`) changed by `--params` (for the bot's own
judgment only, not its rollouts); with `--judgment-only` that judgment
plays alone, every decision, without the search (seeded as the searching
bot's, so the two runs pair deal by deal). Each deal is claimed as a
file under `--dir`, so several workers started with the same NAME share
the deals, and its result is written as a JSON line. With `--rounds` (the contract
family) only the deals of those rounds are played: deal k is round
(k mod 7) + 1, as in the arena. `pair` sums a run: the
variant's advantage per deal, BASE's on the same deals and the paired
difference, each with its 95 % interval (with `--by-round`, in the
contract family, also each round's apart).
"""

from __future__ import annotations

import argparse
import dataclasses
import glob
import json
import math
import os
import statistics
import tempfile
import time
from dataclasses import replace
from typing import Any

from lab import arena
from rummy_gui.bots.policy import JUDGMENTS, Tuning
from rummy_gui.bots.search import RolloutBot
from rummy_gui.engine.rules import PRESETS

_DIR = os.path.join(tempfile.gettempdir(), "rummy-screens")


def _variant(
    preset: str, hard: dict[str, Any], params: dict[str, Any], judgment_only: bool = False
) -> Any:
    """The arena's make_player with hard replaced by the variant (with
    `judgment_only`, by the variant's judgment alone, without its search)."""
    plain = arena.make_player

    def make_player(name: str, seed: int = 0) -> Any:
        # the arena seeds slot k's bot with seed * 1000 + k: only the first is the variant
        if name != "hard" or seed % 1000:
            return plain(name, seed)
        judgment = JUDGMENTS["hard"]
        if params:
            judgment = Tuning(replace(judgment.settings(PRESETS[preset]), **params))
        bot = RolloutBot(seed, "hard", judgment=judgment, **hard)  # the level's settings but these
        return bot.base if judgment_only else bot

    return make_player


def play(a: argparse.Namespace) -> None:
    arena.make_player = _variant(
        a.preset, json.loads(a.hard), json.loads(a.params), a.judgment_only
    )
    levels = tuple(a.bots.split(","))
    rounds = {int(k) for k in a.rounds.split(",")} if a.rounds else set()
    if rounds and (not PRESETS[a.preset].is_contract or not rounds <= set(range(1, 8))):
        raise SystemExit("--rounds: rounds 1 to 7 of a contract game, e.g. --rounds 6,7")
    os.makedirs(f"{a.dir}/claims", exist_ok=True)
    with open(f"{a.dir}/{a.name}.{os.getpid()}.jsonl", "a") as out:
        for i in range(a.start, a.deals):
            if rounds and i % 7 + 1 not in rounds:
                continue
            try:
                fd = os.open(f"{a.dir}/claims/{a.name}-{i}", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                continue  # another worker has it
            os.close(fd)
            t = time.process_time()
            r = arena._work((a.preset, a.players, levels, a.seed, i, json.loads(a.options) or None))
            row = {"i": i, "cpu": time.process_time() - t, "r": dataclasses.asdict(r)}
            out.write(json.dumps(row) + "\n")
            out.flush()


def _per_deal(folder: str, name: str, contract: bool) -> dict[int, float]:
    """The first bot's advantage per deal (contract: penalty points fewer)."""
    per: dict[int, float] = {}
    for path in glob.glob(f"{folder}/{name}.*.jsonl"):
        with open(path) as f:
            for line in f:
                q = json.loads(line)
                mine = [rs[0] for rs in q["r"]["scores"]]
                theirs = [v for rs in q["r"]["scores"] for v in rs[1:]]
                d = sum(mine) / len(mine) - sum(theirs) / len(theirs)
                per[q["i"]] = -d if contract else d
    return per


def _ci(xs: list[float]) -> str:
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{m:+.2f} [{m - h:+.2f}, {m + h:+.2f}]"


def pair(a: argparse.Namespace) -> None:
    contract = PRESETS[a.preset].is_contract
    per = _per_deal(a.dir, a.name, contract)
    if not per:
        raise SystemExit(f"no results of {a.name} in {a.dir}")
    line = f"{a.name}: {len(per)} deals, advantage {_ci(list(per.values()))}"
    if a.base:
        base = _per_deal(a.dir, a.base, contract)
        both = sorted(set(per) & set(base))
        if len(both) < 2:
            raise SystemExit(f"{a.name} and {a.base} share fewer than two deals")
        line += (
            f"; on the {len(both)} deals both played: {a.base} {_ci([base[i] for i in both])},"
            f" paired {_ci([per[i] - base[i] for i in both])},"
            f" {sum(per[i] != base[i] for i in both)} deals changed"
        )
        per = {i: per[i] - base[i] for i in both}
    print(line)
    if a.by_round and contract:
        # deal k is round (k mod 7) + 1, as in the arena
        for rnd in range(1, 8):
            xs = [v for i, v in sorted(per.items()) if i % 7 + 1 == rnd]
            if xs:
                print(f"  round {rnd}: {len(xs)} deals, {'paired ' if a.base else ''}{_ci(xs)}")


def main() -> None:
    ap = argparse.ArgumentParser(
        prog="python -m lab.hard_screen", description=__doc__.split("\n\n")[0]
    )
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("play", help="play deals of a variant (start several workers)")
    p.add_argument("name")
    p.add_argument("--deals", type=int, default=2000)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--hard", default="{}", help="RolloutBot options over the level's (JSON)")
    p.add_argument("--params", default="{}", help="changes to medium's settings (JSON)")
    p.add_argument("--bots", default="hard,medium,medium")
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--options", default="{}", help="the game's options, as the arena's (JSON)")
    p.add_argument("--rounds", default="", help="contract family: only these rounds (1-7, commas)")
    p.add_argument(
        "--judgment-only",
        action="store_true",
        help="the first hard plays its judgment (--params) alone, without its search",
    )
    q = sub.add_parser("pair", help="sum a run, paired with another on the same deals")
    q.add_argument("name")
    q.add_argument("base", nargs="?")
    q.add_argument("--by-round", action="store_true", help="contract family: each round apart")
    for s in (p, q):
        s.add_argument("--preset", default="rummy500", choices=sorted(PRESETS))
        s.add_argument("--seed", type=int, default=1)
        s.add_argument("--dir", default=_DIR, help=f"where claims and results go ({_DIR})")
    a = ap.parse_args()
    play(a) if a.what == "play" else pair(a)


if __name__ == "__main__":
    main()
