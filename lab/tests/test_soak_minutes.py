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
