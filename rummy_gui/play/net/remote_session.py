"""A joined player's game: a `TableSession` whose game runs on a host.

The table's screens drive it exactly as they drive a local `Session`. What
it knows comes from the host's state messages (`client.Client`): the seat's
own hand, the public cards and facts, its offered moves
(`remote_view.remote_view`). `play` queues a move and returns at once; the
host's answer comes with a later `refresh` (the table calls it every frame):
a new state (the `version` grows), or a refusal with the engine's reason,
which the table shows as it shows a local refusal, the table as it was.
While a move waits for its answer, the seat is not offered another (no
second click goes out). `waiting` says why the table waits for the host (a
slow network, a host gone or closing), and the table dims itself and says
so; the client reconnects by itself, with the seat's token.

The hint is the local table's (`hints.view_hint`): the hint's bot's advice
for the seat's decision, chosen from its own view (`remote_view.
engine_view`, which is `Game.view(seat)` itself while it has a move to
choose) and followed to the end of the turn as at a local table. The deal
review works from the seat's own decisions, kept as they were made
(`decisions.KeptDecisions`). Undo asks the host to take back the seat's
last move, as far as the engine allows within the turn (the state says
when it may, `undo`). What a joined table does not do: redo, replay a deal
(the record is the host's: every hand), save the game (the host keeps it).
Those doors stay shut: `can_redo` is False, `record` is None, `save_as`
says the host keeps the game.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummy_gui.engine import Action, IllegalMove, Move, Phase, Rules, View
from rummy_gui.engine.rules import get_rules
from rummy_gui.i18n import N_, _
from rummy_gui.levels import DEFAULT_LEVEL, HINT_LEVEL, LEVELS
from rummy_gui.play import saves
from rummy_gui.play.net import protocol as p
from rummy_gui.play.net.client import CLOSED, PLAYING, Client
from rummy_gui.play.net.decisions import KeptDecisions
from rummy_gui.play.net.remote_view import engine_view, kept_until, remote_view, seat_status
from rummy_gui.play.palette import owner_colour, seat_colour_index
from rummy_gui.play.session import LogEntry, SeatConfig, initials
from rummy_gui.play.table_view import TableView
from rummy_gui.safetext import clean

if TYPE_CHECKING:
    from rummy_gui.hints import Hint

# The table's own reasons for a refusal (the engine's come with their message ids).
TABLE_REFUSALS = {
    "stale": N_("You had moved since; that move was not played."),
    "not_started": N_("The game starts once every seat is taken."),
    "not_your_seat": N_("That move is another seat's."),
}
WAITING = N_("Waiting for the host…")
LOST = N_("The host can't be reached. The program calls it again by itself; your seat is kept.")
HOST_CLOSED = N_(
    "The host has closed the table. It goes on when the host opens it again; your seat is kept."
)
FREE_SEAT = N_("Free seat")
OTHERS = N_("Waiting for the others to join. The table's code: {code}")
GONE = N_("The host no longer has this table: {reason}")
NOT_SAVED = N_("The host keeps this game: it is saved on the host's computer.")
# The bot levels that decide from a view's own fields (the others deal the
# hidden cards from the view's public state, which a joined seat's view lacks).
VIEW_LEVELS = ("random", "easy", "medium")
_CALLS = (Action.BUY, Action.RUMMY, Action.SHANGHAI)
_SILENT = (Action.PASS, Action.DEAL)


class RemoteSession:
    """A seat at a host's table (see the module's docstring). `client` has
    been welcomed and holds the first state."""

    demo = False
    coach_allowed = False  # the coach judges from the whole game: the host has it
    claims_asked: str | None = None

    def __init__(self, client: Client) -> None:
        state = client.state
        if state is None or client.seat is None:
            raise ValueError("the client has not joined a table yet")
        self.client = client
        self.seat = client.seat
        self.preset = str(client.table.get("preset", state.view.get("preset", "")))
        self.options: dict[str, Any] = dict(client.table.get("options") or {})
        self.rules = get_rules(self.preset, self.options)
        self.seats: list[SeatConfig] = []
        self._free: list[int] = []  # the seats for people nobody has taken yet
        self.version = 0
        self.announcements: list[str] = []
        self.notices: list[str] = []
        self.save_error: str | None = None
        self.save_error_kind = ""
        self.hints: Counter[int] = Counter()
        self.coached: Counter[int] = Counter()
        self.host_closed = False  # the host said it was closing; it may come back
        self._pending = False  # a move went and its answer has not come
        self._pending_at = 0  # the state it was made on
        self._may_undo = False  # the host says this seat may take back its last move
        self._shown: dict[str, Any] | None = None
        self._history: list[tuple[int, ...]] = []  # every finished deal's scores, from the host
        self._log: list[LogEntry] = []
        self._log_seen = 0  # how many entries of the state's log the log has taken in
        # the host's news after a deal's end, held while the table shows the deal's summary
        self._held: list[dict[str, Any]] = []
        self._holding = False
        self.kept = KeptDecisions(self.rules, self.seat)  # for the deal review
        self._view = self._take(state, None)

    # --- news from the host --------------------------------------------------
    def refresh(self) -> list[IllegalMove]:
        """Take in the host's messages since the last frame: the refusals of
        this seat's moves among them (each the engine's or the table's reason)."""
        refused: list[IllegalMove] = []
        news, self._held = [*self._held, *self.client.poll()], []
        for k, msg in enumerate(news):
            kind = msg["type"]
            if kind == p.STATE and self._holding:
                self._held = news[k:]
                break
            if kind == p.STATE:
                self._view = self._take(msg["_state"], msg.get("shown"))
                self._may_undo = msg.get("undo") is True
                # a deal's end stays on the table until it moves on (`play` DEAL)
                self._holding = self._view.phase is Phase.DEAL_OVER
            elif kind == p.REFUSED:
                self._pending = False
                refused.append(_refusal(msg))
                self.kept.unanswered()
                self.version += 1  # the table puts back what it moved
            elif kind == p.CLOSING:
                self.host_closed = True
            elif kind == p.WELCOME:  # (again): a move sent before it may never have gone
                self.host_closed = False
                self.kept.unanswered()
                if self._pending:
                    self._pending = False
                    self.version += 1
            elif kind == p.ERROR and msg.get("code") not in ("too_fast",):
                self.notices.append(clean(str(msg.get("message", "")), 200))
        return refused

    @property
    def waiting(self) -> str | None:
        """Why the table waits for the host now (None: it does not)."""
        if self.client.status == CLOSED:
            problem = self.client.problem or {}
            return _(GONE).format(reason=clean(str(problem.get("message", "")), 160))
        if self.host_closed and self.client.waiting:
            return _(HOST_CLOSED)
        if self.client.waiting:
            return _(WAITING) if self.client.status == PLAYING else _(LOST)
        if self._free:
            return _(OTHERS).format(code=self.client.code or "")
        return None

    def _take(self, state: p.SeatState, shown: dict[str, Any] | None) -> TableView:
        """A new state: the seats, the view, the log and the scores follow it."""
        self.seats = [_seat_config(s) for s in state.seats]
        self._seat_facts = state.seats, time.monotonic()  # `seat_status`, `seat_kept`
        self._free = [s for s, c in enumerate(self.seats) if c.is_human and not c.name]
        for s in self._free:  # a seat for a person nobody has taken yet
            self.seats[s].name = _(FREE_SEAT)
        self._shown = shown or self._shown  # the last deal's end: its score stays to be read
        if state.scores is not None:  # the host's: whole, however late this seat came
            self._history = list(state.scores)
        view = remote_view(self.rules, state, self._shown, self._history)
        self._follow_log(state, view)
        if self._pending and state.moved_at > self._pending_at:
            self._pending = False  # the move waited for was played
        self.kept.seen(state)
        self._state = state  # the latest taken in (the client may hold newer: a deal's end)
        self.version += 1
        return view

    def _follow_log(self, state: p.SeatState, view: TableView) -> None:
        """The deal's log in words: a new deal starts it again."""
        if not self._log or self._log[0].round != view.round or len(state.log) < self._log_seen:
            dealer = self.name(view.dealer) if view.dealer < len(self.seats) else ""
            self._log = [
                LogEntry(view.move_count, None, None, dealer, view.round, bool(view.contract))
            ]
            self._log_seen = 0
        for text in state.log[self._log_seen :]:
            move = Move.parse(text)
            if move.action in _SILENT:
                continue
            who = self.name(move.seat) if move.seat is not None else ""
            entry = LogEntry(view.move_count, move, None, who)
            self._log.append(entry)
            if move.action in _CALLS or (move.action is Action.DISCARD and move.call):
                self.announcements.append(entry.text())
        self._log_seen = len(state.log)
        if len(self._log) > 400:
            del self._log[1:201]

    # --- who sits where ------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.seats[seat].name

    def colour(self, seat: int) -> tuple[int, int, int]:
        return owner_colour(seat_colour_index([c.colour for c in self.seats], seat))

    def initial(self, seat: int) -> str:
        return initials([c.name for c in self.seats])[seat]

    def is_human(self, seat: int) -> bool:
        """Only this player's own seat is played at this table: every other
        one (a person elsewhere or the host's bot) moves on the host."""
        return seat == self.seat

    def humans(self) -> list[int]:
        return [self.seat]

    def seat_status(self, seat: int) -> str | None:
        """Another person's seat as the host tells it (tables.EMPTY, CONNECTED,
        AWAY or STANDIN); None for a bot's seat and this one."""
        return None if seat == self.seat else seat_status(self._seat_facts[0][seat])

    def seat_kept(self, seat: int) -> float | None:
        """Seconds left of the grace time of an away player's seat, counted down here."""
        raw, told = self._seat_facts
        until = kept_until(raw[seat], told)
        return None if until is None else max(0.0, until - time.monotonic())

    # --- the game now ----------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self._view.game_over

    @property
    def phase(self) -> Phase:
        return self._view.phase

    @property
    def round(self) -> int:
        return self._view.round

    @property
    def to_act(self) -> tuple[int, ...]:
        """Who may move; this seat not while its move waits for the host's answer."""
        acting = self._view.to_act
        return tuple(s for s in acting if s != self.seat) if self._pending else acting

    def view(self, seat: int) -> TableView:  # noqa: ARG002 (one seat's view is all there is)
        return self._view

    def public_view(self) -> TableView:
        return self._view.public()

    @property
    def log(self) -> list[LogEntry]:
        return self._log

    # --- moves -------------------------------------------------------------------
    def legal(self, seat: int) -> list[Move]:
        if seat != self.seat or self._pending or self.waiting is not None:
            return []
        return list(self._view.legal_moves)

    def play(self, seat: int, move: Move) -> None:
        """Send this seat's move to the host (its answer comes with `refresh`).
        The next deal is dealt by its dealer: here only when that is this seat."""
        if move.action is Action.DEAL and self.phase is Phase.DEAL_OVER:
            self._holding = False  # the news held back comes with the next frame
            dealt = any(m["type"] == p.STATE for m in self._held)  # by the host's bot, or another
            if dealt or self.seat not in self._view.to_act:
                return
        if seat != self.seat:
            raise IllegalMove(_("That move is another seat's."), "not_your_seat")
        if self.waiting is not None:
            raise IllegalMove(_(WAITING), "waiting")
        if self._pending:
            raise IllegalMove(_("Your last move is still on its way to the host."), "pending")
        self._pending, self._pending_at = True, self._view.move_count
        self.client.play(move.with_seat(seat))
        self.kept.sent(move, self._pending_at)
        self.version += 1

    # --- what a joined table does not do (see the module's docstring) -----------
    # --- undo: the host judges it (the protocol's undo), within the seat's turn
    @property
    def can_undo(self) -> bool:
        return self.undo_owner() is not None

    @property
    def can_redo(self) -> bool:
        return False

    def undo_owner(self) -> int | None:
        """This seat, while the host says it may take back its last move."""
        ready = self._may_undo and not self._pending and self.waiting is None
        return self.seat if ready else None

    def undo(self) -> Move:
        """Ask the host to take back this seat's last move (its answer comes
        with `refresh`): the move asked to be taken back."""
        last = self._view.last_move
        if self.undo_owner() is None or last is None:
            raise IllegalMove(_("Nothing of yours to undo."), "nothing_to_undo")
        self._pending, self._pending_at = True, self._view.move_count
        self._may_undo = False
        self.client.undo()
        self.kept.undo_sent(self._pending_at)
        self.version += 1
        return last

    def redo(self) -> Move:
        raise IllegalMove(_("Nothing to redo."), "nothing_to_redo")

    def hint(self, seat: int) -> Hint | None:
        """The hint's bot's advice from this seat's own view, as a local table
        gives it (`_advice`)."""
        if seat != self.seat or not self.legal(seat):
            return None
        return _advice(self.rules, self._state, self.version)

    def hint_rest(self, advice: Hint) -> Hint | None:
        """The rest of the advice once its first step was played (the host's
        state after it is the position the rest was chosen for)."""
        from rummy_gui.hints import rest_of

        return rest_of(advice, _engine_view(self.rules, self._state))

    def decisions(self, seat: int) -> list[tuple[View, Move]] | None:
        """This seat's decisions in the last deal, as it saw them (the deal
        review's, in place of a record); None for another seat."""
        return self.kept.deal() if seat == self.seat else None

    # --- the other seats move on the host ---------------------------------------
    def bot_to_act(self) -> int | None:
        others = [s for s in self._view.to_act if s != self.seat]
        return others[0] if others and not self._view.game_over else None

    def poll_bot(self) -> tuple[int, Move] | None:
        return None

    def bot_thinking(self) -> bool:
        """Someone else (or the host, with this seat's move) is to answer:
        the table looks for news often."""
        return self._pending or self.bot_to_act() is not None or self.waiting is not None

    def bot_failed(self, seat: int, detail: str) -> None:  # noqa: ARG002
        return

    def start_bots(self) -> None:
        return

    def bot_seed(self, seat: int) -> int:  # noqa: ARG002
        return 0

    # --- keeping the game -------------------------------------------------------
    def autosave(self) -> None:
        """The host keeps the game (its autosave): nothing is written here."""

    def save_as(self, path: Path) -> None:
        raise saves.SaveError(_(NOT_SAVED), "remote", path)

    def record(self) -> dict[str, Any] | None:
        return None

    def close(self) -> None:
        self.client.close()


