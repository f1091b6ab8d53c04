"""What the program's own process keeps alive: full garbage collections walk
all of it, inside a frame. The bots' caches of a deal go when the next deal
starts, and what exists at startup is frozen out of the collector's sight."""

from __future__ import annotations

import gc
import weakref

from rummy_gui.bots import contract_solver, make_bot, memory, templates
from rummy_gui.engine.seeded import seeded_deal
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.heap import settle_heap


def cache_sizes() -> tuple[int, int, int]:
    return (
        len(templates.MELD_FITS),
        contract_solver._distance_cached.cache_info().currsize,
        len(memory._REPLAYS),
    )


def test_the_bots_caches_are_emptied_when_the_next_deal_starts() -> None:
    game = seeded_deal("contract", 4, seed=5, index=3)  # round 4: two runs
    seats = [SeatConfig("You", "human")] + [SeatConfig(f"Bot {i}", "medium") for i in range(1, 4)]
    session = Session("contract", seats, {}, game=game, threaded=False)
    bots = [make_bot("medium", seed=s) for s in range(4)]  # the human's moves too: the hint's bot
    try:
        start = session.game.round
        sizes_before_the_last_move = cache_sizes()
        for _ in range(400):
            if session.game.round != start:
                break
            sizes_before_the_last_move = cache_sizes()
            seat = session.game.to_act[0]
            session.play(seat, bots[seat].choose(session.game.view(seat)))
        assert session.game.round == start + 1, "the deal did not end"
        assert any(sizes_before_the_last_move), "nothing was cached: the test would show nothing"
        assert cache_sizes() == (0, 0, 0)
    finally:
        session.close()


def test_settle_heap_freezes_what_exists() -> None:
    # A cycle made before, dropped after: frozen, no collection frees it. (The
    # freeze count itself falls whenever another thread drops a frozen object.)
    class Node:
        other: object = None

    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    try:
        settle_heap()
        assert gc.get_freeze_count() > 1000  # the modules, the test run: far more than a few
        del a, b
        gc.collect()
        assert gone() is not None  # a full collection leaves it frozen
    finally:
        gc.unfreeze()
    gc.collect()
    assert gone() is None  # unfrozen, it is garbage again
    assert gc.get_freeze_count() == 0
