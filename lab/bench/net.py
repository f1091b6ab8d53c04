"""The network host under load: `python -m lab.bench.net [--tables 50] [--workers 4]
[--games N] [--think LOW-HIGH]`.

A headless host (`rummy-gui --serve`, a process of its own, autosaving into
a temporary folder) and `--tables` tables of four players on other
computers: every seat a bot client speaking the protocol over loopback,
`--workers` processes of asyncio clients, each client playing a random
legal move as soon as its seat may move (or, with `--think`, after a random
wait of LOW to HIGH ms, as a player would), whole games. Measured: the move
round trip (a move sent to the state that says it was played, or its
refusal), p50 and p99; the host's memory (RSS) every half second; the
errors (an `error` message, a connection lost, a game not finished in
`--limit` seconds). The machine's load average is reported beside them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from rummy_gui.play.net import protocol as p

PLAYERS = 4


class _Bot:
    """One bot client's seat: its latest state, the move it waits on, and
    its thinking time (`think`: a random wait from low to high ms before
    each move; 0, 0: none)."""

    def __init__(self, ws: Any, seed: int, think: tuple[float, float], out: dict[str, Any]) -> None:
        self.ws = ws
        self.rng = random.Random(seed)
        self.think = think
        self.out = out
        self.state: p.SeatState | None = None
        self.sent: tuple[float, int] | None = None  # when, and on which state
        self.thinking: asyncio.Task[None] | None = None

    def answered(self) -> None:
        """The move waited on was played or refused: its round trip counts."""
        if self.sent is not None:
            self.out["trips"].append(time.perf_counter() - self.sent[0])
            self.sent = None

    def may_move(self) -> bool:
        s = self.state
        waiting = self.sent is not None or s is None or s.game_over
        return not waiting and s is not None and s.my_turn and bool(s.legal)

    async def move(self) -> None:
        """Play a random legal move of the latest state (after thinking, when
        the seat thinks: the state may have changed meanwhile)."""
        if self.think[1] > 0:
            await asyncio.sleep(self.rng.uniform(*self.think) / 1000)
            self.thinking = None
            if not self.may_move():
                return
        state = self.state
        assert state is not None
        self.sent = (time.perf_counter(), state.at)
        await self.ws.send(json.dumps(p.move(str(self.rng.choice(state.legal)), state.at)))

    async def next_move(self) -> None:
        if not self.may_move() or self.thinking is not None:
            return
        if self.think[1] > 0:
            self.thinking = asyncio.create_task(self.move())
        else:
            await self.move()


async def _player(
    url: str,
    table: dict[str, Any],
    code: asyncio.Future[str],
    makes: bool,
    seed: int,
    out: dict[str, Any],
) -> None:
    """One bot client: makes the table (`makes`: it gives `code`) or joins it
    (it waits for `code`), and plays to the game's end."""
    async with connect(url, max_size=p.MAX_HOST_MESSAGE, compression=None) as ws:
        if makes:
            await ws.send(json.dumps(p.create("Bot", table["preset"], PLAYERS, PLAYERS,
                                              "easy", table["options"])))  # fmt: skip
        else:
            await ws.send(json.dumps(p.hello(await code, "Bot")))
        low, high = table.get("think", (0, 0))
        bot = _Bot(ws, seed, (low, high), out)
        try:
            async for raw in ws:
                msg = p.read_reply(raw)
                kind = msg["type"]
                if kind == p.WELCOME and makes:
                    code.set_result(msg["code"])
                elif kind == p.ERROR:
                    out["errors"].append(msg["code"])
                elif kind == p.REFUSED:
                    bot.answered()
                    await bot.next_move()
                elif kind == p.STATE:
                    bot.state = p.read_state(msg, bot.state)
                    if bot.sent is not None and bot.state.moved_at > bot.sent[1]:
                        bot.answered()
                    if bot.state.game_over:
                        out["games"] += 1
                        return
                    await bot.next_move()
        finally:
            if bot.thinking is not None:
                bot.thinking.cancel()


