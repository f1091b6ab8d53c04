"""A joined seat's table (a RemoteSession over a real host on loopback):
the host's news reach the table frame by frame, a deal's end stays until
its summary is left, and a host that closes dims the table under the
waiting panel (ui/table/waiting.py), which offers to leave."""

from __future__ import annotations

import random
import time

from rummy_gui.engine import Phase
from rummy_gui.i18n import _
from rummy_gui.play.net.remote_session import HOST_CLOSED, RemoteSession
from rummy_gui.play.net.serve import HostThread
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.overlays import DealSummaryScene
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.table.waiting import WaitingScene
from tests.ui.ui_driver import click, frame, made_table

LIMIT = 120.0


def joined_table(app: App, h: HostThread) -> TableScene:
    """The table of Bea, who made a table of three for herself on the host, once it has her seat."""
    client = made_table(h, "Bea", 1, lambda c: c.state is not None and c.seat is not None, LIMIT)
    app.session = RemoteSession(client)
    app.rooms.table(app.session)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    return scene


def run_until(app: App, done: object, play: TableScene | None = None) -> None:
    """Frames (the player's random legal moves at `play`) until `done()` holds."""
    rng = random.Random(3)
    end = time.monotonic() + LIMIT
    while not done():  # type: ignore[operator]
        assert time.monotonic() < end, "the table did not get there"
        if play is not None and app.stack.top is play and play.legal():
            play.play(rng.choice(play.legal()))
        frame(app)
        time.sleep(0.01)


def test_a_deal_end_stays_on_the_table_until_its_summary_is_left(
    app: App, host: HostThread
) -> None:
    table = joined_table(app, host)
    run_until(app, lambda: isinstance(app.stack.top, DealSummaryScene), play=table)
    assert table.session.phase is Phase.DEAL_OVER  # however soon the host's bot deals again
    summary = app.stack.top
    assert isinstance(summary, DealSummaryScene)
    frame(app, 5)
    assert app.stack.top is summary
    assert table.session.phase is Phase.DEAL_OVER
    click(app, summary.buttons[0].rect.center)  # Next deal
    run_until(app, lambda: table.view.round == 2 and table.session.phase is not Phase.DEAL_OVER)
    assert table.view.hand_sizes[table.viewer] > 0


def test_a_host_that_closes_dims_the_table_and_the_player_may_leave(
    app: App, host: HostThread
) -> None:
    table = joined_table(app, host)
    frame(app, 2)
    assert app.stack.top is table
    host.stop()
    run_until(app, lambda: isinstance(app.stack.top, WaitingScene))
    panel = app.stack.top
    assert isinstance(panel, WaitingScene)
    run_until(app, lambda: panel.session.waiting == _(HOST_CLOSED))
    frame(app, 3)  # the frames go on while it waits
    assert app.stack.top is panel
    click(app, panel.buttons[0].rect.center)  # Leave the table
    assert isinstance(app.stack.top, MainMenu)
    assert app.session is None
    assert table.session.waiting is not None  # its connection is closed for good
