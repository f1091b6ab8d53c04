"""What the player may answer or call: the claim prompt's answers (built by
claims.py) and the Shanghai call on the next discard (state parts: only these
classes change their fields)."""

from __future__ import annotations

from pygame import Rect

from rummy_gui.engine import Move
from rummy_gui.ui.widgets.controls import Button


class ClaimAnswers:
    def __init__(self) -> None:
        self.answer_buttons: list[Button] = []
        self.answer_moves: list[Move] = []
        self.panel = Rect(0, 0, 0, 0)  # where the prompt with the buttons stands

    def offer(self, buttons: list[Button], moves: list[Move], panel: Rect | None = None) -> None:
        self.answer_buttons, self.answer_moves = buttons, moves
        self.panel = Rect(panel) if panel is not None and buttons else Rect(0, 0, 0, 0)


class ShanghaiCall:
    def __init__(self) -> None:
        self.called = False  # the next discard calls "Shanghai!"

    def toggle(self) -> None:
        self.called = not self.called
