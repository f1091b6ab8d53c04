"""Bot decisions in a child process, so a thinking bot never holds the
interpreter lock that the window's frames need. No pygame is imported here.

The child is `python -m rummy_gui.play.botworker`, started isolated (`child.
child_command`: the working folder and PYTHONPATH can't put another
`rummy_gui` in its place). Parent and child speak JSON,
one object per line (plain data only: nothing that crosses the pipe can run
code). The child keeps a replica of the game, rebuilt from its record: the
first request carries the whole record, later ones only the moves played
since, so a decision costs the moves that are new, not the whole game. The
bots are deterministic for a (level, seed, view), and the replica's view is
the real one, so the child's choice is the one the parent would make.

Every answer has a deadline (`deadline`: five times the level's thinking
target, plus time to start or to catch up). A child that misses it, or
stops, is killed (SIGKILL reaches a stopped process too) and `BotStuck`
raised: the session starts a new child and asks again. An error the bot
itself raised comes back as `BotError`: a bug, which the session logs and
shows. Closing kills the child at once, so exit never waits on it.

A deal review runs on two processes: its bot process starts a second one
(play/pool.py) and shares the deal's decisions with it, sending it the
seat's view at each one it hands over. A second process that fails changes
no finding (its decision is reviewed by the first). The table's decisions
need no second process: the expert level plays hard's searches, which are
quick. The coach's process (play/coach.py) answers "coach" requests, with a
second process of its own.
"""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
from typing import Any

from rummy_gui.play.child import child_command, kill_child, pump_lines

# Each level's thinking target (95th percentile of its decisions, docs/bots.md);
# an answer gets DEADLINE_FACTOR times that, plus time for the child to start
# (import the bots, replay a whole record) or to play the moves that are new.
BUDGET_SECONDS = {"random": 0.002, "easy": 0.002, "medium": 0.02, "hard": 0.3, "expert": 1.0}
DEADLINE_FACTOR = 5.0
START_ALLOWANCE = 5.0  # a request that carries the whole record
STEP_ALLOWANCE = 2.0  # a request that carries the new moves only
# and per move of a whole record, which the child replays first (a 99,000-move
# save takes several seconds on a slow machine)
REPLAY_ALLOWANCE = 0.0005


def deadline(level: str, whole_record: bool) -> float:
    """Seconds an answer may take before the child counts as stuck."""
    budget = BUDGET_SECONDS.get(level, max(BUDGET_SECONDS.values()))
    return DEADLINE_FACTOR * budget + (START_ALLOWANCE if whole_record else STEP_ALLOWANCE)


class BotStuck(RuntimeError):
    """The child did not answer in time, or stopped: it is killed, and a new
    process may ask again. Not the bot's fault."""


class BotError(RuntimeError):
    """The bot itself failed in the child (its traceback's last line): a bug."""


