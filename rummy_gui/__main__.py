"""Entry point: `rummy-gui` or `python -m rummy_gui`."""

from __future__ import annotations

import gc
import sys


def main(argv: list[str] | None = None) -> int:
    # What the start makes lives as long as the program: no collections while it
    # is made (the app collects and freezes it once the first frame is shown).
    gc.disable()
    try:
        from rummy_gui.ui.shell.app import run

        return run(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:  # Ctrl+C while the program loads: a quit, without a traceback
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
