"""The C heap of a long-lived process kept near what it holds (glibc only;
elsewhere these do nothing). Used by the game's window and its bot process.
"""

from __future__ import annotations

import gc
from typing import Any

_LIBC: Any = None
# Blocks from this size up get pages of their own (mmap), given back when freed.
# glibc raises its own threshold to the largest block freed so far, so after the
# first window-sized layer (8 MB at 1920x1080) every layer and card went into the
# main heap, whose free holes the allocator keeps: fixing it stops that. At 64 KB
# a card picture from about 100x160 up (the art cache's turnover) is one of them.
MMAP_THRESHOLD = 64 * 1024
# One heap for every thread: Python runs one thread at a time, and each extra
# arena (a reader thread's, the audio's) keeps free holes of its own.
ARENAS = 1


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
    """Big blocks on pages of their own (see MMAP_THRESHOLD), one arena (see
    ARENAS); call before the process starts threads."""
    libc = _libc()
    if libc:
        libc.mallopt(-3, MMAP_THRESHOLD)  # M_MMAP_THRESHOLD
        libc.mallopt(-8, ARENAS)  # M_ARENA_MAX


def trim_heap() -> None:
    """Give the C heap's free pages back to the system (glibc's malloc_trim;
    elsewhere nothing): the caches' turnover leaves free holes in the heap
    that the allocator would keep."""
    libc = _libc()
    if libc:
        libc.malloc_trim(0)


def settle() -> None:
    """After dropping caches: collect the cycles among them, then give the freed
    pages back."""
    gc.collect()
    trim_heap()
