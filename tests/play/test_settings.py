"""Settings persist; a bad settings file never stops the program."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rummy_gui import i18n, paths
from rummy_gui.play import jsonio
from rummy_gui.play.settings import Settings, load_settings, save_settings


def write_raw(data: Any) -> Path:
    p = paths.settings_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(data if isinstance(data, str) else json.dumps(data))
    return p


def test_defaults_when_there_is_no_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", "fi_FI.UTF-8")
    settings, warnings = load_settings()
    assert warnings == []
    assert settings == Settings(language="fi")
    assert settings.card_scale == 1.0
    assert settings.ask_claims == "useful"
    assert settings.hand_over_screen
    assert settings.coach == "off"


def test_round_trip(home: Path) -> None:
    s = Settings(
        language="ru",
        card_back="red",
        four_colour=True,
        card_scale=1.4,
        high_contrast=True,
        animation="fast",
        volume=0.25,
        mute=True,
        fullscreen=True,
        window_size=(1600, 900),
        window_position=(-1200, 40),
        ask_claims="never",
        hand_over_screen=False,
        coach="strict",
    )
    path = save_settings(s)
    assert path == home / "config" / "settings.json"
    assert load_settings() == (s, [])
    s.volume = 0.5
    save_settings(s)
    assert load_settings()[0].volume == 0.5
    assert json.loads(jsonio.backup_path(path).read_text())["volume"] == 0.25


@pytest.mark.parametrize(
    ("key", "value", "expected", "words"),
    [
        ("language", "de", None, "not one of en, fi, ru"),
        ("language", 7, None, "not one of"),
        ("card_back", ["red"], "blue", "not one of"),
        ("four_colour", "yes", False, "not true or false"),
        ("four_colour", 1, False, "not true or false"),
        ("card_scale", "big", 1.0, "not a number"),
        ("card_scale", True, 1.0, "not a number"),
        ("card_scale", 5, 1.6, "outside 0.8-1.6"),
        ("card_scale", 0.1, 0.8, "outside"),
        ("volume", -3, 0.0, "outside"),
        ("animation", "ludicrous", "normal", "not one of"),
        ("window_size", [100, 100], (320, 320), "outside"),
        ("window_size", [800], None, "not a pair"),
        ("window_size", "800x600", None, "not a pair"),
        ("window_size", [800.5, 600], None, "not a pair"),
        ("window_position", [True, 3], None, "not a pair"),
        ("ask_claims", None, "useful", "not one of"),
        ("hand_over_screen", None, True, "not true or false"),
        ("coach", "brutal", "off", "not one of off, gentle, strict"),
        ("coach", 10, "off", "not one of"),
    ],
)
def test_a_wrong_value_keeps_the_default_with_a_warning(
    key: str, value: Any, expected: Any, words: str
) -> None:
    write_raw({"format": "rummy-gui-settings", "version": 2, key: value, "mute": True})
    settings, warnings = load_settings()
    default = getattr(Settings(), key)
    assert getattr(settings, key) == (default if expected is None else expected)
    assert settings.mute  # the good keys are kept
    assert len(warnings) == 2
    assert f"setting '{key}'" in warnings[0]
    assert words in warnings[0]
    assert "kept as settings.json.corrupt-" in warnings[1]  # the file as it was, before a write


def test_good_values_are_taken_as_they_are() -> None:
    write_raw({"card_scale": 1, "window_size": [1024, 768], "window_position": None})
    settings, warnings = load_settings()
    assert warnings == []
    assert settings.card_scale == 1.0
    assert isinstance(settings.card_scale, float)
    assert settings.window_size == (1024, 768)
    assert settings.window_position is None


def test_unknown_keys_are_reported_and_ignored() -> None:
    write_raw({"muted": True, "colour_scheme": "dark", "__class__": "x"})
    settings, warnings = load_settings()
    assert settings.mute
    assert warnings[:2] == [
        "unknown setting 'colour_scheme' ignored",
        "unknown setting '__class__' ignored",
    ]
    assert len(warnings) == 3
    assert "kept as settings.json.corrupt-" in warnings[2]


@pytest.mark.parametrize(
    "content",
    ["", "{", "[1, 2]", "null", "\x00\x01", '{"muted": NaN}', '{"format": "rummy-gui-save"}'],
)
def test_a_damaged_file_gives_the_defaults(content: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    path = write_raw(content)
    settings, warnings = load_settings()
    assert settings == Settings()
    assert any("default" in w for w in warnings)
    # never lost: a file that is not JSON at all is moved aside, one that is JSON copied aside
    (kept,) = path.parent.glob("settings.json.corrupt-*")
    assert kept.read_text() == content
    assert any(kept.name in w for w in warnings)


def test_a_damaged_file_falls_back_to_the_backup() -> None:
    save_settings(Settings(volume=0.1))
    save_settings(Settings(volume=0.2))
    paths.settings_path().write_text('{"volume": 0.')
    settings, warnings = load_settings()
    assert settings.volume == 0.1
    assert any("backup" in w for w in warnings)


def test_saving_on_a_read_only_disk_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    def fail(*_args: Any, **_kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", fail)
    with pytest.raises(jsonio.WriteError, match="not writable") as caught:
        save_settings(Settings())
    assert caught.value.kind == "read_only"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ("fi_FI.UTF-8", "fi"),
        ("ru_RU.UTF-8", "ru"),
        ("de_DE.UTF-8", "en"),
        ("en_US", "en"),
    ],
)
def test_language_follows_the_system(
    monkeypatch: pytest.MonkeyPatch, env: str, expected: str
) -> None:
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.setenv("LC_ALL", env)
    assert i18n.default_language() == expected
    assert Settings().language == expected  # the one detector: a new Settings follows it


@pytest.mark.usefixtures("home")
def test_remembered_seats_are_checked_and_cut() -> None:
    write_raw(
        {
            "format": "rummy-gui-settings",
            "version": 2,
            "seat_names": ["Ann", "x" * 90, *["Bo"] * 20],
            "seat_kinds": "hard",
        }
    )
    settings, warnings = load_settings()
    assert settings.seat_names[0] == "Ann"
    assert len(settings.seat_names) == 8
    assert len(settings.seat_names[1]) <= 40
    assert settings.seat_kinds == []
    assert len(warnings) >= 2
