"""Where the keys act (a state part of the table: only this class changes its
fields; the keyboard decides where the focus goes, see keyboard.py)."""

from __future__ import annotations


class Focus:
    def __init__(self) -> None:
        self.zone = "hand"
        self.index = 0  # melds: -1 is the place for a new meld, 0.. the melds in order
        self.answer = 0  # the focused button of a claim prompt
        self.cut = 0.5  # Liverpool: where along the pack's edge
        self.keyboard_used = False  # the focus is drawn once the keys (or a hint) used it

    def go(self, zone: str, index: int) -> None:
        self.zone, self.index = zone, index

    def to_index(self, index: int) -> None:
        self.index = index

    def point(self, zone: str, index: int) -> None:
        """Show this place (a hint's step): the focus ring goes there."""
        self.go(zone, index)
        self.keyboard_used = True

    def used(self) -> None:
        self.keyboard_used = True

    def step_answer(self, step: int, n: int) -> None:
        self.answer = (self.answer + step) % n

    def first_answer(self) -> None:
        self.answer = 0

    def nudge_cut(self, step: float) -> None:
        self.cut = max(0.02, min(0.98, self.cut + step))

    def reset(self) -> None:
        """Another player sits at the bottom: the focus starts over."""
        self.go("hand", 0)
        self.answer, self.cut, self.keyboard_used = 0, 0.5, False
