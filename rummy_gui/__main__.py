"""Entry point: `rummy-gui` or `python -m rummy_gui`."""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import sys
from collections.abc import Callable, Sequence


def _load_the_program() -> Callable[[Sequence[str]], int] | None:
    """The program's `run`, or None when Ctrl+C came while it loaded: pygame's
    own start swallows a KeyboardInterrupt (and then lacks its image formats),
    so the signal is also looked for in Python's wakeup pipe."""
    pipe: tuple[int, int] | None = None
    before = -1
    with contextlib.suppress(ValueError, OSError):  # not the main thread, or no pipes
        r, w = os.pipe()
        pipe = (r, w)
        os.set_blocking(r, False)
        os.set_blocking(w, False)
        before = signal.set_wakeup_fd(w, warn_on_full_buffer=False)
    try:
        from rummy_gui.ui.shell.app import run
    finally:
        came = False
        if pipe is not None:
            with contextlib.suppress(OSError):
                came = bytes([signal.SIGINT]) in os.read(pipe[0], 4096)
            with contextlib.suppress(ValueError, OSError):
                signal.set_wakeup_fd(before)
            for fd in pipe:
                os.close(fd)
    return None if came else run


def main(argv: list[str] | None = None) -> int:
    # What the start makes lives as long as the program: no collections while it
    # is made (the app collects and freezes it once the first frame is shown).
    gc.disable()
    try:
        args = sys.argv[1:] if argv is None else argv
        if args[:1] == ["--verify"]:  # checks files without opening a window
            from rummy_gui.play.verify import main as verify

            return verify(args[1:])
        if args[:1] == ["--serve"]:  # a host of network tables, without a window
            from rummy_gui.play.net.serve import main as serve

            return serve(args[1:])
        run = _load_the_program()
        if run is None:
            return 130
        return run(args)
    except KeyboardInterrupt:  # Ctrl+C while the program loads: a quit, without a traceback
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
