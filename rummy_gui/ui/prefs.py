"""The table's settings kept between runs, through `rummy_gui.settings`
(the JSON file in the user's config folder). Failing to read or write them
never stops the game: the defaults or the in-memory values are used."""

from __future__ import annotations

import sys

from rummy_gui.ui.settings import ANIMATION_SPEEDS, CARD_BACKS, Settings


def load() -> tuple[Settings, tuple[int, int] | None]:
    """The saved table settings and window size (None: the default size)."""
    try:
        from rummy_gui.settings import load_settings

        saved, warnings = load_settings()
    except Exception as e:  # no settings module or an unreadable file: defaults
        print(f"rummy-gui: settings not loaded: {e}", file=sys.stderr)
        return Settings(), None
    for warning in warnings:
        print(f"rummy-gui: settings: {warning}", file=sys.stderr)
    s = Settings(
        card_back=saved.card_back if saved.card_back in CARD_BACKS else "blue",
        four_colour=bool(saved.four_colour),
        animation=saved.animation_speed if saved.animation_speed in ANIMATION_SPEEDS else "normal",
        volume=float(saved.volume),
        mute=bool(saved.muted),
        fullscreen=bool(saved.fullscreen),
    )
    size = tuple(saved.window_size) if saved.window_size else None
    return s, (int(size[0]), int(size[1])) if size else None


def save(s: Settings, window_size: tuple[int, int] | None) -> None:
    try:
        from rummy_gui.settings import load_settings, save_settings

        saved, _ = load_settings()
        saved.card_back = s.card_back
        saved.four_colour = s.four_colour
        saved.animation_speed = s.animation
        saved.volume = s.volume
        saved.muted = s.mute
        saved.fullscreen = s.fullscreen
        if window_size is not None:
            saved.window_size = window_size
        save_settings(saved)
    except Exception as e:  # a read-only folder or a full disk: keep playing
        print(f"rummy-gui: settings not saved: {e}", file=sys.stderr)
