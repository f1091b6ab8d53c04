"""The host's autosaves: one file a table (play/saves.py's format with the
table's own facts), written on a thread of its own so the event loop never
waits for a disk. A table has at most one write planned or under way: the
next is planned SAVE_DELAY seconds after a change, or when its last write
is done, and takes the position of that moment; so a slow disk means fewer
saves, never a queue that grows. `restore` reads the files back when the
host starts."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from rummy_gui.play import jsonio, saveload, saves
from rummy_gui.play.net.tables import NetTable

log = logging.getLogger("rummy_gui.net")

SAVE_DELAY = 0.5  # seconds between two autosaves of one table


class Autosaves:
    """The tables' files in `folder` (None: no autosaves)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-save")
        self._due: set[str] = set()  # tables whose write is planned or under way
        self._dirty: set[str] = set()  # tables changed since their write under way began

    def restore(self) -> list[NetTable]:
        """The tables of the files in the folder (a file that can't be read is logged)."""
        if self.folder is None or not self.folder.is_dir():
            return []
        out = []
        for path in sorted(self.folder.glob("*.json")):
            try:
                table = NetTable.from_save(saveload.read(path), path)
            except saves.SaveError as e:
                log.warning("table save %s not resumed: %s", path.name, e)
                continue
            log.info("resumed table %s (%s, move %d)", table.code, table.game.preset, table.at)
            out.append(table)
        return out

    def soon(self, table: NetTable) -> None:
        """The table changed: its file follows (on the loop's thread)."""
        if self.folder is None:
            return
        if table.code in self._due:
            self._dirty.add(table.code)  # written again once the write under way is done
            return
        self._due.add(table.code)
        asyncio.get_running_loop().call_later(SAVE_DELAY, self._write, table)

    def drop(self, table: NetTable) -> None:
        """The host let the table go: its file goes (on the loop's thread)."""
        table.closed = True
        self.soon(table)

    def _write(self, table: NetTable) -> None:
        loop = asyncio.get_running_loop()
        job = self.now(table)
        if job is None:
            self._written(table)
            return
        job.add_done_callback(lambda _: loop.call_soon_threadsafe(self._written, table))

    def _written(self, table: NetTable) -> None:
        self._due.discard(table.code)
        if table.code in self._dirty:
            self._dirty.discard(table.code)
            self.soon(table)

    def now(self, table: NetTable) -> Future[None] | None:
        """Write the table's file (its snapshot taken here, on the loop's thread);
        a finished game's or a closed table's file goes. The write under way (None: none)."""
        if self.folder is None:
            return None
        path = self.folder / f"{table.file_id}.json"
        if table.game.game_over or table.closed:
            return self._writer.submit(_quietly, saves.remove, path)
        try:
            doc = table.save_document()
        except saves.SaveError as e:
            log.warning("table %s is not saved: %s", table.code, e)
            return None
        return self._writer.submit(_quietly, jsonio.write_json, path, doc)

    def close(self) -> None:
        """Wait for the files being written."""
        self._writer.shutdown(wait=True)


def _quietly(fn: Callable[..., Any], path: Path, *args: Any) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fn(path, *args)
    except (OSError, jsonio.JsonFileError, saves.SaveError) as e:
        log.warning("a table's autosave failed: %s", e)
