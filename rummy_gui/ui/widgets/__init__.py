"""Buttons, dialogs, fonts and the colour theme shared by every scene."""
