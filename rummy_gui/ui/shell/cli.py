"""The command line of `rummy-gui`: a bad one prints usage and one short
reason (never the whole of a long argument back) and exits with code 2."""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Sequence

from rummy_gui import safetext
from rummy_gui.engine import SEED_LIMIT
from rummy_gui.play.settings import ANIMATION_SPEEDS
from rummy_gui.safetext import said_back

MAX_SIZE = 8192  # the largest window side `--size` and the settings file accept
MAX_FRAMES = 10**9  # `--frames`: far more than any headless check draws
MAX_PLAYERS = 99  # `--players`: the presets say how many they take, below this
# Options that take a value: a value that starts with "-" (a size "-5x5") is
# still theirs, not an option argparse does not know.
VALUED = (
    "--preset",
    "--players",
    "--seed",
    "--frames",
    "--screenshot",
    "--size",
    "--speed",
    "--lesson",
)
_SIDE = re.compile(r"\s*[+-]?[0-9]+\s*")  # one side of a size, as `int` reads it


def clip(text: str, limit: int) -> str:
    """A text cut to `limit` characters (an ellipsis says it was cut)."""
    return text if len(text) <= limit else text[:limit] + "…"


def whole_number(text: str, low: int, high: int) -> int:
    """`safetext.whole_number` for argparse (which shows this message alone)."""
    try:
        return safetext.whole_number(text, low, high)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _seed(text: str) -> int:
    return whole_number(text, 0, SEED_LIMIT - 1)


def _frames(text: str) -> int:
    return whole_number(text, 0, MAX_FRAMES)


def _players(text: str) -> int:
    return whole_number(text, 0, MAX_PLAYERS)


def _window_size(text: str) -> tuple[int, int]:
    """`--size`: WIDTHxHEIGHT in pixels (smaller than 960x600 is raised to it)."""
    w, sep, h = text.lower().partition("x")
    if not sep or not (_SIDE.fullmatch(w) and _SIDE.fullmatch(h)):
        raise argparse.ArgumentTypeError(f"{said_back(text)} is not a size like 1280x800")
    out_of_range = argparse.ArgumentTypeError(
        f"{said_back(text)}: width and height must be from 1 to {MAX_SIZE}"
    )
    if max(len(w), len(h)) > 12:
        raise out_of_range
    size = (int(w), int(h))
    if not all(1 <= v <= MAX_SIZE for v in size):
        raise out_of_range
    return size


def _joined(argv: Sequence[str]) -> list[str]:
    """`--size -5x5` as `--size=-5x5`: a value may start with a dash."""
    out: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        if args[i] in VALUED and i + 1 < len(args) and args[i + 1][:1] == "-" != args[i + 1][1:2]:
            out.append(f"{args[i]}={args[i + 1]}")
            i += 2
        else:
            out.append(args[i])
            i += 1
    return out


def _check_lesson(p: argparse.ArgumentParser, preset: str, with_a_game: bool) -> None:
    """`--lesson`: a game that has a lesson, and no other game opened with it."""
    from rummy_gui.play.lessons import GAMES

    if with_a_game:
        p.error("argument --lesson: not with --demo, --preset, --players or --continue")
    if preset not in GAMES:
        p.error(
            f"argument --lesson: no lesson for {said_back(preset)} (lessons: {', '.join(GAMES)})"
        )


def parse(argv: Sequence[str]) -> argparse.Namespace:
    """The command line; a bad one prints usage and a reason, and exits with code 2."""
    p = argparse.ArgumentParser(prog="rummy-gui", description="A card table for the rummy family.")
    p.add_argument("--demo", action="store_true", help="bots only, playing on as a show")
    p.add_argument(
        "--preset", default=None, help="preset for --demo or a quick start (e.g. rummy500)"
    )
    p.add_argument(
        "--players", type=_players, default=None, help="number of players for --demo / --preset"
    )
    p.add_argument(
        "--seed", type=_seed, default=None, help=f"seed of the deal (0 to {SEED_LIMIT - 1})"
    )
    p.add_argument(
        "--frames", type=_frames, default=0, help="stop after N frames (headless checks)"
    )
    p.add_argument("--screenshot", default=None, help="save the last frame to this PNG file")
    p.add_argument("--size", type=_window_size, default=None, help="window size, e.g. 1280x800")
    p.add_argument("--speed", default=None, choices=list(ANIMATION_SPEEDS), help="animation speed")
    p.add_argument("--fullscreen", action="store_true")
    p.add_argument(
        "--continue",
        dest="resume",
        action="store_true",
        help="open the game in progress (the autosave) straight away, as Continue does",
    )
    p.add_argument(
        "--lesson",
        default=None,
        metavar="PRESET",
        help="open the lesson of a game straight away (e.g. rummy500)",
    )
    p.add_argument(
        "--join",
        default=None,
        metavar="HOST:PORT",
        help="join a network table straight away (with --code and --name)",
    )
    p.add_argument("--code", default="", help="the network table's join code (with --join)")
    p.add_argument("--name", default="", help="your name at the network table (with --join)")
    args = p.parse_args(_joined(argv))
    quick = args.demo or args.preset is not None or args.players is not None
    if args.join is not None and (quick or args.resume or args.lesson):
        p.error("argument --join: not with a game of this computer's")
    if args.lesson is not None:
        _check_lesson(p, args.lesson, quick or args.resume)
    if args.resume and quick:
        p.error(
            "argument --continue: not with --demo, --preset or --players (it opens the saved game)"
        )
    if quick:
        from rummy_gui.ui.screens import catalog

        known = {info.id: info for info in catalog.presets()}
        preset = catalog.default_preset() if args.preset is None else args.preset
        if preset not in known:
            choices = ", ".join(known)
            p.error(
                f"argument --preset: unknown preset {said_back(preset)} (choose from {choices})"
            )
        info = known[preset]
        if args.players is not None and not info.min_players <= args.players <= info.max_players:
            p.error(
                f"argument --players: {info.name} is for {info.min_players} to {info.max_players} "
                f"players, not {args.players}"
            )
    if args.screenshot is not None:
        if not args.screenshot.strip():
            p.error("argument --screenshot: needs the name of a PNG file")
        folder = os.path.dirname(os.path.abspath(args.screenshot))
        if not os.path.isdir(folder):
            p.error(f"argument --screenshot: the folder {clip(folder, 80)} does not exist")
    return args
