"""The host's autosaves: a slow disk means fewer writes, never a queue that grows."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from rummy_gui.play.net import autosaves
from rummy_gui.play.net.autosaves import Autosaves
from rummy_gui.play.net.tables import NetTable


def test_changes_during_a_slow_write_make_one_more_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = NetTable.create("ABCD23", "Ann", "rummy500", 3, 1, "easy", {"target": 100})
    table.seat_taken(0, "Ann")
    disk = threading.Event()
    writing = threading.Event()
    written: list[int] = []

    def slow_write(_path: Path, doc: Any) -> None:
        writing.set()
        disk.wait(60)  # the first write takes as long as the test wants
        written.append(doc["summary"]["moves"])

    monkeypatch.setattr(autosaves.jsonio, "write_json", slow_write)
    monkeypatch.setattr(autosaves, "SAVE_DELAY", 0.0)

    async def play() -> None:
        saver = Autosaves(tmp_path)
        saver.soon(table)
        while not writing.is_set():  # the first write is under way, held by the disk
            await asyncio.sleep(0.01)
        for _ in range(20):  # fewer moves than any game of first legal moves lasts (45 or more)
            view = table.game.view(table.game.to_act[0])
            table.play_bot(view.seat, view.legal_moves[0], table.at) or table.game.play(
                view.legal_moves[0]
            )
            saver.soon(table)
        disk.set()
        for _ in range(6000):  # on a loaded machine the thread may wait a while
            await asyncio.sleep(0.01)
            if len(written) == 2:
                break
        saver.close()

    asyncio.run(play())
    assert len(written) == 2  # the first, then one with the position after every change
    assert written[1] == len(table.game.moves)
