"""Round trips: every preset, mid-deal, mid-claim, between deals and game over."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rummy_gui.engine import Game
from rummy_gui.play import saveload, saves
from tests.play.saves.positions import cases, pick, position, seats_for, shanghai_call_window


def play_on_identically(original: Game, loaded: Game, moves: int = 60) -> None:
    """The loaded game offers the same moves and stays equal move after move."""
    rng = random.Random(11)
    for _ in range(moves):
        assert loaded == original
        assert list(loaded.legal_moves) == list(original.legal_moves)
        assert loaded.to_act == original.to_act
        if original.game_over:
            return
        move = pick(original, rng)
        assert original.play(move) == loaded.play(move)
    assert loaded == original


@pytest.mark.parametrize(("preset", "stage"), cases())
def test_round_trip_every_preset_and_stage(preset: str, stage: str) -> None:
    g = position(preset, stage)
    seats = seats_for(g.players)
    table = {"hand_order": [[str(c) for c in g.hand(0)]], "show_scores": True}
    path = saves.write(saves.autosave_path(), g, seats, table)
    saved = saveload.read(path)
    assert saved.game == g
    assert saved.game.record() == g.record()
    assert saved.seats == tuple(seats)
    assert saved.table == table
    assert saved.version == saves.SAVE_VERSION
    assert saved.problem is None
    assert saved.saved_at is not None
    play_on_identically(g, saved.game)


def test_claim_window_half_answered_is_restored_exactly() -> None:
    g = position("rummy500", "mid-claim")
    assert len(g.to_act) == 2
    g.play(f"{g.to_act[0]}: pass")
    saves.write(saves.autosave_path(), g, seats_for(g.players))
    loaded = saveload.read(saves.autosave_path()).game
    assert loaded == g
    assert loaded.to_act == g.to_act
    assert loaded.claim == g.claim
    play_on_identically(g, loaded)


def test_shanghai_call_window_round_trip() -> None:
    g = shanghai_call_window()
    saves.write(saves.autosave_path(), g, seats_for(g.players))
    loaded = saveload.read(saves.autosave_path()).game
    assert loaded.claim is not None
    assert loaded.claim.kind == "shanghai"
    play_on_identically(g, loaded)


def test_house_rules_and_seed_survive() -> None:
    g = Game.new("rummy500", players=2, seed=987654321, options={"target": 300, "min_run": 4})
    saves.write(saves.autosave_path(), g, seats_for(2))
    loaded = saveload.read(saves.autosave_path()).game
    assert loaded.rules == g.rules
    assert loaded.rules.target == 300
    assert loaded.rules.min_run == 4
    assert loaded.seed == g.seed


def test_the_table_seats_from_the_ui_are_accepted() -> None:
    """The table passes its own seat objects (name + kind) or plain dicts."""

    class TableSeat:
        def __init__(self, name: str, kind: str) -> None:
            self.name = name
            self.kind = kind

    g = Game.new("rummy500", players=3, seed=1)
    seats: list[saves.Seat | saves.SeatLike | dict[str, object]] = [
        TableSeat("Ann", "human"),
        {"name": "Bo", "kind": "easy", "seed": 7},
        saves.Seat("Cy", "medium", 8, "red"),
    ]
    saves.write(saves.autosave_path(), g, seats)
    assert saveload.read(saves.autosave_path()).seats == (
        saves.Seat("Ann"),
        saves.Seat("Bo", "easy", 7),
        saves.Seat("Cy", "medium", 8, "red"),
    )


def test_autosave_after_every_move_keeps_up(home: Path) -> None:
    g = position("rummy500", "mid-deal")
    rng = random.Random(5)
    for _ in range(20):
        g.play(pick(g, rng))
        saves.write(saves.autosave_path(), g, seats_for(g.players))
    assert saveload.read(saves.autosave_path()).game == g
    assert saves.autosave_path().parent == home / "data"
