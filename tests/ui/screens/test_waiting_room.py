"""The host's side in the window: the seat type "Player on another computer"
in New game, the waiting room (code, addresses, who joined), and the table
with a player on another computer."""

from __future__ import annotations

import errno
import socket
import time
from typing import Any

import pytest

from rummy_gui.i18n import _
from rummy_gui.play.narrate import is_you
from rummy_gui.play.net import hosted
from rummy_gui.play.net.client import Client
from rummy_gui.play.net.hosted import HostedSession
from rummy_gui.play.net.hosting import AWAY
from rummy_gui.play.session import REMOTE
from rummy_gui.ui.screens import new_game, waiting_room
from rummy_gui.ui.screens.new_game import NewGameScene
from rummy_gui.ui.screens.waiting_room import WaitingRoomScene, spaced
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.draw_seats import badge_lines
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.controls import Cycler
from tests.ui.ui_driver import frame

LIMIT = 60.0


@pytest.fixture(autouse=True)
def quiet_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests host on loopback, on a free port, and advertise nothing on the machine's networks."""
    real = hosted.host_game

    def on_loopback(*args: Any, **kw: Any) -> HostedSession:
        kw["bind"] = "127.0.0.1"
        return real(*args, **kw)

    monkeypatch.setattr(hosted, "host_game", on_loopback)
    monkeypatch.setattr(new_game, "DEFAULT_PORT", 0)
    monkeypatch.setattr(HostedSession, "advertise", lambda *_args: None)


def seat_kinds(scene: NewGameScene) -> list[object]:
    """The kinds offered in the seats' choosers (the column right of the names)."""
    cyclers = [w for w in scene.widgets if isinstance(w, Cycler) and REMOTE in w.values]
    assert len(cyclers) == scene.players
    return cyclers[0].values


def new_game_with(app: App, kinds: list[str]) -> NewGameScene:
    scene = NewGameScene(app)
    app.push(scene)
    scene.kinds[: len(kinds)] = kinds
    scene._set_players(len(kinds))
    frame(app)
    return scene


def test_new_game_offers_a_player_on_another_computer(app: App) -> None:
    scene = new_game_with(app, ["human", "medium"])
    kinds = seat_kinds(scene)
    assert kinds[:2] == ["human", REMOTE]
    assert new_game._seat_kind_text(REMOTE) == _("On another computer")


def test_remote_seats_without_a_player_here_are_refused_and_nothing_starts(app: App) -> None:
    scene = new_game_with(app, [REMOTE, "easy"])
    scene._start()
    frame(app)
    assert scene.problem == new_game.seats_problem(
        [new_game.SeatConfig("a", REMOTE), new_game.SeatConfig("b", "easy")]
    )
    assert scene.problem
    assert app.stack.top is scene
    assert app.session is None


def test_a_host_that_cant_listen_says_why_and_nothing_starts(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_args: Any, **_kw: Any) -> HostedSession:
        raise OSError(errno.EADDRINUSE, "Address already in use")

    monkeypatch.setattr(hosted, "host_game", refuse)
    scene = new_game_with(app, ["human", REMOTE])
    scene._start()
    frame(app)
    assert scene.problem == _("The table can't be hosted: {reason}").format(
        reason="Address already in use"
    )
    assert app.stack.top is scene
    assert app.session is None


def test_a_taken_port_hosts_on_a_free_one(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        monkeypatch.setattr(new_game, "DEFAULT_PORT", port)
        new_game_with(app, ["human", REMOTE])._start()
        frame(app)
        room = app.stack.top
        assert isinstance(room, WaitingRoomScene)
        assert room.hosting.port not in (0, port)
        room._back()
    finally:
        taken.close()


def test_a_player_joins_the_waiting_room_with_the_code_and_the_table_shows_them(
    app: App,
) -> None:
    new_game_with(app, ["human", REMOTE, "easy"])._start()
    frame(app)
    room = app.stack.top
    assert isinstance(room, WaitingRoomScene)
    code = room.hosting.code
    assert spaced(code).replace(" ", "") == code
    assert room.seat_lines()[1] == (room.session.name(1), _("waiting for a player"), True)
    assert all(a.endswith(f":{room.hosting.port}") for a in room.addresses)
    client = Client(f"ws://127.0.0.1:{room.hosting.port}", "Bea", code=code)
    try:
        end = time.monotonic() + LIMIT
        while not isinstance(app.stack.top, TableScene) and time.monotonic() < end:
            client.poll()
            frame(app)
            time.sleep(0.01)
        table = app.stack.top
        assert isinstance(table, TableScene), "play began once the remote seat was taken"
        assert app.session is room.session
        name, note, _points = badge_lines(table, 1)
        assert (name, note) == ("Bea", _("on another computer"))
        while client.state is None and time.monotonic() < end:
            client.poll()
            client.wait(0.05)
        assert client.state is not None
        host_name = client.state.seats[0]["name"]  # the host's seat, as Bea's table names it
        assert host_name == room.table_name
        assert not is_you(host_name)  # "You" there would be Bea: her table would say "Your turn"
        assert is_you(table.session.name(0))  # here the host is still "You"
        assert not table.session.is_human(1)
        client.close()
        while room.hosting.status(1) != AWAY and time.monotonic() < end:
            time.sleep(0.01)
        assert badge_lines(table, 1)[1].startswith("disconnected — seat kept for ")
    finally:
        client.close()


def test_stop_hosting_closes_the_host(app: App) -> None:
    new_game_with(app, ["human", REMOTE])._start()
    frame(app)
    room = app.stack.top
    assert isinstance(room, WaitingRoomScene)
    port = room.hosting.port
    room._back()
    frame(app)
    assert isinstance(app.stack.top, NewGameScene)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", port), timeout=2).close()


def test_grace_texts() -> None:
    assert waiting_room.grace_text(30.0) == _("{n} s").format(n=30)
    assert waiting_room.grace_text(120.0) == _("{n} min").format(n=2)
