"""`rummy-gui --verify FILE` (play/verify.py): a saved game is replayed and
every deal checked against the fingerprint it showed; a file with a changed
seed or a changed move is refused."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rummy_gui.engine import PRESETS, Game
from rummy_gui.engine.fairness import short
from rummy_gui.play import saves
from rummy_gui.play.table_view import table_view
from rummy_gui.play.verify import main

FIXTURE = Path(__file__).resolve().parent / "saves" / "fixtures" / "save-v1.json"


def saved(tmp_path: Path, preset: str, deals: int = 2, seed: int = 3) -> tuple[Path, Game]:
    rules = PRESETS[preset]
    players = rules.min_players if rules.min_players > 2 else 3
    g = Game.new(preset, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if g.round >= deals or g.game_over:
            break
        g.play(rng.choice(list(g.legal_moves)))
    seats = [{"name": f"P{i}", "kind": "human" if i == 0 else "medium"} for i in range(players)]
    path = tmp_path / f"{preset}.json"
    saves.write(path, g, seats)
    return path, g


def run(*paths: Path) -> tuple[int, list[str]]:
    out = io.StringIO()
    code = main([str(p) for p in paths], out)
    return code, out.getvalue().splitlines()


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_saved_game_of_every_preset_checks(tmp_path: Path, preset: str) -> None:
    path, g = saved(tmp_path, preset)
    code, lines = run(path)
    assert code == 0, lines
    deal_lines = [line for line in lines if line.startswith("deal ")]
    assert len(deal_lines) == g.round  # one line per deal
    assert short(g.fingerprint or "") in deal_lines[-1]
    assert lines[-1].endswith("every deal matches its fingerprint")


def test_a_save_from_before_fingerprints_replays_and_says_so() -> None:
    code, lines = run(FIXTURE)
    assert code == 0
    assert "no fingerprints" in lines[0]


def _another_seed(doc: dict[str, Any]) -> None:
    doc["game"]["seed"] += 1


def _another_fingerprint(doc: dict[str, Any]) -> None:
    doc["game"]["deals"][0]["fingerprint"] = "f" * 64


def _another_move(doc: dict[str, Any]) -> None:
    moves = doc["game"]["moves"]
    first = next(i for i, m in enumerate(moves) if m.endswith(": draw"))
    moves[first] = moves[first].replace("draw", "take 1")  # another draw than the one played


@pytest.mark.parametrize(
    ("preset", "change", "said"),
    [
        ("rummy500", _another_seed, "refused"),
        ("contract", _another_fingerprint, "deal 1: its fingerprint does not match its seed"),
        ("rummy500", _another_move, "refused"),
    ],
    ids=["seed", "fingerprint", "move"],
)
def test_a_changed_save_is_refused(
    tmp_path: Path, preset: str, change: Callable[[dict[str, Any]], None], said: str
) -> None:
    path, _ = saved(tmp_path, preset)
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))
    code, lines = run(path)
    assert code == 1
    assert said in lines[0]


def test_a_file_that_is_no_game_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}')
    missing = tmp_path / "missing.json"
    code, lines = run(bad, missing)
    assert code == 1
    assert [line.split(":")[0] for line in lines] == [str(bad), str(missing)]


def test_the_command_line_checks_without_a_window(tmp_path: Path) -> None:
    path, _ = saved(tmp_path, "shanghai")
    done = subprocess.run(
        [sys.executable, "-m", "rummy_gui", "--verify", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "pygame" not in done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].endswith("every deal matches its fingerprint")


def test_the_end_of_a_deal_tells_its_fingerprint_and_seed() -> None:
    from rummy_gui import i18n
    from rummy_gui.engine.fairness import deal_seed
    from rummy_gui.ui.table.overlays import fingerprint_line

    i18n.set_language("en")
    g = Game.from_layout("rummy500", ["2C 3C 4C", "5H 6H 7H 9S"], "KD QD", "8C", seed=3)
    assert fingerprint_line(table_view(g, 0)) == ""  # a position set up by hand was not shuffled
    for move in ("0: draw", "0: meld 2C 3C 4C", "0: discard KD", "0: deal"):
        g.play(move)
    while not g.deal_over:
        g.play(next(iter(g.legal_moves)))
    said = fingerprint_line(table_view(g, 0))
    assert short(g.fingerprint or "") in said
    assert str(deal_seed(3, 2)) in said
