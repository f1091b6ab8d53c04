"""Playing moves from the table: each goes to the engine as a `Move` value;
an accepted one animates what moved and sounds, a refused one shows the
engine's reason where the player acted. The commands of the keys, the drag
and the side buttons (meld, discard, pass, undo, redo, the hint, sorting)
end here."""

from __future__ import annotations

from collections.abc import Callable

from rummy_gui.engine import Move, ask
from rummy_gui.engine.cards import by_rank, by_suit
from rummy_gui.engine.enums import Action
from rummy_gui.engine.moves import IllegalMove
from rummy_gui.i18n import N_, _, reason
from rummy_gui.play import table_policy
from rummy_gui.play.narrate import cut_words
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.table.drops import describe_choice, tokens
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.table.hint_steps import HintSteps
from rummy_gui.ui.table.state import TableState
from rummy_gui.ui.widgets import theme

UNDO_HOLD = 1.5  # one human: after their discard the next bot waits this long, for Undo turn

SOUNDS = {
    Action.DRAW: "draw",
    Action.TAKE: "draw",
    Action.MELD: "place",
    Action.LAYOFF: "place",
    Action.SWAP: "place",
    Action.CONTRACT: "place",
    Action.DISCARD: "discard",
    Action.BUY: "call",
    Action.RUMMY: "call",
    Action.SHANGHAI: "call",
    Action.DEAL: "shuffle",
    Action.CUT: "shuffle",
}


