"""Whole games over the network: players in processes of their own join a
host on loopback and play to the end, with bots in the other seats; a player
whose connection dies comes back with the seat's token and plays on."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rummy_gui.play.net import protocol as p
from rummy_gui.play.net.host import Host
from rummy_gui.play.net.serve import HostThread

PLAYER = Path(__file__).with_name("player.py")
LIMIT = 120  # seconds a player process may take before the test fails (never reached)


@pytest.fixture
def host() -> Iterator[HostThread]:
    h = HostThread(Host(None, grace=60.0, standin="easy"))
    yield h
    h.stop()


def start(url: str, name: str, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(PLAYER), url, name, "--limit", str(LIMIT), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def line(proc: subprocess.Popen[str]) -> dict[str, Any]:
    assert proc.stdout is not None
    text = proc.stdout.readline()
    assert text, f"the player said nothing: {proc.stderr.read() if proc.stderr else ''}"
    out: dict[str, Any] = json.loads(text)
    return out


def finish(proc: subprocess.Popen[str]) -> dict[str, Any]:
    out = line(proc)
    assert proc.wait(timeout=LIMIT) == 0, out
    return out


# Each game by two and by four players on other computers, with bots in the seats left
# (Persian has four seats: its four players have none).
GAMES = [
    ("rummy500", 3, 2, {"target": 100}),
    ("rummy500", 5, 4, {"target": 100}),
    ("persian", 4, 2, {}),
    ("persian", 4, 4, {}),
    ("contract", 3, 2, {}),
    ("contract", 5, 4, {}),
]


@pytest.mark.long
@pytest.mark.parametrize(("preset", "players", "people", "options"), GAMES)
def test_players_in_their_own_processes_play_a_whole_game(
    host: HostThread, preset: str, players: int, people: int, options: dict[str, Any]
) -> None:
    url = f"ws://127.0.0.1:{host.port}"
    table = {"preset": preset, "players": players, "people": people, "level": "easy",
             "options": options}  # fmt: skip
    first = start(url, "Ann", "--create", json.dumps(table), "--seed", "1")
    welcome = line(first)
    assert welcome["seat"] == 0
    others = [
        start(url, f"P{i}", "--code", welcome["code"], "--seed", str(i)) for i in range(1, people)
    ]
    seats = sorted([0, *(line(p)["seat"] for p in others)])
    assert seats == list(range(people))
    ends = [finish(p) for p in [first, *others]]
    assert all(e["done"] for e in ends)
    assert not any(code in e["said"] for e in ends for code in p.ERRORS), ends  # no broken message
    assert all(e["moves"] > 0 for e in ends)
    assert len({tuple(e["winners"]) for e in ends}) == 1  # everyone saw the same end
    assert ends[0]["winners"]


@pytest.mark.long
def test_a_dropped_player_comes_back_with_the_token_and_plays_on(host: HostThread) -> None:
    url = f"ws://127.0.0.1:{host.port}"
    table = {"preset": "rummy500", "players": 3, "people": 2, "level": "easy",
             "options": {"target": 100}}  # fmt: skip
    first = start(url, "Ann", "--create", json.dumps(table), "--seed", "1")
    code = line(first)["code"]
    leaver = start(url, "Bob", "--code", code, "--seed", "2", "--drop-after", "3")
    welcome = line(leaver)
    assert leaver.wait(timeout=LIMIT) == 3  # gone mid-game
    # A token may begin with "-" (1 in 64): as --token=… the parser never takes it for an option.
    back = start(url, "Bob", "--code", code, f"--token={welcome['token']}", "--seed", "3")
    again = line(back)
    assert (again["seat"], again["token"]) == (welcome["seat"], welcome["token"])
    ends = [finish(back), finish(first)]
    assert ends[0]["done"]
    assert ends[0]["moves"] > 0
    assert ends[0]["winners"] == ends[1]["winners"]
