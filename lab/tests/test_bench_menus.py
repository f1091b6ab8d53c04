"""Smoke test of `python -m lab.bench menus` at a tiny size: it runs and
reports figures of the right shape (the speed itself is never asserted)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("lab.bench", reason="lab.bench is not installed (a wheel leaves it out)")

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


def test_menus_section_reports_a_frame_per_screen_and_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lab.bench import menus

    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path / "home"))
    out = menus.run(1, frames=4, sizes=((960, 600),), screens=("main menu", "confirm"))
    assert out["video driver"] == "dummy"
    for key in ("main menu", "confirm"):
        for mode in ("pointer", "still"):
            entry = out[f"960x600, {key}, {mode}"]
            assert entry["cpu p50 ms"]["n"] == 1
            assert entry["p50 ms"]["median"] > 0
