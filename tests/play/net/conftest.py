"""A host on a thread of the test's process, and players driven by the test."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from rummy_gui.play.net.client import Client
from rummy_gui.play.net.host import Host
from rummy_gui.play.net.serve import HostThread

LIMIT = 120.0  # seconds a game may take before a test fails (never reached)


@pytest.fixture
def host() -> Iterator[HostThread]:
    h = HostThread(Host(None, grace=60.0, standin="easy"))
    yield h
    h.stop()


def url(h: HostThread) -> str:
    return f"ws://127.0.0.1:{h.port}"


def make_table(
    h: HostThread, preset: str, players: int, people: int, options: dict[str, Any] | None = None
) -> list[Client]:
    """A table made by one player and joined by the others: their clients, by seat."""
    table = {"preset": preset, "players": players, "people": people, "level": "easy",
             "options": options or {}}  # fmt: skip
    wake = threading.Event()  # any of them has news: `pause`
    first = Client(url(h), "Ann", create=table, wake=wake)
    until(lambda: first.code is not None, first)
    clients = [first]
    for i in range(1, people):
        c = Client(url(h), f"P{i}", code=first.code, wake=wake)
        until(lambda c=c: c.seat is not None, c)
        clients.append(c)
    assert [c.seat for c in clients] == list(range(people))
    return clients


def until(done: Any, *clients: Client) -> None:
    """Wait, polling the clients, until `done()` holds."""
    end = time.monotonic() + LIMIT
    while True:
        woken = clients[0].wake
        if woken is not None:
            woken.clear()  # before the polls: news that comes after them wakes `pause`
        if done():
            return
        assert time.monotonic() < end, "the host did not answer in time"
        for c in clients:
            c.poll()
        pause(clients, 0.05)


def pause(clients: Sequence[Client], timeout: float) -> None:
    """Until a message comes to any of the clients (made with one `wake`), or `timeout`."""
    woken = clients[0].wake
    if woken is not None and all(c.wake is woken for c in clients):
        woken.wait(timeout)
    else:
        clients[0].wait(timeout)


def play_out(clients: Sequence[Client], seed: int = 0) -> None:
    """The clients play random legal moves from their states until the game is over."""
    rng = random.Random(seed)
    end = time.monotonic() + LIMIT
    while True:
        assert time.monotonic() < end, "the game did not end in time"
        if clients[0].wake is not None:
            clients[0].wake.clear()  # before the polls: news that comes after them wakes `pause`
        over = True
        for c in clients:
            c.poll()
            state = c.state
            if state is None or not state.game_over:
                over = False
            if state is not None and state.my_turn and state.legal and not c.move_pending:
                c.play(rng.choice(state.legal))
        if over:
            return
        pause(clients, 0.02)
