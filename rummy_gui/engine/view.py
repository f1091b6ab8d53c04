"""What one seat may know: its own hand and every public card and fact.

Bots decide from a `View` only. A view can be *determinized* — given a guess
of the hidden cards it becomes a full Game to search in — without ever
holding the real hidden cards. The class is defined beside `Game` (each
builds the other); this module is where bots import it from.
"""

from .game import View

__all__ = ["View"]
