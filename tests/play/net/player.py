"""A player on another computer, for the tests: `python player.py URL NAME ...`
joins (or makes) a table through `Client` and plays random legal moves from
its state alone until the game is over. It writes JSON lines: its welcome
(seat, token, code) and, at the end, how many moves it made."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

from rummy_gui.play.net.client import CLOSED, Client
from rummy_gui.play.net.link import RATE


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("name")
    ap.add_argument("--code")
    ap.add_argument("--token")
    ap.add_argument("--create", help="the table to make, as JSON")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--drop-after", type=int, default=0, help="vanish after this many moves")
    ap.add_argument("--limit", type=float, default=60.0, help="seconds before giving up")
    args = ap.parse_args()
    create = None if args.create is None else json.loads(args.create)
    client = Client(args.url, args.name, args.code, args.token, create)
    rng = random.Random(args.seed)
    told = False
    said: dict[str, int] = {}  # refusals and errors by code
    # A refused move is not tried again on the same state at once (a claim raced
    # away): only once the state changes, or half a second later.
    refused_on, refused_when = -2, 0.0
    moves = 0
    sent_at = 0.0
    end = time.monotonic() + args.limit
    while time.monotonic() < end:
        for m in client.poll():
            if m["type"] in ("refused", "error"):
                said[m["code"]] = said.get(m["code"], 0) + 1
                refused_on = -1 if client.state is None else client.state.at
                refused_when = time.monotonic()
        if not told and client.seat is not None:
            print(json.dumps({"seat": client.seat, "token": client.token, "code": client.code}))
            sys.stdout.flush()
            told = True
        state = client.state
        if client.status == CLOSED:
            break
        if state is not None and state.game_over:
            end_line = {"done": True, "moves": moves, "winners": list(state.winners), "said": said}
            print(json.dumps(end_line))
            client.close()
            return 0
        if (
            state is not None
            and state.my_turn
            and state.legal
            and not client.move_pending
            and (state.at != refused_on or time.monotonic() - refused_when > 0.5)
        ):
            # A random player answers at once: kept under the host's rate limit, which a
            # person never nears (Contract's claims ran it over at 140 messages a second).
            time.sleep(max(0.0, sent_at + 1.0 / (0.8 * RATE) - time.monotonic()))
            client.play(rng.choice(state.legal))
            sent_at = time.monotonic()
            moves += 1
            if moves == args.drop_after:
                sys.stdout.flush()
                os._exit(3)  # gone without a goodbye, like a pulled cable
        client.wait(0.2)
    state = client.state
    seen = None if state is None else (state.at, state.view["to_act"], len(state.legal))
    end_line = {"done": False, "moves": moves, "problem": client.problem, "said": said,
                "status": client.status, "pending": client.move_pending, "seen": seen}  # fmt: skip
    print(json.dumps(end_line))
    client.close()
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