class TableMoves:
    """The `state.Commands` of the table."""

    def __init__(
        self, t: TableState, app: App, hints: HintSteps, after_move: Callable[[], None]
    ) -> None:
        self.t = t
        self.app = app
        self.hints = hints
        self.after_move = after_move  # the prompt, the buttons and the seat, for the new position
        self.played_hook: Callable[[int], None] | None = None  # told each move's seat (the coach)

    def play(self, move: Move, seat: int | None = None, quiet: bool = False) -> bool:
        """Send a move to the engine and animate what moved; False (the reason shown) if refused."""
        t = self.t
        seat = t.viewer if seat is None else seat
        before, count = t.geometry(), t.view.move_count
        if seat == t.viewer:
            t.hand.remember()
        try:
            t.session.play(seat, move)
        except ValueError as refused:  # the engine's IllegalMove is a ValueError
            if not quiet:
                t.message_at(
                    reason(refused, {m.id: m.pretty() for m in t.view.public_melds})
                    if isinstance(refused, IllegalMove)
                    else str(refused)
                )
            return False
        t.sync_hand()
        if t.slots.staged and not t.staging():
            t.slots.clear()
        # a deal (after the cut, in Liverpool) flies from the stock round the table,
        # once it is dealt (a host elsewhere deals with a later frame: `take_news`)
        dealt = move.action in (Action.DEAL, Action.CUT) and t.view.move_count != count
        t.fly_from(before, dealt=dealt)
        if move.action in SOUNDS:
            self.app.play_sound(SOUNDS[move.action])
        for words in t.session.announcements:
            t.message(words, theme.GOLD)
        t.session.announcements.clear()
        if t.view.game_over:
            self.app.play_sound("win")
        factor = self.app.settings.animation_factor
        if factor > 0 and table_policy.holds_for_undo(t.session, seat, move):
            t.pace.hold_for_undo(UNDO_HOLD * factor)  # the next bot waits: "Undo turn" is possible
        # a joined table's host plays the move with a later frame (`take_news`)
        self.hints.follow(seat, later=t.view.move_count == count)
        if self.played_hook is not None:
            self.played_hook(seat)
        self.after_move()
        return True

    def take_news(self) -> None:
        """What changed elsewhere since the last frame (a remote game's host,
        `TableSession.refresh`): a refusal of the player's move is shown as a
        local one is; the new position is animated as a move played here."""
        t = self.t
        session = t.session
        version, deal = session.version, t.view.round
        before = t.geometry()
        refusals = session.refresh()
        for refused in refusals:
            t.message_at(reason(refused, {m.id: m.pretty() for m in t.view.public_melds}))
            t.hand.clear_selection()
        if session.version == version:
            return
        t.sync_hand()
        if t.slots.staged and not t.staging():
            t.slots.clear()
        t.fly_from(before, dealt=t.view.round != deal)
        last = t.view.last_move
        if last is not None and last.seat != t.viewer and last.action in SOUNDS:
            self.app.play_sound(SOUNDS[last.action])
        for words in session.announcements:
            t.message(words, theme.GOLD)
        session.announcements.clear()
        if t.view.game_over:
            self.app.play_sound("win")
        self.hints.news(refused=bool(refusals))
        self.after_move()

    def play_one_of(self, moves: list[Move], title: str) -> None:
        """One legal reading: play it. Several (jokers, contract splits): ask which."""
        if len(moves) == 1:
            self.play(moves[0])
            return
        from rummy_gui.ui.widgets.dialogs import ChooserScene

        options = [(describe_choice(m, self.t.view), str(k)) for k, m in enumerate(moves)]
        self.app.push(ChooserScene(self.app, _(title), options, lambda k: self.play(moves[int(k)])))

    def play_one_of_or_refuse(self, moves: list[Move], fallback: Move) -> None:
        """The legal readings if any; else try `fallback` so the engine says why not."""
        if moves:
            self.play_one_of(moves, N_("Which do you mean?"))
        else:
            self.play(fallback)

    def meld_selected(self) -> None:
        t = self.t
        cards = t.selected_cards()
        if not cards:
            t.message_at(_("Select cards in your hand first (click them)."))
            return
        moves = t.legal_with(cards, Action.MELD, Action.CONTRACT)
        if moves:
            self.play_one_of(moves, N_("Which meld do you mean?"))
        else:
            self.play(Move(Action.MELD, cards=tokens(cards)))

    def discard_selected(self) -> None:
        t = self.t
        cards = t.selected_cards()
        if len(cards) != 1:
            t.message_at(_("Select exactly one card to discard."))
            return
        self.play(t.discard_move(cards[0]))

    def lay_down_slots(self) -> None:
        t = self.t
        moves = t.slots.candidates(t.view, t.viewer)
        if moves:
            self.play_one_of(moves, N_("Which contract do you mean?"))
        else:
            self.play(t.slots.move())  # the engine says what is wrong with it

    def pass_turn(self) -> None:
        self.play(Move(Action.PASS))

    def cut_at(self, fraction: float) -> None:
        """Cut at this fraction of the pack's edge: as many cards as the engine allows there."""
        t = self.t
        lift = ask.cut_range(t.view)
        n = lift.start + int(fraction * len(lift))
        move = Move(Action.CUT, number=max(lift.start, min(lift.stop - 1, n)))
        before = t.view
        if self.play(move):  # how many were lifted, and the bonus if it was exactly the deal
            t.message(cut_words(move, before, t.session.name(t.viewer)), theme.GOLD)

    def undo(self, one: bool = False) -> None:
        """Undo (`table_policy.take_back`); `one`: the last move only, even a discard."""
        t = self.t
        if not t.may_undo():
            t.message_at(_("Nothing of yours to undo."))
            return
        before = t.geometry()
        if one:
            t.session.undo()
            whole = False
        else:
            whole = table_policy.take_back(t.session, t.viewer, t.bottom.revealed_for)
        t.pace.release()
        t.hand.recall(t.view.hand(t.viewer))
        self._after_change(before)
        t.message(_("Turn taken back.") if whole else _("Move taken back."), theme.GOLD)

    def redo(self) -> None:
        t = self.t
        if not t.may_redo():
            t.message_at(_("Nothing to redo."))
            return
        before = t.geometry()
        t.session.redo()
        taken_back = (_("Turn taken back."), _("Move taken back."))  # no longer true
        t.messages.forget_texts(taken_back)
        self._after_change(before)

    def _after_change(self, before: Geometry) -> None:
        t = self.t
        t.sync_hand()
        t.hand.clear_selection()
        self.hints.drop()  # undone or redone: the advice was for another position
        t.fly_from(before)
        self.after_move()

    def show_hint(self) -> None:
        self.hints.ask()

    def sort_by_suit(self) -> None:
        self.t.hand.sort(by_suit)

    def sort_by_rank(self) -> None:
        self.t.hand.sort(by_rank)
