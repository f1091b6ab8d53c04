"""The table's settings: the program's one `Settings` (`rummy_gui.play.settings`),
named here for the screens that import it from the UI."""

from __future__ import annotations

from rummy_gui.play.settings import ANIMATION_SPEEDS, CARD_BACKS, Settings

__all__ = ["ANIMATION_SPEEDS", "CARD_BACKS", "Settings"]
