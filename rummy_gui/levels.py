"""The bot levels, weakest first, and the level that plays a seat when none
is chosen (a new game's bot seats, a demo's human seats).

The one list of them: a leaf that imports nothing, so that the bots build
their players from it and the play layer and the menus read it without
loading the bots' code.
"""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")
DEFAULT_LEVEL = "medium"

__all__ = ["DEFAULT_LEVEL", "LEVELS"]
