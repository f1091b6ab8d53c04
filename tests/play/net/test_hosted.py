"""The host's own table: a local session whose remote seat is a client on loopback."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator

import pytest

from rummy_gui.engine import Phase
from rummy_gui.play import saves
from rummy_gui.play.net import discovery
from rummy_gui.play.net import hosted as hosted_module
from rummy_gui.play.net.client import Client
from rummy_gui.play.net.hosted import REMOTE, HostedSession, host_game
from rummy_gui.play.net.hosting import AWAY, CONNECTED, EMPTY, STANDIN, Hosting
from rummy_gui.play.resume import open_autosave
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
    _joined(h, client)
    end = time.monotonic() + LIMIT
    assert client.seat == 1
    assert hosted.name(1) == "Bea"
    hosted.sync()
    assert hosted.seats[1].name == "Bea"  # the badge's letter follows the name
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
    # A deal may end early (a bot with jokers goes out in a few turns): the
    # client played in it, and the deal ended.
    assert remote_moves > 0
    client.close()


def test_a_refused_remote_move_goes_back_and_changes_nothing(hosted: HostedSession) -> None:
    h = hosted.hosting
    client = Client(f"ws://127.0.0.1:{h.port}", "Bea", code=h.code)
    _joined(h, client)
    end = time.monotonic() + LIMIT
    before = hosted.version
    client.play("discard AS")  # no deal starts with a discard
    client.send_raw('{"type": "move", "move": "garbage", "at": 0}')
    client.send_raw('{"type": "move", "move": "2: take 1", "at": 0}')  # another seat's
    refused: list[dict[str, object]] = []
    while len(refused) < 3 and time.monotonic() < end:
        result = hosted.poll_bot()  # a bot's move may come; it is not played here
        assert result is None or result[0] != 1
        refused += [m for m in client.poll() if m["type"] == "refused"]
        time.sleep(0.01)
    assert sorted(str(m["move"]) for m in refused) == ["2: take 1", "discard AS", "garbage"]
    assert {m["move"]: m["code"] for m in refused}["2: take 1"] == "not_your_seat"
    assert hosted.version == before


def _joined(h: Hosting, client: Client) -> None:
    end = time.monotonic() + LIMIT
    while (client.state is None or h.status(client.seat or 0) != CONNECTED) and (
        time.monotonic() < end
    ):
        client.poll()
        time.sleep(0.01)
    assert h.status(1) == CONNECTED


def test_continue_hosts_the_table_again_and_the_player_rejoins_with_the_token() -> None:
    seats = [SeatConfig("Host", "human"), SeatConfig("", REMOTE), SeatConfig("Bot", "easy")]
    first = host_game("rummy500", seats, {}, bind="127.0.0.1", threaded=False,
                      bot_process=False, autosave_enabled=True)  # fmt: skip
    h = first.hosting
    client = Client(f"ws://127.0.0.1:{h.port}", "Bea", code=h.code)
    _joined(h, client)
    token, code = client.token, h.code
    assert token is not None
    if 0 in first.to_act:
        first.play(0, first.legal(0)[0])
    first.autosave()
    moves = len(first.game.moves)
    first.close()  # the host quits: the autosave is written
    client.close()
    session, problem = open_autosave()
    assert problem == ""
    assert isinstance(session, HostedSession)
    try:
        again = session.hosting
        assert again.code == code
        assert len(session.game.moves) == moves
        assert session.remote(1)
        assert not session.is_human(1)
        assert again.status(1) == AWAY  # kept for the grace time
        back = Client(f"ws://127.0.0.1:{again.port}", "Bea", code=code, token=token)
        _joined(again, back)
        assert back.seat == 1
        back.close()
    finally:
        session.close()


def test_a_table_continued_from_its_autosave_is_on_the_local_network_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What "Join a table" lists (a real browser, on loopback) finds the table
    again under its name once Continue hosts it again."""

    def on_loopback(name: str, port: int, preset: str, open_seats: int) -> discovery.Advert:
        return discovery.Advert(name, port, preset, open_seats, interfaces=["127.0.0.1"])

    monkeypatch.setattr(hosted_module, "advertise", on_loopback)
    seats = [SeatConfig("You", "human"), SeatConfig("", REMOTE)]
    first = host_game("rummy500", seats, {}, bind="127.0.0.1", threaded=False,
                      bot_process=False, autosave_enabled=True,
                      shown_names=["Ann", "Player 2"])  # fmt: skip
    first.advertise("Ann's table")
    assert first.advert is not None
    assert first.advert.wait(), first.advert.error
    first.autosave()
    first.advert.close(wait=True)  # its goodbye said: the name is free again
    first.close()
    session, _problem = open_autosave()
    assert isinstance(session, HostedSession)
    browser = discovery.Browser(interfaces=["127.0.0.1"])
    try:
        assert session.advert is not None
        assert session.advert.wait(), session.advert.error
        browser.start()
        end = time.monotonic() + LIMIT
        port = session.hosting.port

        def found() -> list[tuple[str, str]]:  # (other hosts on the machine may be listed too)
            return [(f.name, f.preset) for f in browser.tables() if f.port == port]

        while not found():
            assert time.monotonic() < end, "the table was not found on the local network"
            time.sleep(0.05)
        assert found() == [("Ann's table", "rummy500")]
        assert session.hosting.name(0) == "Ann"  # as the others see her, "You" here
        assert session.name(0) == "You"
    finally:
        browser.close()
        session.close()


def test_a_tampered_hosting_record_opens_as_a_local_game() -> None:
    seats = [SeatConfig("Host", "human"), SeatConfig("", REMOTE)]
    first = host_game("rummy500", seats, {}, bind="127.0.0.1", threaded=False,
                      bot_process=False, autosave_enabled=True)  # fmt: skip
    first.autosave()
    first.close()
    path = saves.autosave_path()
    doc = json.loads(path.read_text("utf-8"))
    doc["table"]["hosting"]["tokens"] = ["../../etc/passwd", None]
    path.write_text(json.dumps(doc), "utf-8")
    session, _problem = open_autosave()
    assert session is not None
    assert not isinstance(session, HostedSession)
    session.close()


def test_a_dropped_player_is_played_by_the_stand_in_until_they_come_back(
    hosted: HostedSession,
) -> None:
    h = hosted.hosting
    h.set_rules(0.1, "random")
    client = Client(f"ws://127.0.0.1:{h.port}", "Bea", code=h.code)
    _joined(h, client)
    token = client.token
    client.close()
    end = time.monotonic() + LIMIT
    while hosted.seat_status(1) != STANDIN and time.monotonic() < end:
        time.sleep(0.01)
    assert hosted.seat_status(1) == STANDIN
    assert hosted.level(1) == "random"
    rng = random.Random(3)
    stood_in = 0
    while stood_in < 2 and time.monotonic() < end:
        result = hosted.poll_bot()
        if result is not None:
            stood_in += result[0] == 1
            hosted.play(*result)
        elif 0 in hosted.to_act:
            hosted.play(0, rng.choice(hosted.legal(0)))
    assert stood_in == 2
    back = Client(f"ws://127.0.0.1:{h.port}", "Bea", code=h.code, token=token)
    _joined(h, back)
    assert not h.bot_plays(1)
    assert 1 not in hosted.bots
    back.close()
