"""Bot decisions in a child process, so a thinking bot never holds the
interpreter lock that the window's frames need. No pygame is imported here.

The child is `python -m rummy_gui.ui.botworker`. Parent and child speak JSON,
one object per line (plain data only: nothing that crosses the pipe can run
code). The child keeps a replica of the game, rebuilt from its record: the
first request carries the whole record, later ones only the moves played
since, so a decision costs the moves that are new, not the whole game. The
bots are deterministic for a (level, seed, view), and the replica's view is
the real one, so the child's choice is the one the parent would make.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from typing import Any


class BotProcess:
    """The parent's end: `ask` blocks on a pipe (releasing the lock) until the child answers."""

    def __init__(self) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "rummy_gui.ui.botworker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        self._lock = threading.Lock()
        self._header: dict[str, Any] | None = None  # the record the child holds, less its moves
        self._sent: list[str] = []  # the moves the child has played

    def ask(self, level: str, seed: int, seat: int, record: dict[str, Any]) -> str:
        """The move text a bot of `level` chooses for `seat` in the game of `record`."""
        moves = list(record["moves"])
        header = {k: v for k, v in record.items() if k != "moves"}
        with self._lock:
            request: dict[str, Any] = {"level": level, "seed": seed, "seat": seat}
            if header == self._header and moves[:len(self._sent)] == self._sent:
                request["append"] = moves[len(self._sent):]
            else:
                request["record"] = record
            assert self._proc.stdin is not None and self._proc.stdout is not None
            self._proc.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
            self._proc.stdin.flush()
            line = self._proc.stdout.readline()
            try:
                answer = json.loads(line)
            except ValueError:
                answer = {"error": "the bot process stopped" if not line else "an unreadable answer"}
            if "move" in answer:
                self._header, self._sent = header, moves
            else:
                self._header, self._sent = None, []  # resend everything next time
        if "move" not in answer:
            raise RuntimeError(str(answer.get("error", "no answer")))
        return str(answer["move"])

    def close(self) -> None:
        try:
            if self._proc.stdin is not None:
                self._proc.stdin.close()
            self._proc.terminate()
        except OSError:
            pass


def serve() -> None:
    from rummy_gui.bots import forget, make_bot
    from rummy_gui.engine import Game

    inp, out = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but answers may reach the pipe
    bots: dict[tuple[str, int], Any] = {}
    game: Game | None = None
    round_cached: int | None = None  # the round whose caches the bots hold
    for line in inp:
        try:
            request = json.loads(line)
            if "record" in request:
                game = Game.from_record(request["record"])
            else:
                if game is None:
                    raise RuntimeError("no game yet")
                for text in request["append"]:
                    game.play(text)
            if game.round != round_cached:
                forget()  # a new deal: the last one's caches are of little use
                round_cached = game.round
            key = (str(request["level"]), int(request["seed"]))
            bot = bots.get(key)
            if bot is None:
                bot = bots[key] = make_bot(key[0], seed=key[1])
            answer: dict[str, str] = {"move": str(bot.choose(game.view(int(request["seat"]))))}
        except Exception as e:  # sent back: the parent falls back to another move
            game = None
            answer = {"error": f"{type(e).__name__}: {e}"}
        out.write(json.dumps(answer).encode("utf-8") + b"\n")
        out.flush()


if __name__ == "__main__":
    serve()
