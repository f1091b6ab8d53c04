"""The network load test runs end to end on one small table."""

from __future__ import annotations

import argparse

import pytest

from lab.bench import net


@pytest.mark.long
def test_one_table_of_bot_clients_plays_a_whole_game_without_errors() -> None:
    figures = net.run(1, 1, {"preset": "rummy500", "options": {"target": 100}}, 300.0)
    assert figures["games finished"] == net.PLAYERS  # each client saw the end
    assert figures["errors"] == 0
    assert figures["moves"] > 0
    assert figures["round trip p99 ms"] is not None


@pytest.mark.long
def test_clients_that_think_before_each_move_play_whole_games_without_errors() -> None:
    table = {"preset": "rummy500", "options": {"target": 100}, "think": (1.0, 5.0), "games": 2,
             "saves": False}  # fmt: skip
    figures = net.run(1, 1, table, 300.0)
    assert figures["games finished"] == 2 * net.PLAYERS
    assert figures["errors"] == 0
    assert figures["think ms (low, high)"] == [1.0, 5.0]
    assert figures["autosaves"] is False


def test_the_thinking_time_is_a_range_of_milliseconds() -> None:
    assert net._think("200-800") == (200.0, 800.0)
    assert net._think("300") == (300.0, 300.0)
    for bad in ("800-200", "x", "-5", "1-99999"):
        with pytest.raises(argparse.ArgumentTypeError):
            net._think(bad)
