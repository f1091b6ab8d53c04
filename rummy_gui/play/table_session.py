"""The one interface between the table's screens and a game in progress.

Every screen under `rummy_gui/ui` reaches the game through a `TableSession`
and never through the engine's Game: the local `session.Session` runs the
game in this process; a remote session, speaking to a host over the
network, gets from the host only what `Game.view(seat)` holds and the public
events, and satisfies this same protocol, so no screen knows where the game
is played.

Who the viewer is: the screens ask `view(seat)` for the seat whose hand is at
the bottom of the table (`TableState.viewer`). In hot seat that is the human
whose turn it is (the hand-over screen comes before their hand is shown, as
today); at a remote table it is always the joined player's own seat; in a
show of bots (`demo`) it is seat 0, whose hand the table shows face up while
the others show their backs, as it always has. Every hand is public once a
deal is over (`TableView.hand`), the deal summary's breakdown names every
card, and `record()` (replays, the deal review) is the whole game where the
session allows it (a local session always does; a remote one may answer None).

Moves: `legal(seat)` lists the engine's offered moves of a seat (empty for a
seat the session does not show), `play(seat, move)` sends one and raises the
engine's `IllegalMove` (a ValueError saying why, in a player's words) when it
is refused; nothing changes then. A remote session's host answers later:
its refusals come from `refresh`, which the table calls every frame. A
claim window's answers (buy, Rummy!, Shanghai!, pass) are moves like any
other: `view(seat).claim` says what is on offer and `to_act` who may still
answer. `version` grows with every change,
so the screens key their caches on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from rummy_gui.engine import IllegalMove, Move, Phase, View
from rummy_gui.play.table_view import TableView

if TYPE_CHECKING:
    from rummy_gui.hints import Hint
    from rummy_gui.play.session import LogEntry, SeatConfig


@runtime_checkable
class TableSession(Protocol):
    """A game at the table as the screens use it (see the module's docstring)."""

    # --- who sits where, and the game's settings (public) ------------------
    preset: str  # the preset id ("rummy500", ...)
    options: dict[str, Any]  # the house rules chosen (the rules screen shows them)
    seats: list[SeatConfig]  # name, kind ("human" or a bot level) and colour of each seat
    demo: bool  # a show of bots: every seat is played by a bot, nobody acts
    version: int  # grows with every change of the game (caches key on it)

    def name(self, seat: int) -> str: ...

    def colour(self, seat: int) -> tuple[int, int, int]:
        """The seat's owner colour (RGB)."""
        ...

    def initial(self, seat: int) -> str:
        """A one-letter mark for the seat's badge and cards."""
        ...

    def is_human(self, seat: int) -> bool:
        """A person plays this seat (never in a show of bots)."""
        ...

    def humans(self) -> list[int]: ...

    # --- the game now -------------------------------------------------------
    @property
    def finished(self) -> bool:
        """The game is over."""
        ...

    @property
    def phase(self) -> Phase: ...

    @property
    def round(self) -> int:
        """The number of the deal (the contract family's round), from 1."""
        ...

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that may move now (a claim window's in the engine's priority order)."""
        ...

    def view(self, seat: int) -> TableView:
        """The table as `seat` sees it now: its own hand, the other hands as
        counts (every hand once the deal is over), the public cards and facts,
        its offered moves. A Pinochle face-down lay-off stays hidden."""
        ...

    def public_view(self) -> TableView:
        """The table as everyone sees it (`TableView.public`): no hand but
        at a deal's end, no moves; for what belongs to no seat (the score
        sheet)."""
        ...

    @property
    def log(self) -> Sequence[LogEntry]:
        """The deal in plain words (`LogEntry.text()`), oldest first."""
        ...

    announcements: list[str]  # claims and calls to say aloud; the table shows and clears them
    notices: list[str]  # for the player, shown once by the table, which clears them
    save_error: str | None  # why saving is off (the table says so once)
    save_error_kind: str

    # --- news from elsewhere (a remote game's host) ----------------------------
    def refresh(self) -> list[IllegalMove]:
        """Take in what changed elsewhere since the last frame (`version`
        grows with it); the refusals of the viewer's moves that came meanwhile,
        each shown as a local refusal is. A local game changes only here: []."""
        ...

    @property
    def waiting(self) -> str | None:
        """Why the table waits for someone elsewhere (a slow network, a host
        that is gone), in words; None while it does not."""
        ...

    # --- moves ----------------------------------------------------------------
    def legal(self, seat: int) -> list[Move]:
        """The moves `seat` is offered now (the engine's, in its order)."""
        ...

    def play(self, seat: int, move: Move) -> None:
        """Play `move` for `seat`; raises the engine's IllegalMove (nothing
        changes) when it is refused."""
        ...

    # --- undo and redo (the table's policy, play/table_policy.py, decides whose)
    @property
    def can_undo(self) -> bool:
        """The engine can take a move back now."""
        ...

    @property
    def can_redo(self) -> bool: ...

    def undo_owner(self) -> int | None:
        """The seat whose move an undo would take back (None: nothing to undo)."""
        ...

    def undo(self) -> Move: ...

    def redo(self) -> Move: ...

    # --- hints ------------------------------------------------------------------
    hints: Counter[int]  # hints asked, per seat (the table counts them; statistics read them)
    coached: Counter[int]  # the coach's words on mistakes, per seat (counted as hints are)
    coach_allowed: bool  # the coach (a setting) may judge its humans' moves (not in a lesson)
    claims_asked: str | None  # which claims the table asks about (None: as the setting says)

    def hint(self, seat: int) -> Hint | None:
        """The bots' advice for `seat`'s decision now (None: nothing to decide)."""
        ...

    def hint_rest(self, advice: Hint) -> Hint | None:
        """The rest of `advice` once its first step was played (None: nothing left)."""
        ...

    # --- the bots ----------------------------------------------------------------
    def bot_to_act(self) -> int | None:
        """The bot seat to move now, if any."""
        ...

    def poll_bot(self) -> tuple[int, Move] | None:
        """Start a bot's thinking, or collect its move: (seat, move) when ready."""
        ...

    def bot_thinking(self) -> bool: ...

    def bot_failed(self, seat: int, detail: str) -> None:
        """A bot chose a move the rules refuse (a bug): it plays no more."""
        ...

    def start_bots(self) -> None: ...

    def bot_seed(self, seat: int) -> int:
        """The seed of the seat's bot (the deal review's search uses it)."""
        ...

    # --- keeping the game ---------------------------------------------------------
    def autosave(self) -> None:
        """Keep the game on disk for Continue (where this session saves)."""
        ...

    def save_as(self, path: Path) -> None:
        """Save the game to `path`; raises `saves.SaveError` (a bad name, a
        read-only folder, a full disk), the file untouched."""
        ...

    def record(self) -> dict[str, Any] | None:
        """The whole game's record (`Game.record()`), for replays and the deal
        review; None where the session does not allow them."""
        ...

    def decisions(self, seat: int) -> list[tuple[View, Move]] | None:
        """The seat's decisions in the last deal, each the view it had (the
        engine's `View`) and the move it made, for the deal review where the
        session keeps no record (a joined seat's own); None where it keeps
        none of them (a local session: the review replays `record()`)."""
        ...

    def close(self) -> None:
        """The table is left: stop the bots, write the last autosave."""
        ...


def reviewable(session: TableSession) -> bool:
    """Whether the deal review can be offered: the session keeps the game's
    record, or its one human's own decisions (a joined seat)."""
    if session.record() is not None:
        return True
    return any(session.decisions(seat) is not None for seat in session.humans())


def recorded(session: TableSession) -> dict[str, Any]:
    """The session's record for a replay or a deal review, whose doors the
    table opens only where the session gives one (ValueError: it gives none)."""
    record = session.record()
    if record is None:
        raise ValueError("this session keeps no record to replay")
    return record
