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
    moves = 0
    end = time.monotonic() + args.limit
    while time.monotonic() < end:
        client.poll()
        if not told and client.seat is not None:
            print(json.dumps({"seat": client.seat, "token": client.token, "code": client.code}))
            sys.stdout.flush()
            told = True
        state = client.state
        if client.status == CLOSED:
            break
        if state is not None and state.game_over:
            print(json.dumps({"done": True, "moves": moves, "winners": list(state.winners)}))
            client.close()
            return 0
        if state is not None and state.my_turn and state.legal and not client.move_pending:
            client.play(rng.choice(state.legal))
            moves += 1
            if moves == args.drop_after:
                sys.stdout.flush()
                os._exit(3)  # gone without a goodbye, like a pulled cable
        client.wait(0.2)
    print(json.dumps({"done": False, "moves": moves, "problem": client.problem}))
    client.close()
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
