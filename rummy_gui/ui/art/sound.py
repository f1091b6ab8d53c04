"""Sounds synthesized by code (no sample files needed, no numpy).

Every sound is a few hundred milliseconds of 16-bit PCM built with the
`array` module. If the mixer can not start (no audio device, or
SDL_AUDIODRIVER=dummy refusing), the game stays silent instead of failing,
and says so in one line: the sound libraries' own complaints (ALSA prints
eight lines to stderr when there is no sound card) are kept off the terminal.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import sys
import tempfile
from array import array
from collections.abc import Iterator
from pathlib import Path

import pygame

RATE = 22050
SOUND_NAMES = ("shuffle", "deal", "draw", "place", "discard", "call", "win")


def _envelope(i: int, n: int, attack: int, decay: float) -> float:
    if i < attack:
        return i / max(1, attack)
    return math.exp(-decay * (i - attack) / n)


def _snap(rnd: random.Random, ms: int, tone: float, decay: float, gain: float) -> list[float]:
    """A card snap: filtered noise with a fast decay and a faint body tone."""
    n = RATE * ms // 1000
    out: list[float] = []
    low = 0.0
    for i in range(n):
        noise = rnd.uniform(-1, 1)
        low += (noise - low) * 0.35  # one-pole low-pass: paper, not hiss
        body = math.sin(2 * math.pi * tone * i / RATE) * 0.25
        out.append((low + body) * _envelope(i, n, RATE // 1000, decay) * gain)
    return out


def _chime(notes: list[float], ms: int, gain: float) -> list[float]:
    n = RATE * ms // 1000
    out = [0.0] * (n + len(notes) * RATE // 12)
    for k, freq in enumerate(notes):
        start = k * RATE // 12
        for i in range(n):
            env = _envelope(i, n, RATE // 200, 4.0)
            v = math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(
                4 * math.pi * freq * i / RATE
            )
            out[start + i] += v * env * gain / 1.3
    return out


def synthesize(name: str) -> list[float]:
    """Samples in -1..1 at RATE Hz, mono."""
    rnd = random.Random(name)
    if name == "shuffle":
        out: list[float] = []
        for k in range(14):
            out += _snap(rnd, 28, 180 + 9 * k, 7.0, 0.35)
        return out
    if name == "deal":
        return _snap(rnd, 70, 220, 9.0, 0.45)
    if name == "draw":
        return _snap(rnd, 90, 160, 6.0, 0.4)
    if name == "place":
        return _snap(rnd, 80, 120, 10.0, 0.55)
    if name == "discard":
        return _snap(rnd, 110, 140, 8.0, 0.5)
    if name == "call":
        return _chime([660.0, 880.0], 260, 0.3)
    if name == "win":
        return _chime([523.3, 659.3, 784.0, 1046.5], 420, 0.3)
    raise ValueError(f"no sound named {name!r}")


def resample(samples: list[float], rate: int) -> list[float]:
    """Linear resampling from RATE to the mixer's rate."""
    if rate == RATE:
        return samples
    n = int(len(samples) * rate / RATE)
    out = []
    for i in range(n):
        x = i * RATE / rate
        j = int(x)
        a = samples[min(j, len(samples) - 1)]
        b = samples[min(j + 1, len(samples) - 1)]
        out.append(a + (b - a) * (x - j))
    return out


def to_pcm16(samples: list[float], channels: int = 1) -> bytes:
    data = array("h")
    for v in samples:
        s = int(max(-1.0, min(1.0, v)) * 32000)
        for _ in range(channels):
            data.append(s)
    return data.tobytes()


def write_wavs(directory: Path) -> list[Path]:
    """Write every sound as a WAV file (the `sounds/` folder of the repo)."""
    import wave  # a tool's step, not the game's

    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in SOUND_NAMES:
        path = directory / f"{name}.wav"
        with wave.open(str(path), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(RATE)
            w.writeframes(to_pcm16(synthesize(name)))
        paths.append(path)
    return paths


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """The C libraries below SDL write to file descriptor 2 directly: it points
    at a scratch file meanwhile (Python's own sys.stderr is left as it is)."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (
        OSError,
        ValueError,
        AttributeError,
    ):  # no descriptor 2 (a windowed launcher): nothing to hide
        yield
        return
    try:
        with tempfile.TemporaryFile() as scratch:
            os.dup2(scratch.fileno(), 2)
            try:
                yield
            finally:
                os.dup2(saved, 2)
    finally:
        os.close(saved)


def start_mixer() -> str | None:
    """Start the mixer, quietly; None when it runs, else why not (one line)."""
    if pygame.mixer.get_init():
        return None
    try:
        with _quiet_stderr():
            pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
    except pygame.error as e:
        return str(e).strip().splitlines()[0] if str(e).strip() else "no audio device"
    return None if pygame.mixer.get_init() else "no audio device"


class Audio:
    """Plays the named sounds at the settings' volume; silent without a mixer.

    Each sound is synthesized the first time it plays (the chimes take tens of
    milliseconds in pure Python: a table's first frame does not wait for them)."""

    def __init__(self) -> None:
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.volume = 0.6
        self.available = False
        self.problem: str | None = None  # why there is no sound, as told on stderr
        self._format = (RATE, 1)  # the mixer's rate and channels
        try:
            self.problem = start_mixer()
            if self.problem is not None:
                print(f"rummy-gui: sound is off ({self.problem})", file=sys.stderr)
                return
            init = pygame.mixer.get_init()
            if init is None:
                return
            freq, fmt, channels = init
            if fmt != -16:
                return  # a mixer we can not feed 16-bit samples: stay silent
            self._format = (freq, channels)
            self.available = True
        except (pygame.error, ValueError, OSError):
            self.available = False

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The named sound, synthesized on first use; None without a mixer."""
        made = self.sounds.get(name)
        if made is None and self.available:
            freq, channels = self._format
            try:
                made = self.sounds[name] = pygame.mixer.Sound(
                    buffer=to_pcm16(resample(synthesize(name), freq), channels)
                )
            except (pygame.error, ValueError, OSError):
                self.available = False
                return None
        return made

    def prepare_all(self) -> None:
        """Synthesize every sound now (tests that time frames want none made inside them)."""
        for name in SOUND_NAMES:
            self.sound(name)

    def play(self, name: str) -> None:
        if self.volume <= 0:
            return
        sound = self.sound(name)
        if sound is None:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            pass
