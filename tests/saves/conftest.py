from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own RUMMY_GUI_HOME: nothing touches the real data directory."""
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"

