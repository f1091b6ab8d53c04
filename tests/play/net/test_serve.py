"""`rummy-gui --serve`: the process a club's host runs."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from rummy_gui.play.net import serve
from rummy_gui.play.net.host import Host


@pytest.fixture
def collector_restored() -> Iterator[None]:
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


@pytest.mark.usefixtures("collector_restored")
def test_the_host_serves_with_the_cyclic_collector_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """`rummy_gui.__main__` turns the collector off while the program loads;
    a finished table's game is freed only by it, so a host that left it off
    grew by every game it ever played."""
    seen: list[bool] = []

    async def fake_serve(host: Host, address: str, port: int) -> None:
        assert (address, port, host.saves.folder) == ("127.0.0.1", 0, None)
        seen.append(gc.isenabled())

    monkeypatch.setattr(serve, "_serve", fake_serve)
    monkeypatch.setattr(serve, "bound_heap", lambda: None, raising=False)  # heap as it is
    monkeypatch.setattr(gc, "freeze", lambda: None)  # nor the rest of the tests' objects frozen
    gc.disable()  # as `rummy_gui.__main__` leaves it
    assert serve.main(["0", "--bind", "127.0.0.1", "--no-saves"]) == 0
    assert seen == [True]
