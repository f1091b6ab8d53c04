"""The bot levels, weakest first, the level that plays a seat when none is
chosen (a new game's bot seats, a demo's human seats), and the Hint's level.

The one list of them: a leaf that imports nothing, so that the bots build
their players from it and the play layer and the menus read it without
loading the bots' code.
"""

from __future__ import annotations

LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard", "expert")
DEFAULT_LEVEL = "medium"
# The level whose advice the Hint button gives (the default one: quick enough for a button).
HINT_LEVEL = DEFAULT_LEVEL

__all__ = ["DEFAULT_LEVEL", "HINT_LEVEL", "LEVELS"]
