"""Colours and sizes shared by every screen."""

from __future__ import annotations

Colour = tuple[int, int, int]

TEXT: Colour = (240, 238, 226)
TEXT_DIM: Colour = (170, 190, 172)
GOLD: Colour = (236, 196, 92)
PANEL: Colour = (14, 40, 26)
PANEL_EDGE: Colour = (70, 120, 84)
BUTTON: Colour = (32, 84, 52)
BUTTON_HOVER: Colour = (48, 112, 70)
BUTTON_DISABLED: Colour = (34, 52, 40)
BUTTON_PRIMARY: Colour = (170, 120, 30)
BUTTON_PRIMARY_HOVER: Colour = (200, 148, 44)
HIGHLIGHT: Colour = (255, 214, 90)
LEGAL: Colour = (120, 230, 140)
ERROR: Colour = (250, 120, 100)
