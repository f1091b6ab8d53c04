"""Deal review: where the expert would have played one seat's deal differently.

Given a finished deal's record and a seat, `review` walks that seat's
decisions in order, rebuilds the view the player had at each one (their own
hand and the table, no other hand and no stock: the bots' `View`), asks the
expert for its move, and where it differs from the move made, prices both
with the expert's own search on the same guessed deals (`ExpertBot.estimate`).
The findings come back biggest expected loss first.

It is pure computation with progress reports and a cancel check between
decisions; `ReviewJob` runs it in a bot process of its own
(`rummy_gui.play.botworker`), so the table never waits on it. That process
shares the decisions with a second one (`DecisionPool`, play/pool.py): each
takes the next decision not taken, from either end, and a decision's
verdict depends on its view, the move made and the expert's seed alone, so
the findings are the ones one process would give.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from rummy_gui.bots import forget
from rummy_gui.bots.expert import Estimate, ExpertBot
from rummy_gui.bots.policy import cards_of
from rummy_gui.engine import Game, Move, View
from rummy_gui.engine.enums import Phase
from rummy_gui.play.child import child_command, kill_child, pump_lines
from rummy_gui.play.replay import Replay
from rummy_gui.play.viewjson import view_to_json

log = logging.getLogger("rummy_gui")

# Work of one priced decision, in simulated moves (the expert's search unit):
# enough to tell moves apart by a few points, small enough that a whole deal
# is reviewed in well under a minute.
REVIEW_BUDGET = 240
# Phases where a choice is not a decision worth reviewing (the cut is chance,
# the end of a deal has one move).
_SKIPPED = (Phase.CUT, Phase.DEAL_OVER)


class Cancelled(Exception):
    """The review was cancelled between two decisions."""


@dataclass(frozen=True)
class Finding:
    """One decision where the expert would have played otherwise.

    `position`: the replay's position index before the move (so
    `Replay(record, deal).positions[position].view(seat)` is what the player
    saw); `played` and `expert` are the moves (text only in JSON); `loss` is the expert's
    estimate of the points the move made gave up (its move's worth minus the
    move made's, in points of the deal; penalty points in the contract
    games), from `samples` guessed deals, and `error` that estimate's
    standard error."""

    position: int
    played: Move
    expert: Move
    loss: float
    played_worth: float
    expert_worth: float
    samples: int
    error: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "played": str(self.played), "expert": str(self.expert)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Finding:
        """The finding a review process sent; ValueError (or KeyError,
        TypeError) if it is not one."""
        return cls(
            position=int(data["position"]),
            played=Move.parse(str(data["played"])),
            expert=Move.parse(str(data["expert"])),
            loss=float(data["loss"]),
            played_worth=float(data["played_worth"]),
            expert_worth=float(data["expert_worth"]),
            samples=int(data["samples"]),
            error=float(data.get("error", 0.0)),
        )


def same_move(a: Move, b: Move) -> bool:
    """Whether two moves do the same thing (the same cards, whatever order
    or spelling the tokens were written in)."""
    if a == b:
        return True
    if (a.action, a.seat, a.number, a.call) != (b.action, b.seat, b.number, b.call):
        return False
    try:
        return sorted(c.code for c in cards_of(a)) == sorted(c.code for c in cards_of(b))
    except ValueError:
        return False


def _legal_twin(view: View, move: Move) -> Move | None:
    for m in view.legal_moves:
        if same_move(m, move):
            return m
    return None


def decisions(replay: Replay, seat: int) -> list[int]:
    """The positions where `seat` made a move and had a choice."""
    out = []
    for i, move in enumerate(replay.moves):
        if move.seat != seat:
            continue
        if is_decision(replay.positions[i], seat):
            out.append(i)
    return out


def is_decision(game: Game, seat: int) -> bool:
    """Whether `seat` has a choice worth reviewing in this position (the
    review's decisions; the coach judges the same ones)."""
    if game.phase in _SKIPPED or seat not in game.to_act:
        return False
    return len(game.offered_moves(seat)) >= 2  # as the player was offered them


def price(
    view: View,
    played: Move,
    expert: ExpertBot,
    budget: int = REVIEW_BUDGET,
    min_loss: float = 0.0,
    clear: float = 1.0,
    position: int = 0,
    mine: Move | None = None,
) -> Finding | None:
    """The finding for one decision, seen from `view`: None when the move
    played is not legal there, is the expert's own, or its estimated loss is
    not more than `min_loss` points and (with `clear` > 0) `clear` standard
    errors. The coach judges a move with this, the deal review (`decide`,
    shared between two processes) with the same `_finding`;
    `mine`, when given, is `expert.choose(view)` worked out before (the
    coach's, while the player thought)."""
    twin = _legal_twin(view, played)
    if twin is None:
        return None
    if mine is None:
        mine = expert.choose(view)
    if same_move(mine, twin):
        return None
    est = expert.estimate(view, [twin, mine], budget=budget)
    return _finding((position, view, twin), mine, est, min_loss, clear)


def view_at(replay: Replay, position: int, seat: int) -> View:
    """What `seat` saw at a position of the replay (its own hand only)."""
    return replay.positions[position].view(seat)


def decide(
    expert: ExpertBot, view: View, played: Move, budget: int
) -> tuple[Move, Estimate | None]:
    """One decision reviewed: the expert's move, and where it differs from the
    move made, both priced on the same guessed deals (None where they agree).

    What the bots remember to be quick is dropped first: a search can depend
    on it (the solver keeps a meld's lay-off fits without whether the meld is
    complete, and Pinochle's searches then answer from an earlier search's
    entries), and a decision must come out the same in either process,
    whatever each reviewed before."""
    forget()
    mine = expert.choose(view)
    if same_move(mine, played):
        return mine, None
    return mine, expert.estimate(view, [played, mine], budget=budget)


def expert_config(expert: ExpertBot) -> dict[str, Any]:
    """What makes another process's expert decide as this one (`ExpertBot(**it)`)."""
    return {
        "seed": expert.seed,
        "level": expert.level,
        "budget": expert.budget,
        "best_of": expert.best_of,
        "min_samples": expert.min_samples,
        "max_samples": expert.max_samples,
        "shards": expert.shards,
    }


class DecisionPool(Protocol):
    """A second process that reviews single decisions (play/pool.py,
    `SecondProcess`). `offer` hands one over (False: nobody to take it);
    `answer` gives the result of the oldest one offered when it has come
    (None: not yet), waiting up to `wait` seconds, or LOST when the process
    failed (what it held is then reviewed here, and nothing more is offered);
    `give_up` kills one that takes too long."""

    dead: bool

    def offer(self, view: View, played: Move, expert: dict[str, Any], budget: int) -> bool: ...

    def answer(self, wait: float) -> tuple[Move, Estimate | None] | str | None: ...

    def give_up(self, why: str) -> None: ...


LOST = "lost"
# Seconds to wait for the second process's decision once this one has none
# left, beyond the longest decision this one took; more before its first answer.
WAIT_EXTRA, WAIT_FACTOR, WAIT_FIRST = 2.0, 3.0, 3.0
# Decisions handed to the second process before it has answered: with one, it
# would wait whenever its decision ends in the middle of a long one here.
AHEAD = 2


def review(
    record: Mapping[str, Any],
    seat: int,
    deal: int | None = None,
    seed: int = 0,
    budget: int = REVIEW_BUDGET,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    min_loss: float = 0.0,
    expert: ExpertBot | None = None,
    clear: float = 1.0,
    pool: DecisionPool | None = None,
) -> list[Finding]:
    """The decisions of `seat` in the deal where the expert would have
    played otherwise and its estimate says the move made cost more than
    `min_loss` points and (with `clear` > 0) more than `clear` standard
    errors of that estimate (a few guesses swing by tens of points: docs/bots.md), biggest
    loss first.

    `progress(done, total)` is called after each decision; `cancelled()` is
    checked before each one and raises Cancelled when true. The same record,
    seat and seed give the same findings, with a `pool` (a second process
    that reviews some of the decisions, play/pool.py) or without.
    `expert` replaces the default `ExpertBot(seed)` (a smaller search, for
    tests)."""
    replay = Replay(record, deal)
    if not 0 <= seat < replay.game.players:
        raise ValueError(f"there is no seat {seat}")
    items: list[tuple[int, View, Move | None]] = []
    for pos in decisions(replay, seat):
        view = view_at(replay, pos, seat)
        items.append((pos, view, _legal_twin(view, replay.moves[pos])))
    return _review_items(items, expert or ExpertBot(seed), budget, progress, cancelled,
                         min_loss, clear, pool)  # fmt: skip


def review_views(
    kept: Sequence[tuple[View, Move]],
    seed: int = 0,
    budget: int = REVIEW_BUDGET,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    min_loss: float = 0.0,
    expert: ExpertBot | None = None,
    clear: float = 1.0,
    pool: DecisionPool | None = None,
) -> list[Finding]:
    """`review` from the seat's own decisions, each the view it had and the
    move it made (a joined network seat keeps them: it has no record); a
    finding's `position` is its decision's index in `kept`. The same views,
    moves and seed give the verdicts `review` gives for those decisions."""
    items = [(k, view, _legal_twin(view, move)) for k, (view, move) in enumerate(kept)]
    return _review_items(items, expert or ExpertBot(seed), budget, progress, cancelled,
                         min_loss, clear, pool)  # fmt: skip


def _review_items(
    items: list[tuple[int, View, Move | None]],
    expert: ExpertBot,
    budget: int,
    progress: Callable[[int, int], None] | None,
    cancelled: Callable[[], bool] | None,
    min_loss: float,
    clear: float,
    pool: DecisionPool | None,
) -> list[Finding]:
    results = _decide_all(items, expert, budget, progress, cancelled, pool)
    found = [
        f
        for k, (mine, est) in sorted(results.items())
        if (f := _finding(items[k], mine, est, min_loss, clear)) is not None
    ]
    found.sort(key=lambda f: (-f.loss, f.position))
    return found


def _decide_all(
    items: list[tuple[int, View, Move | None]],
    expert: ExpertBot,
    budget: int,
    progress: Callable[[int, int], None] | None,
    cancelled: Callable[[], bool] | None,
    pool: DecisionPool | None,
) -> dict[int, tuple[Move, Estimate | None]]:
    """Every decision's result by its index in `items`, shared with the pool's
    process: this process takes them from the front, the other from the back,
    `AHEAD` at a time, topped up by a thread as soon as it answers (the main
    thread is busy searching meanwhile), so neither waits for the other."""
    config = expert_config(expert)
    lock = threading.Lock()
    results: dict[int, tuple[Move, Estimate | None]] = {}
    here = deque(k for k, item in enumerate(items) if item[2] is not None)
    away: deque[int] = deque()  # handed to the second process, in the order it answers
    done = [len(items) - len(here)]  # moves the view does not offer: nothing to review
    stop = threading.Event()
    heard = threading.Event()  # the second process has answered once (it may be starting)

    def record(k: int, result: tuple[Move, Estimate | None]) -> None:
        results[k] = result  # (the lock is held)
        done[0] += 1
        if progress is not None:
            progress(done[0], len(items))

    def offer() -> None:
        while pool is not None and not pool.dead and len(away) < AHEAD and len(here) >= 2:
            k = here.pop()  # the second process reviews from the end
            _pos, view, played = items[k]
            assert played is not None
            if not pool.offer(view, played, config, budget):
                here.append(k)
                return
            away.append(k)

    def feed() -> None:
        assert pool is not None
        while not stop.is_set():
            with lock:
                if not away:
                    return
            got = pool.answer(0.05)
            with lock:
                if isinstance(got, str):  # LOST: what it held is reviewed here after all
                    here.extend(away)
                    away.clear()
                    return
                if got is not None:
                    heard.set()
                    record(away.popleft(), got)
                    offer()

    feeder: threading.Thread | None = None
    if pool is not None:
        with lock:
            offer()
        feeder = threading.Thread(target=feed, name="review-feeder", daemon=True)
        feeder.start()
    longest = 0.0  # the longest decision reviewed here, in seconds
    idle_from: float | None = None  # since when this process has had nothing to do
    try:
        while True:
            if cancelled is not None and cancelled():
                raise Cancelled
            with lock:
                k = here.popleft() if here else None
            if k is None:
                if feeder is None or not feeder.is_alive():
                    with lock:
                        if not here:
                            break
                    continue
                # nothing left here: wait for the other, but not for one that hangs
                now = time.perf_counter()
                idle_from = now if idle_from is None else idle_from
                limit = WAIT_EXTRA + WAIT_FACTOR * longest + (0.0 if heard.is_set() else WAIT_FIRST)
                if pool is not None and now - idle_from > limit:
                    pool.give_up(f"the second bot process gave no answer in {limit:.1f} s")
                    idle_from = None
                feeder.join(0.05)
                continue
            idle_from = None
            _pos, view, played = items[k]
            assert played is not None
            started = time.perf_counter()
            result = decide(expert, view, played, budget)
            longest = max(longest, time.perf_counter() - started)
            with lock:
                record(k, result)
    finally:
        stop.set()
    return results


def _finding(
    item: tuple[int, View, Move | None],
    mine: Move,
    est: Estimate | None,
    min_loss: float,
    clear: float,
) -> Finding | None:
    pos, _view, played = item
    if est is None or played is None:
        return None
    loss = est.edges[1]
    if loss > min_loss and (clear <= 0 or loss > clear * est.errors[1]):
        return Finding(
            pos,
            played,
            mine,
            round(loss, 2),
            round(est.means[0], 2),
            round(est.means[1], 2),
            est.samples,
            round(est.errors[1], 2),
        )
    return None


# What the job says of an answer it cannot read (a crashed or corrupted child).
UNREADABLE = "the review process gave an unreadable answer"

# A review process started before the player asks (`prestart`), with its
# modules imported and its second process running, taken by the next ReviewJob.
_spare: subprocess.Popen[bytes] | None = None


def _start_worker(ready: bool) -> subprocess.Popen[bytes]:
    args = ("--ready",) if ready else ()
    return subprocess.Popen(
        child_command("rummy_gui.play.botworker", *args),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )


def prestart() -> None:
    """Start a review process now (when a deal ends, while the player reads its
    result), so a review asked for then waits for the search alone, not for two
    processes to start and import the bots. Does nothing if one is waiting."""
    global _spare
    if _spare is not None and _spare.poll() is None:
        return
    try:
        _spare = _start_worker(ready=True)
    except OSError:
        _spare = None


def drop_spare() -> None:
    """Kill the waiting review process, if any (the next deal begins: it is
    not needed, and it holds memory)."""
    global _spare
    if _spare is not None:
        kill_child(_spare)
        _spare = None


def _take_spare() -> subprocess.Popen[bytes] | None:
    global _spare
    proc, _spare = _spare, None
    if proc is not None and proc.poll() is not None:
        return None
    return proc


class ReviewJob:
    """A review computed in a bot process of its own: `poll` never blocks.

    The child is `python -m rummy_gui.play.botworker`; it answers a review
    request with progress lines, then the findings (or an error). `cancel`
    asks it to stop between two decisions and kills it if it does not
    answer within `grace` seconds; `close` kills it at once. With `kept`
    (the seat's decisions: `review_views`) in place of a record, the views
    cross the pipe as JSON (`viewjson`), nothing more of the game."""

    def __init__(
        self,
        record: Mapping[str, Any] | None,
        seat: int,
        deal: int | None = None,
        seed: int = 0,
        budget: int = REVIEW_BUDGET,
        kept: Sequence[tuple[View, Move]] | None = None,
    ) -> None:
        self.done = 0
        self.total = 0
        self.findings: list[Finding] | None = None
        self.error: str | None = None
        self.note: str | None = None  # why the review went on with one process
        self.cancelled = False
        self._lines: queue.Queue[bytes] = queue.Queue()
        self.warm = False  # it took the process `prestart` started
        proc = _take_spare()
        if proc is None:
            proc = _start_worker(ready=False)
        else:
            self.warm = True
        self._proc = proc
        asked: dict[str, Any] = {"seat": seat, "deal": deal, "seed": seed, "budget": budget}
        if kept is not None:
            asked["decisions"] = [[view_to_json(v), str(m)] for v, m in kept]
        else:
            asked["record"] = dict(record or {})
        request = {"review": asked}
        threading.Thread(target=self._read, name="review-reader", daemon=True).start()
        self._send(request)

    @property
    def pid(self) -> int:
        """The review's bot process (the benchmarks count its memory apart)."""
        return self._proc.pid

    @property
    def finished(self) -> bool:
        """The findings, an error or a cancel has come back (or the child stopped)."""
        return self.findings is not None or self.error is not None or self.cancelled

    def _send(self, request: dict[str, Any]) -> None:
        try:
            assert self._proc.stdin is not None
            self._proc.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
            self._proc.stdin.flush()
        except (OSError, ValueError):
            self.error = self.error or "the review process stopped"

    def _read(self) -> None:
        assert self._proc.stdout is not None
        pump_lines(self._proc.stdout, self._lines)

    def poll(self) -> bool:
        """Take in what the child has said so far; True once finished."""
        while not self.finished:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                break
            self._take(line)
        return self.finished

    def wait(self, timeout: float) -> bool:
        """Block up to `timeout` seconds for the next word (tests, scripts)."""
        if not self.finished:
            with contextlib.suppress(queue.Empty):
                self._take(self._lines.get(timeout=timeout))
        return self.poll()

    def _take(self, line: bytes) -> None:
        if not line:
            self.error = self.error or "the review process stopped"
            return
        try:
            answer = json.loads(line)
        except ValueError:
            self.error = UNREADABLE
            return
        if not isinstance(answer, dict):
            self.error = UNREADABLE
            return
        try:
            if "progress" in answer:
                self.done, self.total = (int(x) for x in answer["progress"])
            elif "findings" in answer:
                self.findings = [Finding.from_json(f) for f in answer["findings"]]
                if isinstance(answer.get("note"), str):
                    self.note = answer["note"]
                    log.warning("deal review: %s", self.note)
            elif "cancelled" in answer:
                self.cancelled = True
            elif "error" in answer:
                self.error = str(answer["error"])
        except (KeyError, TypeError, ValueError):
            self.error = UNREADABLE

    def cancel(self, grace: float = 2.0) -> None:
        """Stop the review; the child is killed if it does not stop in time."""
        if self.finished:
            self.close()
            return
        self._send({"cancel": True})
        try:
            while not self.finished:
                self._take(self._lines.get(timeout=grace))
        except queue.Empty:
            pass
        self.cancelled = True
        self.close()

    def close(self) -> None:
        """Kill the child at once (it holds nothing worth keeping)."""
        kill_child(self._proc)
