"""A game in progress as the table sees it: the engine's Game, who sits where,
the bots (thinking on a worker thread), and a log of the deal in plain words.

The table never decides a rule: it asks `legal` (the engine's `Move` values)
what may be played and sends a `Move` to `play`, which raises the engine's
IllegalMove on refusal. Move text is the engine's own `str(move)`, read only
at the seam to the bot process (`Move.parse`).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummy_gui.engine import Game, IllegalMove, Move, View
from rummy_gui.engine.enums import Action, Phase
from rummy_gui.i18n import N_, _
from rummy_gui.levels import DEFAULT_LEVEL, LEVELS
from rummy_gui.play import jsonio, saves
from rummy_gui.play.palette import owner_colour, seat_colour_index
from rummy_gui.play.table_view import TableView, Views
from rummy_gui.play.thinking import Bot, Thinking
from rummy_gui.safetext import clean

if TYPE_CHECKING:
    from rummy_gui.hints import Hint

log = logging.getLogger("rummy_gui")


REMOTE = "remote"  # a seat kind: a player on another computer (play/net/hosted.py)


@dataclass
class SeatConfig:
    name: str
    kind: str  # "human" or a bot level
    colour: str | None = None  # a palette colour id ("sky blue"); None: one of the seat's own

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


def make_bot(level: str, seed: int | None) -> Bot:
    """The bot of that level (ValueError for a level there is not: a bug of the caller)."""
    from rummy_gui.bots import make_bot as real_make_bot

    bot: Bot = real_make_bot(level, seed=seed or 0)
    return bot


class SeatBots(Mapping[int, Bot]):
    """The bots by seat, each made when it is first asked for: while the bot
    process thinks, the session's own bots are never needed, and the program
    draws its first table without loading the bots' code."""

    def __init__(self, levels: dict[int, tuple[str, int | None]]) -> None:
        # Checked here, not when a bot is first made: a wrong level is the
        # caller's mistake and must not surface in the middle of a game.
        for level, _seed in levels.values():
            if level not in LEVELS:
                raise ValueError(f"unknown bot level {level!r} (one of: {', '.join(LEVELS)})")
        self._levels = levels
        self._made: dict[int, Bot] = {}

    def __getitem__(self, seat: int) -> Bot:
        bot = self._made.get(seat)
        if bot is None:
            level, seed = self._levels[seat]
            bot = self._made[seat] = make_bot(level, seed)
        return bot

    def __contains__(self, seat: object) -> bool:
        return seat in self._levels  # without making the bot

    def __iter__(self) -> Iterator[int]:
        return iter(self._levels)

    def __len__(self) -> int:
        return len(self._levels)


def bot_level(kind: str) -> str:
    """The level that plays a seat of this kind (a demo's human seats play the default level)."""
    return DEFAULT_LEVEL if kind == "human" else kind


# Shown through _() where they are used; N_ marks them for the catalogs.
BOT_ERROR = N_(
    "The computer player made an error; the game is kept as it was. You can save it "
    "or go back to the menu."
)
# New games draw their seed below this, so that a bot seed (seed + 101 × seat) is one too.
SEED_SPACE = 2**63


def forget_bots() -> None:
    """Empty the caches of the bots thinking in this process (the hint's, or
    the bots' when they think on a thread): see `rummy_gui.bots.forget`."""
    try:
        from rummy_gui.bots import forget
    except ImportError:
        return
    forget()


def initials(names: Sequence[str]) -> list[str]:
    """One-letter marks for the seats' badges and cards: the first letter of each
    name; when names share it, another letter of the name not yet taken (else
    a free letter of the alphabet), so the marks stay letters, never numbers."""
    firsts = [next((ch.upper() for ch in n if ch.isalpha()), "") for n in names]
    marks = [f if f and firsts.count(f) == 1 else "" for f in firsts]
    for i, name in enumerate(names):
        if marks[i]:
            continue
        taken = set(marks)
        letters = [ch.upper() for ch in name if ch.isalpha()]
        pool = [ch.upper() for n in names for ch in n if ch.isalpha()]  # the names' own alphabet
        spare = [ch for ch in [*pool, *"ABCDEFGHIJKLMNOPQRSTUVWXYZ"] if ch not in taken]
        marks[i] = next((ch for ch in letters if ch not in taken), spare[0] if spare else "?")
    return marks


