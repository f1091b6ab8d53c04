"""The bots' worker process stays small (issue 18: game + bot process within
150 MB): it never loads pygame or SDL."""

from __future__ import annotations

import os

import pytest

from rummy_gui.engine import Game
from rummy_gui.play import botworker


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
def test_the_bot_process_loads_no_pygame_and_no_sdl() -> None:
    game = Game.new("rummy500", 3, seed=4)
    process = botworker.BotProcess()
    try:
        move = process.ask("medium", 1, game.turn, game.record())
        assert move  # the bots and the engine are loaded and answered
        with open(f"/proc/{process.pid}/maps") as f:
            maps = f.read().lower()
        assert "pygame" not in maps
        assert "libsdl" not in maps
    finally:
        process.close()
