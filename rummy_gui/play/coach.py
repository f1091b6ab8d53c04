"""The coach: after a human's move, the expert's word on it when it was
clearly worse than the expert's own choice (the setting "coach": off,
gentle, strict).

A move is judged exactly as the deal review judges it (`review.price`:
the same decisions, the same view of the player's own, the same expert and
seed, the same budget), so the coach and the review agree on every
position; the coach speaks when the expected loss reaches its threshold
(`THRESHOLDS`, points of the deal; penalty points in the contract games).

The verdict never holds up the table: `Coach` computes it in a bot process
of its own (`python -m rummy_gui.play.botworker`, which gives the expert a
second process for half of each search, as the deal review's does), on a
worker thread when no process can start, or inline in tests; `poll` never
blocks. What crosses to the process is the game's record up to the move
and the move itself: the child rebuilds the position and takes the seat's
`View` (its own hand and the table only), so no hidden card is judged on.
A verdict for a position the game has left (`Verdict.version`) is dropped.
"""

from __future__ import annotations

import json
import logging
import queue
import subprocess
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from rummy_gui.engine import Game, Move
from rummy_gui.play.child import child_command, kill_child, pump_lines

log = logging.getLogger("rummy_gui")

# The expected loss (points of the deal, penalty points in the contract
# games) from which each level speaks.
THRESHOLDS = {"gentle": 10.0, "strict": 3.0}
# Seconds an answer of the coach's process may take (its start, the replay
# of a long record, a search on a loaded machine) before it counts as stuck.
DEADLINE = 20.0


@dataclass(frozen=True)
class Verdict:
    """The coach's word on one move: `seat` played `played` where the expert
    would have played `expert`, about `loss` points of the deal worse
    (penalty points when `contract`). `version` is the session's version
    just after the move: the verdict holds while the game is still there."""

    seat: int
    version: int
    played: Move
    expert: Move
    loss: float
    contract: bool


@dataclass(frozen=True)
class Question:
    """A move to judge: the record up to it (its moves without the move),
    the move's text, the seat that played it and the expert's seed. With no
    move (`played` ""), a position to prepare: the seat is to decide there."""

    record: dict[str, Any]
    played: str
    seat: int
    seed: int

    def to_json(self) -> dict[str, Any]:
        return {"record": self.record, "played": self.played, "seat": self.seat, "seed": self.seed}

    @classmethod
    def from_json(cls, data: Any) -> Question:
        """ValueError (KeyError, TypeError) if `data` is not a question."""
        if not isinstance(data, dict) or not isinstance(data["record"], dict):
            raise ValueError("not a coach question")
        return cls(data["record"], str(data["played"]), int(data["seat"]), int(data["seed"]))


class Recorded(Protocol):
    """What the coach reads of a game: its record (a Game; a table's session,
    which may keep none: `TableSession.record`)."""

    def record(self) -> dict[str, Any] | None: ...


def preparation(game: Game, seat: int, seed: int) -> Question:
    """The position `seat` is to decide in, to work out the expert's choice
    while the player thinks (`Judge.prepare`)."""
    return Question(game.record(), "", seat, seed)


def question(game: Recorded, seat: int, seed: int) -> Question | None:
    """The question for the move `seat` just played in `game` (its last
    move); None when the last move is not that seat's (or there is no record)."""
    record = game.record()
    if record is None:
        return None
    moves = list(record["moves"])
    if not moves:
        return None
    last = Move.parse(moves[-1])
    if last.seat != seat:
        return None
    return Question({**record, "moves": moves[:-1]}, moves[-1], seat, seed)


