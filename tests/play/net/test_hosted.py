"""The host's own table: a local session whose remote seat is a client on loopback."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from rummy_gui.engine import Phase
from rummy_gui.play.net.client import Client
from rummy_gui.play.net.hosted import REMOTE, HostedSession, host_game
from rummy_gui.play.net.hosting import CONNECTED, EMPTY
from rummy_gui.play.session import SeatConfig

LIMIT = 120.0


@pytest.fixture
def hosted() -> Iterator[HostedSession]:
    seats = [SeatConfig("Host", "human"), SeatConfig("", REMOTE), SeatConfig("Bot", "easy")]
    session = host_game("rummy500", seats, {}, bind="127.0.0.1", threaded=False, bot_process=False)
    yield session
    session.close()


def test_a_client_joins_with_the_code_and_plays_a_whole_deal(hosted: HostedSession) -> None:
    h = hosted.hosting
    assert h.status(1) == EMPTY
    assert h.open_seats() == 1
    client = Client(f"ws://127.0.0.1:{h.port}", "Bea", code=h.code)
    end = time.monotonic() + LIMIT
    while h.status(1) != CONNECTED and time.monotonic() < end:
        client.poll()
        time.sleep(0.01)
    assert h.status(1) == CONNECTED
    assert client.seat == 1
    assert hosted.name(1) == "Bea"
    assert h.begun  # every remote seat taken: play begins
    rng = random.Random(5)
    remote_moves = 0
    while hosted.round == 1 and time.monotonic() < end:
        result = hosted.poll_bot()
        if result is not None:
            seat, move = result
            if hosted.remote(seat):
                remote_moves += 1
            hosted.play(seat, move)
            continue
        if 0 in hosted.to_act and hosted.phase is not Phase.GAME_OVER:
            hosted.play(0, rng.choice(hosted.legal(0)))
            continue
        client.poll()
        state = client.state
        mine = state is not None and state.my_turn and state.legal and not client.move_pending
        if mine and state is not None and state.at >= h.table.at:  # it saw the latest state
            client.play(rng.choice(state.legal))
        time.sleep(0.002)
    assert hosted.round == 2, "the first deal ended"
    assert remote_moves > 5
    client.close()


def test_a_refused_remote_move_goes_back_and_changes_nothing(hosted: HostedSession) -> None:
    h = hosted.hosting
    client = Client(f"ws://127.0.0.1:{h.port}", "Bea", code=h.code)
    end = time.monotonic() + LIMIT
    while (client.state is None or h.status(1) != CONNECTED) and time.monotonic() < end:
        client.poll()
        time.sleep(0.01)
    before = hosted.version
    client.play("discard AS")  # not seat 1's turn, and maybe not its card
    refused: list[dict[str, object]] = []
    while not refused and time.monotonic() < end:
        assert hosted.poll_bot() is None
        refused = [m for m in client.poll() if m["type"] == "refused"]
        time.sleep(0.01)
    assert refused
    assert hosted.version == before


def test_the_autosave_keeps_the_table_code_and_token_hashes(hosted: HostedSession) -> None:
    state = hosted.table_state()["hosting"]
    assert state["code"] == hosted.hosting.code
    assert state["remote"] == [False, True, False]
    assert state["tokens"] == [None, None, None]
