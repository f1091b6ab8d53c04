"""What the player may answer or call: the claim prompt's answers (built by
claims.py) and the Shanghai call on the next discard (state parts: only these
classes change their fields)."""

from __future__ import annotations

from rummy_gui.engine import Move
from rummy_gui.ui.widgets.controls import Button


class ClaimAnswers:
    def __init__(self) -> None:
        self.answer_buttons: list[Button] = []
        self.answer_moves: list[Move] = []

    def offer(self, buttons: list[Button], moves: list[Move]) -> None:
        self.answer_buttons, self.answer_moves = buttons, moves


class ShanghaiCall:
    def __init__(self) -> None:
        self.called = False  # the next discard calls "Shanghai!"

    def toggle(self) -> None:
        self.called = not self.called