class Judge:
    """Answers questions: keeps a replica of the game (a question whose
    record extends the last one's plays only the new moves) and an expert
    per seed. `pool`, if given, plays half of each search (play/pool.py)."""

    def __init__(self, pool: Any = None, budget: int | None = None) -> None:
        self.pool = pool
        self.budget = budget
        self._game: Game | None = None
        self._header: dict[str, Any] | None = None
        self._sent: list[str] = []
        self._experts: dict[int, Any] = {}
        # the expert's choice worked out before the move: (seat, seed, moves), choice
        self._prepared: tuple[tuple[int, int, list[str]], Move] | None = None

    def position(self, record: dict[str, Any]) -> Game:
        """The game of `record`, built on the replica where it can be."""
        moves = list(record["moves"])
        header = {k: v for k, v in record.items() if k not in ("moves", "deals")}
        game = self._game
        if game is None or header != self._header or moves[: len(self._sent)] != self._sent:
            game = Game.from_record({**record, "moves": []})
            self._sent = []
        for text in moves[len(self._sent) :]:
            game.play(text)
        self._game, self._header, self._sent = game, header, moves
        return game

    def _expert(self, seed: int) -> Any:
        from rummy_gui.bots.expert import ExpertBot

        expert = self._experts.get(seed)
        if expert is None:
            expert = self._experts[seed] = ExpertBot(seed)
        expert.pool = self.pool
        return expert

    def prepare(self, q: Question) -> None:
        """Work out the expert's choice in the position of `q` now, so that
        judging a move there waits only for the pricing (the choice is the
        same whenever it is worked out)."""
        from rummy_gui.play.review import is_decision

        game = self.position(q.record)
        if is_decision(game, q.seat):
            mine = self._expert(q.seed).choose(game.view(q.seat))
            self._prepared = ((q.seat, q.seed, list(q.record["moves"])), mine)

    def answer(self, q: Question) -> dict[str, Any] | None:
        """The review's finding for the move (as JSON), or None: not a
        decision, or the expert would play it too, or no clear loss."""
        from rummy_gui.play.review import REVIEW_BUDGET, is_decision, price

        game = self.position(q.record)
        if not is_decision(game, q.seat):
            return None
        mine = None
        if self._prepared is not None and self._prepared[0] == (
            q.seat,
            q.seed,
            list(q.record["moves"]),
        ):
            mine = self._prepared[1]
        budget = self.budget or REVIEW_BUDGET
        view = game.view(q.seat)
        found = price(view, Move.parse(q.played), self._expert(q.seed), budget, mine=mine)
        if found is None:
            return None
        return {**found.to_json(), "contract": bool(game.rules.is_contract)}

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool = None


# The bot process's judge (`serve_request`), with its second process.
_JUDGE: Judge | None = None


def serve_request(request: Any) -> dict[str, Any]:
    """The bot process's answer to a coach request: {"warm": true} starts
    the judge's second process; a question gets {"finding": ... or None}."""
    global _JUDGE
    if _JUDGE is None:
        from rummy_gui.play.pool import SecondProcess

        _JUDGE = Judge(SecondProcess())
    if isinstance(request, dict) and request.get("warm"):
        return {"warm": True}
    q = Question.from_json(request)
    if not q.played:
        _JUDGE.prepare(q)
        return {"prepared": True}
    return {"finding": _JUDGE.answer(q)}