async def _table(url: str, table: dict[str, Any], seed: int, out: dict[str, Any]) -> None:
    """`table["games"]` games in turn, each at a new table of the host."""
    for game in range(table.get("games", 1)):
        code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        players = [
            _player(url, table, code, s == 0, seed + 10 * game + s, out) for s in range(PLAYERS)
        ]
        results = await asyncio.gather(*players, return_exceptions=True)
        out["lost"] += sum(isinstance(r, WebSocketException | OSError) for r in results)
        for r in results:
            if isinstance(r, BaseException) and not isinstance(r, WebSocketException | OSError):
                raise r


async def _worker(
    url: str, tables: int, first: int, table: dict[str, Any], limit: float
) -> dict[str, Any]:
    out: dict[str, Any] = {"trips": [], "errors": [], "games": 0, "lost": 0}
    runs = [_table(url, table, 1000 * (first + i), out) for i in range(tables)]
    try:
        await asyncio.wait_for(asyncio.gather(*runs), limit)
    except TimeoutError:
        out["errors"].append("limit")
    return out


def worker_main(argv: list[str]) -> int:
    url, tables, first, table, limit = (
        argv[0],
        int(argv[1]),
        int(argv[2]),
        json.loads(argv[3]),
        float(argv[4]),
    )
    out = asyncio.run(_worker(url, tables, first, table, limit))
    Path(argv[5]).write_text(json.dumps(out))  # a file: a pipe nobody reads yet would fill
    return 0


def _cpu_s(pid: int) -> float:
    """The process's CPU time so far (user and system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _start_host(folder: str, saves: bool = True) -> tuple[subprocess.Popen[str], int]:
    """The host, its log in a file of `folder` (a pipe nobody read would stop it)."""
    log = Path(folder) / "host.log"
    with log.open("w") as sink:
        host = subprocess.Popen(
            [sys.executable, "-m", "rummy_gui", "--serve", "0", "--bind", "127.0.0.1",
             *(["--saves", str(Path(folder) / "tables")] if saves else ["--no-saves"]),
             "--stand-in", "easy"],
            stderr=sink, text=True,
        )  # fmt: skip
    deadline = time.monotonic() + 60
    while "port" not in log.read_text():
        if host.poll() is not None or time.monotonic() > deadline:
            host.kill()
            raise SystemExit(f"the host did not start: {log.read_text()}")
        time.sleep(0.1)
    first = log.read_text().splitlines()[0]
    return host, int(first.split("port ")[1].split()[0])


def _play(
    host_pid: int, port: int, folder: Path, share: list[int], table: dict[str, Any], limit: float
) -> tuple[float, list[tuple[float, float]], list[dict[str, Any]]]:
    """The worker processes' games: the run's wall time, the host's RSS over it, their figures."""
    url = f"ws://127.0.0.1:{port}"
    started = time.monotonic()
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "lab.bench.net",
                "--worker",
                url,
                str(n),
                str(sum(share[:i])),
                json.dumps(table),
                str(limit),
                str(folder / f"worker{i}.json"),
            ]
        )
        for i, n in enumerate(share)
    ]
    rss: list[tuple[float, float]] = []
    while any(proc.poll() is None for proc in procs):
        rss.append((time.monotonic() - started, _rss_mb(host_pid)))
        time.sleep(0.5)
    wall = time.monotonic() - started
    if any(proc.returncode for proc in procs):
        raise SystemExit("a client process failed (its traceback is above)")
    outs = [json.loads((folder / f"worker{i}.json").read_text()) for i in range(len(procs))]
    return wall, rss, outs


def _tenths(rss: list[tuple[float, float]], wall: float) -> list[float]:
    """The host's RSS sampled last before each tenth of the run's wall time."""
    out = []
    for k in range(1, 11):
        seen = [m for t, m in rss if t <= k * wall / 10]
        if seen:
            out.append(round(seen[-1], 1))
    return out


