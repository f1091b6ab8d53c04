"""Headless UI tests: dummy video and audio drivers, set before pygame loads."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Never the player's own saves: autosaves of these tests go to a scratch folder.
os.environ["RUMMY_GUI_HOME"] = __import__("tempfile").mkdtemp(prefix="rummy-gui-ui-tests-")

from collections.abc import Iterator

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.play.net.host import Host
from rummy_gui.play.net.serve import HostThread
from rummy_gui.play.settings import Settings
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.shell.app import App


@pytest.fixture
def app() -> Iterator[App]:
    a = App((1280, 800), Settings(animation="off", mute=True))
    a.push(MainMenu(a))
    yield a
    session = a.session
    close = getattr(session, "close", None)
    if close is not None:
        close()
    pygame.display.quit()


@pytest.fixture
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The test's language, `request.param` (parametrize "language" with
    indirect=True); English again after it."""
    i18n.set_language(request.param)
    try:
        yield request.param
    finally:
        i18n.set_language("en")


@pytest.fixture
def host() -> Iterator[HostThread]:
    """A network host on a thread of the test's process (loopback, a free port)."""
    h = HostThread(Host(None, grace=60.0, standin="easy"))
    yield h
    h.stop()
