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


def _release(out: list[float], rate: int, ms: float = 6.0) -> list[float]:
    """The last few milliseconds faded to silence: a sound cut off mid-wave clicks."""
    n = min(len(out), int(rate * ms / 1000))
    for k in range(n):
        out[len(out) - n + k] *= 1 - (k + 1) / n
    return out


def _snap(
    rnd: random.Random, rate: int, ms: int, tone: float, decay: float, gain: float
) -> list[float]:
    """A card on cloth: noise through two low-passes (paper, not hiss), a soft
    attack of a millisecond and a half, a fast decay and a faint body tone."""
    n = rate * ms // 1000
    out: list[float] = []
    low = lower = 0.0
    k = 1 - math.exp(-2 * math.pi * 1800 / rate)  # the cloth takes the top off: ~1.8 kHz
    attack = max(1, rate * 3 // 2000)
    for i in range(n):
        low += (rnd.uniform(-1, 1) - low) * k
        lower += (low - lower) * k
        body = math.sin(2 * math.pi * tone * i / rate) * 0.22
        out.append((lower * 1.9 + body) * _envelope(i, n, attack, decay) * gain)
    return _release(out, rate, 3.0)


def _chime(notes: list[float], rate: int, ms: int, gain: float) -> list[float]:
    """Notes struck one after another, each a soft bell: the note, a little of
    its octave and twelfth, a 6 ms attack and a long fade."""
    n = rate * ms // 1000
    step = rate // 11
    out = [0.0] * (n + (len(notes) - 1) * step)
    for k, freq in enumerate(notes):
        start = k * step
        w = 2 * math.pi * freq / rate
        for i in range(n):
            env = _envelope(i, n, rate * 6 // 1000, 4.5)
            v = math.sin(w * i) + 0.22 * math.sin(2 * w * i) * math.exp(-6 * i / n)
            v += 0.08 * math.sin(3 * w * i) * math.exp(-9 * i / n)
            out[start + i] += v * env * gain / 1.3
    return _release(out, rate, 20.0)


def synthesize(name: str, rate: int = RATE) -> list[float]:
    """Samples in -1..1 at `rate` Hz, mono: made at the mixer's own rate, so
    nothing is resampled on the way to the speaker."""
    rnd = random.Random(name)
    if name == "shuffle":
        out: list[float] = []
        for k in range(12):
            out += _snap(rnd, rate, 26, 170 + 8 * k, 6.0, 0.26 + 0.01 * (k % 3))
        return out
    if name == "deal":
        return _snap(rnd, rate, 70, 210, 9.0, 0.4)
    if name == "draw":
        return _snap(rnd, rate, 90, 160, 7.0, 0.38)
    if name == "place":
        return _snap(rnd, rate, 80, 120, 10.0, 0.48)
    if name == "discard":
        return _snap(rnd, rate, 110, 140, 8.0, 0.36)
    if name == "call":
        return _chime([659.3, 880.0], rate, 300, 0.26)
    if name == "win":
        return _chime([523.3, 659.3, 784.0, 1046.5], rate, 460, 0.24)
    raise ValueError(f"no sound named {name!r}")


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
                    buffer=to_pcm16(synthesize(name, freq), channels)
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
