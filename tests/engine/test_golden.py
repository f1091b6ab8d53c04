"""Golden playthroughs: a few seeded games played by a seeded policy, written
move by move with the hands at each deal's start and the scores at its end,
and compared on every run with tests/engine/golden/*.txt.

A difference means the engine now deals, accepts, enumerates or scores
something differently for the same seed. If that change is intended, look at
the diff, then regenerate the files with

    RUMMY_REGEN_GOLDEN=1 python -m pytest tests/engine/test_golden.py

and commit them with the change that explains them.

The policy chooses from the sorted move texts (not the engine's enumeration
order), so only changes in *what* is legal move the playthrough.
"""

from __future__ import annotations

import difflib
import os
import random
from pathlib import Path

import pytest

from rummy_gui.engine import Game, Move

GOLDEN_DIR = Path(__file__).parent / "golden"
REGEN = os.environ.get("RUMMY_REGEN_GOLDEN") == "1"
MAX_MOVES = 400
MAX_DEALS = 2

GAMES = [
    ("rummy500", 3, 1, None),
    ("rummy500-classic", 2, 2, None),
    ("persian", 4, 3, None),
    ("pinochle", 3, 4, None),
    ("contract", 4, 5, None),
    ("liverpool", 3, 6, None),
    ("shanghai", 3, 7, {"buying": True}),
]


def pick(texts: list[str], phase: str, rng: random.Random) -> str:
    def body(t: str) -> str:
        return t.split(": ", 1)[1]

    if phase == "play":
        good = [t for t in texts if body(t).split()[0] in ("contract", "meld", "layoff", "swap")]
        if good and rng.random() < 0.9:
            return rng.choice(good)
        discards = [t for t in texts if body(t).startswith("discard")]
        return rng.choice(discards or texts)
    if phase == "draw":
        draws = [t for t in texts if body(t) == "draw"]
        if draws and rng.random() < 0.75:
            return draws[0]
    if phase == "claim":
        passes = [t for t in texts if body(t) == "pass"]
        if passes and rng.random() < 0.8:
            return rng.choice(passes)
    return rng.choice(texts)


def cards_text(cards) -> str:
    return " ".join(str(c) for c in cards)


def playthrough(preset: str, players: int, seed: int, options) -> str:
    g = Game.new(preset, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    out = [f"# preset {preset}, {players} players, seed {seed}, options {options}"]
    deals = 0
    dealt_round = None

    def deal_start() -> None:
        out.append(
            f"# deal {g.round}: dealer {g.dealer}, upcard {cards_text(g.discard_pile)}, "
            f"stock {g.stock_count}"
        )
        out.extend(f"#   hand {s}: {cards_text(g.hand(s))}" for s in range(players))

    if g.phase != "cut":
        deal_start()
        dealt_round = g.round
    moves = 0
    while not g.game_over and moves < MAX_MOVES:
        texts = sorted(str(m) for m in g.legal_moves)
        text = pick(texts, g.phase, rng)
        played = g.play(text)
        assert str(played) == text
        out.append(text)
        moves += 1
        if g.deal_over or g.game_over:
            if g.deal_scores is not None and (g.deal_over or g.game_over):
                out.append(f"# deal scores {list(g.deal_scores)}, totals {list(g.totals)}")
            deals += 1
            if g.game_over or deals >= MAX_DEALS:
                break
        elif g.phase not in ("cut",) and dealt_round != g.round:
            deal_start()
            dealt_round = g.round
    if g.game_over:
        out.append(f"# game over: winners {list(g.winners)}, totals {list(g.totals)}")
    else:
        out.append(f"# stopped after {moves} moves: round {g.round}, phase {g.phase}")
    # the playthrough replays from its record
    assert Game.from_record(g.record()) == g
    replay = Game.new(preset, players=players, seed=seed, options=options)
    for line in out:
        if not line.startswith("#"):
            replay.play(Move.parse(line))
    assert replay == g
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(
    ("preset", "players", "seed", "options"),
    GAMES,
    ids=[f"{p}-{n}-seed{s}" for p, n, s, _ in GAMES],
)
def test_golden_playthrough(preset, players, seed, options):
    path = GOLDEN_DIR / f"{preset}-{players}p-seed{seed}.txt"
    text = playthrough(preset, players, seed, options)
    if REGEN:
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return
    assert path.exists(), f"{path} is missing: run with RUMMY_REGEN_GOLDEN=1 to write it"
    want = path.read_text(encoding="utf-8")
    if text != want:
        diff = "".join(
            list(
                difflib.unified_diff(
                    want.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    fromfile=str(path),
                    tofile="this run",
                )
            )[:60]
        )
        pytest.fail(f"the playthrough differs from {path.name}:\n{diff}")


def test_golden_is_deterministic():
    a = playthrough("rummy500", 3, 11, None)
    b = playthrough("rummy500", 3, 11, None)
    assert a == b
