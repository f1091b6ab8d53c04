"""The player's settings: the one `Settings` of the program, kept as JSON in
the user's config directory.

    settings, warnings = load_settings()   # never raises; warnings say what was ignored
    save_settings(settings)                # atomic; jsonio.WriteError if the folder is not writable

A damaged file, a wrong type or an unknown key never stops the program: the
setting keeps its default and a warning says why. A value out of its range
is brought into it. A file this version can't fully read (a newer version's,
or one with values that had to be ignored) is never written over: a copy is
kept first as ``settings.json.newer-<time>`` or ``settings.json.corrupt-<time>``
(once; the warnings say where). Files of the first version named two
settings differently (``muted``, ``animation_speed``); they still load.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from rummy_gui import i18n, paths
from rummy_gui.i18n import NC_
from rummy_gui.play import folderlock, jsonio
from rummy_gui.safetext import clean

SETTINGS_FORMAT = "rummy-gui-settings"
SETTINGS_VERSION = 2  # 2: "mute" and "animation" (version 1: "muted", "animation_speed")

LANGUAGES = tuple(i18n.LANGUAGES)
# The table's card backs: name -> its word on the Settings screen (the one list of
# them: the screen offers these, a file may hold only these, the art draws each).
CARD_BACKS: dict[str, str] = {
    "blue": NC_("card back", "Blue"),
    "red": NC_("card back", "Red"),
    "green": NC_("card back", "Green"),
}
# The animation speeds: name -> (every card flight's duration factor, 0 for none;
# its word on the Settings screen). The command line's --speed offers the same.
ANIMATION_SPEEDS: dict[str, tuple[float, str]] = {
    "off": (0.0, NC_("animation", "Off")),
    "fast": (0.5, NC_("animation", "Fast")),
    "normal": (1.0, NC_("animation", "Normal")),
    "slow": (1.8, NC_("animation", "Slow")),
}
ASK_CLAIMS = ("always", "useful", "never")  # hot seat: ask humans about claims
# The coach's levels (play/coach.py: what each one speaks up about); off by default.
COACH_LEVELS = ("off", "gentle", "strict")
TEXT_SIZES = {"small": 0.88, "normal": 1.0, "large": 1.2}  # name: factor on the window's UI scale
CARD_SCALE = (0.8, 1.6)
VOLUME = (0.0, 1.0)
WINDOW_SIZE = (320, 8192)  # the window is clamped to the screen as well (ui/shell/app.py)
WINDOW_POSITION = (-32768, 32767)
OLD_NAMES = {"muted": "mute", "animation_speed": "animation"}  # version 1's names
SEATS = 8  # the most seats New game remembers
SEAT_TEXT = 40  # a remembered name or kind at most this long (saves.MAX_NAME)
UNKNOWN_SHOWN = 3  # more unknown keys than this: one warning names this many, counts the rest


@dataclass
class Settings:
    language: str = field(default_factory=i18n.default_language)  # one of LANGUAGES
    card_back: str = "blue"  # one of CARD_BACKS
    four_colour: bool = False  # four-colour suits
    card_scale: float = 1.0  # CARD_SCALE: the table's card size
    high_contrast: bool = False
    animation: str = "normal"  # one of ANIMATION_SPEEDS
    volume: float = 0.6  # VOLUME
    mute: bool = False
    fullscreen: bool = False
    window_size: tuple[int, int] | None = None  # None: the program's choice
    window_position: tuple[int, int] | None = None  # None: centred by the system
    ask_claims: str = "useful"  # one of ASK_CLAIMS
    hand_over_screen: bool = True  # hot seat: hide the hand between human players
    text_size: str = "normal"  # one of TEXT_SIZES
    coach: str = "off"  # one of COACH_LEVELS

    @property
    def text_factor(self) -> float:
        """The text-size setting as a factor on the UI scale the window's size gives."""
        return TEXT_SIZES.get(self.text_size, 1.0)

    # New game: the names and seat kinds ("human" or a bot level) last typed, seat by seat
    seat_names: list[str] = field(default_factory=list)
    seat_kinds: list[str] = field(default_factory=list)

    @property
    def animation_factor(self) -> float:
        """Multiplier for every card flight's duration; 0 means no animation."""
        factor, _word = ANIMATION_SPEEDS.get(self.animation, ANIMATION_SPEEDS["normal"])
        return factor

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.mute else max(0.0, min(1.0, self.volume))

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
            return settings, [
                "the settings file is not a rummy-gui settings file; using the defaults"
            ]
        version = data.get("version", 1)
        if _newer(data):
            warnings.append(
                f"the settings file was written by a newer rummy-gui (version "
                f"{version!r}; this one reads 1 to {SETTINGS_VERSION})"
            )
        known = {f.name for f in fields(cls)}
        unknown: list[str] = []
        for key, value in data.items():
            if key in ("format", "version"):
                continue
            name = OLD_NAMES.get(key, key)
            if name != key and name in data:
                continue  # both spellings: the current one wins
            if name not in known:
                unknown.append(key)
                continue
            checked, problem = _check(name, value, getattr(settings, name))
            if problem:
                warnings.append(f"setting {_shown(key)}: {problem}")
            setattr(settings, name, checked)
        if len(unknown) > UNKNOWN_SHOWN:
            warnings.insert(0, _unknown_words(unknown))
        else:
            warnings[:0] = [f"unknown setting {_shown(k)} ignored" for k in unknown]
        return settings, warnings


