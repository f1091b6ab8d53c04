"""The bot levels are listed once (rummy_gui/levels.py): the bots, the saves,
the New game screen and the command line's demo all read that list."""

from __future__ import annotations

from rummy_gui import levels


def test_the_default_and_the_hint_level_are_levels() -> None:
    assert levels.DEFAULT_LEVEL in levels.LEVELS
    assert levels.HINT_LEVEL in levels.LEVELS


def test_the_bots_and_the_saves_use_the_one_list() -> None:
    from rummy_gui.bots import LEVELS, make_bot
    from rummy_gui.play import saves

    assert LEVELS is levels.LEVELS
    assert (saves.HUMAN, *levels.LEVELS) == saves.SEAT_KINDS
    for level in levels.LEVELS:
        assert make_bot(level, seed=1).level == level


def test_a_demo_plays_its_human_seats_at_the_default_level() -> None:
    from rummy_gui.play.session import bot_level

    assert bot_level("human") == levels.DEFAULT_LEVEL
    assert bot_level("hard") == "hard"
