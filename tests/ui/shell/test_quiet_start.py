"""A quiet terminal (issue 18): no pygame greeting, and one line when there is no sound."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from rummy_gui.ui.art import sound as audio
from rummy_gui.ui.shell.app import App

ROOT = Path(__file__).resolve().parents[3]


def test_help_prints_no_pygame_greeting() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "rummy_gui", "--help"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "usage: rummy-gui" in done.stdout
    for text in (done.stdout, done.stderr):
        assert "pygame-ce" not in text
        assert "Hello from the pygame community" not in text


def test_the_sound_libraries_noise_stays_off_the_terminal(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with audio._quiet_stderr():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


def test_no_sound_card_is_one_short_line(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    def failing_init(**_kwargs: object) -> None:
        for k in range(8):
            os.write(2, f"ALSA lib conf.c:{k}: cannot find card '0'\n".encode())
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", failing_init)
    sound = audio.Audio()
    assert not sound.available
    assert sound.problem is not None
    err = capfd.readouterr().err
    assert err.splitlines() == [
        "rummy-gui: sound is off (ALSA: Couldn't open audio device: No such file or directory)"
    ]
    sound.play("draw")  # silent, and no error


def test_a_sound_is_made_when_it_first_plays_and_kept() -> None:
    sound = audio.Audio()
    if not sound.available:
        pytest.skip("no mixer here")
    assert sound.sounds == {}  # nothing synthesized before it is needed
    sound.play("shuffle")
    first = sound.sounds["shuffle"]
    sound.play("shuffle")
    assert sound.sounds["shuffle"] is first
    assert set(sound.sounds) == {"shuffle"}


def test_a_sound_asked_for_before_the_mixer_runs_waits_for_the_frame(app: App) -> None:
    app.settings.mute = False
    app.settings.volume = 0.5
    assert app.settings.effective_volume > 0
    app.play_sound("shuffle")  # a table's first sound: the frame comes first
    assert app._audio is None
    app.tick(0.05)
    assert app._audio is None  # not inside the frame that asked
    app.tick(0.05)
    assert app._audio is not None
    assert "shuffle" in app._audio.sounds or not app._audio.available