class CoachProcess:
    """The parent's end of the coach's bot process: `ask` blocks (on the
    coach's worker thread) until the child answers or `DEADLINE` passes."""

    def __init__(self) -> None:
        self._proc = subprocess.Popen(
            child_command("rummy_gui.play.botworker"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self._lines: queue.Queue[bytes] = queue.Queue()
        out = self._proc.stdout
        assert out is not None
        threading.Thread(target=pump_lines, args=(out, self._lines), daemon=True).start()

    @property
    def pid(self) -> int:
        return self._proc.pid

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The child's answer; RuntimeError if it stopped, failed or was late."""
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(json.dumps({"coach": request}).encode("utf-8") + b"\n")
            self._proc.stdin.flush()
            line = self._lines.get(timeout=DEADLINE)
        except (OSError, ValueError, queue.Empty) as e:
            raise RuntimeError(f"the coach's process did not answer ({type(e).__name__})") from e
        try:
            answer = json.loads(line) if line else None
        except ValueError:
            answer = None
        if not isinstance(answer, dict) or "error" in answer:
            why = answer.get("error") if isinstance(answer, dict) else "no answer"
            raise RuntimeError(f"the coach's process failed: {why}")
        return answer

    def close(self) -> None:
        kill_child(self._proc)


def _verdict(found: Any, seat: int, version: int, threshold: float) -> Verdict | None:
    """The verdict a finding gives at this threshold (None below it)."""
    if not isinstance(found, dict):
        return None
    loss = float(found["loss"])
    if loss < threshold:
        return None
    return Verdict(
        seat,
        version,
        Move.parse(str(found["played"])),
        Move.parse(str(found["expert"])),
        loss,
        bool(found.get("contract", False)),
    )


class Coach:
    """The coach of one table at one level ("gentle" or "strict").

    `moved` after a human's move starts its judgment (off the caller's
    thread unless `threaded` is False); `poll` returns the verdict once it
    is there and the game is still where it was, else None. One judgment at
    a time: a move made while one is under way replaces the one waiting."""

    def __init__(
        self,
        level: str,
        *,
        threaded: bool = True,
        use_process: bool = True,
        budget: int | None = None,
    ) -> None:
        if level not in THRESHOLDS:
            raise ValueError(f"no coach level {level!r} (one of: {', '.join(THRESHOLDS)})")
        self.level = level
        self.threshold = THRESHOLDS[level]
        self.threaded = threaded
        self._use_process = threaded and use_process
        self._process: CoachProcess | None = None
        self._local: Judge | None = None
        self._budget = budget
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach")
        self._pending: tuple[int, int, Future[Verdict | None]] | None = None  # seat, version
        self._ready: Verdict | None = None
        self._closed = False

    @property
    def pid(self) -> int | None:
        """The coach's process, once started (the benchmarks count its CPU)."""
        return None if self._process is None else self._process.pid

    # --- the judging, on the worker thread --------------------------------
    def _judge_here(self) -> Judge:
        if self._local is None:
            self._local = Judge(budget=self._budget)
        return self._local

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        """The answer of the process, else of this process's own judge."""
        if self._closed:
            raise RuntimeError("the coach was closed")
        if self._use_process:
            try:
                if self._process is None:
                    self._process = CoachProcess()
                return self._process.ask(request)
            except (OSError, RuntimeError) as e:
                log.warning("coach: %s; it judges in the game's process from now on", e)
                self._use_process = False
                if self._process is not None:
                    self._process.close()
                    self._process = None
        if request.get("warm"):
            return {"warm": True}
        q = Question.from_json(request)
        if not q.played:
            self._judge_here().prepare(q)
            return {"prepared": True}
        return {"finding": self._judge_here().answer(q)}

    def start(self) -> None:
        """Start the coach's process now (after the table's first frame), so
        the first verdict does not wait for it."""
        if self._use_process and self._process is None and self._pending is None:
            future = self._executor.submit(self._ask, {"warm": True})
            future.add_done_callback(_log_failure)

    def _judge(self, q: Question, version: int) -> Verdict | None:
        found = self._ask(q.to_json()).get("finding")
        return _verdict(found, q.seat, version, self.threshold)

    # --- the table's side ----------------------------------------------
    def moved(self, game: Recorded, seat: int, version: int, seed: int) -> None:
        """`seat` (a human) just played the game's last move; `version` is
        the session's version after it, `seed` the expert's (the deal
        review's seed for that seat)."""
        if self._closed:
            return
        q = question(game, seat, seed)
        if q is None:
            return
        self._ready = None
        if not self.threaded:
            try:
                self._ready = self._judge(q, version)
            except Exception:  # the coach is advice: a failure loses one verdict
                log.exception("coach: judging a move failed")
            return
        self._pending = (seat, version, self._executor.submit(self._judge, q, version))

    def prepare(self, game: Recorded, seat: int, seed: int) -> Future[Any] | None:
        """`seat` (a human) is to decide in `game`: the expert's choice there
        is worked out meanwhile, off the caller's thread (not inline)."""
        record = game.record()
        if self._closed or not self.threaded or record is None:
            return None
        future = self._executor.submit(self._ask, Question(record, "", seat, seed).to_json())
        future.add_done_callback(_log_failure)
        return future

    def busy(self, version: int) -> bool:
        """A verdict on the position `version` is still being worked out."""
        p = self._pending
        return p is not None and p[1] == version and not p[2].done()

    def poll(self, version: int) -> Verdict | None:
        """The verdict for the game at `version`, once (None: none, not yet,
        or for a position the game has left)."""
        p = self._pending
        if p is not None and p[2].done():
            self._pending = None
            try:
                self._ready = p[2].result()
            except Exception:  # the coach is advice: a failure loses one verdict
                log.exception("coach: judging a move failed")
                self._ready = None
        verdict, self._ready = self._ready, None
        if verdict is None or verdict.version != version:
            return None
        return verdict

    def close(self) -> None:
        self._closed = True
        if self._process is not None:
            self._process.close()  # first: the worker waiting on it returns at once
        self._executor.shutdown(wait=False, cancel_futures=True)
        if self._local is not None:
            self._local.close()


def _log_failure(future: Future[Any]) -> None:
    exc = future.exception()
    if exc is not None:
        log.warning("coach: a request failed: %s", exc)


def make_coach(level: str, threaded: bool = True) -> Coach | None:
    """The coach for a setting's value (None when it is off or unknown)."""
    if level not in THRESHOLDS:
        return None
    return Coach(level, threaded=threaded)
