"""A second bot process for the expert's own search: one shard of each
search played beside the first, or whole decisions of a deal review.

The deal review's bot process (`botworker`) gives its expert a
`SecondProcess`: when the expert prices moves with its own search, it hands
one shard of its guessed deals (bots/expert.py, `Shard`) to a second
`python -m rummy_gui.play.botworker`, plays the other itself, and pools the
results in shard order, so the result is the one a single process would
give, however the two processes are timed.

What crosses to the second process is the seat's `View` only, written as
plain JSON data (`viewjson.view_to_json`): its own hand, the table, the pile and the
public log; the other hands and the stock are not in a view, so they cannot
be sent. A second process that dies, hangs or answers nonsense is killed and
its shard played here; the pool then stays on one process for the rest of
the review, and `note` says why once.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import asdict, fields
from typing import Any

from rummy_gui.bots.expert import Estimate, ExpertBot, Shard, run_shard
from rummy_gui.engine import Move, View
from rummy_gui.play.child import child_command, kill_child, pump_lines
from rummy_gui.play.review import LOST, decide, same_move
from rummy_gui.play.viewjson import view_from_json, view_to_json

# How long collect waits for the second process beyond the time the first
# took for its own shard (both play the same amount of work).
WAIT_FACTOR = 2.0
WAIT_EXTRA = 1.0
WAIT_MAX = 3.0
START_ALLOWANCE = 3.0  # the first answer may wait for the process to start


def shard_request(view: View, moves: Sequence[Move], shard: Shard) -> dict[str, Any]:
    """The line the second process gets for one shard."""
    body = {"view": view_to_json(view), "moves": [str(m) for m in moves], **asdict(shard)}
    return {"shard": body}


def decision_request(
    view: View, played: Move, expert: dict[str, Any], budget: int
) -> dict[str, Any]:
    """The line the second process gets for one decision of a deal review."""
    body = {"view": view_to_json(view), "played": str(played), "expert": expert, "budget": budget}
    return {"decision": body}


class ShardServer:
    """The second process's side: answers `shard_request`s (bots/expert.py,
    `run_shard`), emptying the bots' caches when a new deal begins."""

    def __init__(self, forget: Callable[[], None]) -> None:
        self._forget = forget
        self._deal: tuple[int, int] | None = None  # round and moves of the last shard's view
        self._expert: tuple[object, ExpertBot] | None = None  # a review's expert, by its config

    def answer(self, request: dict[str, Any]) -> dict[str, Any]:
        view = view_from_json(request["view"])
        moves = [Move.parse(t) for t in request["moves"]]
        shard = Shard(**{f.name: int(request[f.name]) for f in fields(Shard)})
        self._new_deal(view)
        return {"results": run_shard(view, moves, shard)}

    def decide(self, request: dict[str, Any]) -> dict[str, Any]:
        """A deal review's decision (`decision_request`): the expert's move and,
        where it differs from the move made, the estimate of both."""
        view = view_from_json(request["view"])
        played = Move.parse(str(request["played"]))
        told = request["expert"]
        numbers = ("seed", "budget", "best_of", "min_samples", "max_samples", "shards")
        config: dict[str, Any] = {k: int(told[k]) for k in numbers}
        config["level"] = str(told["level"])
        key = tuple(sorted(config.items()))
        if self._expert is None or self._expert[0] != key:
            self._expert = (key, ExpertBot(**config))
        self._new_deal(view)
        mine, est = decide(self._expert[1], view, played, int(request["budget"]))
        answer: dict[str, Any] = {"expert": str(mine), "estimate": None}
        if est is not None:
            answer["estimate"] = {
                "means": est.means,
                "edges": est.edges,
                "errors": est.errors,
                "samples": est.samples,
            }
        return answer

    def _new_deal(self, view: View) -> None:
        deal = (view.round, len(view.log))
        if self._deal is None or deal[0] != self._deal[0] or deal[1] < self._deal[1]:
            self._forget()  # a new deal: the last one's caches are of little use
        self._deal = deal


