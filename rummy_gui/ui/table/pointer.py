"""Where the mouse is and what it hovers (a state part of the table: only
this class changes its fields)."""

from __future__ import annotations


class Pointer:
    def __init__(self) -> None:
        self.at: tuple[int, int] | None = None  # the mouse, once it moved over the window
        self.log_scroll = 0  # lines of the game log scrolled back (the wheel over the log)
        self.hover_discard: int | None = None
        self.hover_hand: int | None = None
        self.hover_stock = False

    def moved(self, pos: tuple[int, int]) -> None:
        self.at = pos

    def scroll(self, lines: int) -> None:
        self.log_scroll = max(0, self.log_scroll + lines)

    def hover(self, discard: int | None, hand: int | None, stock: bool) -> None:
        self.hover_discard, self.hover_hand, self.hover_stock = discard, hand, stock

    def unhover(self) -> None:
        self.hover(None, None, False)
