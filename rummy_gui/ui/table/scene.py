"""The table scene: the game in progress, played by dragging cards.

The scene is the table's state (`state.TableState`, which every piece reads)
and puts its pieces together: the side buttons (`buttons`), the drag
(`dragging`), the keys (`keyboard`), the hint (`hint_steps`), the claim prompt
(`claims`), who sits at the bottom (`seating`), the words (`texts`) and the
drawing (`draw`). Moves go to the engine as `Move` values through `play`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummy_gui.engine import Move
from rummy_gui.engine.enums import Phase
from rummy_gui.i18n import _, on_change
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerDown, PointerMove, PointerUp, Wheel
from rummy_gui.ui.shell.scene import App, Scene
from rummy_gui.ui.table import idle, keyboard, waiting
from rummy_gui.ui.table.buttons import SideButtons
from rummy_gui.ui.table.claims import ClaimPrompt
from rummy_gui.ui.table.coach_callout import CoachCallout
from rummy_gui.ui.table.dragging import DragDrop
from rummy_gui.ui.table.draw import draw_table
from rummy_gui.ui.table.drops import Drag
from rummy_gui.ui.table.hint_steps import HintSteps
from rummy_gui.ui.table.hotseat import HandOverScene
from rummy_gui.ui.table.moves import TableMoves
from rummy_gui.ui.table.score_sheet import SHEET_KEY, ScoreSheetScene
from rummy_gui.ui.table.seating import Seating
from rummy_gui.ui.table.state import TableState
from rummy_gui.ui.widgets import theme
from rummy_gui.ui.widgets.controls import Button

if TYPE_CHECKING:
    from rummy_gui.hints import Hint

BOT_PAUSE = 0.45  # seconds between bot moves at normal speed, so people can follow


class TableScene(Scene, TableState):
    def __init__(self, app: App, session: TableSession) -> None:
        Scene.__init__(self, app)
        TableState.__init__(self, app, session)
        self.buttons: SideButtons = SideButtons()
        self.hints = HintSteps(self)
        self.moves = TableMoves(self, app, self.hints, self._after_move)
        self.drops = DragDrop(self, self.moves)
        self.claims = ClaimPrompt(self, self.moves.play)
        self.coach = CoachCallout(self, self.moves)
        self.seating = Seating(self, self._turned, self._hand_over, self._covered)
        self.slot_buttons: list[Button] = []
        self._summary_for: int | None = None  # the deal whose summary was shown
        self._game_over_shown = False
        self._save_error_told: str | None = None  # the reason saving is off, once said
        self._bots_started = False  # the bots' process starts after the first frame
        on_change(self._on_language)  # held weakly: a finished table stops listening

    @property
    def hint(self) -> Hint | None:
        """The advice being followed (its first step is the one shown)."""
        return self.hints.advice

    def _on_language(self, _lang: str) -> None:
        self.language_changed()

    def language_changed(self) -> None:
        """Every word on the table again, in the new language."""
        self.settings_changed()

    def settings_changed(self) -> None:
        """The table drawn and laid out again (words, card backs, sizes changed)."""
        self.base_layer.forget()
        self.layout(self.geo_cache.window)

    def _turned(self) -> None:
        """Another player sits at the bottom: nothing held, everything placed again."""
        self.drops.cancel()
        self.focus.reset()
        self.settings_changed()

    @property
    def drag(self) -> Drag | None:
        """What the pointer holds (the drag's own, dragging.py)."""
        return self.drops.drag

    @property
    def callout_open(self) -> bool:
        return self.coach.open

    # --- lifecycle ------------------------------------------------------
    def enter(self) -> None:
        self.app.play_sound("shuffle")
        if not self.view.move_count:  # a new game: its first deal is dealt before the players' eyes
            self.fly_from(self.geometry(), dealt=True)

    def resume(self) -> None:
        if self._looks != self._looks_now():  # Settings changed the felt or the cards
            self.settings_changed()
        self.sync_hand()
        self.coach.sync()  # Settings may have changed the coach

    def exit(self) -> None:
        self.coach.close()

    def _looks_now(self) -> tuple[object, ...]:
        s = self.app.settings
        return (s.card_back, s.four_colour, s.card_scale, s.high_contrast)

    def layout(self, size: tuple[int, int]) -> None:
        self.geo_cache.resize(size)
        self._looks = self._looks_now()
        do = self.moves
        actions = {
            "meld": do.meld_selected,
            "discard": do.discard_selected,
            "sort_suit": do.sort_by_suit,
            "sort_rank": do.sort_by_rank,
            "pass": do.pass_turn,
            "shanghai": self.toggle_shanghai,
            "undo": do.undo,
            "redo": do.redo,
            "hint": do.show_hint,
            "rules": self.show_rules,
            "save": self.save_as,
            "options": self.show_options,
            "scores": self.show_scores,
            "menu": self.to_menu,
        }
        lt = self.geometry().layout
        self.buttons.layout(lt.buttons, lt.actions, self, actions)
        own = self.geometry().layout.seats[self.viewer].melds
        self.slot_buttons = [
            Button(
                (own.right - 136, own.y + 10, 130, 40),
                _("Lay down"),
                do.lay_down_slots,
                primary=True,
                size=15,
            ),
            Button((own.right - 136, own.y + 58, 130, 36), _("Clear"), self.slots.clear, size=14),
        ]
        self.claims.refresh()
        self.coach.layout()

    def _covered(self) -> bool:
        """Something is over the table (a hand-over screen, a dialog): no hand-over now."""
        top = self.app.stack.top
        return isinstance(top, HandOverScene) or top is not self

    def _hand_over(self, seat: int, why: str) -> None:
        self.app.push(HandOverScene(self.app, self, seat, why))

    def _after_move(self) -> None:
        """A move was played or taken back: the seat, the claim prompt and the buttons follow."""
        self.seating.update()
        self.claims.refresh()
        self.claims.update()
        self.buttons.update(self)

    # What other scenes and the tests ask the table to do.
    def play(self, move: Move, seat: int | None = None, quiet: bool = False) -> bool:
        return self.moves.play(move, seat, quiet)

    def play_one_of(self, moves: list[Move], title: str) -> None:
        self.moves.play_one_of(moves, title)

    def undo(self) -> None:
        self.moves.undo()

    def redo(self) -> None:
        self.moves.redo()

    def handed_over(self, seat: int) -> None:
        """The hand-over screen was clicked: the hand at the bottom is shown."""
        self.seating.handed_over(seat)
        self.claims.refresh()
        self.buttons.refresh()
        self.claims.update()

    def toggle_shanghai(self) -> None:
        if not self.shanghai_calls():
            return
        self.shanghai.toggle()
        self.layout(self.geo_cache.window)

    def show_rules(self) -> None:
        from rummy_gui.ui.screens.rules import RulesScene

        self.app.push(RulesScene(self.app, self.session.preset, dict(self.session.options)))

    def show_scores(self) -> None:
        """The score sheet over the table (its key or Esc shuts it)."""
        self.app.push(ScoreSheetScene(self.app, self.session))

    def show_options(self) -> None:
        from rummy_gui.ui.screens.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def save_as(self) -> None:
        from rummy_gui.ui.screens.saving import SaveAsScene

        self.app.push(
            SaveAsScene(self.app, self.session, lambda text: self.message(text, theme.GOLD))
        )

    def to_menu(self) -> None:
        self.app.pop()

    # --- input ------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if self.coach.handle(intent):
            return
        if isinstance(intent, Back):
            if self.drag:
                self.drops.cancel()
            else:
                self.to_menu()
            return
        if isinstance(intent, Key):
            if intent.key == SHEET_KEY and not intent.ctrl:
                self.show_scores()
                return
            if not self.motion.flights or intent.ctrl:
                keyboard.handle_key(self, self.moves, intent)
            return
        if isinstance(intent, Wheel):
            at = self.pointer.at
            if at and self.geometry().layout.log.collidepoint(at):
                self.pointer.scroll(3 * intent.dy)
            return
        if isinstance(intent, PointerMove):
            self.pointer.moved(intent.pos)
        slot_buttons = self.slot_buttons if self.staging() and self.slots.staged else []
        for b in [*self.answers.answer_buttons, *slot_buttons, *self.buttons]:
            if b.handle(intent) and not isinstance(intent, PointerMove):
                return
        if isinstance(intent, PointerDown):
            self.pointer.moved(intent.pos)
            if intent.button == 3:
                self.hand.clear_selection()
                return
            self.drops.pointer_down(intent.pos)
        elif isinstance(intent, PointerMove):
            self.drops.pointer_move(intent.pos)
        elif isinstance(intent, PointerUp) and intent.button == 1:
            self.pointer.moved(intent.pos)
            self.drops.pointer_up(intent.pos)

    # --- frame ---------------------------------------------------------------
    def frame_wait(self) -> float:
        return min(idle.table_wait(self), self.coach.wait())

    def update(self, dt: float) -> None:
        self.motion.tick(dt)
        self.messages.tick(dt)
        self.moves.take_news()
        waiting.watch(self.app, self.session, self.drops.cancel)
        self._tell_notices()
        self.coach.update(dt)
        if self.app.stack.top is not self:
            return
        if not self._bots_started and self.app.frame >= 1:
            # The first frame is on screen: the bots' process starts now, in the
            # pause before the first bot move, not in the frame it thinks in.
            self._bots_started = True
            self.session.start_bots()
            self.coach.start()
        self.seating.update()
        if self.app.stack.top is not self:
            return
        self.claims.update()
        self.buttons.update(self)
        self._update_slots()
        if self.motion.flights or self._deal_screens() or self.coach.holds():
            return  # (the coach: the player who moved may still take it back)
        pace = self.pace
        if pace.undo_hold > 0:
            if pace.tick_hold(dt) and self.may_undo():
                return
            pace.release()
            self.buttons.refresh()
        if self.session.phase is Phase.CLAIM:
            pace.wait(0.0)  # bots answer claims without delay
        if not pace.tick(dt):
            return
        result = self.session.poll_bot()
        if result is not None:
            seat, move = result
            if not self.play(move, seat, quiet=True):  # the rules refuse a bot's move: a bug
                self.session.bot_failed(seat, f"the rules refuse its move {str(move)!r}")
            pace.wait(max(0.05, BOT_PAUSE * self.app.settings.animation_factor))

    def _tell_notices(self) -> None:
        """The session's news for the player (a backup used), and once per reason
        that saving is off: the game goes on either way."""
        s = self.session
        for text in s.notices:
            self.message(text, theme.GOLD, ttl=8.0)
        s.notices.clear()
        error = s.save_error
        if error is not None and error != self._save_error_told:
            from rummy_gui.play.problems import saving_off_text

            self._save_error_told = error
            self.message(saving_off_text(error, s.save_error_kind), theme.ERROR, ttl=8.0)

    def _update_slots(self) -> None:
        if not self.staging():
            if self.slots.staged:
                self.slots.clear()
            return
        self.slot_rects()
        self.slot_buttons[0].enabled = self.slots.complete(self.view, self.viewer)

    def _deal_screens(self) -> bool:
        """The deal summary after every deal (the last one too: its cards are
        public), then, when the match is over, the game-over screen."""
        from rummy_gui.ui.table.overlays import DealSummaryScene, GameOverScene

        phase = self.session.phase
        if phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
            self._summary_for = None
            self._game_over_shown = False
            return False
        if self._summary_for != self.view.round:
            self._summary_for = self.view.round
            self.app.push(DealSummaryScene(self.app, self))
        elif phase is Phase.GAME_OVER and not self._game_over_shown:
            self._game_over_shown = True
            self.app.push(GameOverScene(self.app, self))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(surface, self)
        self.claims.draw(surface)
        self.coach.draw(surface)
