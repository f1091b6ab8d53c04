"""The player's own order of their hand and which cards are lifted (a state
part of the table: only this class changes its fields; see docs/architecture.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from rummy_gui.engine.cards import Card
from rummy_gui.ui.table.contract_slots import without

PAST = 64  # orders remembered for Undo: more than the moves of any one turn


class HandOrder:
    def __init__(self) -> None:
        self.order: list[Card] = []  # the hand as the player arranged it
        self.selected: set[int] = set()  # indices into the hand as shown
        self.by_seat: dict[int, list[Card]] = {}  # hot seat: each human's own order
        self.past: list[list[Card]] = []  # the order before each move played, for Undo

    def remember(self) -> None:
        """A move is about to be played: keep this order so an undo can bring it back."""
        self.past = [*self.past[-(PAST - 1) :], list(self.order)]

    def recall(self, hand: list[Card]) -> None:
        """Undo: take back the latest remembered order holding exactly `hand`'s cards."""
        want = Counter(c.code for c in hand)
        for k in range(len(self.past) - 1, -1, -1):
            if Counter(c.code for c in self.past[k]) == want:
                self.order = list(self.past[k])
                self.past = self.past[:k]
                self.selected.clear()
                return
        self.sync(hand)

    def sync(self, hand: list[Card]) -> None:
        """Keep the player's own order of `hand`; new cards go to the right."""
        want = Counter(c.code for c in hand)
        kept: list[Card] = []
        for card in self.order:
            if want[card.code] > 0:
                want[card.code] -= 1
                kept.append(card)
        extra = Counter(c.code for c in kept)
        for card in hand:
            if extra[card.code] > 0:
                extra[card.code] -= 1
            else:
                kept.append(card)
        if [c.code for c in kept] != [c.code for c in self.order]:
            if Counter(c.code for c in kept) != Counter(c.code for c in self.order):
                self.selected.clear()
            self.order = kept

    def shown(self, staged: list[Card]) -> list[Card]:
        """The hand as drawn: the player's order, without cards put in contract slots."""
        return without(self.order, staged)

    def select(self, indices: Iterable[int]) -> None:
        self.selected = set(indices)

    def toggle(self, index: int) -> None:
        self.selected.symmetric_difference_update({index})

    def clear_selection(self) -> None:
        self.selected.clear()

    def sort(self, key: Callable[[Card], object]) -> None:
        self.order.sort(key=key)  # type: ignore[arg-type]
        self.selected.clear()

    def arrange(self, order: list[Card], selected: Iterable[int]) -> None:
        """The player moved cards within the hand: this order, these lifted."""
        self.order = order
        self.selected = set(selected)

    def turn(self, old_seat: int, new_seat: int) -> None:
        """Hot seat: keep the old player's order, take up the new player's."""
        self.by_seat[old_seat] = list(self.order)
        self.order = list(self.by_seat.get(new_seat, []))
        self.selected.clear()
