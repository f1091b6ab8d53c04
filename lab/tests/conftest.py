"""The lab's tests: every test has its own data folder, and a command-line runner."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

# A command line's main or parser (it takes the arguments), and the `refused` fixture's runner.
Main = Callable[[list[str]], object]
Refused = Callable[[Main, Sequence[str]], str]


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own RUMMY_GUI_HOME: nothing touches the real data directory."""
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def refused(capsys: pytest.CaptureFixture[str]) -> Refused:
    """Runs a command line that must refuse its arguments: exit code 2 and no
    traceback; gives what it wrote to stderr."""

    def run(main: Main, argv: Sequence[str]) -> str:
        with pytest.raises(SystemExit) as stop:
            main(list(argv))
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "Traceback" not in err
        return err

    return run
