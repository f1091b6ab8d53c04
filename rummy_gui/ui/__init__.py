"""The pygame-ce card table: scenes, layout, card art, sound and input."""

import os

# pygame prints a greeting when it is first imported; a player's terminal stays quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
