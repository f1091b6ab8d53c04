"""The sounds are short, soft at their edges and reach a real audio device
path (SDL's disk driver writes what the device would play; issue 47)."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from array import array
from pathlib import Path

import pytest

from rummy_gui.ui.art.sound import SOUND_NAMES, synthesize

RATE = 44100  # what a desktop's mixer runs at: made at this rate, not resampled to it


def high_share(w: list[float]) -> float:
    """Energy of the change between samples over the energy of the samples:
    near 0 for a low sound, large for hiss and clicks."""
    energy = sum(v * v for v in w)
    return sum((w[i] - w[i - 1]) ** 2 for i in range(1, len(w))) / energy


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_each_sound_is_short_unclipped_and_ends_in_silence(name: str) -> None:
    w = synthesize(name, RATE)
    assert 0.02 < len(w) / RATE <= 0.8
    assert max(abs(v) for v in w) < 0.6  # headroom: nothing near clipping
    assert abs(w[-1]) < 1e-3  # faded out, no click at the end
    assert abs(w[0]) < 0.05  # and none at the start


@pytest.mark.parametrize("name", ["shuffle", "deal", "draw", "place", "discard"])
def test_card_sounds_are_paper_not_hiss(name: str) -> None:
    assert high_share(synthesize(name, RATE)) < 0.09


def test_the_chimes_are_tones() -> None:
    for name in ("call", "win"):
        w = synthesize(name, RATE)
        assert high_share(w) < 0.03
        # loudest where two notes ring together, still with headroom
        assert 0.15 < max(abs(v) for v in w) < 0.5
        rms = math.sqrt(sum(v * v for v in w) / len(w))
        assert rms > 0.03


PLAY = """
import os, sys, time
import pygame
from rummy_gui.ui.art.sound import Audio
pygame.init()
audio = Audio()
init = pygame.mixer.get_init()
print("available", audio.available, "channels", init[2] if init else 0, flush=True)
audio.volume = 1.0
audio.play("discard")
deadline = time.monotonic() + 15
while time.monotonic() < deadline and os.path.getsize(sys.argv[1]) < 44100 * 4 // 2:
    time.sleep(0.05)
pygame.mixer.quit()
"""


def test_a_sound_reaches_the_audio_device(tmp_path: Path) -> None:
    out = tmp_path / "device.raw"
    env = dict(
        os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out), SDL_VIDEODRIVER="dummy"
    )
    done = subprocess.run(
        [sys.executable, "-c", PLAY, str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "available True" in done.stdout, done.stdout + done.stderr
    channels = int(done.stdout.split("channels")[1].split()[0])
    samples = array("h")
    raw = out.read_bytes()
    samples.frombytes(raw[: len(raw) // 2 * 2])
    loud = max(abs(v) for v in samples[::channels]) / 32768
    assert 0.1 < loud < 0.9  # heard, and not clipped
