"""Scenes with a small lifecycle, kept on a stack.

The top scene gets the input; drawing starts at the highest opaque scene so
overlays (choosers, prompts) show the table beneath them. `draw` must never
change game state: it only reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummy_gui.ui.intents import Intent

if TYPE_CHECKING:
    from rummy_gui.ui.app import App


class Scene:
    opaque = True

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
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.layout(size)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
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
