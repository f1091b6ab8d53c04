"""What the table keeps from one frame to the next: where every card is for the
position shown, and the drawn base layer (state parts: only these classes
change their fields)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rummy_gui.ui.table.geometry import Geometry


class GeometryCache:
    def __init__(self, window: tuple[int, int]) -> None:
        self.window = window  # the table's size in pixels
        self.built_for: tuple[object, ...] | None = None
        self.built: Geometry | None = None

    def resize(self, window: tuple[int, int]) -> None:
        self.window = window
        self.built_for = None

    def get(self, key: tuple[object, ...], build: Callable[[], Geometry]) -> Geometry:
        if self.built is None or key != self.built_for:
            self.built, self.built_for = build(), key
        return self.built


class LayerCache:
    def __init__(self) -> None:
        self.layer: tuple[object, pygame.Surface] | None = None

    def get(self, key: object) -> pygame.Surface | None:
        return self.layer[1] if self.layer is not None and self.layer[0] == key else None

    def store(self, key: object, surface: pygame.Surface) -> None:
        self.layer = (key, surface)

    def forget(self) -> None:
        """Words, the card back or who sits at the bottom changed: draw it again."""
        self.layer = None
