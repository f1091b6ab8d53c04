"""Bad input everywhere: the command line, settings files, art and sound
files, fonts, and a crash. The player reads a short message and the game goes
on, or exits cleanly with a non-zero code: never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from rummy_gui.play.session import SeatConfig
from rummy_gui.play.settings import Settings
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.shell import app as app_module
from rummy_gui.ui.shell import crash
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.widgets import fonts


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own data and settings folders."""
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def run_cli(*args: str, home: Path, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ, RUMMY_GUI_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"
    )
    return subprocess.run(
        [sys.executable, "-m", "rummy_gui", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


# --- the command line ------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--bogus"], "unrecognized arguments: --bogus"),
        (["extra"], "unrecognized arguments: extra"),
        (["--size", "big"], "'big' is not a size like 1280x800"),
        (["--size", "1280x"], "not a size"),
        (["--size", "0x600"], "width and height must be from 1 to"),
        (["--size", "99999x99999"], "width and height must be from 1 to"),
        (["--players", "many"], "'many' is not a whole number"),
        (["--preset", "poker"], "unknown preset 'poker'"),
        (["--preset", "persian", "--players", "3"], "Persian"),
        (["--demo", "--players", "0"], "not 0"),
        (["--preset", "contract", "--players", "9"], "not 9"),
        (["--seed", "-1"], "'-1' is negative"),
        (["--seed", "abc"], "'abc' is not a whole number"),
        (["--frames", "-3"], "'-3' is negative"),
        (["--speed", "warp"], "invalid choice: 'warp'"),
        (["--screenshot", "/no/such/folder/shot.png"], "the folder /no/such/folder does not exist"),
    ],
)
def test_a_bad_command_line_says_why_and_exits_with_code_2(
    argv: list[str], reason: str, refused: Callable[..., str]
) -> None:
    err = refused(app_module.run, argv)
    assert "usage: rummy-gui" in err
    assert reason in err


# Issue 53, 10: each a clear message and exit code 2; nothing long said back in full.
@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--seed", "9" * 4300], "is too large (at most 18446744073709551615)"),
        (["--seed", "9" * 5000], "is too large"),
        (["--seed", str(2**64)], "must be from 0 to 18446744073709551615"),
        (["--seed", "1" * 5000 + "x"], "is not a whole number"),
        (["--frames", "9" * 5000], "is too large"),
        (["--players", "9" * 5000], "is too large"),
        (["--size", "9" * 5000 + "x600"], "width and height must be from 1 to 8192"),
        (["--size", "-5x5"], "width and height must be from 1 to 8192"),
        (["--seed", "-7"], "'-7' is negative"),
        (["--preset", ""], "unknown preset ''"),
        (["--preset", "p" * 5000], "unknown preset 'pppp"),
        (["--screenshot", ""], "--screenshot: needs the name of a PNG file"),
        (["--screenshot", "/no/such/" + "f" * 5000 + "/shot.png"], "does not exist"),
    ],
)
def test_a_long_or_empty_argument_is_refused_in_a_short_message(
    argv: list[str], reason: str, refused: Callable[..., str]
) -> None:
    err = refused(app_module.run, [*argv, "--frames", "1"])  # accepted, it ends at once
    assert reason in err
    assert len(err) < 1500  # the usage and one short line: never the argument in full
    assert "set_int_max_str_digits" not in err
    assert "expected one argument" not in err


def test_the_largest_seed_plays_and_the_next_is_refused_by_the_engine() -> None:
    from rummy_gui.engine import SEED_LIMIT, Game, check_seed

    assert Game.new("rummy500", players=2, seed=SEED_LIMIT - 1).seed == SEED_LIMIT - 1
    for bad in (SEED_LIMIT, -1, 10**5000):
        with pytest.raises(ValueError, match="seed must be from 0 to") as caught:
            check_seed(bad)
        assert len(str(caught.value)) < 100


