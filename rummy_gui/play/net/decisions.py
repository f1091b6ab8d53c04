"""A joined seat's own decisions in the deal, as it saw them, for its deal review.

A joined player has no record of the game (the host keeps it), so the deal
review (play/review.py, `review_views`) works from what the seat itself
was sent: at each state where it had a choice, its view (`remote_view.
engine_view`: the very `Game.view(seat)`, public state included), and the
move it made there once the host says the move was played. Nothing here
holds more than those views: no other hand, no stock.

What does not fit is left out and changes nothing kept: a state for
another seat or one whose view does not read, a move the host refused or
never answered (a reconnection), a decision seen without the public state
the review needs. An undo the host made takes the last move kept back out.
"""

from __future__ import annotations

from rummy_gui.engine import Move, Phase, Rules, View
from rummy_gui.play.net.protocol import ProtocolError, SeatState
from rummy_gui.play.net.remote_view import engine_view

# Phases whose move is no decision worth reviewing (as play/review.py skips them).
_SKIPPED = (Phase.CUT, Phase.DEAL_OVER, Phase.GAME_OVER)


class KeptDecisions:
    """The seat's moves of the deal being played (or just over), each with
    the view it was chosen from where that was a decision."""

    def __init__(self, rules: Rules, seat: int) -> None:
        self.rules = rules
        self.seat = seat
        self.round = 0
        self._moves: list[tuple[View | None, Move]] = []  # played, in order
        self._now: View | None = None  # the decision the latest state offers
        self._sent: tuple[View | None, Move, int] | None = None  # a move awaiting its answer
        self._undo_at: int | None = None  # an undo awaiting its answer, sent on this state

    def seen(self, state: SeatState) -> None:
        """A state from the host: the move sent is played once the state says
        so (`moved_at`); a new deal starts the list again."""
        if state.seat != self.seat:
            return
        try:
            view = engine_view(self.rules, state)
        except ProtocolError:
            self._now = None
            return
        if self._sent is not None and state.moved_at > self._sent[2]:
            self._moves.append(self._sent[:2])
            self._sent = None
        if self._undo_at is not None and state.moved_at > self._undo_at:
            if self._moves:
                self._moves.pop()
            self._undo_at = None
        if view.round != self.round:
            self.round, self._moves = view.round, []
        choice = view.phase not in _SKIPPED and self.seat in view.to_act
        has_public = state.public is not None
        self._now = view if choice and has_public and len(view.legal_moves) >= 2 else None

    def sent(self, move: Move, at: int) -> None:
        """The seat's move went to the host, made on state `at`."""
        self._sent = (self._now, move, at)

    def undo_sent(self, at: int) -> None:
        self._undo_at = at

    def unanswered(self) -> None:
        """The move or undo sent was refused, or may never have gone (a reconnection)."""
        self._sent = None
        self._undo_at = None

    def deal(self) -> list[tuple[View, Move]]:
        """The decisions of the deal: the view each was chosen from, the move made."""
        return [(view, move) for view, move in self._moves if view is not None]