class SecondProcess:
    """The expert's pool of one more bot process (bots/expert.py, `ShardPool`).

    Started at once, so its start-up overlaps the game's first moves; a shard
    submitted is answered by collect, or counted lost (the process is then
    killed and never asked again, and `note` tells why)."""

    def __init__(self, command: Sequence[str] | None = None) -> None:
        self.dead = False
        self.note: str | None = None  # why the pool went down to one process, once
        self._sent_at: float | None = None
        self._answered = False  # started and answered once
        self._offered: deque[tuple[View, Move]] = deque()  # a review's decisions handed over
        self._lines: queue.Queue[bytes] = queue.Queue()
        try:
            self._proc: subprocess.Popen[bytes] | None = subprocess.Popen(
                list(command or child_command("rummy_gui.play.botworker", "--second")),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError as e:
            self._proc = None
            self._lose(f"the second bot process did not start ({e})")
            return
        out = self._proc.stdout
        assert out is not None
        threading.Thread(target=pump_lines, args=(out, self._lines), daemon=True).start()

    @property
    def pid(self) -> int | None:
        return None if self._proc is None else self._proc.pid

    def _lose(self, why: str) -> None:
        if not self.dead:
            self.note = f"{why}; the expert thinks on one process from now on"
        self.dead = True
        self._sent_at = None
        if self._proc is not None:
            kill_child(self._proc)

    def take_note(self) -> str | None:
        note, self.note = self.note, None
        return note

    def submit(self, view: View, moves: Sequence[Move], shard: Shard) -> bool:
        if not self._send(shard_request(view, moves, shard)):
            return False
        self._sent_at = time.perf_counter()
        return True

    def _send(self, request: dict[str, Any]) -> bool:
        if self.dead or self._proc is None or self._proc.stdin is None:
            return False
        try:
            self._proc.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
            self._proc.stdin.flush()
        except (OSError, ValueError):
            self._lose("the second bot process stopped")
            return False
        return True

    def collect(self) -> list[list[float]] | None:
        if self.dead or self._sent_at is None:
            return None
        took = time.perf_counter() - self._sent_at
        self._sent_at = None
        limit = min(WAIT_MAX, WAIT_EXTRA + WAIT_FACTOR * took)
        if not self._answered:
            limit += START_ALLOWANCE
        try:
            line = self._lines.get(timeout=limit)
        except queue.Empty:
            self._lose(f"the second bot process gave no answer in {limit:.1f} s")
            return None
        if not line:
            self._lose("the second bot process stopped")
            return None
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        results = answer.get("results") if isinstance(answer, dict) else None
        if not isinstance(results, list) or not all(isinstance(r, list) for r in results):
            error = answer.get("error") if isinstance(answer, dict) else None
            self._lose(f"the second bot process failed ({error or 'an unreadable answer'})")
            return None
        self._answered = True
        return results

    def offer(self, view: View, played: Move, expert: dict[str, Any], budget: int) -> bool:
        """Hand the second process one decision of a deal review."""
        if not self._send(decision_request(view, played, expert, budget)):
            return False
        self._offered.append((view, played))
        return True

    def answer(self, wait: float) -> tuple[Move, Estimate | None] | str | None:
        """The oldest offered decision's result (the expert's move, the
        estimate or None), None if it has not come within `wait` seconds, LOST
        if the process stopped or answered nonsense (it is then dropped)."""
        if self.dead or not self._offered:
            return LOST
        try:
            line = self._lines.get(timeout=wait) if wait > 0 else self._lines.get_nowait()
        except queue.Empty:
            return None
        view, played = self._offered.popleft()
        if not line:
            self._lose("the second bot process stopped")
            return LOST
        try:
            got = _decision_answer(json.loads(line), view, played)
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            self._lose(f"the second bot process failed ({e})")
            return LOST
        self._answered = True
        return got

    def give_up(self, why: str) -> None:
        self._lose(why)

    def close(self) -> None:
        self.dead = True
        if self._proc is not None:
            kill_child(self._proc)


def _decision_answer(answer: Any, view: View, played: Move) -> tuple[Move, Estimate | None]:
    """The second process's answer to `decision_request`, checked: the expert's
    move is one of the view's, the estimate's figures are numbers."""
    if "error" in answer:
        raise ValueError(str(answer["error"]))
    told = Move.parse(str(answer["expert"]))
    mine = next((m for m in view.legal_moves if same_move(m, told)), None)
    if mine is None:
        raise ValueError(f"{told} is not a move of the view")
    data = answer["estimate"]
    if data is None:
        return mine, None
    figures = [tuple(float(x) for x in data[k]) for k in ("means", "edges", "errors")]
    if any(len(f) != 2 for f in figures):
        raise ValueError("an estimate of other than two moves")
    return mine, Estimate((played, mine), figures[0], figures[1], figures[2], int(data["samples"]))
