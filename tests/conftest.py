"""Suite-wide: every test has its own data folder, and the long tests start first.

The suite runs on every core (pytest-xdist, `-n auto --dist worksteal` in
pyproject.toml). A long test that started last would leave the other workers
idle while it ran alone, so tests marked `long` (several seconds of CPU or
more; on the shared 2-core machines a minute or more of wall time) go to the
front of the queue. Worksteal first hands each worker one contiguous share of
the list, so the long tests are dealt round among the shares (each share begins
with its own), and the workers steal the short ones from the end of each
other's queues, and finish together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

import pytest

# A command line's main or parser (it takes the arguments), and the `refused` fixture's runner.
Main = Callable[[list[str]], object]
Refused = Callable[[Main, Sequence[str]], str]
T = TypeVar("T")


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own RUMMY_GUI_HOME: nothing touches the real data directory."""
    monkeypatch.setenv("RUMMY_GUI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def english() -> Iterator[None]:
    """The test reads the game in English and leaves it in English (a module
    asks for it with `pytestmark = pytest.mark.usefixtures("english")`)."""
    from rummy_gui import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    items[:] = dealt(items, workers, lambda item: item.get_closest_marker("long") is not None)


def dealt(items: Sequence[T], workers: int, is_long: Callable[[T], bool]) -> list[T]:
    """The order in which `workers` contiguous shares (as xdist's worksteal cuts
    them: the n-th of k remaining workers takes len(rest) // k) each begin with
    their round of the long items; otherwise the collection order is kept."""
    longs = [i for i in items if is_long(i)]
    shorts = [i for i in items if not is_long(i)]
    out: list[T] = []
    for w in range(workers):
        size = (len(items) - len(out)) // (workers - w)
        mine = longs[w::workers]
        take = max(0, size - len(mine))
        out += mine + shorts[:take]
        del shorts[:take]
    return out + shorts


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
