"""The arena's command line refuses bad input with a message, before any deal is played."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lab import arena


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--options", "{bad"], "--options: Expecting property name"),
        (["--options", "[1]"], "--options: options must be a mapping"),
        (["--options", '{"reshuffles": 1}'], "unknown option 'reshuffles' for rummy500"),
        (["--options", '{"jokers": "yes"}'], "--options:"),
        (["--jobs", "999"], "--jobs must be at most 64"),
        (["--jobs", "0"], "must be at least 1"),
        (["--players", "99"], "is for 2-8 players"),
        # issue 53, 10: no traceback, nothing long said back, no key given twice
        (["--options", "[" * 60_000 + "]" * 60_000], "--options: nested too deeply"),
        (["--options", '{"target": 300, "target": 500}'], "the key 'target' appears twice"),
        (["--seed", "9" * 5000], "is too large"),
        (["--deals", "9" * 5000], "is too large"),
        (["--bots", "x" * 5000 + ",easy"], "unknown bot 'xxxx"),
    ],
)
def test_arena_refuses_bad_arguments_with_a_message(
    argv: list[str], said: str, refused: Callable[..., str], monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[object] = []
    monkeypatch.setattr(arena, "run", lambda *a, **_k: played.append(a))
    seats = ["--preset", "rummy500", "--players", "2", "--bots", "medium,easy"]
    err = refused(arena.main, [*seats, *argv])
    assert said in err
    assert len(err) < 1500
    assert played == []


def test_arena_plays_no_more_workers_than_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    pools: list[int] = []

    class Ctx:
        def Pool(self, n: int) -> object:
            pools.append(n)
            raise RuntimeError("stop here")

    import multiprocessing

    monkeypatch.setattr(multiprocessing, "get_context", lambda _how: Ctx())
    with pytest.raises(RuntimeError, match="stop here"):
        arena.run("rummy500", 2, ["easy", "easy"], deals=3, jobs=8)
    assert pools == [3]


def test_arena_one_deal_runs_in_this_process() -> None:
    out = arena.run("rummy500", 2, ["easy", "random"], deals=1, jobs=8)
    assert out["errors"] == []
