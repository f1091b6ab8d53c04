"""Laying down a contract through slots: one slot per set or run of the
round's contract, filled by dragging cards from the hand.

The slots decide no rule: their shapes come from the engine
(`ask.contract_slots`), a slot shows ✓ only when the engine would accept its
cards as that meld of a lay-down (`ask.fills_contract_slot`), and Lay down is
offered only when the engine accepts the whole lay-down (`ask.contract_moves`)."""

from __future__ import annotations

from collections import Counter

from pygame import Rect

from rummy_gui.engine import Move, ask
from rummy_gui.engine.ask import ContractSlot
from rummy_gui.engine.cards import Card, card_token
from rummy_gui.engine.enums import Action
from rummy_gui.i18n import _
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.table import layout as lay


class ContractSlots:
    def __init__(self) -> None:
        self.shapes: tuple[ContractSlot, ...] = ()
        self.groups: list[list[Card]] = []
        self.round = 0
        self._asked: dict[tuple[object, ...], object] = {}  # the engine's answers for this position

    @property
    def kinds(self) -> list[str]:
        return [shape.kind for shape in self.shapes]

    def reset(self, shapes: tuple[ContractSlot, ...], round_number: int) -> None:
        self.shapes = shapes
        self.groups = [[] for _ in shapes]
        self.round = round_number
        self._asked = {}

    def clear(self) -> None:
        self.groups = [[] for _ in self.shapes]

    def put(self, k: int, cards: list[Card]) -> None:
        """The player dropped these cards in slot `k`."""
        self.groups[k].extend(cards)

    def take(self, k: int, card: Card) -> None:
        """The player took this card back from slot `k` to the hand."""
        self.groups[k].remove(card)

    @property
    def staged(self) -> list[Card]:
        return [c for slot in self.groups for c in slot]

    def _key(self, game: TableView, seat: int, what: object) -> tuple[object, ...]:
        # what the engine's answer depends on: the position (moves, hand) and the slots' cards
        return (
            what,
            game.move_count,
            game.round,
            game.phase,
            seat,
            tuple(sorted(c.code for c in game.hand(seat))),
            tuple(tuple(c.code for c in s) for s in self.groups),
        )

    def fills(self, k: int, game: TableView, seat: int) -> bool:
        """Whether slot `k`'s cards are a meld the engine accepts there (✓)."""
        key = self._key(game, seat, k)
        if key not in self._asked:
            if len(self._asked) > 64:
                self._asked = {}
            slot = self.groups[k] if k < len(self.groups) else []
            self._asked[key] = ask.fills_contract_slot(game, seat, k, slot)
        return bool(self._asked[key])

    def candidates(self, game: TableView, seat: int) -> list[Move]:
        """The legal lay-downs whose melds are exactly the slots' cards (empty:
        the engine would refuse)."""
        key = self._key(game, seat, "moves")
        if key not in self._asked:
            if len(self._asked) > 64:
                self._asked = {}
            self._asked[key] = ask.contract_moves(game, seat, self.groups)
        moves = self._asked[key]
        assert isinstance(moves, list)
        return list(moves)

    def complete(self, game: TableView, seat: int) -> bool:
        """Lay down may be pressed: the engine accepts the slots as a lay-down."""
        return bool(self.groups) and all(self.groups) and bool(self.candidates(game, seat))

    def label(self, k: int) -> str:
        shape = self.shapes[k]
        if shape.kind == "set":
            return _("set of {n}").format(n=shape.size)
        return (_("run of {n}+") if shape.more else _("run of {n}")).format(n=shape.size)

    def status(self, k: int, game: TableView, seat: int) -> str:
        """The slot's title: what it needs, and ✓ once the engine accepts its cards."""
        slot = self.groups[k] if k < len(self.groups) else []
        done = "✓" if self.fills(k, game, seat) else f"{len(slot)}/{self.shapes[k].size}"
        return f"{self.label(k).capitalize()}  {done}"

    def rects(self, area: Rect) -> list[Rect]:
        n = max(1, len(self.shapes))
        gap = 12
        w = (area.w - 150 - gap * (n - 1)) // n
        return [Rect(area.x + k * (w + gap), area.y + 4, w, area.h - 8) for k in range(n)]

    def card_rects(self, slot: Rect, count: int) -> list[Rect]:
        card = lay.card_size(min(slot.h - 30, 110))
        step = min(card[0] * 0.5, (slot.w - 16 - card[0]) / max(1, count - 1)) if count > 1 else 0
        return [Rect(int(slot.x + 8 + i * step), slot.y + 24, *card) for i in range(count)]

    def move(self) -> Move:
        """The lay-down of the slots' cards as they are (for the engine to say
        what is wrong with it when no legal lay-down matches)."""
        groups = tuple(tuple(card_token(c) for c in slot) for slot in self.groups if slot)
        return Move(Action.CONTRACT, groups=groups or ((),))


def without(cards: list[Card], remove: list[Card]) -> list[Card]:
    """`cards` minus a multiset of cards, order kept."""
    left = Counter(c.code for c in remove)
    out = []
    for c in cards:
        if left[c.code] > 0:
            left[c.code] -= 1
        else:
            out.append(c)
    return out
