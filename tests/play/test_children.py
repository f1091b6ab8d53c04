"""Our child processes run this program's own package only (issue 53, 4): a
`rummy_gui/` in the working folder or on PYTHONPATH is never imported by the
bot process, the deal review's process or the second bot process."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.engine import Game
from rummy_gui.play import child
from rummy_gui.play.pool import SecondProcess
from rummy_gui.play.review import ReviewJob
from rummy_gui.play.session import SeatConfig, Session

TRAP = """
import pathlib
pathlib.Path({marker!r}).write_text("ran")
raise SystemExit(3)
"""


@pytest.fixture
def trapped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder, also on PYTHONPATH, whose `rummy_gui` package (and
    site hooks) leave a marker file and stop the interpreter; the marker's path."""
    folder = tmp_path / "work"
    marker = tmp_path / "trap-ran"
    (folder / "rummy_gui" / "play").mkdir(parents=True)
    code = TRAP.format(marker=str(marker))
    for name in ("rummy_gui/__init__.py", "rummy_gui/play/__init__.py", "sitecustomize.py"):
        (folder / name).write_text(code)
    (folder / "usercustomize.py").write_text(code)
    monkeypatch.chdir(folder)
    monkeypatch.setenv("PYTHONPATH", str(folder))
    return marker


def test_the_package_root_is_the_running_package() -> None:
    import rummy_gui

    root = Path(child.package_root())
    assert (root / "rummy_gui" / "__init__.py").resolve() == Path(rummy_gui.__file__).resolve()


def test_the_bot_process_ignores_a_rummy_gui_in_the_working_folder(trapped: Path) -> None:
    session = Session(
        "rummy500", [SeatConfig("Bot 1", "easy"), SeatConfig("Bot 2", "easy")], {}, seed=5
    )
    try:
        moves = 0
        end = time.monotonic() + 120
        while moves < 3 and time.monotonic() < end:
            result = session.poll_bot()
            if result is None:
                time.sleep(0.02)
                continue
            session.play(*result)
            moves += 1
        assert moves == 3, session.bot_error
        assert session.thinking.process is not None
        assert not session.thinking.process.dead
        assert session.bot_error is None
    finally:
        session.close()
    assert not trapped.exists()


def _record() -> dict[str, object]:
    g = Game.new("rummy500", players=2, seed=2)
    bots = [make_bot("easy", seed=s) for s in range(2)]
    while len(g.moves) < 30 and not g.game_over:
        seat = g.to_act[0]
        g.play(bots[seat].choose(g.view(seat)))
    return g.record()


def test_the_review_process_ignores_a_rummy_gui_in_the_working_folder(trapped: Path) -> None:
    job = ReviewJob(_record(), 0, budget=8)
    try:
        for _ in range(300):
            if job.wait(1.0) or job.done:
                break
        assert job.error is None
        assert job.done or job.findings is not None
    finally:
        job.close()
    assert not trapped.exists()


def test_the_second_bot_process_ignores_a_rummy_gui_in_the_working_folder(
    trapped: Path,
) -> None:
    second = SecondProcess()
    try:
        proc = second._proc
        assert proc is not None
        assert proc.stdin is not None
        proc.stdin.write(b'{"shard": {}}\n')  # not a shard: the real worker says so
        proc.stdin.flush()
        answer = json.loads(second._lines.get(timeout=120))
        assert "error" in answer
    finally:
        second.close()
    assert not trapped.exists()
