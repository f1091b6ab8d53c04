"""A game in progress as the table sees it: the engine's Game, who sits where,
the bots (thinking on a worker thread), and a log of the deal in plain words.

The table never decides a rule: it asks `legal` what may be played and sends
move texts to `play`, which returns the engine's IllegalMove on refusal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from rummy_gui.engine.cards import Card, parse_card
from rummy_gui.engine.enums import Action, Phase
from rummy_gui.i18n import _
from rummy_gui.ui import botworker

if TYPE_CHECKING:
    from rummy_gui.ui.app import App



@dataclass
class SeatConfig:
    name: str
    kind: str  # "human" or a bot level
    colour: str | None = None  # a palette colour id ("sky blue"); None: one of the seat's own

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class MoveText:
    """A move's text split into its parts (RULES.md section 7)."""

    text: str  # without the seat
    seat: int | None
    action: str
    cards: tuple[str, ...] = ()  # card tokens as written, "JK=8S" included
    number: int | None = None
    groups: tuple[tuple[str, ...], ...] = ()

    @staticmethod
    def parse(full: str) -> MoveText:
        seat: int | None = None
        text = full.strip()
        head, sep, rest = text.partition(":")
        if sep and head.strip().isdigit():
            seat, text = int(head), rest.strip()
        words = text.split()
        action = words[0] if words else ""
        cards: list[str] = []
        number: int | None = None
        groups: tuple[tuple[str, ...], ...] = ()
        if action in (Action.TAKE, Action.RUMMY, Action.CUT) and len(words) > 1:
            number = int(words[1])
        elif action == Action.MELD:
            cards = [w for w in words[1:] if w not in ("set", "run")]
        elif action in (Action.LAYOFF, Action.SWAP):
            sep_word = "to" if action == Action.LAYOFF else "in"
            i = words.index(sep_word) if sep_word in words else len(words)
            cards = words[1:i]
            number = int(words[i + 1]) if i + 1 < len(words) else None
        elif action == Action.DISCARD:
            cards = words[1:2]
        elif action == Action.SHANGHAI and len(words) > 2:
            number = int(words[2])
        elif action == Action.CONTRACT:
            groups = tuple(tuple(g.split()) for g in " ".join(words[1:]).split("/"))
            cards = [c for g in groups for c in g]
        return MoveText(text, seat, action, tuple(cards), number, groups)

    @property
    def card_values(self) -> list[Card]:
        return [token_card(t) for t in self.cards]

    def same_cards(self, cards: Sequence[Card]) -> bool:
        return Counter(c.code for c in self.card_values) == Counter(c.code for c in cards)


def token_card(token: str) -> Card:
    """The physical card of a token: "JK=8S" is a joker."""
    return parse_card(token.split("=")[0])


def pretty_token(token: str) -> str:
    base, _, meaning = token.partition("=")
    card = parse_card(base)
    if not meaning:
        return card.pretty
    if meaning[-1] in "CDHS":
        return f"★={parse_card(meaning).pretty}"
    return f"★={meaning}"


def phase_name(game: Any) -> str:
    phase = getattr(game, "phase", "")
    return str(getattr(phase, "value", phase)).lower().split(".")[-1]


class Bot(Protocol):
    def choose(self, view: Any) -> Any: ...


class FallbackBot:
    """Until the real bots land: a random legal move, preferring progress.

    Melds and lay-offs come before a discard so that random games end."""

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def choose_text(self, moves: list[str]) -> str:
        parsed = [MoveText.parse(m) for m in moves]
        for wanted in (("contract",), ("meld", "layoff", "swap")):
            pick = [m for m in parsed if m.action in wanted]
            if pick:
                return self.rng.choice(pick).text
        claims = [m for m in parsed if m.action != Action.PASS]
        if any(m.action == Action.PASS for m in parsed) and claims and self.rng.random() < 0.7:
            return "pass"
        if claims and all(m.action in (Action.TAKE, Action.DRAW, Action.PASS) for m in parsed):
            draws = [m for m in claims if m.action == Action.DRAW]
            if draws and self.rng.random() < 0.6:
                return "draw"
        return self.rng.choice(parsed).text


def make_bot(level: str, seed: int | None) -> Bot | FallbackBot:
    """The real bot of that level when the bots package has it, else the fallback."""
    try:
        from rummy_gui.bots import make_bot as real_make_bot

        bot: Bot = real_make_bot(level, seed=seed or 0)
        return bot
    except Exception:
        return FallbackBot(seed)


def forget_bots() -> None:
    """Empty the caches of the bots thinking in this process (the hint's, or
    the bots' when they think on a thread): see `rummy_gui.bots.forget`."""
    try:
        from rummy_gui.bots import forget
    except ImportError:
        return
    forget()


