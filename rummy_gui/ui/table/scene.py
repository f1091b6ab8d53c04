"""The table scene: the game in progress, played by dragging cards.

Input turns into the engine's `Move` values: while a drag is on, the drop
targets are the places where some legal move (asked of the engine, filtered
by the cards held) fits the dragged cards; a drop elsewhere sends the move
the place means anyway, so the engine's reason can be shown.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from rummy_gui.engine import Game, Move, ask
from rummy_gui.engine.cards import Card
from rummy_gui.engine.enums import Action, ClaimKind, Phase
from rummy_gui.engine.moves import IllegalMove
from rummy_gui.i18n import N_, _, on_change, reason
from rummy_gui.play.narrate import is_you
from rummy_gui.play.session import Session
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerDown, PointerMove, PointerUp, Wheel
from rummy_gui.ui.shell.scene import App, Scene
from rummy_gui.ui.table import geometry as geom
from rummy_gui.ui.table import idle, keyboard
from rummy_gui.ui.table.contract_slots import ContractSlots, without
from rummy_gui.ui.table.draw import draw_table
from rummy_gui.ui.table.drops import (
    Drag,
    DropTarget,
    Message,
    describe_choice,
    describe_claim,
    tokens,
)
from rummy_gui.ui.table.hotseat import HandOverScene, hand_over_reason, pass_to, worth_asking
from rummy_gui.ui.widgets import theme
from rummy_gui.ui.widgets.controls import Button

if TYPE_CHECKING:
    from rummy_gui.hints import Hint

FLIGHT_SECONDS = 0.32
BOT_PAUSE = 0.45  # seconds between bot moves at normal speed, so people can follow
DRAG_THRESHOLD = 6
UNDO_HOLD = (
    1.5  # one human: after their discard the next bot waits this long (normal speed), for Undo turn
)

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


CLAIM_ANSWERS = (Action.RUMMY, Action.BUY, Action.SHANGHAI, Action.PASS)


class TableScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        humans = session.humans()
        self.viewer = humans[0] if humans else 0
        self.revealed_for: int | None = None  # hot seat: the human who last took the seat
        self.orders: dict[int, list[Card]] = {}  # hot seat: each human's own order of their hand
        self.undo_hold = 0.0
        self.focus = keyboard.Focus()
        self.keyboard_used = False
        self.action_pos: tuple[int, int] | None = None  # where the last input happened
        self.log_scroll = 0  # lines of the game log scrolled back (the wheel over the log)
        self._auto_passed: tuple[int, object] | None = (
            None  # the position last checked for claims not asked
        )
        self.hand_order: list[Card] = []
        self.selected: set[int] = set()
        self.drag: Drag | None = None
        self.flights: list[geom.Flight] = []
        self.returning: list[geom.Flight] = []
        self.messages: list[Message] = []
        self.pointer: tuple[int, int] | None = None
        self.hover_discard: int | None = None
        self.hover_hand: int | None = None
        self.hover_stock = False
        self.clock = 0.0
        self.cooldown = 0.6
        self.shanghai_call = False
        self.buttons: list[Button] = []
        self.prompt_buttons: list[Button] = []
        self.prompt_moves: list[Move] = []
        self.hint: Hint | None = None  # the advice being followed: its first step is the one shown
        self._hint_message: Message | None = None
        self._prompt_version = -1
        self._geo_key: tuple[object, ...] | None = None
        self._geo: geom.Geometry | None = None
        self._summary_for: tuple[int, bool] | None = None
        self._game_over_shown = False
        self._save_error_told: str | None = None  # the reason saving is off, once said
        self._buttons_version: object = -1
        self.base_cache: tuple[object, pygame.Surface] | None = None
        self.slots = ContractSlots()
        self.slot_buttons: list[Button] = []
        self._size = app.size
        self.sync_hand()
        on_change(self._on_language)  # held weakly: a finished table stops listening

    def _on_language(self, _lang: str) -> None:
        self.language_changed()

    def language_changed(self) -> None:
        """Every word on the table again, in the new language."""
        self.base_cache = None
        self._buttons_version = -1
        self.layout(self._size)

    # --- lifecycle ------------------------------------------------------
    def enter(self) -> None:
        self.app.play_sound("shuffle")

    def resume(self) -> None:
        self.sync_hand()

    def layout(self, size: tuple[int, int]) -> None:
        self._size = size
        self._geo_key = None
        lt = self.geometry().layout
        r = lt.buttons
        bw, bh = (r.w - 10) // 2, 40
        rows = [
            [(_("Meld"), self.meld_selected, True), (_("Discard"), self.discard_selected, True)],
            [(_("Sort ♣♦♥♠"), self.sort_by_suit, False), (_("Sort A-K"), self.sort_by_rank, False)],
            [
                (_("Pass"), self.pass_turn, False),
                (self._shanghai_label(), self.toggle_shanghai, False),
            ],
            [(_("Undo"), self.undo, False), (_("Redo"), self.redo, False)],
            [(_("Hint"), self.show_hint, False), (_("Rules"), self.show_rules, False)],
            [(_("Save as…"), self.save_as, False), (_("Options…"), self.show_options, False)],
            [(_("Menu"), self.to_menu, False)],
        ]
        self.buttons = []
        for i, row in enumerate(rows):
            width = bw if len(row) > 1 else r.w
            for j, (label, fn, primary) in enumerate(row):
                b = Button(
                    (r.x + j * (bw + 10), r.y + i * (bh + 6), width, bh),
                    label,
                    fn,
                    primary=primary,
                    size=15,
                )
                self.buttons.append(b)
        self.buttons[5].visible = self.shanghai_calls()
        own = self.geometry().layout.seats[self.viewer].melds
        self.slot_buttons = [
            Button(
                (own.right - 136, own.y + 10, 130, 40),
                _("Lay down"),
                self.lay_down_slots,
                primary=True,
                size=15,
            ),
            Button((own.right - 136, own.y + 58, 130, 36), _("Clear"), self.slots.clear, size=14),
        ]
        self._prompt_version = -1
        self._buttons_version = -1

    def _update_buttons(self) -> None:
        """Grey out what can not be done now (the engine says what can)."""
        key = (self.session.version, self.viewer, self.revealed_for, self.concealed())
        if self._buttons_version == key:
            return
        self._buttons_version = key
        actions = {m.action for m in self.legal()} if self.my_turn() else set()
        self.buttons[0].enabled = bool(actions & {Action.MELD, Action.CONTRACT, Action.LAYOFF})
        self.buttons[1].enabled = Action.DISCARD in actions
        self.buttons[4].enabled = Action.PASS in actions and self.session.phase is not Phase.CLAIM
        self.buttons[6].enabled = self.may_undo()
        self.buttons[6].label = _("Undo turn") if self.undoing_whole_turn() else _("Undo")
        self.buttons[7].enabled = self.may_redo()
        self.buttons[8].enabled = self.my_turn()

    # --- state helpers ----------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    def sync_hand(self) -> None:
        """Keep the player's own order of their hand; new cards go to the right."""
        hand = self.game.hand(self.viewer)
        want = Counter(c.code for c in hand)
        kept: list[Card] = []
        for card in self.hand_order:
            if want[card.code] > 0:
                want[card.code] -= 1
                kept.append(card)
        extra = Counter(c.code for c in kept)
        for card in hand:
            if extra[card.code] > 0:
                extra[card.code] -= 1
            else:
                kept.append(card)
        if [c.code for c in kept] != [c.code for c in self.hand_order]:
            if Counter(c.code for c in kept) != Counter(c.code for c in self.hand_order):
                self.selected.clear()
            self.hand_order = kept

    def shown_hand(self) -> list[Card]:
        """The hand as drawn: the player's order, without cards put in contract slots."""
        return without(self.hand_order, self.slots.staged)

    def card_scale(self) -> float:
        return max(0.8, min(1.6, float(getattr(self.app.settings, "card_scale", 1.0) or 1.0)))

    def geometry_key(self) -> tuple[object, ...]:
        return (
            self.session.version,
            self._size,
            self.viewer,
            self.card_scale(),
            tuple(c.code for c in self.hand_order),
            tuple(tuple(c.code for c in slot) for slot in self.slots.slots),
        )

    def geometry(self) -> geom.Geometry:
        key = self.geometry_key()
        if self._geo is None or key != self._geo_key:
            geo = geom.build(
                self.game, self._size, self.viewer, self.shown_hand(), self.card_scale()
            )
            if self.slots.staged:
                own = geo.layout.seats[self.viewer].melds
                for k, (slot, rect) in enumerate(
                    zip(self.slots.slots, self.slots.rects(own), strict=True)
                ):
                    geo.zones[("staged", k)] = list(
                        zip(slot, self.slots.card_rects(rect, len(slot)), strict=True)
                    )
            self._geo, self._geo_key = geo, key
        return self._geo

    def staging(self) -> bool:
        """Contract family, before the player's contract: lay it down through slots."""
        g = self.game
        return (
            g.rules.is_contract
            and self.my_turn()
            and self.session.phase is Phase.PLAY
            and not g.has_laid_down(self.viewer)
        )

    def slot_rects(self) -> list[Rect]:
        if self.slots.round != self.game.round or not self.slots.shapes:
            self.slots.reset(ask.contract_slots(self.game), self.game.round)
        return self.slots.rects(self.geometry().layout.seats[self.viewer].melds)

    def lay_down_slots(self) -> None:
        moves = self.slots.candidates(self.game, self.viewer)
        if moves:
            self.play_one_of(moves, N_("Which contract do you mean?"))
        else:
            self.play(self.slots.move())  # the engine says what is wrong with it

    def hidden_slots(self) -> set[tuple[object, int]]:
        return {f.dest for f in self.flights}

    def legal(self) -> list[Move]:
        """The viewer's legal moves now (the engine's)."""
        return self.session.legal(self.viewer)

    def legal_with(self, cards: list[Card], *actions: Action) -> list[Move]:
        """The viewer's legal moves of these actions that play exactly these cards."""
        return ask.moves_with_cards(self.game, self.viewer, cards, actions)

    def my_turn(self) -> bool:
        return self.viewer in self.game.to_act and not self.session.demo and not self.concealed()

    def concealed(self) -> bool:
        """Hot seat: the hand at the bottom is face down — while the machine is
        handed over, and whenever its owner is not the one to act (someone
        else may be looking). The deal summary and game over are public."""
        s = self.session
        if len(s.humans()) < 2 or s.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            return False
        return self.revealed_for != self.viewer or self.viewer not in self.game.to_act

    def hot_seat(self) -> bool:
        return len(self.session.humans()) >= 2

    def cutting(self) -> bool:
        return self.session.phase is Phase.CUT

    def my_cut(self) -> bool:
        return self.cutting() and self.my_turn()

    def cut_rect(self) -> Rect:
        d = self.geometry().layout.discard
        return Rect(d.x + 20, d.centery - 22, min(d.w - 40, 620), 48)

    def deep_takes(self) -> bool:
        """Whether the rules let a player take cards from deep in the discard pile."""
        return not self.game.rules.is_contract

    def can_draw(self) -> bool:
        return self.my_turn() and any(m.action is Action.DRAW for m in self.legal())

    def may_discard(self, card: Card) -> bool:
        return bool(self.legal_with([card], Action.DISCARD))

    def message(
        self,
        text: str,
        colour: tuple[int, int, int] = theme.TEXT,
        ttl: float = 3.5,
        pos: tuple[int, int] | None = None,
    ) -> None:
        self.messages.append(Message(text, ttl, colour, pos))
        del self.messages[:-4]

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

    def message_at(self, text: str, colour: tuple[int, int, int] = theme.ERROR) -> None:
        """A message at the place the player just acted on (a refusal: why not)."""
        self.message(text, colour, ttl=4.5, pos=self.action_pos or self.pointer)

    # --- texts -----------------------------------------------------------
    def title_text(self) -> str:
        name = _(self.game.rules.name)
        contract = self.game.contract
        if contract:
            return _("{game} · Round {n}: {contract}").format(
                game=name, n=self.game.round, contract=_(contract)
            )
        return _("{game} · Deal {n}").format(game=name, n=self.game.round)

    def status_text(self) -> str:
        g = self.game
        s = self.session
        phase = s.phase
        if phase is Phase.GAME_OVER:
            return _("Game over")
        if phase is Phase.DEAL_OVER:
            return _("The deal is over")
        if not g.to_act:
            return ""
        if self.hot_seat() and self.concealed():
            seat = self.next_human()
            if seat is not None:
                return pass_to(s.name(seat))
        if phase is Phase.CLAIM:
            kind = g.claim.kind if g.claim is not None else None
            words = (
                {
                    ClaimKind.RUMMY: _("Rummy!"),
                    ClaimKind.BUY: _("buying"),
                    ClaimKind.SHANGHAI: _("Shanghai!"),
                }.get(kind, _("A claim is open"))
                if kind
                else ""
            )
            if self.my_turn():
                return _("You may claim ({kind}) or pass").format(kind=words)
            return _("Waiting for claims ({kind})…").format(kind=words)
        seat = g.to_act[0]
        if seat == self.viewer and self.my_turn():
            # several humans: whose turn it is, unless "Your turn" says it already
            who = s.name(seat) + ": " if self.hot_seat() and not is_you(s.name(seat)) else ""
            if phase is Phase.CUT:
                return who + _("Your cut: click a point along the pack's edge")
            if phase is Phase.DRAW:
                return who + _(
                    "Your turn: drag a card from the stock or the discard pile to your hand"
                )
            if phase is Phase.RUMMY_LAYOFF:
                return who + _("Lay the claimed card off on a meld")
            if self.staging():
                return who + _(
                    "Lay down the contract: drag cards into the slots, then press Lay down — or discard"
                )
            target = g.target
            if target is not None:
                return who + _("Meld the {card} you took, then discard").format(card=target.pretty)
            return who + _(
                "Meld or lay off (drag to the table), then drag a card to the discard pile"
            )
        if self.undo_hold > 0 and self.may_undo():
            return _("{name} to play — Undo turn (Ctrl+Z) still possible").format(name=s.name(seat))
        if is_you(s.name(seat)):
            return _("Your turn")
        return _("{name} to play").format(name=s.name(seat))

    def shanghai_calls(self) -> bool:
        """Does this game have the Shanghai call (RULES.md 4.6)?"""
        return self.game.rules.shanghai_call

    def _shanghai_label(self) -> str:
        if not self.shanghai_calls():
            return "—"
        return _("Shanghai call: on") if self.shanghai_call else _("Shanghai call: off")

    # --- moves -----------------------------------------------------------
    def play(self, move: Move, seat: int | None = None, quiet: bool = False) -> bool:
        """Send a move to the engine, animate what moved; False (and the reason shown) if refused."""
        seat = self.viewer if seat is None else seat
        before = self.geometry()
        try:
            self.session.play(seat, move)
        except ValueError as refused:  # the engine's IllegalMove is a ValueError
            if not quiet:
                self.message_at(
                    reason(refused, {m.id: m.pretty() for m in self.game.melds})
                    if isinstance(refused, IllegalMove)
                    else str(refused)
                )
            return False
        self.sync_hand()
        if self.slots.staged and not self.staging():
            self.slots.clear()
        after = self.geometry()
        factor = self.app.settings.animation_factor
        if factor > 0:
            self.flights = [f for f in self.flights if not f.done]
            self.flights.extend(geom.flights_between(before, after, FLIGHT_SECONDS * factor))
        action = move.action
        if action in SOUNDS:
            self.app.play_sound(SOUNDS[action])
        for words in self.session.announcements:
            self.message(words, theme.GOLD)
        self.session.announcements.clear()
        if self.game.game_over:
            self.app.play_sound("win")
        factor = self.app.settings.animation_factor
        if (
            action is Action.DISCARD
            and self.session.is_human(seat)
            and len(self.session.humans()) == 1
            and self.game.can_undo
            and factor > 0
        ):
            self.undo_hold = UNDO_HOLD * factor  # the next bot waits: "Undo turn" is possible
        self._follow_hint(seat)
        self._hot_seat()
        self._update_prompt()
        self._update_buttons()
        return True

    def play_one_of(self, moves: list[Move], title: str) -> None:
        """One legal reading: play it. Several (jokers, contract splits): ask which."""
        if len(moves) == 1:
            self.play(moves[0])
            return
        from rummy_gui.ui.widgets.dialogs import ChooserScene

        options = [(describe_choice(m, self.game), str(k)) for k, m in enumerate(moves)]
        self.app.push(ChooserScene(self.app, _(title), options, lambda k: self.play(moves[int(k)])))

    def play_one_of_or_refuse(self, moves: list[Move], fallback: Move) -> None:
        """The legal readings if any; else try `fallback` so the engine says why not."""
        if moves:
            self.play_one_of(moves, N_("Which do you mean?"))
        else:
            self.play(fallback)

    def selected_cards(self) -> list[Card]:
        shown = self.shown_hand()
        return [shown[i] for i in sorted(self.selected) if i < len(shown)]

    def meld_selected(self) -> None:
        cards = self.selected_cards()
        if not cards:
            self.message_at(_("Select cards in your hand first (click them)."))
            return
        moves = self.legal_with(cards, Action.MELD, Action.CONTRACT)
        if moves:
            self.play_one_of(moves, N_("Which meld do you mean?"))
        else:
            self.play(Move(Action.MELD, cards=tokens(cards)))

    def discard_selected(self) -> None:
        cards = self.selected_cards()
        if len(cards) != 1:
            self.message_at(_("Select exactly one card to discard."))
            return
        self.play(self.discard_move(cards[0]))

    def discard_move(self, card: Card) -> Move:
        """The discard of `card`, with the Shanghai call when it is on and allowed."""
        moves = self.legal_with([card], Action.DISCARD)
        called = [m for m in moves if m.call == self.shanghai_call] or [
            m for m in moves if not m.call
        ]
        return called[0] if called else Move(Action.DISCARD, cards=tokens([card]))

    def pass_turn(self) -> None:
        self.play(Move(Action.PASS))

    def toggle_shanghai(self) -> None:
        if not self.shanghai_calls():
            return
        self.shanghai_call = not self.shanghai_call
        self.layout(self._size)

    def sort_by_suit(self) -> None:
        self.hand_order.sort(key=lambda c: (c.is_joker, "CDHS".find(c.suit), c.rank))
        self.selected.clear()

    def sort_by_rank(self) -> None:
        self.hand_order.sort(key=lambda c: (c.is_joker, c.rank, "CDHS".find(c.suit)))
        self.selected.clear()

    def show_rules(self) -> None:
        from rummy_gui.ui.screens.menus import RulesScene

        self.app.push(RulesScene(self.app, self.session.preset, dict(self.session.options)))

    def show_options(self) -> None:
        from rummy_gui.ui.table.options import TableOptionsScene

        self.app.push(TableOptionsScene(self.app, self))

    def save_as(self) -> None:
        from rummy_gui.ui.screens.saving import SaveAsScene

        self.app.push(
            SaveAsScene(self.app, self.session, lambda text: self.message(text, theme.GOLD))
        )

    def to_menu(self) -> None:
        self.app.pop()

    # --- drag targets ------------------------------------------------------
    def targets_for_hand(self, cards: list[Card]) -> list[DropTarget]:
        geo = self.geometry()
        out: list[DropTarget] = []
        if self.staging():
            for k, rect in enumerate(self.slot_rects()):
                out.append(DropTarget(rect, [], self.slots.label(k), stage=k))
        if len(cards) == 1 and self.may_discard(cards[0]):
            out.append(DropTarget(geo.layout.discard, [self.discard_move(cards[0])], N_("discard")))
        # Melds before the melding zone: a drop on a meld inside one's own zone lays off.
        joinable = ask.joinable_melds(self.game, self.viewer, cards)
        for meld in self.game.melds:
            moves = joinable.get(meld.id, [])
            if moves:
                label = (
                    N_("swap for the joker") if moves[0].action is Action.SWAP else N_("lay off")
                )
                out.append(DropTarget(geo.meld_area(meld.id), moves, label))
        melds = self.legal_with(cards, Action.MELD, Action.CONTRACT)
        if melds:
            label = (
                N_("lay down the contract")
                if any(m.action is Action.CONTRACT for m in melds)
                else N_("meld")
            )
            out.append(DropTarget(geo.layout.seats[self.viewer].melds, melds, label))
        return out

    def targets_for_take(self, index: int) -> list[DropTarget]:
        n = len(self.game.discard_pile) - index
        moves = self.takes(n)
        return [DropTarget(self.geometry().layout.hand, moves, N_("take"))] if moves else []

    def takes(self, n: int) -> list[Move]:
        """The viewer's legal ways to pick up the top `n` cards of the discard pile."""
        return [m for m in self.legal() if m.action in (Action.TAKE, Action.RUMMY) and m.count == n]

    def take_move(self, n: int) -> Move:
        """The move that picks up the top `n` discards now (a Rummy! call in a claim window)."""
        return Move(Action.RUMMY if self.session.phase is Phase.CLAIM else Action.TAKE, number=n)

    def targets_for_stock(self) -> list[DropTarget]:
        moves = [m for m in self.legal() if m.action is Action.DRAW]
        return [DropTarget(self.geometry().layout.hand, moves, N_("draw"))] if moves else []

    # --- input ------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            if self.drag:
                self.drag = None
            else:
                self.to_menu()
            return
        if isinstance(intent, Key):
            if not self.flights or intent.ctrl:
                self.action_pos = keyboard.focus_rect(self).midtop
                keyboard.handle_key(self, intent)
            return
        if isinstance(intent, Wheel):
            if self.pointer and self.geometry().layout.log.collidepoint(self.pointer):
                self.log_scroll = max(0, self.log_scroll + 3 * intent.dy)
            return
        if isinstance(intent, (PointerDown, PointerUp)):
            self.action_pos = intent.pos
        if isinstance(intent, PointerMove):
            self.pointer = intent.pos
        slot_buttons = self.slot_buttons if self.staging() and self.slots.staged else []
        for b in self.prompt_buttons + slot_buttons + self.buttons:
            if b.handle(intent) and not isinstance(intent, PointerMove):
                return
        if isinstance(intent, PointerDown):
            self.pointer = intent.pos
            if intent.button == 3:
                self.selected.clear()
                return
            self._pointer_down(intent.pos)
        elif isinstance(intent, PointerMove):
            self._pointer_move(intent.pos)
        elif isinstance(intent, PointerUp) and intent.button == 1:
            self.pointer = intent.pos
            self._pointer_up(intent.pos)

    # --- undo, redo, hint ----------------------------------------------------
    def may_undo(self) -> bool:
        """Only the player's own moves, never another human's, and never while hidden."""
        s = self.session
        owner = s.undo_owner()
        return (
            owner is not None
            and owner == self.viewer
            and s.is_human(owner)
            and not s.demo
            and not self.concealed()
            and s.phase in (Phase.DRAW, Phase.PLAY, Phase.CLAIM)
        )

    def may_redo(self) -> bool:
        return bool(self.game.can_redo) and self.my_turn()

    def undoing_whole_turn(self) -> bool:
        """After the player's discard, Undo takes the whole turn back (as far as the engine allows)."""
        last = self.game.moves[-1] if self.game.moves else None
        return self.may_undo() and last is not None and last.action is Action.DISCARD

    def undo(self) -> None:
        if not self.may_undo():
            self.message_at(_("Nothing of yours to undo."))
            return
        whole = self.undoing_whole_turn()
        before = self.geometry()
        self.session.undo()
        while whole and self.may_undo():
            self.session.undo()
        self.undo_hold = 0.0
        self._after_change(before)
        self.message(_("Turn taken back.") if whole else _("Move taken back."), theme.GOLD)

    def redo(self) -> None:
        if not self.may_redo():
            self.message_at(_("Nothing to redo."))
            return
        before = self.geometry()
        self.session.redo()
        taken_back = (_("Turn taken back."), _("Move taken back."))  # no longer true
        self.messages = [m for m in self.messages if m.text not in taken_back]
        self._after_change(before)

    def _after_change(self, before: geom.Geometry) -> None:
        self.sync_hand()
        self.selected.clear()
        if self.hint is not None:  # undone or redone: the advice was for another position
            self.hint = None
            self._say_hint(None)
        factor = self.app.settings.animation_factor
        if factor > 0:
            self.flights = [f for f in self.flights if not f.done]
            self.flights.extend(
                geom.flights_between(before, self.geometry(), FLIGHT_SECONDS * factor)
            )
        self._prompt_version = -1
        self._update_prompt()
        self._update_buttons()

    def show_hint(self) -> None:
        """The medium bot's advice: a sentence, and its first step's cards lifted in the hand."""
        if not self.my_turn():
            self.message_at(_("A hint is for the player whose turn it is."))
            return
        from rummy_gui.hints import hint

        advice = hint(self.game, self.viewer, seed=self.session.version)
        if advice is None or not advice.moves:
            self.hint = None
            self.message_at(_("Nothing to decide now."))
            return
        self.session.hints[self.viewer] += 1
        self.hint = advice
        self._show_hint_step(advice)
        self._say_hint(advice)

    def _say_hint(self, advice: Hint | None) -> None:
        """The advice in words, in place of the words of its earlier step."""
        self.messages = [m for m in self.messages if m is not self._hint_message]
        self._hint_message = None
        if advice is not None:
            self.message(_("Hint: {advice}").format(advice=advice.text), theme.GOLD, ttl=9.0)
            self._hint_message = self.messages[-1]

    def _show_hint_step(self, advice: Hint) -> None:
        """Lift the cards of the advice's first step (only those: a drag then
        carries what that step plays) and point at the pile it draws from."""
        shown = self.shown_hand()
        want = Counter(c.code for c in advice.cards)
        self.selected = set()
        for i, card in enumerate(shown):
            if want[card.code] > 0:
                want[card.code] -= 1
                self.selected.add(i)
        first = advice.moves[0]
        if first.action in (Action.TAKE, Action.RUMMY):  # show where: the deepest card to take
            self.focus.zone, self.focus.index = (
                "discard",
                len(self.game.discard_pile) - (first.count or 1),
            )
            self.keyboard_used = True
        elif first.action is Action.DRAW:
            self.focus.zone, self.focus.index = "stock", 0
            self.keyboard_used = True

    def _follow_hint(self, seat: int) -> None:
        """After a move: the hint's next step when the move was its step, else the hint is done."""
        advice, self.hint = self.hint, None
        if advice is None:
            return
        played = self.game.moves[-1] if self.game.moves else None
        rest = advice.after(self.game) if played is not None and advice.follows(played) else None
        if rest is None or seat != self.viewer or not self.my_turn():
            self._say_hint(None)  # followed to its end, or not followed: its words go
            return
        self.hint = rest
        self._show_hint_step(rest)
        self._say_hint(rest)

    def cut_at(self, fraction: float) -> None:
        pack = max(2, self.game.stock_count)
        n = 1 + int(fraction * (pack - 1))
        self.play(Move(Action.CUT, number=max(1, min(pack - 1, n))))

    def _hit_hand(self, pos: tuple[int, int]) -> int | None:
        slots = self.geometry().zones[("hand", self.viewer)]
        for i in range(len(slots) - 1, -1, -1):
            rect = slots[i][1].move(0, -24) if i in self.selected else slots[i][1]
            if rect.collidepoint(pos):
                return i
        return None

    def _hit_discard(self, pos: tuple[int, int]) -> int | None:
        slots = self.geometry().zones[("discard",)]
        for i in range(len(slots) - 1, -1, -1):
            r = slots[i][1]
            if r.collidepoint(pos) or (
                self.hover_discard is not None
                and i >= self.hover_discard
                and r.move(0, -16).collidepoint(pos)
            ):
                return i
        return None

    def _hit_stock(self, pos: tuple[int, int]) -> bool:
        return self.geometry().zones[("stock",)][0][1].inflate(12, 12).collidepoint(pos)

    def _pointer_down(self, pos: tuple[int, int]) -> None:
        if self.flights or self.session.demo:
            return
        if self.my_cut() and self.cut_rect().collidepoint(pos):
            edge = self.cut_rect()
            self.cut_at((pos[0] - edge.x) / max(1, edge.w))
            return
        geo = self.geometry()
        for k in range(len(self.slots.slots)):
            for card, rect in reversed(geo.zones.get(("staged", k), [])):
                if rect.collidepoint(pos) and card is not None:
                    self.slots.slots[k].remove(card)  # a click takes a card back to the hand
                    return
        i = self._hit_hand(pos)
        if i is not None:
            indices = (
                sorted(self.selected) if i in self.selected and len(self.selected) > 1 else [i]
            )
            base = geo.zones[("hand", self.viewer)][i][1]
            cards = []
            for j in indices:
                card, rect = geo.zones[("hand", self.viewer)][j]
                lifted = rect.move(0, -24) if j in self.selected else rect
                cards.append(
                    (
                        card,
                        (lifted.x - base.x + (j - i) * 0 - (pos[0] - base.x), lifted.y - pos[1]),
                        rect.size,
                    )
                )
            # A dragged selection travels as one tidy strip.
            step = int(geo.layout.hand_card[0] * 0.45)
            first = indices.index(i)
            cards = [
                (c, (-(pos[0] - base.x) + (k - first) * step, off[1]), size)
                for k, (c, off, size) in enumerate(cards)
            ]
            self.drag = Drag("hand", pos, cards, hand_indices=indices)
            return
        hit = self._hit_discard(pos)
        if hit is not None:
            j = hit
            slots = geo.zones[("discard",)]
            base = slots[j][1]
            cards = [
                (c, (r.x - pos[0], r.y - base.y - (pos[1] - base.y) - 16), r.size)
                for c, r in slots[j:]
            ]
            self.drag = Drag("discard", pos, cards, discard_index=j)
            return
        if self._hit_stock(pos) and not self.cutting():
            r = geo.zones[("stock",)][0][1]
            self.drag = Drag("stock", pos, [(None, (r.x - pos[0], r.y - pos[1]), r.size)])

    def _pointer_move(self, pos: tuple[int, int]) -> None:
        d = self.drag
        if (
            d
            and not d.active
            and (abs(pos[0] - d.start[0]) + abs(pos[1] - d.start[1])) > DRAG_THRESHOLD
        ):
            d.active = True
            if d.source == "hand":
                d.targets = self.targets_for_hand([c for c, _, _ in d.cards if c is not None])
            elif d.source == "discard" and d.discard_index is not None:
                d.targets = self.targets_for_take(d.discard_index)
            else:
                d.targets = self.targets_for_stock()
        if not (d and d.active):
            self.hover_discard = self._hit_discard(pos)
            if self.hover_discard is not None and not self.deep_takes():
                self.hover_discard = None  # only the top card can be taken: nothing to lift
            self.hover_hand = self._hit_hand(pos)
            self.hover_stock = self._hit_stock(pos)

    def _pointer_up(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        self.hover_discard = self.hover_hand = None
        self.hover_stock = False
        if d is None:
            return
        if not d.active:
            self._click(d)
            return
        for target in d.targets:
            if target.rect.collidepoint(pos):
                if target.stage is not None:
                    self.slots.slots[target.stage].extend(c for c, _, _ in d.cards if c is not None)
                    self.selected.clear()
                elif self.my_turn():
                    self.play_one_of(target.moves, N_("Which do you mean?"))
                return
        tried = self._try_drop(d, pos)
        if tried is None and d.source == "hand" and self.geometry().layout.hand.collidepoint(pos):
            self._reorder(d, pos)
            return
        if tried is not True:  # an accepted move has already animated the cards to their place
            self._fly_back(d, pos)

    def _click(self, d: Drag) -> None:
        if d.source == "hand":
            i = d.hand_indices[0] if len(d.hand_indices) == 1 else self._hit_hand(d.start)
            if i is not None:
                self.selected.symmetric_difference_update({i})
        elif d.source == "stock" and self.my_turn():
            if self.can_draw() or self.session.phase is Phase.DRAW:
                self.play(Move(Action.DRAW))  # refused, the engine says why

    def _try_drop(self, d: Drag, pos: tuple[int, int]) -> bool | None:
        """A drop on a place where no lit target fits: send the move the place
        means, so the engine says why it is refused. None: the place means no
        move; True: accepted after all (a reading we missed); False: refused."""
        if not self.my_turn():
            return None
        geo = self.geometry()
        move = None
        cards = [c for c, _, _ in d.cards if c is not None]
        if d.source == "hand" and cards:
            if geo.layout.discard.collidepoint(pos) and len(cards) == 1:
                move = self.discard_move(cards[0])
            else:
                for meld in self.game.melds:
                    if geo.meld_area(meld.id).collidepoint(pos):
                        move = Move(Action.LAYOFF, cards=tokens(cards), number=meld.id)
                        break
                if move is None and geo.layout.seats[self.viewer].melds.collidepoint(pos):
                    move = Move(Action.MELD, cards=tokens(cards))
        elif geo.layout.hand.collidepoint(pos) or geo.layout.seats[self.viewer].zone.collidepoint(
            pos
        ):
            if d.source == "stock":
                move = Move(Action.DRAW)
            elif d.discard_index is not None:
                move = self.take_move(len(self.game.discard_pile) - d.discard_index)
        if move is None:
            return None
        return self.play(move)  # refused: the message says why

    def _reorder(self, d: Drag, pos: tuple[int, int]) -> None:
        slots = self.geometry().zones[("hand", self.viewer)]
        shown = self.shown_hand()
        if any(i >= len(shown) for i in d.hand_indices) or [shown[i] for i in d.hand_indices] != [
            c for c, _, _ in d.cards
        ]:
            return  # the hand changed under the drag (a move was played meanwhile): keep its order
        moving = [shown[i] for i in d.hand_indices]
        rest = [c for i, c in enumerate(shown) if i not in d.hand_indices]
        rest_slots = [r for i, (_, r) in enumerate(slots) if i not in d.hand_indices]
        drop_x = pos[0] + d.cards[0][1][0]
        insert = sum(1 for r in rest_slots if r.x < drop_x)
        self.hand_order = rest[:insert] + moving + rest[insert:] + self.slots.staged
        self.selected = set(range(insert, insert + len(moving))) if len(moving) > 1 else set()

    def _fly_back(self, d: Drag, pos: tuple[int, int]) -> None:
        geo = self.geometry()
        homes: list[Rect] = []
        if d.source == "hand":
            homes = [
                r
                for i, (_, r) in enumerate(geo.zones[("hand", self.viewer)])
                if i in d.hand_indices
            ]
        elif d.source == "discard" and d.discard_index is not None:
            homes = [r for _, r in geo.zones[("discard",)][d.discard_index :]]
        else:
            homes = [geo.zones[("stock",)][0][1]]
        duration = 0.25 * max(0.3, self.app.settings.animation_factor)
        for (card, off, size), home in zip(d.cards, homes, strict=False):
            start = Rect(pos[0] + off[0], pos[1] + off[1], *size)
            self.returning.append(
                geom.Flight(card, start, Rect(home), (("back",), 0), 0.0, duration)
            )

    # --- frame ---------------------------------------------------------------
    def frame_wait(self) -> float:
        return idle.table_wait(self)

    def update(self, dt: float) -> None:
        self.clock += dt
        for f in self.flights:
            f.t += dt
        self.flights = [f for f in self.flights if not f.done]
        for f in self.returning:
            f.t += dt
        self.returning = [f for f in self.returning if not f.done]
        for m in self.messages:
            m.ttl -= dt
        self.messages = [m for m in self.messages if m.ttl > 0]
        self._tell_notices()
        if self.app.stack.top is not self:
            return
        self._hot_seat()
        if self.app.stack.top is not self:
            return
        self._update_prompt()
        self._update_buttons()
        self._update_slots()
        if self.flights:
            return
        if self._deal_screens():
            return
        if self.undo_hold > 0:
            self.undo_hold -= dt
            if self.undo_hold > 0 and self.may_undo():
                return
            self.undo_hold = 0.0
            self._buttons_version = -1
        if self.session.phase is Phase.CLAIM:
            self.cooldown = 0.0  # bots answer claims without delay
        self.cooldown -= dt
        if self.cooldown > 0:
            return
        result = self.session.poll_bot()
        if result is not None:
            seat, move = result
            if not self.play(move, seat, quiet=True):  # the rules refuse a bot's move: a bug
                self.session.bot_failed(seat, f"the rules refuse its move {str(move)!r}")
            self.cooldown = max(0.05, BOT_PAUSE * self.app.settings.animation_factor)

    def _update_slots(self) -> None:
        if not self.staging():
            if self.slots.staged:
                self.slots.clear()
            return
        self.slot_rects()
        self.slot_buttons[0].enabled = self.slots.complete(self.game, self.viewer)

    # --- hot seat ------------------------------------------------------------
    def next_human(self) -> int | None:
        """The human to act (or be asked about a claim) now, in priority order;
        during a claim, only once the bots before them have answered."""
        g = self.game
        s = self.session
        if s.demo or s.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            return None
        to_act = list(g.to_act)
        claim = g.claim
        if s.phase is Phase.CLAIM and claim is not None:
            to_act.sort(
                key=lambda seat: claim.claimants.index(seat) if seat in claim.claimants else 99
            )
        for seat in to_act:
            if s.is_human(seat):
                return int(seat)
            if s.phase is Phase.CLAIM:
                return None  # a bot before them answers first
        return None

    def _auto_pass(self) -> None:
        """Claims a human is not asked about (setting "ask about claims") are passed."""
        s = self.session
        if s.phase is not Phase.CLAIM or self._auto_passed == (s.version, s.game.to_act):
            return
        self._auto_passed = (s.version, s.game.to_act)
        setting = str(getattr(self.app.settings, "ask_claims", "useful"))
        changed = True
        while changed and s.phase is Phase.CLAIM:
            changed = False
            for seat in self.game.to_act:
                if s.is_human(seat) and not worth_asking(self.game, seat, setting):
                    s.play(seat, Move(Action.PASS), told=False)  # not the player's word
                    changed = True
                    break
        self.sync_hand()
        for words in s.announcements:  # a claim that won once the others passed
            self.message(words, theme.GOLD)
        s.announcements.clear()

    def _seat_at_bottom(self, seat: int) -> None:
        """The table turns so that this player sits at the bottom; their own hand order comes back."""
        if self.viewer == seat:
            return
        self.orders[self.viewer] = list(self.hand_order)
        self.slots.clear()
        self.viewer = seat
        self.hand_order = list(self.orders.get(seat, []))
        self.selected.clear()
        self.drag = None
        self.sync_hand()
        self.focus = keyboard.Focus()
        self.base_cache = None
        self.layout(self._size)

    def _hot_seat(self) -> None:
        """Who sits at the bottom, and the hand-over screen between humans."""
        s = self.session
        if s.demo or not s.humans():
            return
        if s.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            if self.hot_seat():
                self.revealed_for = None  # the next deal begins with a hand-over
            return
        self._auto_pass()
        seat = self.next_human()
        if seat is None:
            return
        if not self.hot_seat() or not bool(getattr(self.app.settings, "hand_over_screen", True)):
            self._seat_at_bottom(seat)
            self.revealed_for = seat
            return
        if seat == self.revealed_for:
            self._seat_at_bottom(seat)
            return
        top = self.app.stack.top
        if isinstance(top, HandOverScene):
            return
        if top is not self:
            return
        self._seat_at_bottom(seat)
        self.revealed_for = None
        self.app.push(HandOverScene(self.app, self, seat, self._hand_over_reason(seat)))

    def _hand_over_reason(self, seat: int) -> str:
        return hand_over_reason(self.session, seat)

    def handed_over(self, seat: int) -> None:
        """The hand-over screen was clicked: the hand at the bottom is shown."""
        self._seat_at_bottom(seat)
        self.revealed_for = seat
        self._prompt_version = -1
        self._buttons_version = -1
        self._update_prompt()

    def _deal_screens(self) -> bool:
        """The deal summary after every deal (the last one too: its cards are
        public), then, when the match is over, the game-over screen."""
        from rummy_gui.ui.table.overlays import DealSummaryScene, GameOverScene

        phase = self.session.phase
        if phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
            self._summary_for = None
            self._game_over_shown = False
            return False
        key = (self.game.round, False)
        if self._summary_for != key:
            self._summary_for = key
            self.app.push(DealSummaryScene(self.app, self))
        elif phase is Phase.GAME_OVER and not self._game_over_shown:
            self._game_over_shown = True
            self.app.push(GameOverScene(self.app, self))
        return True

    def _update_prompt(self) -> None:
        """The claim prompt: what a human may claim now, with Pass."""
        if self._prompt_version == self.session.version:
            return
        self._prompt_version = self.session.version
        self.prompt_buttons = []
        self.prompt_moves = []
        self.focus.prompt = 0
        if self.session.phase is not Phase.CLAIM or not self.my_turn():
            return
        rect = self.prompt_rect()
        options = [m for m in self.legal() if m.action in CLAIM_ANSWERS]
        y = rect.y + 84
        for m in options:
            b = Button(
                (rect.x + 18, y, rect.w - 36, 38),
                describe_claim(m, self.game),
                partial(self.play, m),
                primary=m.action is not Action.PASS,
                size=15,
            )
            self.prompt_buttons.append(b)
            self.prompt_moves.append(m)
            y += 44

    def prompt_rect(self) -> Rect:
        d = self.geometry().layout.discard
        n = len([m for m in self.legal() if m.action in CLAIM_ANSWERS])
        h = 96 + 44 * n
        return Rect(d.centerx - 230, max(50, d.centery - h // 2), 460, h)

    def draw(self, surface: pygame.Surface) -> None:
        draw_table(surface, self)
        if self.prompt_buttons:
            from rummy_gui.ui.table.draw import draw_prompt

            claim = self.game.claim
            titles = {
                ClaimKind.RUMMY: _("Rummy! is possible"),
                ClaimKind.BUY: _("Buy the discard?"),
                ClaimKind.SHANGHAI: _("Shanghai! is possible"),
            }
            title = titles[claim.kind] if claim is not None else _("A claim is open")
            line = _("On offer: {card}").format(card=claim.card.pretty) if claim is not None else ""
            if self.hot_seat():
                line = f"{self.session.name(self.viewer)} — {line}"
            draw_prompt(surface, self.prompt_rect(), title, [line])
            for b in self.prompt_buttons:
                b.draw(surface, live=not self.covered)
            if self.keyboard_used and self.prompt_buttons:
                from rummy_gui.ui.table.draw import draw_focus_box

                draw_focus_box(
                    surface,
                    self,
                    self.prompt_buttons[self.focus.prompt % len(self.prompt_buttons)].rect,
                )
