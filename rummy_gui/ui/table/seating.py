"""Who sits at the bottom of the table. With one human it is them; in hot
seat it is the human to act (or to be asked about a claim), reached through
the hand-over screen, and each keeps their own order of their hand. Claims a
human is not asked about (the setting "ask about claims") are passed here."""

from __future__ import annotations

from collections.abc import Callable

from rummy_gui.engine.enums import Phase
from rummy_gui.play import table_policy
from rummy_gui.ui.table.hotseat import hand_over_reason
from rummy_gui.ui.table.state import TableState
from rummy_gui.ui.widgets import theme


class Seating:
    def __init__(
        self,
        t: TableState,
        relayout: Callable[[], None],
        hand_over: Callable[[int, str], None],
        handing_over: Callable[[], bool],
    ) -> None:
        self.t = t
        self.relayout = relayout  # the table turned: nothing held, everything placed again
        self.hand_over = hand_over  # open the hand-over screen for (seat, reason)
        self.handing_over = handing_over  # a hand-over screen (or any other) is over the table
        self._auto_passed: tuple[int, object] | None = None  # the position last checked

    def update(self) -> None:
        """Who sits at the bottom, and the hand-over screen between humans."""
        t = self.t
        s = t.session
        if s.demo or not s.humans():
            return
        if s.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
            self.auto_pass()
        turn = table_policy.next_seat(
            s, t.bottom.revealed_for, t.app.settings.hand_over_screen, self.handing_over()
        )
        if turn.seat is not None:
            self.seat_at_bottom(turn.seat)
        t.bottom.reveal(turn.revealed_for)
        if turn.hand_over and turn.seat is not None:
            self.hand_over(turn.seat, self.hand_over_reason(turn.seat))

    def auto_pass(self) -> None:
        """Claims a human is not asked about (setting "ask about claims") are passed."""
        t = self.t
        s = t.session
        if s.phase is not Phase.CLAIM or self._auto_passed == (s.version, s.to_act):
            return
        self._auto_passed = (s.version, s.to_act)
        table_policy.pass_unasked(s, t.app.settings.ask_claims)
        t.sync_hand()
        for words in s.announcements:  # a claim that won once the others passed
            t.message(words, theme.GOLD)
        s.announcements.clear()

    def seat_at_bottom(self, seat: int) -> None:
        """The table turns so that this player sits at the bottom, with their own hand order."""
        t = self.t
        if t.viewer == seat:
            return
        t.hand.turn(t.viewer, seat)
        t.slots.clear()
        t.bottom.turn_to(seat)
        t.sync_hand()
        self.relayout()

    def hand_over_reason(self, seat: int) -> str:
        return hand_over_reason(self.t.session, seat)

    def handed_over(self, seat: int) -> None:
        """The hand-over screen was clicked: the hand at the bottom is shown."""
        self.seat_at_bottom(seat)
        self.t.bottom.reveal(seat)
