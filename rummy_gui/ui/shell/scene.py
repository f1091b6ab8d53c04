"""Scenes with a small lifecycle, kept on a stack, and what a scene may ask
of the app that shows it.

The top scene gets the input; drawing starts at the highest opaque scene so
overlays (choosers, prompts) show the table beneath them. `draw` must never
change game state: it only reads.

A scene knows the app only as `App`, the protocol below (rummy_gui.ui.shell.app's
class is the one implementation), and goes to another screen through
`app.rooms` (rummy_gui.ui.shell.rooms) when that screen is not below it: so no
scene imports the app, and no two scenes import each other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import pygame

from rummy_gui.play.session import SeatConfig
from rummy_gui.play.settings import Settings
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.art.cache import ArtCache
from rummy_gui.ui.shell.intents import Intent


class Rooms(Protocol):
    """The screens a scene may open without importing them."""

    def main_menu(self) -> None:
        """Back to the main menu: every scene above it is closed."""

    def new_game(self) -> None:
        """The new-game screen over the main menu."""

    def table(self, session: TableSession) -> None:
        """The table of this game over the scenes there are."""

    def start_table(
        self,
        preset: str,
        seats: Sequence[SeatConfig],
        options: Mapping[str, Any],
        seed: int | None = None,
        demo: bool = False,
    ) -> None:
        """Begin a new game and show its table over the main menu."""

    def lesson(self, preset: str) -> None:
        """The lesson of a game at its table over the main menu (ValueError: it has none)."""


class App(Protocol):
    """What scenes use of the app: its settings, art and sound, the game in
    progress, the scene stack, the window and the rooms."""

    settings: Settings
    stack: SceneStack
    art: ArtCache
    session: TableSession | None
    windowed_size: tuple[int, int]
    screen: pygame.Surface
    rooms: Rooms
    running: bool  # False ends the program after this frame
    persist_settings: bool  # the settings are saved as they change (off in tests)
    frame: int  # frames drawn so far

    @property
    def size(self) -> tuple[int, int]: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> Scene | None: ...

    def replace(self, scene: Scene) -> None: ...

    def pop_to(self, cls: type) -> None: ...

    def play_sound(self, name: str) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...

    def relayout(self) -> None: ...


class Scene:
    opaque = True
    # Another scene is above this one (kept by the stack): nothing here may
    # look or act enabled, so its controls are drawn with live=False.
    covered = False
    # Set by draw when only these parts of the window changed (None: all of it).
    dirty_rects: list[pygame.Rect] | None = None

    def __init__(self, app: App) -> None:
        self.app = app

    # lifecycle -------------------------------------------------------------
    def enter(self) -> None:
        """Pushed on the stack."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was popped."""

    def exit(self) -> None:
        """Popped off the stack."""

    def layout(self, size: tuple[int, int]) -> None:
        """The window changed size: place everything again."""

    # the frame -------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def frame_wait(self) -> float:
        """How long the app may sleep before this scene needs its next frame when
        no input comes: 0 for every frame (something moves: the safe default),
        `math.inf` when only input changes what it shows."""
        return 0.0


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene, size: tuple[int, int]) -> None:
        if self.scenes:
            self.scenes[-1].covered = True
            self.scenes[-1].pause()
        scene.covered = False
        self.scenes.append(scene)
        scene.layout(size)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].covered = False
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene, size: tuple[int, int]) -> None:
        while self.scenes:
            self.pop()
        self.push(scene, size)

    def visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]