def run(tables: int, workers: int, table: dict[str, Any], limit: float) -> dict[str, Any]:
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="net-bench-") as folder:
        host, port = _start_host(folder, table.get("saves", True))
        try:
            cpu = _cpu_s(host.pid)
            share = [tables // workers + (i < tables % workers) for i in range(workers)]
            share = [n for n in share if n]
            wall, rss, outs = _play(host.pid, port, Path(folder), share, table, limit)
            cpu = _cpu_s(host.pid) - cpu
        finally:
            host.terminate()
            host.communicate(timeout=30)
    trips = sorted(t * 1000 for o in outs for t in o["trips"])
    errors = [e for o in outs for e in o["errors"]]
    warm = [m for t, m in rss if t >= 0.2 * wall] or [m for _, m in rss]
    return {
        "tables": tables,
        "clients": tables * PLAYERS,
        "preset": table["preset"],
        "games a table": table.get("games", 1),
        "think ms (low, high)": list(table.get("think", (0, 0))),
        "autosaves": table.get("saves", True),
        "games finished": sum(o["games"] for o in outs),
        "moves": len(trips),
        "moves a second": round(len(trips) / wall, 1) if wall else None,
        "round trip p50 ms": round(statistics.median(trips), 2) if trips else None,
        "round trip p99 ms": round(trips[int(0.99 * (len(trips) - 1))], 2) if trips else None,
        "round trip max ms": round(trips[-1], 2) if trips else None,
        "host RSS MB: start, after warm-up (20% of the run), max, end": [
            round(rss[0][1], 1) if rss else None,
            round(warm[0], 1),
            round(max(m for _, m in rss), 1) if rss else None,
            round(rss[-1][1], 1) if rss else None,
        ],
        "host RSS MB at each tenth of the run": _tenths(rss, wall),
        "host CPU ms per move (every seat told)": round(1000 * cpu / max(1, len(trips)), 2),
        "errors": len(errors) + sum(o["lost"] for o in outs),
        "error kinds": sorted(set(errors)),
        "wall s": round(wall, 1),
        "load average before, after": [round(load_before[0], 1), round(os.getloadavg()[0], 1)],
    }


def _think(text: str) -> tuple[float, float]:
    """ "200-800" -> (200.0, 800.0); "500" -> (500.0, 500.0)."""
    low, _, high = text.partition("-")
    try:
        pair = (float(low), float(high or low))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not LOW-HIGH in ms, like 200-800") from None
    if not 0 <= pair[0] <= pair[1] <= 60_000:
        raise argparse.ArgumentTypeError("the thinking time is 0 to 60000 ms, LOW up to HIGH")
    return pair


def main(argv: list[str] | None = None) -> int:
    args_in = sys.argv[1:] if argv is None else argv
    if args_in[:1] == ["--worker"]:
        return worker_main(args_in[1:])
    ap = argparse.ArgumentParser(prog="python -m lab.bench.net", description=__doc__)
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--workers", type=int, default=4, help="client processes")
    ap.add_argument("--preset", default="rummy500")
    ap.add_argument(
        "--target", type=int, default=100, help="Rummy 500 and Pinochle: the game's target"
    )
    ap.add_argument("--games", type=int, default=1, help="games each table plays in turn")
    ap.add_argument("--limit", type=float, default=1800.0, help="seconds before the run gives up")
    ap.add_argument(
        "--think",
        type=_think,
        default=(0.0, 0.0),
        metavar="LOW-HIGH",
        help="ms each client waits before a move, at random from LOW to HIGH (one number: "
        "that long); default 0: no thinking, the host pushed as hard as the clients can go",
    )
    ap.add_argument("--no-saves", action="store_true", help="a host without autosaves")
    args = ap.parse_args(args_in)
    if min(args.tables, args.workers, args.games) < 1:
        ap.error("--tables, --workers and --games must be at least 1")
    options = {"target": args.target} if args.preset in ("rummy500", "pinochle") else {}
    table = {"preset": args.preset, "options": options, "games": args.games, "think": args.think,
             "saves": not args.no_saves}  # fmt: skip
    figures = run(args.tables, args.workers, table, args.limit)
    for name, value in figures.items():
        print(f"{name:62s} {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