@dataclass
class LogEntry:
    """One line of the game log, worded when shown (so in the language of the moment)."""

    index: int  # how many moves the game had before this one
    move: Move | None = None  # None for a deal's first line
    before: Game | None = None  # the game just before the move (what `take 3` picked up)
    name: str = ""
    round: int = 0
    contract: bool = False

    @property
    def is_deal(self) -> bool:
        return self.move is None

    def text(self) -> str:
        if self.move is None:
            from rummy_gui.play.narrate import is_you

            if is_you(self.name):
                word = _("Round {n}: you deal.") if self.contract else _("Deal {n}: you deal.")
            else:
                word = (
                    _("Round {n}: {name} deals.") if self.contract else _("Deal {n}: {name} deals.")
                )
            return word.format(n=self.round, name=self.name)
        from rummy_gui.play.narrate import describe

        return describe(self.move, self.before, self.name)

    def __str__(self) -> str:
        return self.text()


def deal_line(game: Game, dealer: str) -> LogEntry:
    """The log's first line of a deal: who deals it."""
    return LogEntry(len(game.moves), None, None, dealer, game.round, bool(game.contract))


class NoNewsFromElsewhere:
    """The answers of a game played in this process about news from
    elsewhere (`TableSession.refresh`, `waiting`): there is none."""

    waiting: str | None = None

    def refresh(self) -> list[IllegalMove]:
        return []


class ReviewsItsRecord:
    """A game played in this process: its deal review replays the record
    (`TableSession.decisions`: no decisions are kept apart)."""

    def decisions(self, seat: int) -> list[tuple[View, Move]] | None:  # noqa: ARG002
        return None


