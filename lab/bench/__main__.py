"""`python -m lab.bench [SECTION ...|all|soak] [--json] [--repeats N]` (sections: `SECTIONS`).

`python -m lab.bench engine --peer`: ours beside RLCard's Gin Rummy
(needs the optional extra `bench`: pip install "rlcard>=1.2")."""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
from typing import Any

from rummy_gui.safetext import whole_number

SECTIONS = ("engine", "solver", "bots", "gui", "startup", "menus", "coach")


def _machine() -> str:
    import os

    python = f"{platform.python_implementation()} {platform.python_version()}"
    return f"{python}, {os.cpu_count()} cores, {platform.machine()}"


def _print(section: str, figures: dict[str, Any]) -> None:
    print(f"## {section}")
    for name, value in figures.items():
        if isinstance(value, dict) and all(isinstance(v, dict) for v in value.values()):
            parts = [
                f"{metric}: median {s['median']:.4g}, p95 {s['p95']:.4g}, spread {s['spread']:.3g}"
                for metric, s in value.items()
            ]
            print(f"  {name:28s} " + "; ".join(parts))
        else:
            print(f"  {name:28s} {value}")


def _count(text: str) -> int:
    """A number of runs or games, said back short when it is not one."""
    try:
        return whole_number(text, 0, 10**7)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bench", description=__doc__)
    parser.add_argument(
        "section",
        nargs="*",
        default=["all"],
        choices=(*SECTIONS, "all", "soak"),
        help="one or more sections (default: all)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--repeats", type=_count, default=5, help="runs per figure (default 5)")
    parser.add_argument("--games", type=_count, default=200, help="soak: games to play")
    parser.add_argument(
        "--minutes",
        type=float,
        default=0.0,
        help="soak: play this long in a real window, with resizes and reviews, instead",
    )
    parser.add_argument(
        "--peer",
        action="store_true",
        help="engine: side by side with RLCard's gin-rummy (random agents)",
    )
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.peer and args.section != ["engine"]:
        parser.error("--peer goes with the engine section: bench engine --peer")
    sections = SECTIONS if "all" in args.section else tuple(dict.fromkeys(args.section))
    results: dict[str, Any] = {"machine": _machine()}
    for section in sections:
        try:
            module = importlib.import_module(f"lab.bench.{section}")
        except ModuleNotFoundError as e:
            if e.name != f"lab.bench.{section}":
                raise
            print(f"## {section}: not available yet", file=sys.stderr)
            continue
        kwargs: dict[str, Any] = {"repeats": args.repeats}
        if section == "soak":
            kwargs = {"games": args.games}
            if args.minutes > 0:
                kwargs["minutes"] = args.minutes
        if args.peer:
            if not module.peer_available():
                print(module.INSTALL_HINT, file=sys.stderr)
                return 2
            kwargs["peer"] = True
        figures = module.run(**kwargs)
        results[section] = figures
        if not args.json:
            if args.peer:
                print(f"## {section} --peer (medians of {args.repeats} runs)")
                module.format_peer(figures)
            else:
                _print(section, figures)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"(machine: {results['machine']})")
    # a section may fail what it measures (the soak: memory growth past its limit)
    failed = [
        name
        for name, figures in results.items()
        if isinstance(figures, dict) and figures.get("failed") is True
    ]
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