def test_a_screenshot_name_that_is_not_utf8_is_the_name_written(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    name = os.fsdecode(b"shot-\xff.png")
    assert app_module.run(["--frames", "1", "--screenshot", str(shots / name)]) == 0
    assert os.listdir(os.fsencode(shots)) == [b"shot-\xff.png"]


def test_the_real_command_refuses_bad_flags_without_a_traceback(home: Path) -> None:
    done = run_cli("--size", "huge", "--frames", "1", home=home)
    assert done.returncode == 2
    assert "'huge' is not a size" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_a_good_command_line_still_plays(home: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    done = run_cli(
        "--demo",
        "--preset",
        "shanghai",
        "--players",
        "5",
        "--seed",
        "3",
        "--frames",
        "5",
        "--size",
        "960x600",
        "--screenshot",
        str(shot),
        home=home,
    )
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(shot)).get_size() == (960, 600)


# --- settings files -----------------------------------------------------------------

BAD_SETTINGS = {
    "wrong types": json.dumps(
        {
            "format": "rummy-gui-settings",
            "version": 1,
            "volume": "loud",
            "fullscreen": "yes",
            "animation_speed": 5,
            "card_back": ["red"],
            "window_size": "big",
            "four_colour": None,
            "language": 7,
        }
    ),
    "out of range": json.dumps(
        {
            "format": "rummy-gui-settings",
            "version": 1,
            "volume": 40,
            "window_size": [10, 99999999],
            "card_scale": -3,
        }
    ),
    "a list": "[1, 2, 3]",
    "not JSON": "{volume: loud",
    "binary": "\x00\x01\x02\xff",
}


@pytest.mark.parametrize("content", list(BAD_SETTINGS.values()), ids=list(BAD_SETTINGS))
def test_a_bad_settings_file_leaves_the_defaults_and_the_game_starts(
    home: Path, content: str
) -> None:
    config = home / "config"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(content, encoding="utf-8", errors="surrogateescape")
    done = run_cli("--frames", "3", home=home)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "settings" in done.stderr  # a warning says what was ignored


def test_a_settings_file_with_wrong_types_gives_a_window_of_a_sane_size(home: Path) -> None:
    from rummy_gui.play import prefs

    config = home / "config"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(BAD_SETTINGS["wrong types"], encoding="utf-8")
    settings, size = prefs.load()
    assert size is None
    assert 0.0 <= settings.effective_volume <= 1.0
    assert settings.fullscreen is False


# --- art, sounds and fonts --------------------------------------------------------------


@pytest.fixture
def table() -> Iterator[App]:
    app = App((1280, 800), Settings(animation="fast", mute=False, volume=0.5))
    app.push(MainMenu(app))
    yield app
    close = getattr(app.session, "close", None)
    if close is not None:
        close()
    pygame.display.quit()


def play_some_frames(app: App) -> None:
    seats = [SeatConfig("You", "human"), SeatConfig("Bot 1", "easy"), SeatConfig("Bot 2", "easy")]
    app.rooms.start_table("rummy500", seats, {}, seed=5)
    for _ in range(5):
        app.tick(0.05)
    app.play_sound("discard")
    app.resize((960, 600))
    app.tick(0.05)


_opened: list[str] = []
_watching = threading.Event()


def _audit(event: str, args: tuple[object, ...]) -> None:
    if _watching.is_set() and event == "open" and args and isinstance(args[0], str):
        _opened.append(args[0])


sys.addaudithook(_audit)


def test_no_sprite_or_sound_file_is_read(table: App) -> None:
    """The card art and the sounds are drawn and synthesized in code, so a
    missing sprites/ or sounds/ folder can not stop the game: no such file is
    ever opened (the only files read are the fonts and the program's own)."""
    _opened.clear()
    _watching.set()
    try:
        table.push(MainMenu(table))
        table.tick(0.05)
        play_some_frames(table)
        assert (
            table.audio.sound("draw") is not None or not table.audio.available
        )  # synthesized, when a mixer exists
    finally:
        _watching.clear()
    media = [
        p
        for p in _opened
        if p.lower().endswith((".png", ".jpg", ".wav", ".ogg", ".mp3"))
        or f"{os.sep}sprites{os.sep}" in p
        or f"{os.sep}sounds{os.sep}" in p
    ]
    assert media == []


@pytest.fixture
def broken_fonts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "fonts"
    monkeypatch.setattr(fonts, "FONT_DIR", folder)
    monkeypatch.setattr(fonts, "_warned", set())
    fonts.font.cache_clear()
    fonts.text_cached.cache_clear()
    yield folder
    fonts.font.cache_clear()  # the real fonts again for the other tests
    fonts.text_cached.cache_clear()


def test_a_missing_font_falls_back_to_pygames_font_with_a_warning(
    table: App,
    broken_fonts: Path,  # noqa: ARG001 (after the table, so its fonts break mid-game)
    capsys: pytest.CaptureFixture[str],
) -> None:
    play_some_frames(table)
    err = capsys.readouterr().err
    assert "DejaVuSans.ttf could not be loaded" in err
    assert "using pygame's default font" in err
    assert err.count("DejaVuSans.ttf could not be loaded") == 1  # once, not every frame
    assert fonts.render("Rummy ♠", 20, (255, 255, 255)).get_width() > 0


def test_a_damaged_font_file_falls_back_too(
    table: App, broken_fonts: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken_fonts.mkdir()
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        (broken_fonts / name).write_bytes(b"not a font at all" * 10)
    play_some_frames(table)
    err = capsys.readouterr().err
    assert (
        "DejaVuSans-Bold.ttf could not be loaded" in err
        or "DejaVuSans.ttf could not be loaded" in err
    )
    assert "Traceback" not in err


# --- a crash ---------------------------------------------------------------------------


def test_an_unexpected_error_gives_a_short_message_a_crash_log_and_exit_code_1(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken_tick(_self: App, _dt: float | None = None) -> None:
        raise RuntimeError("a bug in a frame")

    monkeypatch.setattr(App, "tick", broken_tick)
    assert app_module.run(["--frames", "3"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert "unexpected error (RuntimeError: a bug in a frame)" in err
    logs = list((home / "data").glob("crash-*.log"))
    assert len(logs) == 1
    assert str(logs[0]) in err
    text = logs[0].read_text(encoding="utf-8")
    assert "Traceback" in text
    assert "broken_tick" in text
    assert "a bug in a frame" in text


def test_a_crash_log_goes_to_the_temporary_folder_when_the_data_folder_is_unwritable(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home.mkdir(parents=True)
    (home / "data").write_text("a file where the folder should be")
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    path = crash.crash_log_path()
    assert path.startswith(str(tmp_path))
    assert os.path.exists(path)


# --- the window's size (issue 20, 1) ------------------------------------------------------


@pytest.fixture
def asked_sizes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The window sizes the program asks for; the windows made are small, so that
    a program that asks for 16384x16384 fails the test rather than the machine."""
    asked: list[tuple[int, int]] = []
    real = pygame.display.set_mode

    def record(
        size: tuple[int, int] = (0, 0), flags: int = 0, *_args: object, **_kwargs: object
    ) -> pygame.Surface:
        asked.append((int(size[0]), int(size[1])))
        return real((min(int(size[0]), 1600), min(int(size[1]), 1000)), flags)

    monkeypatch.setattr(pygame.display, "set_mode", record)
    return asked


def test_a_huge_window_size_in_the_settings_is_clamped_to_the_screen(
    home: Path, asked_sizes: list[tuple[int, int]], capsys: pytest.CaptureFixture[str]
) -> None:
    config = home / "config"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(
        json.dumps({"format": "rummy-gui-settings", "version": 2, "window_size": [16384, 16384]})
    )
    assert app_module.run(["--frames", "2"]) == 0
    assert asked_sizes
    assert all(w <= 3840 and h <= 2160 for w, h in asked_sizes)
    assert "does not fit the screen" in capsys.readouterr().err


def test_the_window_fits_the_screen_it_is_on() -> None:
    from rummy_gui.ui.shell.app import fit_window

    assert fit_window((16384, 16384), (1920, 1080)) == (1920, 1080)
    assert fit_window((800, 500), (1920, 1080)) == (960, 600)  # the minimum
    assert fit_window((2000, 2000), (800, 600)) == (800, 600)  # a screen below the minimum wins
    assert fit_window((1280, 800), (2560, 1440)) == (1280, 800)


@pytest.mark.parametrize("size", ["16384x16384", "8193x600", "1280x100000"])
def test_an_absurd_size_on_the_command_line_is_refused(
    size: str, refused: Callable[..., str]
) -> None:
    assert "width and height must be from 1 to 8192" in refused(app_module._parse, ["--size", size])


# --- --continue -------------------------------------------------------------------------


@pytest.mark.usefixtures("home")
def test_continue_opens_the_autosave_straight_away(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_gui.engine import Game
    from rummy_gui.play import saves

    game = Game.new("rummy500", players=2, seed=4)
    saves.write(saves.autosave_path(), game, [saves.Seat("Ann"), saves.Seat("Bot", "easy", 7)])
    tops: list[str] = []
    real_tick = App.tick

    def tick(self: App, dt: float | None = None) -> None:
        real_tick(self, dt)
        tops.append(type(self.stack.top).__name__)

    monkeypatch.setattr(App, "tick", tick)
    assert app_module.run(["--continue", "--frames", "3"]) == 0
    assert tops == ["TableScene"] * 3


def test_continue_without_a_game_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert app_module.run(["--continue", "--frames", "1"]) == 1
    assert "no game in progress" in capsys.readouterr().err


def test_continue_is_not_for_a_new_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        app_module._parse(["--continue", "--demo"])
    assert "argument --continue" in capsys.readouterr().err
