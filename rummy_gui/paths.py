"""Where rummy-gui keeps its files.

Saves and statistics live in the user's data directory, settings in the
user's config directory, exports in the user's documents folder
(platformdirs). The environment variable ``RUMMY_GUI_HOME`` overrides them:
data goes to ``$RUMMY_GUI_HOME/data``, settings to ``$RUMMY_GUI_HOME/config``
and exports to ``$RUMMY_GUI_HOME/documents`` (tests, portable installs).

Nothing here creates a directory; writers create what they need.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "rummy-gui"
HOME_ENV = "RUMMY_GUI_HOME"

AUTOSAVE_NAME = "autosave.json"
SAVES_FOLDER = "saves"
STATS_NAME = "stats.json"
SETTINGS_NAME = "settings.json"


def _home() -> Path | None:
    home = os.environ.get(HOME_ENV, "").strip()
    return Path(home).expanduser() if home else None


def data_dir() -> Path:
    """Saves and statistics: ``user_data_dir("rummy-gui")`` or ``$RUMMY_GUI_HOME/data``."""
    home = _home()
    if home is not None:
        return home / "data"
    # appauthor=False: on Windows no second "rummy-gui" level for the author
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """Settings: ``user_config_dir("rummy-gui")`` or ``$RUMMY_GUI_HOME/config``."""
    home = _home()
    if home is not None:
        return home / "config"
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def documents_dir() -> Path:
    """Where exports go: ``user_documents_dir()``, or ``$RUMMY_GUI_HOME/documents``;
    the data folder when the system names no documents folder."""
    home = _home()
    if home is not None:
        return home / "documents"
    try:
        found = platformdirs.user_documents_dir()
    except Exception:  # noqa: BLE001 (platformdirs asks the system; any failure: the data folder)
        found = ""
    return Path(found) if found else data_dir()


def saves_dir() -> Path:
    """The folder of named saves."""
    return data_dir() / SAVES_FOLDER


def autosave_path() -> Path:
    """The game in progress, written after every move; Continue reads it."""
    return data_dir() / AUTOSAVE_NAME


def stats_path() -> Path:
    return data_dir() / STATS_NAME


def settings_path() -> Path:
    return config_dir() / SETTINGS_NAME
