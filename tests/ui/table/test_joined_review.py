"""A joined seat's table (a RemoteSession over a real host on loopback)
offers the deal review of its own decisions at the deal's end, and the
review shows the positions the seat saw; the hint is followed step by step
once the host has played each step."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator

import pytest

from rummy_gui.hints import Hint
from rummy_gui.play.net.host import Host
from rummy_gui.play.net.serve import HostThread
from rummy_gui.ui.screens.review import ReviewScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.overlays import DealSummaryScene
from tests.play.net.test_remote_session import OUT_AT_ONCE
from tests.ui.table.test_waiting import LIMIT, joined_table, run_until
from tests.ui.ui_driver import click, frame


@pytest.fixture
def host() -> Iterator[HostThread]:
    h = HostThread(Host(None, grace=60.0, standin="easy"))
    yield h
    h.stop()


# None: the host's own random deal; OUT_AT_ONCE: a bot goes out before this seat moves
DEALS = [None, OUT_AT_ONCE]


@pytest.mark.parametrize("seed", DEALS)
def test_the_deal_summary_at_a_joined_table_offers_the_seats_own_review(
    app: App, host: HostThread, monkeypatch: pytest.MonkeyPatch, seed: int | None
) -> None:
    if seed is not None:  # the table's seed (NetTable.create draws it)
        monkeypatch.setattr(secrets, "randbelow", lambda _n: seed)
    table = joined_table(app, host)
    run_until(app, lambda: isinstance(app.stack.top, DealSummaryScene), play=table)
    summary = app.stack.top
    assert isinstance(summary, DealSummaryScene)
    while not table.session.decisions(table.viewer):  # a bot went out before this seat moved
        click(app, summary.buttons[0].rect.center)  # Next deal
        run_until(app, lambda gone=summary: app.stack.top is not gone
                  and isinstance(app.stack.top, DealSummaryScene), play=table)  # fmt: skip
        summary = app.stack.top
        assert isinstance(summary, DealSummaryScene)
    labels = [b.label for b in summary.buttons]
    assert "Review this deal" in labels
    assert "Replay last deal" not in labels  # every hand is the host's
    review = next(b for b in summary.buttons if b.label == "Review this deal")
    click(app, review.rect.center)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    assert scene.kept == table.session.decisions(table.viewer)
    assert scene.kept
    end = time.monotonic() + LIMIT
    while scene.computing:
        assert time.monotonic() < end, "the review did not end"
        frame(app)
        time.sleep(0.05)
    assert scene.error is None
    for k, finding in enumerate(scene.findings or ()):
        scene.index = k
        shown = scene.view()
        assert shown is scene.kept[finding.position][0]  # the position as the seat saw it
        assert shown.seat == table.viewer
        frame(app)
    scene.close()
    assert app.stack.top is summary


@pytest.mark.parametrize("seed", DEALS)
def test_the_hint_at_a_joined_table_goes_on_once_the_host_plays_its_step(
    app: App, host: HostThread, monkeypatch: pytest.MonkeyPatch, seed: int | None
) -> None:
    if seed is not None:
        monkeypatch.setattr(secrets, "randbelow", lambda _n: seed)
    table = joined_table(app, host)
    hints = table.hints
    followed: list[Hint] = []
    end = time.monotonic() + LIMIT
    # The host deals at random, and a short deal may offer no hint of two
    # steps; such a deal is left for the next one.
    while not followed:
        assert time.monotonic() < end, "no hint of more than one step came"
        frame(app)
        top = app.stack.top
        if isinstance(top, DealSummaryScene):
            click(app, top.buttons[0].rect.center)  # Next deal
            continue
        if not table.legal() or top is not table:
            time.sleep(0.01)
            continue
        hints.ask()
        advice = hints.advice
        assert advice is not None
        table.play(advice.moves[0])  # its first step: it goes to the host
        if len(advice.moves) >= 2:
            run_until(app, lambda: not table.session.bot_thinking())
            assert hints.advice is not None
            assert hints.advice.moves == advice.moves[1:]
            followed.append(advice)
