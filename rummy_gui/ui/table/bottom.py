"""Who sits at the bottom of the table (a state part: only this class changes
its fields; seating.py decides, with the play layer's hot-seat policy)."""

from __future__ import annotations


class Bottom:
    def __init__(self, viewer: int) -> None:
        self.viewer = viewer  # the seat whose hand is at the bottom
        self.revealed_for: int | None = None  # hot seat: the human who last took the seat

    def turn_to(self, seat: int) -> None:
        self.viewer = seat

    def reveal(self, seat: int | None) -> None:
        self.revealed_for = seat
