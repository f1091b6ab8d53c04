"""The C heap of a long-lived program: big blocks on pages of their own, free
pages given back, and what exists at start kept out of the collector's sight."""

from __future__ import annotations

import gc
from typing import Any

_LIBC: Any = None
# Blocks from this size up get pages of their own (mmap), given back when freed.
# glibc raises its own threshold to the largest block freed so far, so after the
# first window-sized layer (8 MB at 1920x1080) every layer and card went into the
# main heap, whose free holes the allocator keeps: fixing it stops that.
MMAP_THRESHOLD = 256 * 1024


def _libc() -> Any:
    """glibc, or False where there is none (other C libraries, Windows, macOS)."""
    global _LIBC
    if _LIBC is None:
        import ctypes
        import ctypes.util

        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
            libc.malloc_trim.argtypes = [ctypes.c_size_t]
            libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
            _LIBC = libc
        except (OSError, AttributeError):
            _LIBC = False
    return _LIBC


def bound_heap() -> None:
    """Big blocks on pages of their own (see MMAP_THRESHOLD); glibc only."""
    libc = _libc()
    if libc:
        libc.mallopt(-3, MMAP_THRESHOLD)  # M_MMAP_THRESHOLD


def trim_heap() -> None:
    """Give the C heap's free pages back to the system (glibc's malloc_trim;
    elsewhere nothing): the caches' turnover leaves free holes in the heap
    that the allocator would keep."""
    libc = _libc()
    if libc:
        libc.malloc_trim(0)


def settle_heap() -> None:
    """Call once the program has started: what exists then (modules, fonts,
    the first screens) lives as long as the program, so one collection and
    `gc.freeze()` take it out of the collector's sight (the permanent
    generation), and later full collections walk only what the game makes as
    it runs."""
    gc.collect()
    gc.freeze()
    gc.enable()  # `rummy_gui.__main__` starts with the collector off
