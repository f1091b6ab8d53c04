"""The table's own policy about who acts, pygame-free: which human the table
turns to next, which hands hot seat keeps face down, which claims a human is
asked about (the setting "ask about claims") and which are passed for them,
and what Undo may take back.

These are choices of the program, not rules of the game: every rules fact
they use comes from the engine (`Game.to_act` lists a claim window's seats
in its priority order; `Game.can_undo` says what the engine may take back;
`catalog.could_use` judges a card). The table (ui/table) calls them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummy_gui.engine import Action, ClaimKind, Move, Phase, ask, catalog

if TYPE_CHECKING:
    from rummy_gui.play.table_session import TableSession

_OVER = (Phase.DEAL_OVER, Phase.GAME_OVER)
_UNDO_PHASES = (Phase.DRAW, Phase.PLAY, Phase.CLAIM)


def hot_seat(session: TableSession) -> bool:
    """Several people share the machine."""
    return len(session.humans()) >= 2


def concealed(session: TableSession, viewer: int, revealed_for: int | None) -> bool:
    """Hot seat: the hand at the bottom is face down — while the machine is
    handed over (`revealed_for`, the human who last took the seat, is not
    `viewer`), and whenever its owner is not the one to act (someone else may
    be looking). The deal summary and game over are public."""
    if not hot_seat(session) or session.phase in _OVER:
        return False
    return revealed_for != viewer or viewer not in session.to_act


def next_human(session: TableSession) -> int | None:
    """The human to act (or be asked about a claim) now. A claim window's
    seats answer in the engine's priority order, so a bot before the first
    human answers first (None until it has)."""
    if session.demo or session.phase in _OVER:
        return None
    claiming = session.phase is Phase.CLAIM
    for seat in session.to_act:
        if session.is_human(seat):
            return int(seat)
        if claiming:
            return None
    return None


def may_act(session: TableSession, viewer: int, revealed_for: int | None) -> bool:
    """The player at the bottom may act now: it is their turn (or claim), the
    bots are not playing a show, and their hand is not face down."""
    return (
        viewer in session.to_act
        and not session.demo
        and not concealed(session, viewer, revealed_for)
    )


@dataclass(frozen=True)
class NextSeat:
    """Who the table turns to: `seat` sits at the bottom (None: no change),
    `revealed_for` is the human whose hand is shown, and `hand_over` says the
    hand-over screen comes first."""

    seat: int | None
    revealed_for: int | None
    hand_over: bool = False


def next_seat(
    session: TableSession, revealed_for: int | None, hand_over_screen: bool, covered: bool
) -> NextSeat:
    """Hot seat: whom the table turns to now. The hand-over screen (when the
    setting is on) comes between two humans, never while something else is
    over the table (`covered`); after a deal the next one begins with it."""
    if session.phase in _OVER:
        return NextSeat(None, None if hot_seat(session) else revealed_for)
    seat = next_human(session)
    if seat is None:
        return NextSeat(None, revealed_for)
    if not hot_seat(session) or not hand_over_screen:
        return NextSeat(seat, seat)
    if seat == revealed_for:
        return NextSeat(seat, revealed_for)
    if covered:
        return NextSeat(None, revealed_for)
    return NextSeat(seat, None, hand_over=True)


def worth_asking(game: ask.Position, seat: int, setting: str) -> bool:
    """Ask this human about the open claim? ("always" / "useful" / "never").
    "useful" asks when the engine says the card could be used with this hand
    and the melds on the table (`rummy_gui.engine.catalog.could_use`)."""
    claim = game.claim
    if claim is None or setting == "always":
        return True
    if setting == "never":
        return False
    if claim.kind in (ClaimKind.RUMMY, ClaimKind.SHANGHAI):
        return True  # these are offered only when the card can be used (public facts)
    return catalog.could_use(game.rules, game.hand(seat), claim.card, game.public_melds)


def pass_unasked(session: TableSession, setting: str) -> bool:
    """Pass every open claim of a human the setting does not ask about, in the
    engine's order, until the window closes or asks someone; True if any was
    passed. (No pass in a claim window goes in the log.) A session that asks
    about every claim itself (a lesson: `Session.claims_asked`) overrides
    the setting."""
    setting = session.claims_asked or setting
    passed = False
    changed = True
    while changed and session.phase is Phase.CLAIM:
        changed = False
        for seat in session.to_act:
            if session.is_human(seat) and not worth_asking(session.view(seat), seat, setting):
                session.play(seat, Move(Action.PASS))
                passed = changed = True
                break
    return passed


def may_undo(session: TableSession, seat: int, revealed_for: int | None) -> bool:
    """Undo takes back only the player's own moves, never another human's or
    a bot's, and never while their hand is face down."""
    owner = session.undo_owner()
    return (
        owner is not None
        and owner == seat
        and session.is_human(owner)
        and not session.demo
        and not concealed(session, seat, revealed_for)
        and session.phase in _UNDO_PHASES
    )


def may_redo(session: TableSession, seat: int, revealed_for: int | None) -> bool:
    """Redo only what the engine can redo, on the player's own turn."""
    return bool(session.can_redo) and may_act(session, seat, revealed_for)


def undoes_whole_turn(session: TableSession, seat: int, revealed_for: int | None) -> bool:
    """After the player's discard, Undo takes the whole turn back (as far as
    the engine can)."""
    last = session.view(seat).last_move
    return (
        may_undo(session, seat, revealed_for) and last is not None and last.action is Action.DISCARD
    )


def take_back(session: TableSession, seat: int, revealed_for: int | None) -> bool:
    """Undo for `seat` (the caller checked `may_undo`): one move, or after a
    discard the whole turn. True when it was the whole turn."""
    whole = undoes_whole_turn(session, seat, revealed_for)
    session.undo()
    while whole and may_undo(session, seat, revealed_for):
        session.undo()
    return whole


def holds_for_undo(session: TableSession, seat: int, move: Move) -> bool:
    """After this move, should the next bot wait a moment so the player may
    still take the turn back? Only for the one human's discard, while the
    engine can undo it."""
    return (
        move.action is Action.DISCARD
        and session.is_human(seat)
        and len(session.humans()) == 1
        and session.can_undo
    )
