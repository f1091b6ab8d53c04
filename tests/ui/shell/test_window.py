"""The window (issue 47, seen 2 and 20): its title is the game's name in the
player's language; fullscreen is the desktop's, starts from the screen's
corner, and gives back the window's size and place, with nothing printed; a
window made too small keeps its minimum."""

from __future__ import annotations

import warnings

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import Resize, ToggleFullscreen


def test_the_title_is_the_games_name_in_the_players_language(app: App) -> None:
    assert app.screen is pygame.display.get_surface()
    assert pygame.display.get_caption()[0] == "Rummy"
    try:
        i18n.set_language("fi")
        assert pygame.display.get_caption()[0] == "Rommi"
        i18n.set_language("ru")
        assert pygame.display.get_caption()[0] == "Рамми"
    finally:
        i18n.set_language("en")
    assert pygame.display.get_caption()[0] == "Rummy"


def test_fullscreen_starts_at_the_corner_and_gives_back_size_and_place(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = [(200, 120)]
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: where[-1])
    monkeypatch.setattr(pygame.display, "set_window_position", where.append)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing printed on the terminal
        app.dispatch(ToggleFullscreen())
        assert app.settings.fullscreen
        assert where[-1] == (0, 0)  # moved to the corner before the window grows
        app.dispatch(Resize((1920, 1080)))  # the desktop's size, reported on entering
        app.dispatch(ToggleFullscreen())
    assert not app.settings.fullscreen
    assert app.screen.get_size() == (1280, 800)
    assert app.windowed_size == (1280, 800)
    assert where[-1] == (200, 120)


def test_fullscreen_asked_twice_changes_the_window_once(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    modes: list[object] = []
    real = pygame.display.set_mode

    def set_mode(*args: object, **kwargs: object) -> pygame.Surface:
        modes.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    app.set_fullscreen(True)
    app.set_fullscreen(True)
    assert len(modes) == 1


def test_a_window_clamped_to_the_minimum_keeps_its_minimum_and_place(app: App) -> None:
    import warnings

    app.resize((900, 500))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
        assert tuple(window.minimum_size) == (960, 600)