@dataclass
class LogEntry:
    """One line of the game log, worded when shown (so in the language of the moment)."""

    index: int  # how many moves the game had before this one
    move: Any = None  # the engine's Move; None for a deal's first line
    before: Any = None  # the game just before the move (what `take 3` picked up)
    name: str = ""
    round: int = 0
    contract: bool = False

    @property
    def is_deal(self) -> bool:
        return self.move is None

    def text(self) -> str:
        if self.move is None:
            from rummy_gui.narrate import is_you

            if is_you(self.name):
                word = _("Round {n}: you deal.") if self.contract else _("Deal {n}: you deal.")
            else:
                word = _("Round {n}: {name} deals.") if self.contract else _("Deal {n}: {name} deals.")
            return word.format(n=self.round, name=self.name)
        from rummy_gui.narrate import describe

        return describe(self.move, self.before, self.name)

    def __str__(self) -> str:
        return self.text()


@dataclass
class Session:
    preset: str
    seats: list[SeatConfig]
    options: dict[str, Any]
    seed: int | None = None
    demo: bool = False
    game: Any = None
    version: int = 0
    log: list[LogEntry] = field(default_factory=list)
    last_move: MoveText | None = None
    announcements: list[str] = field(default_factory=list)

    threaded: bool = True  # tests turn this off to run bots inline, without thread hand-offs
    bot_process: bool = True  # real bots think in a worker process (no lock contention with frames)
    autosave_enabled: bool = False  # the app's games are autosaved after every move; tests' are not
    save_error: str | None = None  # why saving is off (English, from the modules below the UI)
    save_error_kind: str = ""  # jsonio.WriteError.kind of that failure ("disk_full", "read_only", ...)
    notices: list[str] = field(default_factory=list)  # for the player, shown once by the table
    hints: Counter[int] = field(default_factory=Counter)  # hints asked, per seat

    def __post_init__(self) -> None:
        from rummy_gui.engine import Game

        if self.seed is None:
            self.seed = random.randrange(1_000_000)
        if self.game is None:
            self.game = Game.new(self.preset, players=len(self.seats), seed=self.seed,
                                 options=self.options or None)
        self.game.undo_enabled = True  # undo within a turn (the table decides whose)
        self.bots: dict[int, Bot | FallbackBot] = {
            s: make_bot(cfg.kind, self.bot_seed(s)) for s, cfg in enumerate(self.seats) if not cfg.is_human or self.demo
        }
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        # Writing the autosave takes 10-20 ms (fsync): a thread of its own, in order.
        self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave")
        self._process: botworker.BotProcess | None = None
        if self.threaded and self.bot_process and any(not isinstance(b, FallbackBot) for b in self.bots.values()):
            try:
                self._process = botworker.BotProcess()
            except OSError:  # no child processes here: the bots think on a thread
                self._process = None
        self._pending: tuple[int, int, Future[str], bool] | None = None  # seat, version, answer, in a process
        self._legal_cache: tuple[int, dict[int, list[str]]] | None = None
        self._claims: list[tuple[int, LogEntry]] = []  # claims of the open window: (priority, words)
        self.log.append(self._deal_line())

    def bot_seed(self, seat: int) -> int:
        return (self.seed or 0) + 101 * seat

    def _deal_line(self) -> LogEntry:
        return LogEntry(len(self.game.moves), None, None, self.name(self.game.dealer), self.game.round,
                        bool(getattr(self.game, "contract", None)))

    # --- facts ----------------------------------------------------------
    @property
    def finished(self) -> bool:
        return bool(self.game.game_over)

    @property
    def phase(self) -> str:
        return phase_name(self.game)

    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def colour_index(self, seat: int) -> int:
        """The seat's owner colour (palette index): the one chosen, else one of its own."""
        from rummy_gui.ui.palette import colour_index

        chosen = [colour_index(c.colour) for c in self.seats]
        if chosen[seat] is not None:
            return int(chosen[seat])  # type: ignore[arg-type]
        taken = {c for c in chosen if c is not None}
        free = [i for i in range(8) if i not in taken] or list(range(8))
        auto = [i for i, c in enumerate(chosen) if c is None]
        return free[auto.index(seat) % len(free)]

    def colour(self, seat: int) -> tuple[int, int, int]:
        from rummy_gui.ui.palette import owner_colour

        return owner_colour(self.colour_index(seat))

    def initial(self, seat: int) -> str:
        """A one-character mark for the seat's cards: the first letter of the
        name, or another telling character when names share their first letter."""
        names = [cfg.name or f"{i + 1}" for i, cfg in enumerate(self.seats)]
        for marks in ([n[:1].upper() for n in names], [n[-1:].upper() for n in names]):
            if len(set(marks)) == len(marks):
                return marks[seat]
        return str(seat + 1)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human and not self.demo

    def humans(self) -> list[int]:
        return [s for s in range(len(self.seats)) if self.is_human(s)]

    def legal(self, seat: int) -> list[str]:
        """The legal move texts (without the seat) of one seat, now."""
        if self._legal_cache is None or self._legal_cache[0] != self.version:
            by_seat: dict[int, list[str]] = {}
            for move in self.game.legal_moves:
                m = MoveText.parse(str(move))
                by_seat.setdefault(m.seat if m.seat is not None else self.game.turn, []).append(m.text)
            self._legal_cache = (self.version, by_seat)
        return self._legal_cache[1].get(seat, [])

    def legal_parsed(self, seat: int) -> list[MoveText]:
        return [MoveText.parse(t) for t in self.legal(seat)]

    # --- moves ----------------------------------------------------------
    def play(self, seat: int, text: str) -> None:
        """Play a move; raises the engine's IllegalMove (state unchanged) on refusal."""
        move = MoveText.parse(text)
        deal_before = self.game.round
        index = len(self.game.moves)
        # the log needs the position, not its history (a copy per move would grow with the game)
        before = self.game.copy(history=False) if move.action not in (Action.PASS, Action.DEAL, Action.CUT) else None
        claim = getattr(self.game, "claim", None) if self.phase == Phase.CLAIM else None
        played = self.game.play(f"{seat}: {move.text}")
        self.version += 1
        self.last_move = MoveText(move.text, seat, move.action, move.cards, move.number, move.groups)
        entry = LogEntry(index, played, before, self.name(seat)) if move.action != Action.DEAL else None
        if claim is not None:
            # A claim counts only once the window closes (a nearer player may still claim):
            # it is told then, and only the one that won. Passes are told at once.
            if entry is not None and move.action == Action.PASS:
                self.log.append(entry)
            elif entry is not None:
                self._claims.append((claim.claimants.index(seat) if seat in claim.claimants else 99, entry))
            if self.phase != Phase.CLAIM or getattr(self.game, "claim", None) is not claim:
                if self._claims:
                    won = min(self._claims, key=lambda c: c[0])[1]
                    self.log.append(won)
                    self.announcements.append(won.text())
                self._claims = []
        elif entry is not None:
            self.log.append(entry)
            if move.action == Action.DISCARD and "shanghai" in move.text:
                self.announcements.append(entry.text())
        if self.game.round != deal_before and not self.game.game_over:
            self.log.append(self._deal_line())
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
        return int(g.moves[-1].seat)

    def undo(self) -> Any:
        """Take back one move (the engine decides what may be); the log follows."""
        move = self.game.undo()
        self._after_rewind()
        return move

    def redo(self) -> Any:
        before = self.game.copy(history=False)
        move = self.game.redo()
        self.version += 1
        index = len(self.game.moves) - 1
        self.log.append(LogEntry(index, move, before, self.name(int(move.seat))))
        self.autosave()
        return move

    def _after_rewind(self) -> None:
        self.version += 1
        n = len(self.game.moves)
        self.log = [e for e in self.log if e.index < n or (e.is_deal and e.index <= n)]
        self._claims = []
        self.autosave()

    def autosave(self) -> None:
        """Keep the game in progress on disk for Continue (and forget it once over)."""
        if not self.autosave_enabled or self.demo:
            return
        try:
            from rummy_gui import jsonio, saves

            if self.game.game_over:
                self._saver.submit(self._quietly, saves.delete_autosave)
                self._saver.submit(self._record_statistics)
                return
            doc = saves.document(self.game, self.seats)  # a snapshot, made here on the game's thread
            self._saver.submit(self._quietly, jsonio.write_json, saves.autosave_path(), doc)
        except Exception as e:  # saving is a convenience: the game goes on without it
            self._saving_failed(e)

    def _record_statistics(self) -> None:
        """A finished game counts in the players' statistics (once)."""
        try:
            from rummy_gui.stats import record_game

            record_game(self.game, self.seats, hints=dict(self.hints))
        except Exception as e:
            self._saving_failed(e)

    def _quietly(self, fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except Exception as e:
            self._saving_failed(e)

    def _saving_failed(self, e: Exception) -> None:
        """Remember why saving failed (the table says so once; the game goes on)."""
        self.save_error_kind = str(getattr(e, "kind", "") or "")
        self.save_error = str(e) or type(e).__name__

    # --- bots ------------------------------------------------------------
    def bot_to_act(self) -> int | None:
        if self.game.game_over:
            return None
        for seat in self.game.to_act:
            if seat in self.bots or not self.is_human(seat):
                return int(seat)
        return None

    def poll_bot(self) -> tuple[int, str] | None:
        """Start a bot's thinking, or collect its move: (seat, text) when ready.

        The choice is computed on a worker thread so frames keep coming; a
        move computed for an older position is thrown away."""
        if self._pending is not None:
            seat, version, future, in_process = self._pending
            if not future.done():
                return None
            self._pending = None
            if version != self.version:
                return None
            try:
                return seat, MoveText.parse(future.result()).text
            except Exception:
                if in_process and self._process is not None:
                    self._process.close()  # the child failed: think on a thread from now on
                    self._process = None
                    return None
                return seat, self._fallback_choice(seat)
        seat_or_none = self.bot_to_act()
        if seat_or_none is None:
            return None
        seat = seat_or_none
        bot = self.bots.get(seat) or FallbackBot(seat)
        if isinstance(bot, FallbackBot):
            moves = self.legal(seat)
            fallback = bot

            def think() -> str:
                return fallback.choose_text(moves)
        else:
            process = self._process
            if process is not None and self.threaded:
                record = self.game.record()  # a snapshot taken here, on the game's thread
                future = self._executor.submit(process.ask, self.seats[seat].kind, self.bot_seed(seat), seat,
                                               record)
                self._pending = (seat, self.version, future, True)
                return None
            view = self.game.view(seat)

            def think() -> str:
                return str(bot.choose(view))
        if not self.threaded:
            try:
                return seat, MoveText.parse(think()).text
            except Exception:
                return seat, self._fallback_choice(seat)
        self._pending = (seat, self.version, self._executor.submit(think), False)
        return None

    def _fallback_choice(self, seat: int) -> str:
        return FallbackBot(self.version).choose_text(self.legal(seat))

    def bot_thinking(self) -> bool:
        return self._pending is not None

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
        self._saver.shutdown(wait=True)  # the last autosave reaches the disk
        if self._process is not None:
            self._process.close()
            self._process = None


def start_table(app: App, preset: str, seats: list[SeatConfig], options: dict[str, Any],
                seed: int | None = None, demo: bool = False) -> None:
    """Begin a new game and show the table (the menu stays beneath it)."""
    from rummy_gui.ui.menus import MainMenu
    from rummy_gui.ui.table import TableScene

    old = app.session
    if isinstance(old, Session):
        old.close()
    session = Session(preset, seats, options, seed=seed, demo=demo, autosave_enabled=not demo)
    session.autosave()
    app.session = session
    app.pop_to(MainMenu)
    app.push(TableScene(app, session))


def load_autosave() -> Session | None:
    """The autosaved game as a session, or None when there is none (or it can't be read)."""
    return open_autosave()[0]


def open_autosave() -> tuple[Session | None, str]:
    """The autosaved game as a session, and what the player should be told.

    A damaged autosave with a good backup: the backup is used, the damaged
    file moved aside, and the session's notices say so. Both bad: no session,
    the bad file moved aside (never deleted), and the reason (translated)."""
    from rummy_gui import saves

    path = saves.autosave_path()
    if not path.exists():
        return None, ""
    try:
        saved = saves.read_with_fallback(path, quarantine_bad=True)
    except saves.SaveError as e:
        from rummy_gui import i18n
        from rummy_gui.ui.saving import problem

        if i18n.language() == "en":  # the exact sentence, which names the file already
            reason = str(e).rstrip(". ") + "."
        else:
            reason = _("The autosave can't be loaded: {reason}").format(reason=problem(e))
        if e.kind not in ("missing", "newer_version"):
            try:
                moved = saves.quarantine(path)
                reason += " " + _("The damaged file was moved aside as {name}.").format(name=moved.name)
            except saves.SaveError:
                pass
        return None, reason
    except Exception as e:  # pragma: no cover - never a crash from Continue
        return None, _("The autosave can't be loaded: {reason}").format(reason=str(e))
    game = saved.game
    if game.game_over:
        return None, ""
    seats = [SeatConfig(s.name, s.kind, getattr(s, "colour", None)) for s in saved.seats]
    options = dict(game.rules.options()) if hasattr(game, "rules") else {}
    session = Session(game.preset, seats, options, game=game, autosave_enabled=True)
    if saved.problem is not None:
        session.notices.append(_("The autosave was damaged; continuing from its backup."))
        if saved.quarantined is not None:
            session.notices.append(_("The damaged file was moved aside as {name}.").format(
                name=saved.quarantined.name))
    return session, ""


def autosave_exists() -> bool:
    try:
        from rummy_gui import saves

        return saves.autosave_path().exists()
    except Exception:
        return False
