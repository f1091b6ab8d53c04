"""The player's settings, kept as JSON in the user's config directory.

    settings, warnings = load_settings()   # never raises; warnings say what was ignored
    save_settings(settings)                # atomic; jsonio.WriteError if the folder is not writable

A damaged file, a wrong type or an unknown key never stops the program: the
setting keeps its default and a warning says why. A value out of its range
is brought into it.
"""

from __future__ import annotations

import locale
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from . import jsonio, paths

SETTINGS_FORMAT = "rummy-gui-settings"
SETTINGS_VERSION = 1

LANGUAGES = ("en", "fi", "ru")
CARD_BACKS = ("blue", "red", "green")  # the table's card backs (ui/settings.py)
ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
ASK_CLAIMS = ("always", "useful", "never")  # hot seat: ask humans about claims
CARD_SCALE = (0.8, 1.6)
VOLUME = (0.0, 1.0)
WINDOW_SIZE = (320, 16384)
WINDOW_POSITION = (-32768, 32767)


def system_language() -> str:
    """The system's language if the program speaks it, else English."""
    candidates = [os.environ.get(v, "") for v in ("LC_ALL", "LC_MESSAGES", "LANG")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except ValueError:
        pass
    for text in candidates:
        low = text.lower()
        if low.startswith(("fi", "finnish")):
            return "fi"
        if low.startswith(("ru", "russian")):
            return "ru"
        if low and low not in ("c", "posix") and not low.startswith("c."):
            return "en"
    return "en"


@dataclass
class Settings:
    language: str = field(default_factory=system_language)  # one of LANGUAGES
    card_back: str = "blue"  # one of CARD_BACKS
    four_colour: bool = False  # four-colour suits
    card_scale: float = 1.0  # CARD_SCALE
    high_contrast: bool = False
    animation_speed: str = "normal"  # one of ANIMATION_SPEEDS
    volume: float = 0.6  # VOLUME
    muted: bool = False
    fullscreen: bool = False
    window_size: tuple[int, int] | None = None  # None: the program's choice
    window_position: tuple[int, int] | None = None  # None: centred by the system
    ask_claims: str = "useful"  # one of ASK_CLAIMS
    hand_over_screen: bool = True  # hot seat: hide the hand between human players

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from a parsed file: what is wrong keeps its default, with a warning."""
        settings = cls()
        if not isinstance(data, dict):
            return settings, ["the settings file does not hold an object; using the defaults"]
        warnings: list[str] = []
        if data.get("format", SETTINGS_FORMAT) != SETTINGS_FORMAT:
            return settings, ["the settings file is not a rummy-gui settings file; using the "
                              "defaults"]
        known = {f.name for f in fields(cls)}
        for key, value in data.items():
            if key in ("format", "version"):
                continue
            if key not in known:
                warnings.append(f"unknown setting '{key}' ignored")
                continue
            checked, problem = _check(key, value, getattr(settings, key))
            if problem:
                warnings.append(f"setting '{key}': {problem}")
            setattr(settings, key, checked)
        return settings, warnings


_CHOICES: dict[str, tuple[str, ...]] = {
    "language": LANGUAGES, "card_back": CARD_BACKS, "animation_speed": ANIMATION_SPEEDS,
    "ask_claims": ASK_CLAIMS,
}
_RANGES: dict[str, tuple[float, float]] = {"card_scale": CARD_SCALE, "volume": VOLUME}
_PAIRS: dict[str, tuple[int, int]] = {"window_size": WINDOW_SIZE,
                                      "window_position": WINDOW_POSITION}


def _check(key: str, value: Any, default: Any) -> tuple[Any, str | None]:
    """The value to use and, if it is not ``value`` itself, why."""
    if key in _CHOICES:
        if value in _CHOICES[key] and isinstance(value, str):
            return value, None
        return default, f"{value!r} is not one of {', '.join(_CHOICES[key])}; kept {default!r}"
    if key in _RANGES:
        lo, hi = _RANGES[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return default, f"{value!r} is not a number; kept {default!r}"
        if not lo <= value <= hi:
            clamped = float(min(max(value, lo), hi))
            return clamped, f"{value!r} is outside {lo}-{hi}; using {clamped!r}"
        return float(value), None
    if key in _PAIRS:
        lo_i, hi_i = _PAIRS[key]
        if value is None:
            return None, None
        if (not isinstance(value, list) or len(value) != 2
                or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
            return default, f"{value!r} is not a pair of whole numbers; kept {default!r}"
        pair = (min(max(value[0], lo_i), hi_i), min(max(value[1], lo_i), hi_i))
        if list(pair) != value:
            return pair, f"{value!r} is outside {lo_i}-{hi_i}; using {list(pair)!r}"
        return pair, None
    if isinstance(value, bool):
        return value, None
    return default, f"{value!r} is not true or false; kept {default!r}"


def load_settings(path: Path | str | None = None) -> tuple[Settings, list[str]]:
    """The saved settings, or the defaults. Never raises: the warnings list what
    was ignored. A damaged file is moved aside (NAME.corrupt-<time>) and its
    backup used if that is good."""
    p = Path(path) if path is not None else paths.settings_path()
    data, warnings = jsonio.read_json_leniently(p)
    if data is jsonio.NOTHING:
        return Settings(), [*warnings, "using the default settings"] if warnings else []
    settings, more = Settings.from_json(data)
    return settings, warnings + more


def save_settings(settings: Settings, path: Path | str | None = None) -> Path:
    """Write the settings atomically (the previous file kept as .bak).
    Raises jsonio.WriteError (a ValueError; ``kind`` read_only, disk_full, ...)."""
    p = Path(path) if path is not None else paths.settings_path()
    jsonio.write_json(p, settings.to_json())
    return p
