"""The stored replays of views: a replay is reused only for a game like its own."""

from __future__ import annotations

import dataclasses

from rummy_gui.bots import make_bot
from rummy_gui.bots.memory import forget, remember
from rummy_gui.engine import Game


def test_a_stored_replay_is_not_reused_for_another_player_count() -> None:
    """Move objects' ids are reused once freed, so two games can present the
    same (length, id) key with equal moves: the player count must match too."""
    forget()
    two = Game.new("rummy500", 2, seed=1)
    bot = make_bot("medium", seed=1)
    for _ in range(3):
        two.play(bot.choose(two.view(two.to_act[0])))
    small = two.view(0)
    assert len(remember(small).known) == 2
    three = Game.new("rummy500", 3, seed=1).view(0)
    alike = dataclasses.replace(
        three, log=small.log, upcard=small.upcard, reshuffled_at=small.reshuffled_at
    )
    assert len(remember(alike).known) == 3
