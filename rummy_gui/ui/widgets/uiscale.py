"""The UI's scale: how much larger than at 960x600 the screens draw their text
and the boxes around it, from the window's size and the player's text size.

    uiscale.update(window_size, settings.text_factor)  # the app, on every resize
    fonts.text_cached(name, px(15), colour)            # 15 px at the smallest window
    Button((x, y, px(320), px(46)), ...)

Sizes given to `px` are those of a 960x600 window; the windows up to
1280x800 keep them (the screens were made for that range) and larger ones
grow them, ~1.3x at 1920x1080 and ~1.65x at 2560x1440, times the text size.
Card art is sized by the table's own layout and never goes through `px`."""

from __future__ import annotations

BASE = (960, 600)  # the smallest window (ui/shell/app.py's MIN_SIZE)
FLAT_UP_TO = 4 / 3  # window factor up to which the scale stays 1 (1280x800)
GROWTH = 0.6  # how much of the window's growth past that the UI follows
LIMITS = (0.85, 2.2)

_scale = 1.0


def scale_for(size: tuple[int, int], text_factor: float = 1.0) -> float:
    """The UI scale for a window of `size` and a text-size factor."""
    window = min(size[0] / BASE[0], size[1] / BASE[1])
    grown = 1.0 + GROWTH * max(0.0, window - FLAT_UP_TO)
    return round(min(LIMITS[1], max(LIMITS[0], grown * text_factor)), 3)


def update(size: tuple[int, int], text_factor: float = 1.0) -> bool:
    """Set the scale for a window; True if it changed."""
    global _scale
    new = scale_for(size, text_factor)
    changed = new != _scale
    _scale = new
    return changed


def scale() -> float:
    return _scale


def px(n: float) -> int:
    """`n` pixels of a 960x600 window at the current scale."""
    return max(1, round(n * _scale))