class BotProcess:
    """The parent's end: `ask` waits (releasing the lock) until the child answers
    or its deadline passes; a reader thread turns the child's lines into a queue."""

    def __init__(self) -> None:
        self._proc = subprocess.Popen(
            child_command("rummy_gui.play.botworker"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self._lock = threading.Lock()
        self._header: dict[str, Any] | None = None  # the record the child holds, less its moves
        self._sent: list[str] = []  # the moves the child has played
        self._lines: queue.Queue[bytes] = queue.Queue()
        self.dead = False  # killed, or it stopped: never asked again
        reader = threading.Thread(target=self._read, name="bot-reader", daemon=True)
        reader.start()

    @property
    def pid(self) -> int:
        return self._proc.pid

    def _read(self) -> None:
        assert self._proc.stdout is not None
        pump_lines(self._proc.stdout, self._lines)

    def ask(
        self, level: str, seed: int, seat: int, record: dict[str, Any], timeout: float | None = None
    ) -> str:
        """The move text a bot of `level` chooses for `seat` in the game of `record`.

        BotStuck past the deadline (`deadline`, or `timeout`) or if the child
        stopped (the process is then killed: ask a new one); BotError if the bot
        failed."""
        moves = list(record["moves"])
        header = {k: v for k, v in record.items() if k != "moves"}
        with self._lock:
            if self.dead:
                raise BotStuck("the bot process was stopped")
            request: dict[str, Any] = {"level": level, "seed": seed, "seat": seat}
            whole = not (header == self._header and moves[: len(self._sent)] == self._sent)
            if whole:
                request["record"] = record
            else:
                request["append"] = moves[len(self._sent) :]
            assert self._proc.stdin is not None
            try:
                self._proc.stdin.write(json.dumps(request).encode("utf-8") + b"\n")
                self._proc.stdin.flush()
            except (OSError, ValueError):
                self.kill()
                raise BotStuck("the bot process stopped") from None
            limit = timeout
            if limit is None:
                limit = deadline(level, whole) + (REPLAY_ALLOWANCE * len(moves) if whole else 0.0)
            try:
                line = self._lines.get(timeout=limit)
            except queue.Empty:
                self.kill()
                raise BotStuck(f"the bot process gave no answer in {limit:.1f} s") from None
            if not line:
                self.kill()
                raise BotStuck("the bot process stopped")
            try:
                answer = json.loads(line)
            except ValueError:
                answer = None
            if not isinstance(answer, dict) or not ("move" in answer or "error" in answer):
                self.kill()
                raise BotStuck("the bot process gave an unreadable answer")
            if "move" in answer:
                self._header, self._sent = header, moves
                return str(answer["move"])
            self._header, self._sent = None, []  # resend everything next time
        raise BotError(str(answer["error"]))

    def kill(self) -> None:
        """Stop the child at once, stopped (SIGSTOP) or not; never waits long."""
        self.dead = True
        kill_child(self._proc)

    def close(self) -> None:
        self.kill()


def _review(
    request: dict[str, Any],
    pending: queue.Queue[bytes],
    out: Any,
    pooled: bool = True,
    second: Any = None,
) -> dict[str, Any]:
    """Run a deal review, telling progress; a cancel line stops it between
    two decisions (other requests that come meanwhile wait their turn).
    `pooled`: a second process reviews some of the decisions (`second`, if
    one was started already)."""
    from rummy_gui.engine import Move
    from rummy_gui.play.pool import SecondProcess
    from rummy_gui.play.review import REVIEW_BUDGET, Cancelled, review, review_views
    from rummy_gui.play.viewjson import view_from_json

    later: list[bytes] = []

    def cancelled() -> bool:
        stop = False
        while True:
            try:
                line = pending.get_nowait()
            except queue.Empty:
                break
            try:
                stop = stop or bool(json.loads(line).get("cancel"))
            except (ValueError, AttributeError):
                later.append(line)
            else:
                if not stop:
                    later.append(line)
        return stop

    def progress(done: int, total: int) -> None:
        out.write(json.dumps({"progress": [done, total]}).encode("utf-8") + b"\n")
        out.flush()

    if second is None and pooled:
        second = SecondProcess()
    seed, budget = int(request.get("seed", 0)), int(request.get("budget", REVIEW_BUDGET))
    try:
        if "decisions" in request:  # a joined seat's own views (it holds no record)
            kept = [(view_from_json(v), Move.parse(str(m))) for v, m in request["decisions"]]
            findings = review_views(kept, seed, budget, progress, cancelled, pool=second)
        else:
            record, seat, deal = request["record"], int(request["seat"]), request.get("deal")
            findings = review(record, seat, deal, seed, budget, progress, cancelled, pool=second)
    except Cancelled:
        answer: dict[str, Any] = {"cancelled": True}
    else:
        answer = {"findings": [f.to_json() for f in findings]}
    finally:
        if second is not None:
            second.close()
    note = None if second is None else second.take_note()
    if note is not None:
        answer["note"] = note  # the review went on with one process
    for line in later:
        pending.put(line)
    return answer


def serve(pooled: bool = True, ready: bool = False) -> None:
    """Answer requests until the input ends. `pooled`: a deal review gets a
    second process (the second process itself is not pooled). `ready`: a
    review is coming (play/review.py, `prestart`): its modules are imported
    and its second process started before it is asked for."""
    from rummy_gui.bots import forget, make_bot
    from rummy_gui.engine import Game
    from rummy_gui.play.heap import bound_heap, settle
    from rummy_gui.play.pool import ShardServer

    bound_heap()
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing but answers may reach the pipe
    # requests are read by a thread, so a long review can see a cancel line
    pending: queue.Queue[bytes] = queue.Queue()

    def read() -> None:
        for line in inp:
            pending.put(line)
        pending.put(b"")

    threading.Thread(target=read, name="requests", daemon=True).start()
    bots: dict[tuple[str, int], Any] = {}
    game: Game | None = None
    round_cached: int | None = None  # the round whose caches the bots hold
    shards = ShardServer(forget)
    spare_second: Any = None
    if ready and pooled:
        from rummy_gui.play import review  # noqa: F401  (imported before it is needed)
        from rummy_gui.play.pool import SecondProcess

        spare_second = SecondProcess()
    while True:
        line = pending.get()
        if not line:
            break
        try:
            request = json.loads(line)
            if request.get("cancel"):
                continue  # a cancel that came after its review had ended
            if "shard" in request or "decision" in request:
                if "shard" in request:
                    answer: dict[str, Any] = shards.answer(request["shard"])
                else:
                    answer = shards.decide(request["decision"])
                out.write(json.dumps(answer).encode("utf-8") + b"\n")
                out.flush()
                continue
            if "coach" in request:  # the coach's own process (play/coach.py)
                from rummy_gui.play.coach import serve_request

                answer = serve_request(request["coach"])
                out.write(json.dumps(answer).encode("utf-8") + b"\n")
                out.flush()
                continue
            if "review" in request:
                answer = _review(request["review"], pending, out, pooled, spare_second)
                spare_second = None
                forget()
                settle()
                round_cached = None
                out.write(json.dumps(answer).encode("utf-8") + b"\n")
                out.flush()
                continue
            if "record" in request:
                game = Game.from_record(request["record"])
            else:
                if game is None:
                    raise RuntimeError("no game yet")
                for text in request["append"]:
                    game.play(text)
            if game.round != round_cached:
                forget()  # a new deal: the last one's caches are of little use
                settle()
                round_cached = game.round
            key = (str(request["level"]), int(request["seed"]))
            bot = bots.get(key)
            if bot is None:
                bot = bots[key] = make_bot(key[0], seed=key[1])
            answer = {"move": str(bot.choose(game.view(int(request["seat"]))))}
        # the child's whole job: any failure is told to the parent, which logs it
        except Exception as e:  # noqa: BLE001
            game = None
            answer = {"error": f"{type(e).__name__}: {e}"}
        out.write(json.dumps(answer).encode("utf-8") + b"\n")
        out.flush()


if __name__ == "__main__":
    serve(pooled="--second" not in sys.argv[1:], ready="--ready" in sys.argv[1:])
