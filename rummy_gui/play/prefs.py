"""The table's settings kept between runs, through `rummy_gui.play.settings`
(the JSON file in the user's config folder). Failing to read or write them
never stops the game: the defaults or the in-memory values are used.

`load` also puts the saved language into effect (the system's language when
none was saved), so the first screen is already in it."""

from __future__ import annotations

import copy
import sys

from rummy_gui import i18n
from rummy_gui.i18n import _
from rummy_gui.play import jsonio
from rummy_gui.play.settings import Settings, load_settings, save_settings
from rummy_gui.safetext import clean


def saved_language(stated: str | None) -> str:
    """The language to use: the saved one if the program speaks it, else the system's."""
    return stated if stated in i18n.LANGUAGES else i18n.default_language()


def load() -> tuple[Settings, tuple[int, int] | None]:
    """The saved settings and window size (None: the default size). The
    warnings (what was ignored, where a copy was kept) go to stderr."""
    global _as_saved
    settings, warnings = load_settings()
    settings.language = saved_language(settings.language)
    i18n.set_language(settings.language)
    for warning in warnings:
        print(_("rummy-gui: settings: {warning}").format(warning=clean(warning)), file=sys.stderr)
    _as_saved = copy.deepcopy(settings)
    return settings, settings.window_size


# The settings as this program last read or wrote them: `save` writes only what
# changed since, so what another copy of the game saved meanwhile stays.
_as_saved: Settings | None = None


def save(s: Settings, window_size: tuple[int, int] | None) -> None:
    global _as_saved
    if window_size is not None:
        s.window_size = (int(window_size[0]), int(window_size[1]))
    try:
        save_settings(s, since=_as_saved)
        _as_saved = copy.deepcopy(s)
    except jsonio.WriteError as e:  # a read-only folder or a full disk: keep playing
        print(
            _("rummy-gui: settings not saved: {error}").format(error=clean(str(e))), file=sys.stderr
        )
