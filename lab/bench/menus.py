"""What a frame of the menus and other screens costs.

Each screen (main menu, new game, settings, rules, load, statistics, and a
question over the statistics) at 960x600, 1280x800 and 1920x1080, through
`App.tick` (events, update, draw, flip), in this process:

- `pointer`: the pointer goes from one control to another every frame, so
  every frame shows a change (a hover lit, another put out): the cost of a
  frame that must be drawn;
- `still`: frames with no input at all: what a frame costs when nothing
  changed (the program rests then, but a frame can still be asked for).

Per run the median frame (wall and CPU milliseconds of the thread), summarized
over the runs. The dummy video driver runs unless a display is there (DISPLAY
or WAYLAND_DISPLAY set and SDL_VIDEODRIVER not forced); the figures say which.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any

from lab.bench import summarize

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # its banner would spoil --json

SIZES = ((960, 600), (1280, 800), (1920, 1080))
FRAMES = 120
SCREENS = ("main menu", "new game", "settings", "rules", "load", "statistics", "confirm")


def _open(app: Any, name: str) -> None:
    from rummy_gui.ui.screens.new_game import NewGameScene
    from rummy_gui.ui.screens.rules import RulesScene
    from rummy_gui.ui.screens.saving import LoadScene
    from rummy_gui.ui.screens.settings import SettingsScene
    from rummy_gui.ui.screens.statistics import StatisticsScene
    from rummy_gui.ui.widgets.dialogs import ConfirmScene

    scenes: dict[str, Callable[[], object]] = {
        "main menu": lambda: None,
        "new game": lambda: app.push(NewGameScene(app)),
        "settings": lambda: app.push(SettingsScene(app)),
        "rules": lambda: app.push(RulesScene(app, "contract")),
        "load": lambda: app.push(LoadScene(app)),
        "statistics": lambda: app.push(StatisticsScene(app)),
        "confirm": lambda: (
            app.push(StatisticsScene(app)),
            app.push(ConfirmScene(app, "Reset all statistics?", lambda: None)),
        ),
    }
    scenes[name]()


def _targets(app: Any) -> list[tuple[int, int]]:
    """Two points on different controls of the screen at hand (its first and last)."""
    top = app.stack.top
    controls = getattr(top, "buttons", None) or getattr(top, "widgets", None) or []
    rects = [c.rect for c in controls if getattr(c, "visible", True)]
    if len(rects) < 2:  # one control (the Back of an empty list): on it, then off it
        return [rects[0].center, (5, 5)] if rects else [(5, 5), (6, 6)]
    return [rects[0].center, rects[-1].center]


def screen_frames(
    name: str, size: tuple[int, int], mode: str, frames: int = FRAMES
) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of `frames` ticks of one screen."""
    import pygame

    from rummy_gui.play.settings import Settings
    from rummy_gui.ui.screens.main_menu import MainMenu
    from rummy_gui.ui.shell.app import App

    app = App(size, Settings(animation="off", mute=True))
    try:
        app.push(MainMenu(app))
        _open(app, name)
        points = _targets(app)
        for _ in range(3):  # fonts, art and layers made before the clock starts
            app.tick(0.05)
        wall: list[float] = []
        cpu: list[float] = []
        for i in range(frames):
            if mode == "pointer":
                pos = points[i % 2]
                pygame.event.post(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
                )
            w0, c0 = time.perf_counter(), time.thread_time()
            app.tick(0.05)
            cpu.append((time.thread_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
        return wall, cpu
    finally:
        pygame.display.quit()


def _driver() -> str:
    import pygame

    pygame.display.init()
    try:
        return str(pygame.display.get_driver())
    finally:
        pygame.display.quit()


def run(
    repeats: int = 5,
    frames: int = FRAMES,
    sizes: Sequence[tuple[int, int]] = SIZES,
    screens: Sequence[str] = SCREENS,
) -> dict[str, Any]:
    has_display = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if not has_display:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "RUMMY_GUI_HOME" not in os.environ:  # never the player's saves and statistics
        os.environ["RUMMY_GUI_HOME"] = tempfile.mkdtemp(prefix="rummy-gui-bench-")
    out: dict[str, Any] = {"video driver": _driver()}
    for w, h in sizes:
        for name in screens:
            for mode in ("pointer", "still"):
                walls, cpus = [], []
                for _ in range(repeats):
                    wall, cpu = screen_frames(name, (w, h), mode, frames)
                    walls.append(statistics.median(wall))
                    cpus.append(statistics.median(cpu))
                out[f"{w}x{h}, {name}, {mode}"] = {
                    "p50 ms": summarize(walls),
                    "cpu p50 ms": summarize(cpus),
                }
    return out
