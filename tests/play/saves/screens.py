"""The main menu in a window of its own, for the tests that open saved files
through the screens (the callers set the dummy video driver first)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummy_gui.ui.shell.app import App


def menu_app() -> Iterator[App]:
    """An App showing the main menu, closed (bot process and display) after use."""
    import pygame

    from rummy_gui.play.settings import Settings
    from rummy_gui.ui.screens.main_menu import MainMenu
    from rummy_gui.ui.shell.app import App

    a = App((1280, 800), Settings(animation="off", mute=True))
    a.push(MainMenu(a))
    yield a
    close = getattr(a.session, "close", None)
    if close is not None:
        close()
    pygame.display.quit()
