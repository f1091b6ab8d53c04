"""The C heap of a long-lived program: big blocks on pages of their own, free
pages given back (play/heap.py, shared with the bot process), and what exists
at start kept out of the collector's sight."""

from __future__ import annotations

import gc

from rummy_gui.play.heap import bound_heap, trim_heap

__all__ = ["bound_heap", "settle_heap", "trim_heap"]


def settle_heap() -> None:
    """Call once the program has started: what exists then (modules, fonts,
    the first screens) lives as long as the program, so one collection and
    `gc.freeze()` take it out of the collector's sight (the permanent
    generation), and later full collections walk only what the game makes as
    it runs."""
    gc.collect()
    gc.freeze()
    gc.enable()  # `rummy_gui.__main__` starts with the collector off
