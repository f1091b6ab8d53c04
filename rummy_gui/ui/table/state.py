"""The table's state: what the player sees and holds, and the rule questions
the table asks about it (all answered by the engine).

`TableState` is what every piece of the table reads: the drawing, the keys,
the drag, the buttons, the hint, the claim prompt and the hot seat. It is
made of parts, each a small class whose fields only its own methods change
(the hand's order, the focus, the pointer, what is moving, the messages, the
contract slots, who sits at the bottom, the bots' pace, the claim answers,
the caches; docs/architecture.md lists them and
tests/ui/table/test_state_owners.py keeps it so). It imports none of the
table's pieces, so they all import it and not the scene. `Commands` is what the keys and the
drag ask the table to do (the scene does it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from pygame import Rect

from rummy_gui.engine import Move, ask
from rummy_gui.engine.cards import Card
from rummy_gui.engine.enums import Action, Phase
from rummy_gui.play import table_policy
from rummy_gui.play.table_session import TableSession
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.table import geometry as geom
from rummy_gui.ui.table.bottom import Bottom
from rummy_gui.ui.table.caches import GeometryCache, LayerCache
from rummy_gui.ui.table.calls import ClaimAnswers, ShanghaiCall
from rummy_gui.ui.table.contract_slots import ContractSlots
from rummy_gui.ui.table.drops import Drag, tokens
from rummy_gui.ui.table.focus import Focus
from rummy_gui.ui.table.hand import HandOrder
from rummy_gui.ui.table.messages import Messages
from rummy_gui.ui.table.motion import Motion
from rummy_gui.ui.table.pace import Pace
from rummy_gui.ui.table.pointer import Pointer
from rummy_gui.ui.widgets import theme
from rummy_gui.ui.widgets.controls import Button

FLIGHT_SECONDS = 0.32


class ButtonRow(Protocol):
    """The side buttons as the drawing sees them (`buttons.SideButtons`)."""

    def __iter__(self) -> Iterator[Button]: ...


class Commands(Protocol):
    """What the keys and the drag ask the table to do."""

    def play(self, move: Move, seat: int | None = None, quiet: bool = False) -> bool: ...

    def play_one_of(self, moves: list[Move], title: str) -> None: ...

    def play_one_of_or_refuse(self, moves: list[Move], fallback: Move) -> None: ...

    def meld_selected(self) -> None: ...

    def discard_selected(self) -> None: ...

    def pass_turn(self) -> None: ...

    def cut_at(self, fraction: float) -> None: ...

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def show_hint(self) -> None: ...

    def sort_by_suit(self) -> None: ...

    def sort_by_rank(self) -> None: ...


class TableState:
    covered = False  # another scene is over the table (kept by the scene stack)
    dirty_rects: list[Rect] | None = None  # the parts the last frame drew again (draw.py)
    buttons: ButtonRow = ()  # the side buttons (the scene's)
    slot_buttons: list[Button]  # Lay down and Clear of the contract slots (the scene's)

    def __init__(self, app: App, session: TableSession) -> None:
        self.app = app
        self.session = session
        humans = session.humans()
        self.bottom = Bottom(humans[0] if humans else 0)
        self.hand = HandOrder()
        self.focus = Focus()
        self.pointer = Pointer()
        self.motion = Motion()
        self.messages = Messages()
        self.slots = ContractSlots()
        self.pace = Pace()
        self.answers = ClaimAnswers()
        self.shanghai = ShanghaiCall()
        self.geo_cache = GeometryCache(app.size)
        self.base_layer = LayerCache()
        self.sync_hand()

    @property
    def view(self) -> TableView:
        """The table as the viewer sees it (the session's `view`)."""
        return self.session.view(self.viewer)

    @property
    def drag(self) -> Drag | None:
        """What the pointer holds (the scene's drag, dragging.py)."""
        return None

    def over_parts(self, geo: geom.Geometry) -> list[tuple[Rect, object]]:  # noqa: ARG002
        """What a mode of the table draws over it after the frame (a lesson's
        callout): each region and what it shows, so that draw.py draws the
        region again when that changes."""
        return []

    @property
    def callout_open(self) -> bool:
        """The coach's callout is on the table (the scene's, coach_callout.py)."""
        return False

    @property
    def viewer(self) -> int:
        """The seat whose hand is at the bottom."""
        return self.bottom.viewer

    # --- the hand ----------------------------------------------------------
    def sync_hand(self) -> None:
        """Keep the player's own order of their hand; new cards go to the right."""
        self.hand.sync(self.view.hand(self.viewer))

    def shown_hand(self) -> list[Card]:
        """The hand as drawn: the player's order, without cards put in contract slots."""
        return self.hand.shown(self.slots.staged)

    def selected_cards(self) -> list[Card]:
        shown = self.shown_hand()
        return [shown[i] for i in sorted(self.hand.selected) if i < len(shown)]

    # --- where things are ----------------------------------------------------
    def card_scale(self) -> float:
        return max(0.8, min(1.6, float(self.app.settings.card_scale)))

    def geometry_key(self) -> tuple[object, ...]:
        return (
            self.session.version,
            self.geo_cache.window,
            self.viewer,
            self.card_scale(),
            tuple(c.code for c in self.hand.order),
            tuple(tuple(c.code for c in slot) for slot in self.slots.groups),
        )

    def geometry(self) -> geom.Geometry:
        return self.geo_cache.get(self.geometry_key(), self._build_geometry)

    def _build_geometry(self) -> geom.Geometry:
        geo = geom.build(
            self.view, self.geo_cache.window, self.viewer, self.shown_hand(), self.card_scale()
        )
        if self.slots.staged:
            own = geo.layout.seats[self.viewer].melds
            for k, (slot, rect) in enumerate(
                zip(self.slots.groups, self.slots.rects(own), strict=True)
            ):
                geo.zones[("staged", k)] = list(
                    zip(slot, self.slots.card_rects(rect, len(slot)), strict=True)
                )
        return geo

    def slot_rects(self) -> list[Rect]:
        if self.slots.round != self.view.round or not self.slots.shapes:
            self.slots.reset(ask.contract_slots(self.view), self.view.round)
        return self.slots.rects(self.geometry().layout.seats[self.viewer].melds)

    def hidden_slots(self) -> set[tuple[object, int]]:
        """The places whose cards are still in flight (drawn by the flight, not there)."""
        return {f.dest for f in self.motion.flights}

    def cut_rect(self) -> Rect:
        d = self.geometry().layout.discard
        return Rect(d.x + 20, d.centery - 22, min(d.w - 40, 620), 48)

    def fly_from(self, before: geom.Geometry, dealt: bool = False) -> None:
        """Animate every card that moved since `before` to its new place; after
        a deal (`dealt`), the deal itself, card by card from the stock."""
        factor = self.app.settings.animation_factor
        if factor <= 0:
            return
        if dealt:
            g = self.view
            self.motion.deal(geom.deal_flights(self.geometry(), g.dealer, g.players, factor))
            return
        self.motion.fly(geom.flights_between(before, self.geometry(), FLIGHT_SECONDS * factor))

    # --- messages --------------------------------------------------------------
    def message(
        self,
        text: str,
        colour: tuple[int, int, int] = theme.TEXT,
        ttl: float = 3.5,
    ) -> None:
        self.messages.say(text, colour, ttl)

    def message_at(self, text: str, colour: tuple[int, int, int] = theme.ERROR) -> None:
        """A refusal of what the player just tried (why not), in the stack with the others."""
        self.message(text, colour, ttl=4.5)

    # --- whose turn, what may be done (the engine's answers) --------------------
    def legal(self) -> list[Move]:
        """The viewer's legal moves now (the engine's)."""
        return self.session.legal(self.viewer)

    def legal_with(self, cards: list[Card], *actions: Action) -> list[Move]:
        """The viewer's legal moves of these actions that play exactly these cards."""
        return ask.moves_with_cards(self.view, self.viewer, cards, actions)

    def my_turn(self) -> bool:
        """The player at the bottom may act now (`table_policy.may_act`)."""
        return table_policy.may_act(self.session, self.viewer, self.bottom.revealed_for)

    def concealed(self) -> bool:
        """Hot seat: the hand at the bottom is face down (`table_policy.concealed`)."""
        return table_policy.concealed(self.session, self.viewer, self.bottom.revealed_for)

    def hot_seat(self) -> bool:
        return table_policy.hot_seat(self.session)

    def staging(self) -> bool:
        """Contract family, before the player's contract: lay it down through slots."""
        g = self.view
        return (
            g.rules.is_contract
            and self.my_turn()
            and self.session.phase is Phase.PLAY
            and not g.has_laid_down(self.viewer)
        )

    def cutting(self) -> bool:
        return self.session.phase is Phase.CUT

    def my_cut(self) -> bool:
        return self.cutting() and self.my_turn()

    def deep_takes(self) -> bool:
        """Whether the rules let a player take cards from deep in the discard pile."""
        return ask.deep_takes(self.view)

    def can_draw(self) -> bool:
        return self.my_turn() and any(m.action is Action.DRAW for m in self.legal())

    def may_discard(self, card: Card) -> bool:
        return bool(self.legal_with([card], Action.DISCARD))

    def shanghai_calls(self) -> bool:
        """Does this game have the Shanghai call (RULES.md 4.6)?"""
        return self.view.rules.shanghai_call

    def discard_move(self, card: Card) -> Move:
        """The discard of `card`, with the Shanghai call when it is on and allowed."""
        moves = self.legal_with([card], Action.DISCARD)
        called = [m for m in moves if m.call == self.shanghai.called] or [
            m for m in moves if not m.call
        ]
        return called[0] if called else Move(Action.DISCARD, cards=tokens([card]))

    def takes(self, n: int) -> list[Move]:
        """The viewer's legal ways to pick up the top `n` cards of the discard pile."""
        return ask.pile_takes(self.view, self.viewer, n)

    def take_move(self, n: int) -> Move:
        """The move that picks up the top `n` discards now (a Rummy! call in a claim window)."""
        return ask.pile_take(self.view, self.viewer, n)

    def may_undo(self) -> bool:
        """Only the player's own moves, never another human's, and never while hidden."""
        return table_policy.may_undo(self.session, self.viewer, self.bottom.revealed_for)

    def may_redo(self) -> bool:
        """Redo only on the player's own turn (`table_policy.may_redo`)."""
        return table_policy.may_redo(self.session, self.viewer, self.bottom.revealed_for)

    def undoing_whole_turn(self) -> bool:
        """After the player's discard, Undo takes the whole turn back, where the engine can."""
        return table_policy.undoes_whole_turn(self.session, self.viewer, self.bottom.revealed_for)

    def next_human(self) -> int | None:
        """The human to act (or be asked about a claim) now, in priority order;
        during a claim, only once the bots before them have answered."""
        return table_policy.next_human(self.session)
