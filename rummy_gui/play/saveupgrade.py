"""Old save formats brought to the current one, step by step (``UPGRADERS``);
a file from a newer program is refused with a message naming both versions."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rummy_gui.play.saves import HUMAN, SAVE_FORMAT, SAVE_VERSION, SaveError


def _upgrade_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 (the first format): seats were {"name", "bot": level or null};
    no bot seeds, colours, table state or summary."""
    seats = doc.get("seats")
    if not isinstance(seats, list):
        raise SaveError("the seats are not a list", "invalid")
    new_seats = []
    for i, s in enumerate(seats):
        if not isinstance(s, Mapping) or set(s) - {"name", "bot"}:
            raise SaveError(f"seat {i} is not a version-1 seat", "invalid")
        bot = s.get("bot")
        new_seats.append(
            {
                "name": s.get("name"),
                "kind": HUMAN if bot is None else bot,
                "seed": None,
                "colour": None,
            }
        )
    out = {k: v for k, v in doc.items() if k != "seats"}
    out.update(version=2, seats=new_seats, table={}, summary=None)
    return out


# version N -> a function turning a version-N document into version N + 1
UPGRADERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _upgrade_1_to_2,
}


def upgrade(doc: dict[str, Any]) -> dict[str, Any]:
    """A save document of any known version, brought to SAVE_VERSION step by step."""
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(f"the save's version {version!r} is not a version number", "invalid")
    if version > SAVE_VERSION:
        raise SaveError(
            f"This save was written by a newer rummy-gui (save format version "
            f"{version}); this program reads versions 1 to {SAVE_VERSION}. "
            "Update rummy-gui to open it.",
            "newer_version",
        )
    while version < SAVE_VERSION:
        doc = UPGRADERS[version](doc)
        if doc.get("version") != version + 1:  # pragma: no cover - a bug in an upgrader
            raise AssertionError(f"upgrader from version {version} did not reach {version + 1}")
        version += 1
    return doc


def check_head(doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise SaveError("it is not a rummy-gui save (the file is not a JSON object)", "not_a_save")
    if doc.get("format") != SAVE_FORMAT:
        raise SaveError(
            f"it is not a rummy-gui save (format should be '{SAVE_FORMAT}', not "
            f"{doc.get('format')!r})",
            "not_a_save",
        )
    return upgrade(doc)
