"""The network load test runs end to end on one small table."""

from __future__ import annotations

import pytest

from lab.bench import net


@pytest.mark.long
def test_one_table_of_bot_clients_plays_a_whole_game_without_errors() -> None:
    figures = net.run(1, 1, {"preset": "rummy500", "options": {"target": 100}}, 300.0)
    assert figures["games finished"] == net.PLAYERS  # each client saw the end
    assert figures["errors"] == 0
    assert figures["moves"] > 0
    assert figures["round trip p99 ms"] is not None
