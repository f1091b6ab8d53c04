"""The timed soak's memory figures (issue 47): the 5th and last minute, the
growth between them, and the processes under the program counted."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from lab.bench import soak


def test_the_soak_reports_the_5th_and_last_minute_and_the_growth() -> None:
    samples = [(t * 30.0, 100.0 + (t >= 8) * 4 + (t >= 20) * 6) for t in range(25)]
    figures = soak.minute_figures(samples)
    assert figures["start MB"] == 100.0
    assert figures["5th minute MB"] == 104.0  # 240-300 s
    assert figures["last minute MB"] == 110.0
    assert figures["max MB"] == 110.0
    assert figures["growth 5th -> last minute"] == "+5.8%"
    assert figures["growth"] == pytest.approx(6 / 104)


def test_the_soak_counts_the_processes_under_the_program() -> None:
    own = soak.tree_rss_mb()
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys; b = bytearray(40 << 20); sys.stdin.read()"],
        stdin=subprocess.PIPE,
    )
    try:
        for _ in range(200):
            if soak.tree_rss_mb() > own + 30:
                break
            time.sleep(0.05)
        assert soak.tree_rss_mb() > own + 30
    finally:
        child.kill()
        child.wait()


def test_the_two_minutes_compared_are_played_in_the_same_window() -> None:
    total = 30 * 60.0
    seen = {soak.window_at(t, total) for t in range(0, int(total), 5)}
    assert seen == set(soak.SIZES)  # the window is resized through every size
    for t in (240.0, 270.0, 299.0, total - 60.0, total - 1.0):
        assert soak.window_at(t, total) == soak.SIZES[0]
    assert soak.SIZES[0] == max(soak.SIZES, key=lambda s: s[0] * s[1])


def test_the_soak_reports_each_process_and_each_window_size_apart() -> None:
    small, big = (960, 600), (1920, 1080)
    samples = [
        (t * 30.0, 80.0 + (t >= 20) * 3, 20.0, big if t % 3 == 0 else small) for t in range(25)
    ]
    figures = soak.process_figures(samples)
    assert figures["game 5th minute MB"] == 80.0
    assert figures["game last minute MB"] == 83.0
    assert figures["bot process last minute MB"] == 20.0
    assert figures["max MB by window size"] == {"1920x1080": 103.0, "960x600": 103.0}
