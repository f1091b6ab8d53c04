"""Suite-wide: every test has its own data folder, and the long tests start first.

The suite runs on every core (pytest-xdist, `-n auto --dist worksteal` in
pyproject.toml). A long test that started last would leave the other workers
idle while it ran alone, so tests marked `long` (several seconds of CPU or
more; on the shared 2-core machines a minute or more of wall time) go to the
front of the queue: the workers steal the short ones from the end of each
other's queues, and finish together.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own RUMMY_GUI_HOME: nothing touches the real data directory."""
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(
        key=lambda item: item.get_closest_marker("long") is None
    )  # stable: the rest keep their order
