"""The hint: the medium bot's advice as a sequence of moves, shown one step
at a time. Its words are said, the cards of its first step are lifted in the
hand (only those, so a drag carries what that step plays) and the pile it
draws from is pointed at; once the player plays that step, the next one is
shown, and any other move ends the hint."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rummy_gui.engine.enums import Action
from rummy_gui.i18n import _
from rummy_gui.ui.table.drops import Message
from rummy_gui.ui.table.state import TableState
from rummy_gui.ui.widgets import theme

if TYPE_CHECKING:
    from rummy_gui.hints import Hint


class HintSteps:
    def __init__(self, t: TableState) -> None:
        self.t = t
        self.advice: Hint | None = None  # the advice being followed: its first step is shown
        self._awaited = False  # its step went to a joined table's host, not yet played
        self._message: Message | None = None

    def ask(self) -> None:
        """The player asked for a hint: the advice, its words and its first step."""
        t = self.t
        if not t.my_turn():
            t.message_at(_("A hint is for the player whose turn it is."))
            return
        advice = self._advice()
        if advice is None:
            self.advice = None
            t.message_at(_("Nothing to decide now."))
            return
        t.session.hints[t.viewer] += 1
        self.advice = advice
        self._show_step(advice)
        self._say(advice)

    def _advice(self) -> Hint | None:
        """The bots' advice for the position now (None: nothing to decide)."""
        t = self.t
        advice = t.session.hint(t.viewer)
        return advice if advice is not None and advice.moves else None

    def drop(self) -> None:
        """The position changed under the advice (undo, redo): it is forgotten."""
        if self.advice is not None:
            self.advice = None
            self._say(None)

    def follow(self, seat: int, later: bool = False) -> None:
        """After a move: the hint's next step when the move was its step, else
        the hint is done. `later`: the move went to a joined table's host and
        is played with a later frame; the advice waits for it (`news`)."""
        t = self.t
        self._awaited = later and self.advice is not None
        if self._awaited:
            return
        advice, self.advice = self.advice, None
        if advice is None:
            return
        played = t.view.last_move
        followed = played is not None and advice.follows(played)
        rest = t.session.hint_rest(advice) if followed else None
        if followed and rest is None and seat == t.viewer and t.my_turn():
            # The advice stops at a draw (it never looks at the stock): once the
            # player has the card, the same hint goes on from the new position.
            rest = self._advice()
        if rest is None or seat != t.viewer or not t.my_turn():
            self._say(None)  # followed to its end, or not followed: its words go
            return
        self.advice = rest
        self._show_step(rest)
        self._say(rest)

    def news(self, refused: bool) -> None:
        """The host's news came: a step awaited was played (the advice goes on
        as after a local move) or refused (the advice stays, as it does then)."""
        if self._awaited:
            self._awaited = False
            if not refused:
                self.follow(self.t.viewer)

    def _say(self, advice: Hint | None) -> None:
        """The advice in words, in place of the words of its earlier step."""
        t = self.t
        t.messages.forget(self._message)
        self._message = None
        if advice is not None:
            text = _("Hint: {advice}").format(advice=advice.text)
            self._message = t.messages.say(text, theme.GOLD, ttl=9.0)

    def _show_step(self, advice: Hint) -> None:
        """Lift the cards of the advice's first step and point at the pile it draws from."""
        t = self.t
        want = Counter(c.code for c in advice.cards)
        lift: list[int] = []
        for i, card in enumerate(t.shown_hand()):
            if want[card.code] > 0:
                want[card.code] -= 1
                lift.append(i)
        t.hand.select(lift)
        first = advice.moves[0]
        if first.action in (Action.TAKE, Action.RUMMY):  # show where: the deepest card to take
            t.focus.point("discard", len(t.view.discard_pile) - (first.count or 1))
        elif first.action is Action.DRAW:
            t.focus.point("stock", 0)
        elif first.action in (Action.LAYOFF, Action.SWAP) and first.number is not None:
            # the meld it plays to: Enter lays the lifted cards off there
            ids = [m.id for m in t.view.public_melds]
            if first.number in ids:
                t.focus.point("melds", ids.index(first.number))
        elif lift:  # a meld or a discard: the first card it lifts
            t.focus.point("hand", min(lift))