def _engine_view(rules: Rules, state: p.SeatState) -> View | None:
    try:
        return engine_view(rules, state)
    except p.ProtocolError:
        return None


def _advice(rules: Rules, state: p.SeatState, seed: int) -> Hint | None:
    """The local table's hint (`hints.view_hint`) from the seat's view; from a
    host that sends no public state, the next move of a level that reads the
    view's own fields alone."""
    from rummy_gui.bots import make_bot
    from rummy_gui.hints import Hint, view_hint
    from rummy_gui.play.narrate import advise

    view = _engine_view(rules, state)
    if view is None:
        return None
    if state.public is not None:
        return view_hint(view, seed=seed)
    level = HINT_LEVEL if HINT_LEVEL in VIEW_LEVELS else VIEW_LEVELS[-1]
    move = make_bot(level, seed=seed).choose(view)
    return Hint((move,), advise([move]))


def _seat_config(raw: dict[str, Any]) -> SeatConfig:
    """A seat as the host tells it: a person (kind "human") or a bot of its level."""
    name = clean(str(raw.get("name") or ""), saves.MAX_NAME)  # "": a seat not yet taken
    level = raw.get("level")
    if raw.get("kind") == "person":
        return SeatConfig(name, "human")
    return SeatConfig(name, level if level in LEVELS else DEFAULT_LEVEL)


def _refusal(msg: dict[str, Any]) -> IllegalMove:
    """A refused move as the engine's IllegalMove (its id and values), or the table's reason."""
    code = str(msg.get("code", ""))
    if code in TABLE_REFUSALS:
        return IllegalMove(_(TABLE_REFUSALS[code]), code)
    raw = msg.get("params") or {}
    params: dict[str, object] = {
        str(k): int(v) if isinstance(v, str) and v.isdigit() else v for k, v in raw.items()
    }
    return IllegalMove(clean(str(msg.get("reason", "")), 300), code, **params)
