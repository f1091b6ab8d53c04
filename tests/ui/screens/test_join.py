"""Join a table (ui/screens/join.py): reached from the main menu; every way
joining fails is said on the screen in words and changes nothing (no table
opens, no game is replaced); a join that works opens the joined seat's table."""

from __future__ import annotations

import time
from typing import Any, ClassVar

import pytest

from rummy_gui.play.net import discovery, joining
from rummy_gui.play.net import protocol as p
from rummy_gui.play.net.client import Client
from rummy_gui.play.net.host import Host
from rummy_gui.play.net.remote_session import RemoteSession
from rummy_gui.play.net.serve import HostThread
from rummy_gui.ui.screens import join as join_screen
from rummy_gui.ui.screens.join import JoinScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.controls import Button
from tests.ui.ui_driver import click, frame, from_menu, made_table

LIMIT = 60.0


def table_of(h: HostThread, people: int) -> Client:
    """A table of three made on the host by another player: its maker's client."""
    return made_table(h, "Ann", people, lambda maker: maker.code is not None, LIMIT)


def open_join(app: App) -> JoinScene:
    return from_menu(app, "Join a table", JoinScene)


def join(app: App, scene: JoinScene, address: str, code: str, name: str = "Bea") -> str:
    """Fill the screen in, press Join, and run frames until it has an answer: what it says."""
    scene.fields["name"].text = name
    scene.fields["address"].text = address
    scene.fields["code"].text = code
    click(app, scene.join_button.rect.center)
    end = time.monotonic() + LIMIT
    while scene.attempt is not None:
        assert time.monotonic() < end, "the join screen got no answer"
        frame(app)
        time.sleep(0.02)
    return scene.said


def unchanged(app: App, scene: JoinScene) -> None:
    assert app.stack.top is scene
    assert app.session is None
    assert not any(isinstance(s, TableScene) for s in app.stack.scenes)


class FakeNetwork:
    """The local network's tables as the screen sees them (`join.NetworkTables`)."""

    tables_now: ClassVar[list[discovery.Found]] = []
    closed = 0

    def tables(self) -> list[discovery.Found]:
        return list(FakeNetwork.tables_now)

    def close(self) -> None:
        FakeNetwork.closed += 1


@pytest.fixture(autouse=True)
def _no_real_network(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(join_screen, "NetworkTables", FakeNetwork)
    FakeNetwork.tables_now = []


def test_the_screen_says_when_the_network_has_no_table(app: App) -> None:
    scene = open_join(app)
    frame(app)
    assert scene.found == []
    assert [b for b in scene.widgets if isinstance(b, Button) and " · " in b.label] == []


def test_the_network_s_tables_are_listed_as_they_come_and_a_click_puts_one_in(
    app: App,
) -> None:
    scene = open_join(app)
    frame(app)
    FakeNetwork.tables_now = [discovery.Found("Ann's table", "192.168.1.20", 8765, "persian", 2)]
    frame(app)
    listed = [b for b in scene.widgets if isinstance(b, Button) and " · " in b.label]
    assert [b.label for b in listed] == ["Ann's table · Persian Rummy · 2 seats free"]
    click(app, listed[0].rect.center)
    assert scene.fields["address"].text == "192.168.1.20:8765"
    closed = FakeNetwork.closed
    click(
        app,
        next(b for b in scene.widgets if isinstance(b, Button) and b.label == "Back").rect.center,
    )
    assert FakeNetwork.closed == closed + 1  # the browsing stops with the screen


@pytest.mark.parametrize(
    ("address", "code", "said"),
    [
        ("", "K7MW3Q", "is not a host's address"),
        ("host:99999", "K7MW3Q", "is not a host's address"),
        ("127.0.0.1:8765", "", "4 to 16 letters"),
    ],
)
def test_what_cannot_be_a_table_is_said_before_anything_is_sent(
    app: App, address: str, code: str, said: str
) -> None:
    scene = open_join(app)
    assert said in join(app, scene, address, code)
    unchanged(app, scene)


def test_a_code_no_table_has(app: App, host: HostThread) -> None:
    scene = open_join(app)
    said = join(app, scene, f"127.0.0.1:{host.port}", "NOSUCH")
    assert said == joining.REFUSALS["bad_code"]
    unchanged(app, scene)


def test_a_full_table(app: App, host: HostThread) -> None:
    maker = table_of(host, people=1)
    try:
        scene = open_join(app)
        said = join(app, scene, f"127.0.0.1:{host.port}", str(maker.code))
        assert said == joining.REFUSALS["table_full"]
        unchanged(app, scene)
    finally:
        maker.close()


def test_a_host_that_speaks_another_version(
    app: App, host: HostThread, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = p.hello

    def newer(code: str, name: str, token: str | None = None) -> dict[str, Any]:
        return {**real(code, name, token), "version": p.VERSION + 1}

    monkeypatch.setattr(p, "hello", newer)
    scene = open_join(app)
    said = join(app, scene, f"127.0.0.1:{host.port}", "ABCDEF")
    assert said == joining.REFUSALS["version"]
    unchanged(app, scene)


def test_a_host_that_cannot_be_reached(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    gone = HostThread(Host(None))
    port = gone.port
    gone.stop()  # nobody listens on that port now
    monkeypatch.setattr(joining, "REACH", 0.5)
    scene = open_join(app)
    said = join(app, scene, f"127.0.0.1:{port}", "ABCDEF")
    assert said == joining.UNREACHABLE.format(address=f"127.0.0.1:{port}")
    unchanged(app, scene)


def test_a_join_that_works_opens_the_joined_seats_table(app: App, host: HostThread) -> None:
    maker = table_of(host, people=2)
    try:
        scene = open_join(app)
        assert join(app, scene, f"127.0.0.1:{host.port}", str(maker.code).lower()) == ""
        table = app.stack.top
        assert isinstance(table, TableScene)
        assert isinstance(app.session, RemoteSession)
        assert table.session is app.session
        assert table.viewer == 1 == app.session.seat
        frame(app, 3)  # frames go on: the table takes the host's news
    finally:
        maker.close()
