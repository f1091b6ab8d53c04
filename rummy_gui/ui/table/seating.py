"""Who sits at the bottom of the table. With one human it is them; in hot
seat it is the human to act (or to be asked about a claim), reached through
the hand-over screen, and each keeps their own order of their hand. Claims a
human is not asked about (the setting "ask about claims") are passed here."""

from __future__ import annotations

from collections.abc import Callable

from rummy_gui.engine.enums import Phase
from rummy_gui.play import table_policy
from rummy_gui.ui.table.hotseat import hand_over_reason
from rummy_gui.ui.table.state import Focus, TableState
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
        self.relayout = relayout  # the table turned: everything is placed again
        self.hand_over = hand_over  # open the hand-over screen for (seat, reason)
        self.handing_over = handing_over  # a hand-over screen (or any other) is over the table
        self._auto_passed: tuple[int, object] | None = None  # the position last checked

    def update(self) -> None:
        """Who sits at the bottom, and the hand-over screen between humans."""
        t = self.t
        s = t.session
        if s.demo or not s.humans():
            return
        if s.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            if t.hot_seat():
                t.revealed_for = None  # the next deal begins with a hand-over
            return
        self.auto_pass()
        seat = t.next_human()
        if seat is None:
            return
        if not t.hot_seat() or not t.app.settings.hand_over_screen:
            self.seat_at_bottom(seat)
            t.revealed_for = seat
            return
        if seat == t.revealed_for:
            self.seat_at_bottom(seat)
            return
        if self.handing_over():
            return
        self.seat_at_bottom(seat)
        t.revealed_for = None
        self.hand_over(seat, self.hand_over_reason(seat))

    def auto_pass(self) -> None:
        """Claims a human is not asked about (setting "ask about claims") are passed."""
        t = self.t
        s = t.session
        if s.phase is not Phase.CLAIM or self._auto_passed == (s.version, s.game.to_act):
            return
        self._auto_passed = (s.version, s.game.to_act)
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
        t.orders[t.viewer] = list(t.hand_order)
        t.slots.clear()
        t.viewer = seat
        t.hand_order = list(t.orders.get(seat, []))
        t.selected.clear()
        t.drag = None
        t.sync_hand()
        t.focus = Focus()
        t.base_cache = None
        self.relayout()

    def hand_over_reason(self, seat: int) -> str:
        return hand_over_reason(self.t.session, seat)

    def handed_over(self, seat: int) -> None:
        """The hand-over screen was clicked: the hand at the bottom is shown."""
        self.seat_at_bottom(seat)
        self.t.revealed_for = seat