def _unknown_words(keys: list[str]) -> str:
    """One warning for many unknown settings, naming the first few (a file of
    thousands prints one line, not thousands)."""
    shown = ", ".join(_shown(k) for k in keys[:UNKNOWN_SHOWN])
    return f"{len(keys):,} unknown settings ignored: {shown} and {len(keys) - UNKNOWN_SHOWN:,} more"


def _shown(key: str) -> str:
    return "'" + clean(key, 60) + "'"


def _newer(data: Any) -> bool:
    version = data.get("version") if isinstance(data, dict) else None
    return isinstance(version, int) and not isinstance(version, bool) and version > SETTINGS_VERSION


def _val(value: Any) -> str:
    """A value as a warning quotes it: short, and safe to print or draw."""
    return clean(repr(value), 60)


_CHOICES: dict[str, tuple[str, ...]] = {
    "language": LANGUAGES,
    "card_back": tuple(CARD_BACKS),
    "animation": tuple(ANIMATION_SPEEDS),
    "ask_claims": ASK_CLAIMS,
    "text_size": tuple(TEXT_SIZES),
    "coach": COACH_LEVELS,
}
_RANGES: dict[str, tuple[float, float]] = {"card_scale": CARD_SCALE, "volume": VOLUME}
_PAIRS: dict[str, tuple[int, int]] = {
    "window_size": WINDOW_SIZE,
    "window_position": WINDOW_POSITION,
}


def _check(key: str, value: Any, default: Any) -> tuple[Any, str | None]:
    """The value to use and, if it is not ``value`` itself, why."""
    if key in _CHOICES:
        if isinstance(value, str) and value in _CHOICES[key]:
            return value, None
        return (
            default,
            f"{_val(value)} is not one of {', '.join(_CHOICES[key])}; kept {_val(default)}",
        )
    if key in _RANGES:
        lo, hi = _RANGES[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return default, f"{_val(value)} is not a number; kept {_val(default)}"
        if not lo <= value <= hi:
            clamped = float(min(max(value, lo), hi))
            return clamped, f"{_val(value)} is outside {lo}-{hi}; using {clamped!r}"
        return float(value), None
    if key in _PAIRS:
        lo_i, hi_i = _PAIRS[key]
        if value is None:
            return None, None
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
        ):
            return default, f"{_val(value)} is not a pair of whole numbers; kept {_val(default)}"
        pair = (min(max(value[0], lo_i), hi_i), min(max(value[1], lo_i), hi_i))
        if list(pair) != value:
            return pair, f"{_val(value)} is outside {lo_i}-{hi_i}; using {list(pair)!r}"
        return pair, None
    if key in ("seat_names", "seat_kinds"):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return default, f"{_val(value)} is not a list of texts; kept {_val(default)}"
        kept = [clean(v, SEAT_TEXT).strip() for v in value[:SEATS]]
        if kept != value:
            return kept, f"{_val(value)} was cut to {SEATS} short texts"
        return kept, None
    if isinstance(value, bool):
        return value, None
    return default, f"{_val(value)} is not true or false; kept {_val(default)}"


def _read(p: Path, strict: bool) -> tuple[Settings, list[str]]:
    """The settings of ``p`` and the warnings. A file that can't be fully read
    gets its copy kept aside; ``strict``: WriteError if no copy can be made."""
    data, warnings = jsonio.read_json_leniently(p)
    if data is jsonio.NOTHING:
        return Settings(), [*warnings, "using the default settings"] if warnings else []
    settings, more = Settings.from_json(data)
    if more:
        more += jsonio.keep_unreadable(p, _newer(data), strict)
    return settings, warnings + more


def load_settings(path: Path | str | None = None) -> tuple[Settings, list[str]]:
    """The saved settings, or the defaults. Never raises: the warnings list what
    was ignored. A damaged file is moved aside (NAME.corrupt-<time>) and its
    backup used if that is good; a file read only in part is copied aside."""
    p = Path(path) if path is not None else paths.settings_path()
    return _read(p, strict=False)


def save_settings(
    settings: Settings, path: Path | str | None = None, since: Settings | None = None
) -> Path:
    """Write the settings atomically (the previous file kept as .bak).
    Raises jsonio.WriteError (a ValueError; ``kind`` read_only, disk_full, ...).

    ``since``: the settings as this program last read or wrote them. Then
    only what changed since is written, over the file as it is now (re-read
    under a short lock): what another copy of the game saved meanwhile stays."""
    p = Path(path) if path is not None else paths.settings_path()
    with folderlock.short_lock(p):
        # what is on disk now, if this version can't fully read it, is kept aside
        on_disk, _ = _read(p, strict=True)
        if since is not None:
            for f in fields(settings):
                if getattr(settings, f.name) != getattr(since, f.name):
                    setattr(on_disk, f.name, getattr(settings, f.name))
            settings = on_disk
        jsonio.write_json(p, settings.to_json())
    return p
