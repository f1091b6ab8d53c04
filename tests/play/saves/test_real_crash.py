"""A process killed while it autosaves: the next start continues the game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from rummy_gui.play import saveload, saves

WRITER = textwrap.dedent("""
    import random, sys
    sys.path.insert(0, sys.argv[1])
    from positions import pick, seats_for
    from rummy_gui.play import saveload, saves
    from rummy_gui.engine import Game
    rng = random.Random(1)
    while True:
        g = Game.new("rummy500", players=3, seed=rng.randrange(1000), options={"target": 150})
        while not g.game_over:
            g.play(pick(g, rng))
            saves.write(saves.autosave_path(), g, seats_for(3), {"note": "x" * 2000})
            print(len(g.moves), flush=True)
""")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
@pytest.mark.parametrize("delay", [0.4, 0.7])
def test_killed_while_autosaving(home: Path, delay: float) -> None:
    env = {**os.environ, "RUMMY_GUI_HOME": str(home)}
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(Path(__file__).parent)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    child.stdout.readline()  # at least one save is on disk
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    child.wait()
    saved = saveload.read(saves.autosave_path())  # the main file itself is always whole
    assert saved.game.record()["moves"] == [str(m) for m in saved.game.moves]
    assert saveload.read_with_fallback(saves.autosave_path()).game == saved.game
