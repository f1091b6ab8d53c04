"""How fast the bots play at the table (a state part: only this class changes
its fields)."""

from __future__ import annotations


class Pace:
    def __init__(self) -> None:
        self.cooldown = 0.6  # seconds before the next bot move
        self.undo_hold = 0.0  # seconds the next bot still waits (Undo turn is possible)

    def wait(self, seconds: float) -> None:
        self.cooldown = seconds

    def tick(self, dt: float) -> bool:
        """Time passes; True when the next bot may move."""
        self.cooldown -= dt
        return self.cooldown <= 0

    def hold_for_undo(self, seconds: float) -> None:
        self.undo_hold = seconds

    def tick_hold(self, dt: float) -> bool:
        """Time passes for the undo hold; True while it still holds."""
        self.undo_hold -= dt
        return self.undo_hold > 0

    def release(self) -> None:
        self.undo_hold = 0.0
