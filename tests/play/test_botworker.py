"""The bots' child process speaks JSON and keeps an exact replica of the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.engine import Game
from rummy_gui.play import botworker
from rummy_gui.play.botworker import BotProcess


@pytest.fixture
def worker():
    process = BotProcess()
    yield process
    process.close()


def test_the_child_chooses_what_the_bot_would_choose_here(worker: BotProcess) -> None:
    g = Game.new("contract", 3, seed=5)
    g.undo_enabled = True
    for step in range(120):
        seat = g.to_act[0]
        text = worker.ask("medium", 3, seat, g.record())
        assert text == str(make_bot("medium", 3).choose(g.view(seat)))
        g.play(text)
        if step == 60 and g.can_undo:  # the record shrinks: the child must start again from it
            g.undo()


def test_a_bad_request_is_an_error_not_a_hang(worker: BotProcess) -> None:
    record = Game.new("rummy500", 3, seed=1).record()
    record["moves"] = ["1: discard ZZ"]
    with pytest.raises(RuntimeError):
        worker.ask("easy", 1, 1, record)
    good = Game.new("rummy500", 3, seed=1)
    assert worker.ask("easy", 1, good.to_act[0], good.record())  # it recovers


def test_no_pickle_crosses_the_pipe() -> None:
    source = Path(botworker.__file__).read_text(
        encoding="utf-8"
    )  # the imported module, tree or wheel
    assert "pickle" not in source


def test_every_bot_level_has_a_thinking_budget() -> None:
    from rummy_gui.levels import LEVELS

    assert set(botworker.BUDGET_SECONDS) == set(LEVELS)