class Session(NoNewsFromElsewhere, ReviewsItsRecord):
    """One game at the table. `game` is the engine's Game: the one given (a
    loaded or prepared position), else a new game of `preset` dealt from `seed`."""

    coach_allowed = True  # the coach (a setting) may judge its humans' moves
    claims_asked: str | None = None  # which claims the table asks about: None, as the setting says

    def __init__(
        self,
        preset: str,
        seats: list[SeatConfig],
        options: dict[str, Any],
        seed: int | None = None,
        demo: bool = False,
        game: Game | None = None,
        *,
        threaded: bool = True,
        bot_process: bool = True,
        autosave_enabled: bool = False,
    ) -> None:
        self.preset = preset
        self.seats = seats
        self.options = options
        # a seed nobody can guess: each deal's fingerprint commits to a seed drawn from it
        self.seed: int = secrets.randbelow(SEED_SPACE) if seed is None else seed
        self.demo = demo
        self.game: Game = (
            game
            if game is not None
            else Game.new(preset, players=len(seats), seed=self.seed, options=options or None)
        )
        self.version = 0
        self.log: list[LogEntry] = []
        self.last_move: Move | None = None
        self.announcements: list[str] = []
        self.threaded = threaded  # tests turn this off to run bots inline, without thread hand-offs
        self.bot_process = bot_process  # real bots think in a worker process (no lock contention)
        self.autosave_enabled = autosave_enabled  # the app's games are; tests' are not
        self.save_error: str | None = None  # why saving is off (English, from the play layer)
        self.save_error_kind = ""  # the JsonFileError/SaveError kind of that failure ("disk_full")
        self.notices: list[str] = []  # for the player, shown once by the table
        self.hints: Counter[int] = Counter()  # hints asked, per seat
        self.coached: Counter[int] = Counter()  # the coach's words on mistakes, per seat
        self.bot_error: str | None = None  # a bot failed (a bug): it plays no more, the game stays
        self.game.undo_enabled = True  # undo within a turn (the table decides whose)
        if autosave_enabled and not demo and saves.read_only():
            from rummy_gui.play.problems import OTHER_COPY

            self.notices.append(_(OTHER_COPY))
        for cfg in self.seats:  # typed names and names from files pass the one text gate
            cfg.name = clean(cfg.name, saves.MAX_NAME)
        bots = SeatBots(
            {
                s: (self.level(s), self.bot_seed(s))
                for s, cfg in enumerate(self.seats)
                if not cfg.is_human or self.demo
            }
        )
        self.thinking = Thinking(self, bots, self.threaded, self.bot_process)
        # Writing the autosave takes 10-20 ms (fsync): a thread of its own, in order.
        self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._legal_cache: tuple[int, dict[int, list[Move]]] | None = None
        self._views = Views()
        self._claims: dict[int, LogEntry] = {}  # claims of the open window, by seat
        self.log.append(deal_line(self.game, self.name(self.game.dealer)))
        if self.game.moves:  # a game opened from a file: its deal's moves so far
            from rummy_gui.play.history import current_deal

            humans = {s for s in range(len(self.seats)) if self.is_human(s)}
            try:
                told = current_deal(self.game, humans)
            except ValueError:  # a record that does not replay: the game opens, its log is short
                told = []
            for t in told:
                self.log.append(LogEntry(t.index, t.move, t.before, self.name(t.seat)))

    def bot_seed(self, seat: int) -> int:
        return (self.seed or 0) + 101 * seat

    # --- facts ----------------------------------------------------------
    @property
    def finished(self) -> bool:
        return bool(self.game.game_over)

    @property
    def phase(self) -> Phase:
        return self.game.phase

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act

    @property
    def round(self) -> int:
        return self.game.round

    def view(self, seat: int) -> TableView:
        """The table as `seat` sees it now (`table_view.table_view`)."""
        return self._views.get(self.game, self.version, seat)

    def public_view(self) -> TableView:
        return self.view(self.game.turn).public()

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def colour_index(self, seat: int) -> int:
        """The seat's owner colour (palette index): the one chosen, else one of its own."""
        return seat_colour_index([c.colour for c in self.seats], seat)

    def colour(self, seat: int) -> tuple[int, int, int]:
        return owner_colour(self.colour_index(seat))

    def initial(self, seat: int) -> str:
        """A one-character mark for the seat's cards (see `initials`)."""
        return initials([cfg.name for cfg in self.seats])[seat]

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human and not self.demo

    def humans(self) -> list[int]:
        return [s for s in range(len(self.seats)) if self.is_human(s)]

    def legal(self, seat: int) -> list[Move]:
        """The legal moves one seat is offered, now (each with its seat; none
        that tells a face-down card, `Game.offered_moves`)."""
        if self._legal_cache is None or self._legal_cache[0] != self.version:
            by_seat = {s: self.game.offered_moves(s) for s in self.game.to_act}
            self._legal_cache = (self.version, by_seat)
        return self._legal_cache[1].get(seat, [])

    # --- moves ----------------------------------------------------------
    def play(self, seat: int, move: Move) -> None:
        """Play a move for `seat`; raises the engine's IllegalMove (state unchanged) on refusal.
        A pass in a claim window goes in no log: a window nobody takes writes nothing."""
        deal_before = self.game.round
        index = len(self.game.moves)
        action = move.action
        # the log needs the position, not its history (a copy per move would grow with the game)
        before = (
            self.game.copy(history=False)
            if action not in (Action.PASS, Action.DEAL, Action.CUT)
            else None
        )
        claim = self.game.claim if self.phase is Phase.CLAIM else None
        played = self.game.play(move.with_seat(seat))
        self.version += 1
        self.last_move = played
        entry = (
            LogEntry(index, played, before, self.name(seat)) if action is not Action.DEAL else None
        )
        if claim is not None:
            # A claim counts only once the window closes (a nearer player may still claim):
            # it is told then, and only the one that won; passes are never told.
            if entry is not None and action is not Action.PASS:
                self._claims[seat] = entry
            if self.phase is not Phase.CLAIM or self.game.claim is not claim:
                winner = claim.winning_seat()  # the engine's claim priority
                won = None if winner is None else self._claims.get(winner)
                if won is not None:
                    self.log.append(won)
                    self.announcements.append(won.text())
                self._claims = {}
        elif entry is not None:
            self.log.append(entry)
            if action is Action.DISCARD and played.call:
                self.announcements.append(entry.text())
        if self.game.round != deal_before and not self.game.game_over:
            self.log.append(deal_line(self.game, self.name(self.game.dealer)))
            forget_bots()  # a new deal: the bots' caches of the last one go (the heap stays small)
        if len(self.log) > 400:
            del self.log[:200]
        self.autosave()

    # --- undo -----------------------------------------------------------
    def undo_owner(self) -> int | None:
        """The seat whose move an undo would take back (None: nothing to undo)."""
        g = self.game
        if not g.can_undo or not g.moves:
            return None
        return g.moves[-1].seat

    @property
    def can_undo(self) -> bool:
        return self.game.can_undo

    @property
    def can_redo(self) -> bool:
        return self.game.can_redo

    def undo(self) -> Move:
        """Take back one move (the engine decides what may be); the log follows."""
        move = self.game.undo()
        self._after_rewind()
        return move

    def redo(self) -> Move:
        before = self.game.copy(history=False)
        move = self.game.redo()
        self.version += 1
        index = len(self.game.moves) - 1
        self.log.append(
            LogEntry(
                index, move, before, self.name(self.game.turn if move.seat is None else move.seat)
            )
        )
        self.autosave()
        return move

    def _after_rewind(self) -> None:
        self.version += 1
        n = len(self.game.moves)
        self.log = [e for e in self.log if e.index < n or (e.is_deal and e.index <= n)]
        self._claims = {}
        self.autosave()

    # --- hints, records, saving -----------------------------------------
    def hint(self, seat: int) -> Hint | None:
        """The bots' advice for `seat` now (`hints.hint`)."""
        from rummy_gui.hints import hint

        return hint(self.game, seat, seed=self.version)

    def hint_rest(self, advice: Hint) -> Hint | None:
        return advice.after(self.game)

    def record(self) -> dict[str, Any]:
        return self.game.record()

    def save_as(self, path: Path) -> None:
        saves.write(path, self.game, self.seats)

    def autosave(self) -> None:
        """Keep the game in progress on disk for Continue (and forget it once over)."""
        if not self.autosave_enabled or self.demo:
            return
        if self.game.game_over:
            self._saver.submit(self._record_statistics)
            return
        try:
            doc = saves.document(
                self.game, self.seats
            )  # a snapshot, made here on the game's thread
        except saves.SaveError as e:  # saving is a convenience: the game goes on without it
            self._saving_failed(e)
            return
        self._saver.submit(self._quietly, saves.write_autosave, doc)

    def _record_statistics(self) -> None:
        record_statistics(self)

    def _quietly(self, fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except (jsonio.JsonFileError, saves.SaveError) as e:
            self._saving_failed(e)

    def _saving_failed(self, e: jsonio.JsonFileError | saves.SaveError) -> None:
        """Remember why saving failed (the table says so once; the game goes on)."""
        self.save_error_kind = e.kind
        self.save_error = clean(str(e) or type(e).__name__)

    # --- bots ------------------------------------------------------------
    def level(self, seat: int) -> str:
        """The bot level that plays this seat (humans play the default level in a show)."""
        return bot_level(self.seats[seat].kind)

    def bot_failed(self, seat: int, detail: str) -> None:
        report_bot_failure(self, seat, detail)

    # The bots' thinking is `thinking.Thinking`'s; these are its doors.
    @property
    def bots(self) -> Mapping[int, Bot]:
        return self.thinking.bots

    def bot_to_act(self) -> int | None:
        return self.thinking.to_act()

    def poll_bot(self) -> tuple[int, Move] | None:
        """Start a bot's thinking, or collect its move: (seat, move) when ready
        (see `thinking.Thinking.poll`)."""
        return self.thinking.poll()

    def bot_thinking(self) -> bool:
        return self.thinking.waiting

    def start_bots(self) -> None:
        """Start the bots' worker process now, if the bots use one (else it
        starts when a bot first thinks): the table asks once its first frame is shown."""
        self.thinking.start()

    def close(self) -> None:
        self.thinking.close()
        self._saver.shutdown(wait=True)  # the last autosave reaches the disk
        from rummy_gui.play import stats

        if stats.pending():  # a game over met a full disk: one more try
            with contextlib.suppress(jsonio.WriteError):
                stats.flush_pending()


def record_statistics(session: Session) -> None:
    """A finished game counts in the players' statistics (once), then the
    autosave goes. If the statistics can't be written (a full disk), they
    wait in memory for the next write, and the finished game is kept as the
    autosave, so that the next start counts it (`open_autosave`)."""
    from rummy_gui.play.stats import record_game

    try:
        record_game(
            session.game, session.seats, hints=dict(session.hints), coached=dict(session.coached)
        )
    except jsonio.WriteError as e:
        session._saving_failed(e)
        table = {
            "hints": {str(k): v for k, v in session.hints.items()},
            "coached": {str(k): v for k, v in session.coached.items()},
        }
        with contextlib.suppress(saves.SaveError):
            doc = saves.document(session.game, session.seats, table)
            session._quietly(saves.write_autosave, doc)
        return
    session._quietly(saves.delete_autosave)


def report_bot_failure(session: Session, seat: int, detail: str) -> None:
    """A bot failed (it raised, or chose a move the rules refuse): a bug. It is
    logged and the player told; no move is made, so the game and its
    autosave stay as they were."""
    if session.bot_error is not None:
        return
    level = session.seats[seat].kind if 0 <= seat < len(session.seats) else "?"
    log.error(
        "the %s bot of seat %d failed after move %d of %s (seed %s): %s",
        level,
        seat,
        len(session.game.moves),
        session.preset,
        session.seed,
        detail,
    )
    session.bot_error = clean(detail)
    session.notices.append(_(BOT_ERROR))
