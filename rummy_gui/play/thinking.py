"""The bots of a session and their thinking: in the bot process, on a worker
thread, or inline (tests), so that the table keeps drawing frames.

A move computed for an older position is thrown away; a process that misses
its deadline or dies is replaced, after a pause that grows (`BACKOFF`), and
asked again; when new processes keep failing within one decision, a fresh
bot of the same level takes the seat here in the game (the same level and
seed choose the same move), and the player is told. A bot that fails is told
to the session (`bot_failed`), which keeps the game as it was."""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol

from rummy_gui.engine import Game, Move, View
from rummy_gui.i18n import N_, _
from rummy_gui.play import botworker

log = logging.getLogger("rummy_gui")

BOT_RESTARTED = N_("The computer player was not answering; it was restarted.")
BOT_IN_GAME = N_(
    "The computer players' helper process kept stopping, so a new computer player of "
    "the same level took each seat; they now think inside the game, and the window "
    "may pause while they do."
)
# Seconds before each new bot process while one decision's processes keep failing;
# past the last, the bots think in this process.
BACKOFF = (0.1, 0.5, 2.0)


class Bot(Protocol):
    def choose(self, view: View) -> Move: ...


class Table(Protocol):
    """What the thinking reads of its session."""

    game: Game
    version: int
    bot_error: str | None
    notices: list[str]

    def bot_seed(self, seat: int) -> int: ...

    def level(self, seat: int) -> str: ...

    def bot_failed(self, seat: int, detail: str) -> None: ...


class Thinking:
    """The bots of one session, by seat, and the decision under way."""

    def __init__(
        self, table: Table, bots: Mapping[int, Bot], threaded: bool, use_process: bool
    ) -> None:
        self.table = table
        self.bots = bots
        self.threaded = threaded
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        # Started when first needed, not with the session: the table's first frame
        # does not wait for (or share the machine with) a new interpreter's start.
        self._process: botworker.BotProcess | None = None
        self._process_wanted = bool(threaded and use_process and bots)
        # seat, version, answer, asked of the process
        self.pending: tuple[int, int, Future[Move], bool] | None = None
        self._restarts = (-1, 0)  # (version, bot processes replaced while deciding it)
        self._told_restart = False
        self.retry_at: float | None = None  # when a new bot process starts (monotonic clock)

    def to_act(self) -> int | None:
        """The seat of the bot whose move it is, if any (none once a bot failed)."""
        t = self.table
        if t.game.game_over or t.bot_error is not None:
            return None
        for seat in t.game.to_act:
            if seat in self.bots:
                return int(seat)
        return None

    @property
    def process(self) -> botworker.BotProcess | None:
        """The bot process (started on first use), or None when the bots think here."""
        self.start()
        return self._process

    @process.setter
    def process(self, process: botworker.BotProcess | None) -> None:
        self._process_wanted = False
        self._process = process

    def start(self) -> None:
        """Start the bot process now if one is wanted and not running yet."""
        if self._process_wanted:
            self._process_wanted = False
            self._process = self._start_process()

    def _start_process(self) -> botworker.BotProcess | None:
        try:
            return botworker.BotProcess()
        except OSError:  # no child processes here: the bots think on a thread
            return None

    def _replace_process(self, why: str) -> None:
        """The bot process is stuck or gone: a new one asks again after a pause
        (told once); past `BACKOFF`, the bots think here from now on (told)."""
        t = self.table
        if self._process is not None:
            self._process.close()
        self.process = None
        version, count = self._restarts
        count = count + 1 if version == t.version else 1
        self._restarts = (t.version, count)
        if count > len(BACKOFF):
            log.warning("bot process failed %d times in one decision: %s", count, why)
            t.notices.append(_(BOT_IN_GAME))
            return
        log.warning("bot process replaced: %s", why)
        self.retry_at = time.monotonic() + BACKOFF[count - 1]
        if not self._told_restart:
            self._told_restart = True
            t.notices.append(_(BOT_RESTARTED))

    @property
    def waiting(self) -> bool:
        """A bot is deciding: its answer is awaited, or a new process is due."""
        return self.pending is not None or (self.retry_at is not None and self.to_act() is not None)

    def poll(self) -> tuple[int, Move] | None:
        """Start a bot's thinking, or collect its move: (seat, move) when ready."""
        t = self.table
        if self.pending is not None:
            seat, version, future, _in_process = self.pending
            if not future.done():
                return None
            self.pending = None
            if version != t.version:
                return None
            try:
                return seat, future.result()
            except botworker.BotStuck as e:
                self._replace_process(str(e))
                return None
            except botworker.BotError as e:
                t.bot_failed(seat, str(e))
                return None
            except Exception as e:
                log.exception("bot of seat %d raised", seat)
                t.bot_failed(seat, f"{type(e).__name__}: {e}")
                return None
        seat_or_none = self.to_act()
        if seat_or_none is None:
            return None
        seat = seat_or_none
        if self.retry_at is not None:
            if time.monotonic() < self.retry_at:
                return None
            self.retry_at = None
            self._process = self._start_process()
        process = self.process
        if process is not None and self.threaded:
            record = t.game.record()  # a snapshot taken here, on the game's thread
            future = self._executor.submit(
                _ask_process, process, t.level(seat), t.bot_seed(seat), seat, record
            )
            self.pending = (seat, t.version, future, True)
            return None
        bot = self.bots[seat]  # only here: the session makes its own bots on first use
        view = t.game.view(seat)

        def think() -> Move:
            return bot.choose(view)

        if not self.threaded:
            try:
                return seat, think()
            except Exception as e:
                log.exception("bot of seat %d raised", seat)
                t.bot_failed(seat, f"{type(e).__name__}: {e}")
                return None
        self.pending = (seat, t.version, self._executor.submit(think), False)
        return None

    def close(self) -> None:
        self.retry_at = None
        if self._process is not None:
            self._process.close()  # first: a thread waiting on its answer returns at once
        self.process = None
        self._executor.shutdown(wait=False, cancel_futures=True)


def _ask_process(
    process: botworker.BotProcess, level: str, seed: int, seat: int, record: dict[str, Any]
) -> Move:
    """The bot process's answer as a Move: its pipe carries the engine's move
    text, read here, at that one seam, by the engine's own parser (a
    MalformedMove is the bot's error, told like any other)."""
    text = process.ask(level, seed, seat, record)
    try:
        return Move.parse(text)
    except ValueError as e:
        raise botworker.BotError(f"the bot process sent {text!r}: {e}") from None
