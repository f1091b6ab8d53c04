"""`rummy-gui --verify FILE…`: check a saved game (or a bare game record)
against the fingerprints its deals showed (docs/fairness.md).

Each file is replayed through the rules from its seed and moves; every deal
that was shuffled from a seed of its own prints one line: its number, the
fingerprint shown when it was dealt, and, once it has ended, the seed that
was told then. A file whose seed, fingerprints, scores or moves were changed
is refused with the reason. A game saved before deals had fingerprints is
replayed and said to have none. Exit code: 0 when every file checks, 1 when
one is refused, 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TextIO

from rummy_gui.engine import Game
from rummy_gui.engine.fairness import deal_seed, short
from rummy_gui.engine.records import RECORD_FORMAT
from rummy_gui.play import jsonio, saveload


def _game_of(path: Path) -> Game:
    """The replayed game; ValueError says why the file is refused."""
    doc = jsonio.read_json(path)
    if isinstance(doc, Mapping) and doc.get("format") == RECORD_FORMAT:
        return Game.from_record(doc)
    return saveload.read(path).game  # a save: its summary is checked against the replay too


def check(path: Path, say: Callable[[str], None]) -> bool:
    """Check one file, saying one line per deal; True when it checks."""
    try:
        game = _game_of(path)
    except (ValueError, OSError) as e:  # ReadError, SaveError and IllegalMove are ValueErrors
        say(f"{path}: refused: {e}")
        return False
    entries = game.deal_entries()
    if not entries:
        say(f"{path}: its moves replay by the rules; its deals have no fingerprints to check")
        say("(saved before deals showed fingerprints, or a position set up by hand)")
        return True
    for entry in entries:
        deal, full = entry["deal"], entry["fingerprint"]
        if "scores" in entry:
            seed = deal_seed(game.seed, deal)  # told when the deal ended
            say(f"deal {deal}: fingerprint {short(full)} ({full}) matches seed {seed}: checked")
        else:
            say(f"deal {deal}: fingerprint {short(full)} ({full}): in play, seed told at its end")
    say(f"{path}: every deal matches its fingerprint")
    return True


def main(argv: Sequence[str], out: TextIO | None = None) -> int:
    stream = sys.stdout if out is None else out
    p = argparse.ArgumentParser(
        prog="rummy-gui --verify",
        description="Check saved games against the fingerprints their deals showed.",
    )
    p.add_argument("files", nargs="+", type=Path, metavar="FILE")
    args = p.parse_args(list(argv))
    ok = True
    for path in args.files:
        ok = check(path, lambda line: print(line, file=stream)) and ok
    return 0 if ok else 1
