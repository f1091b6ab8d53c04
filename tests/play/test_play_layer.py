"""The layers of docs/architecture.md, held: the play layer runs without pygame."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import rummy_gui.play


def play_modules() -> list[str]:
    """Every module of the play layer, its sub-packages' too (play/net, play/lessons)."""
    found = pkgutil.walk_packages(rummy_gui.play.__path__, "rummy_gui.play.")
    return sorted(m.name for m in found)


def test_play_layer_has_the_session_and_the_bot_process() -> None:
    mods = play_modules()
    for name in ("session", "botworker", "saves", "stats", "settings", "net.host", "net.client"):
        assert f"rummy_gui.play.{name}" in mods


def test_play_layer_imports_no_pygame() -> None:
    """Every module of rummy_gui.play (and hints, at its level) imported in a
    fresh interpreter: neither pygame nor any module of rummy_gui.ui is loaded."""
    code = (
        "import importlib, sys\n"
        f"for name in {[*play_modules(), 'rummy_gui.hints']!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules\n"
        "             if m.split('.')[0] == 'pygame' or m.startswith('rummy_gui.ui'))\n"
        "print(' '.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == "", f"the play layer loaded: {out.stdout.strip()}"


def test_an_unknown_bot_level_is_refused_when_the_session_is_made() -> None:
    from rummy_gui.play.session import SeatConfig, Session

    seats = [SeatConfig("You", "human"), SeatConfig("Bot", "superbot")]
    with pytest.raises(ValueError, match="unknown bot level 'superbot'"):
        Session("rummy500", seats, {}, seed=3, threaded=False, bot_process=False)


@pytest.mark.parametrize(
    "names",
    [
        ["Player 1", "Player 2", "Player 3", "Player 4"],
        ["Ann", "Ada", "Bo"],
        ["Anna", "Anna", "Anna"],
        ["Игрок 1", "Игрок 2", "Игрок 3"],
    ],
)
def test_seat_marks_stay_distinct_letters(names: list[str]) -> None:
    from rummy_gui.play.session import initials

    marks = initials(names)
    assert len(set(marks)) == len(names)
    assert all(m.isalpha() for m in marks), marks
