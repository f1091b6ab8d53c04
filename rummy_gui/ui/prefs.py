"""The table's settings kept between runs, through `rummy_gui.settings`
(the JSON file in the user's config folder). Failing to read or write them
never stops the game: the defaults or the in-memory values are used.

`load` also puts the saved language into effect (the system's language when
none was saved), so the first screen is already in it."""

from __future__ import annotations

import sys

from rummy_gui import i18n
from rummy_gui.i18n import _
from rummy_gui.ui.settings import ANIMATION_SPEEDS, CARD_BACKS, Settings


def saved_language(stated: str | None) -> str:
    """The language to use: the saved one if the program speaks it, else the system's."""
    return stated if stated in i18n.LANGUAGES else i18n.default_language()


def load() -> tuple[Settings, tuple[int, int] | None]:
    """The saved table settings and window size (None: the default size)."""
    try:
        from rummy_gui import paths
        from rummy_gui.settings import load_settings

        saved, warnings = load_settings()
        # No settings file yet: the language is the system's (as i18n reads it).
        stated = saved.language if paths.settings_path().exists() else None
    except Exception as e:  # no settings module or an unreadable file: defaults
        i18n.set_language(saved_language(None))
        print(_("rummy-gui: settings not loaded: {error}").format(error=e), file=sys.stderr)
        return Settings(), None
    i18n.set_language(saved_language(stated))
    for warning in warnings:
        print(_("rummy-gui: settings: {warning}").format(warning=warning), file=sys.stderr)
    s = Settings(
        language=i18n.language(),
        card_back=saved.card_back if saved.card_back in CARD_BACKS else "blue",
        four_colour=bool(saved.four_colour),
        animation=saved.animation_speed if saved.animation_speed in ANIMATION_SPEEDS else "normal",
        volume=float(saved.volume),
        mute=bool(saved.muted),
        fullscreen=bool(saved.fullscreen),
        card_scale=float(saved.card_scale),
        high_contrast=bool(saved.high_contrast),
        ask_claims=str(saved.ask_claims),
        hand_over_screen=bool(saved.hand_over_screen),
    )
    size = tuple(saved.window_size) if saved.window_size else None
    return s, (int(size[0]), int(size[1])) if size else None


def save(s: Settings, window_size: tuple[int, int] | None) -> None:
    try:
        from rummy_gui.settings import load_settings, save_settings

        saved, _warnings = load_settings()
        saved.language = s.language
        saved.card_back = s.card_back
        saved.four_colour = s.four_colour
        saved.animation_speed = s.animation
        saved.volume = s.volume
        saved.muted = s.mute
        saved.fullscreen = s.fullscreen
        saved.card_scale = s.card_scale
        saved.high_contrast = s.high_contrast
        saved.ask_claims = s.ask_claims
        saved.hand_over_screen = s.hand_over_screen
        if window_size is not None:
            saved.window_size = window_size
        save_settings(saved)
    except Exception as e:  # a read-only folder or a full disk: keep playing
        print(_("rummy-gui: settings not saved: {error}").format(error=e), file=sys.stderr)
