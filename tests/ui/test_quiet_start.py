"""A quiet terminal (issue 18): no pygame greeting, and one line when there is no sound."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from rummy_gui.ui import audio

ROOT = Path(__file__).resolve().parents[2]


def test_help_prints_no_pygame_greeting() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "rummy_gui", "--help"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=True)
    assert "usage: rummy-gui" in done.stdout
    for text in (done.stdout, done.stderr):
        assert "pygame-ce" not in text and "Hello from the pygame community" not in text


def test_the_sound_libraries_noise_stays_off_the_terminal(capfd: pytest.CaptureFixture[str]) -> None:
    with audio._quiet_stderr():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


def test_no_sound_card_is_one_short_line(monkeypatch: pytest.MonkeyPatch,
                                         capfd: pytest.CaptureFixture[str]) -> None:
    def failing_init(**_kwargs: object) -> None:
        for k in range(8):
            os.write(2, f"ALSA lib conf.c:{k}: cannot find card '0'\n".encode())
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", failing_init)
    sound = audio.Audio()
    assert not sound.available and sound.problem is not None
    err = capfd.readouterr().err
    assert err.splitlines() == ["rummy-gui: sound is off (ALSA: Couldn't open audio device: No such file or directory)"]
    sound.play("draw")  # silent, and no error
