"""Where the texts of a picture put their ink: the glyphs' own pixels, not
the line's box with its leading (two lines a line-height apart touch as
boxes, never as ink)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from rummy_gui.ui.widgets import fonts


def text_namer() -> tuple[dict[int, str], Callable[..., pygame.Surface]]:
    """A stand-in for `fonts.text_cached` that makes the same images and notes
    each one's text by its id, and the notes."""
    made: dict[int, str] = {}
    real = fonts.text_cached

    def noted(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        img = real(text, *args, **kwargs)
        made[id(img)] = text
        return img

    return made, noted


def inked(
    size: tuple[int, int], paint: Callable[[Any], None], layers: bool = False
) -> list[tuple[str, pygame.Rect]]:
    """Every text `paint(surface)` draws and where its ink is (the glyphs'
    pixels, not the line's box with its leading). `layers`: the texts drawn
    into the window-sized surfaces the picture is made of (the table's base
    layer) count too."""
    made, noted = text_namer()
    boxes: list[tuple[str, pygame.Rect]] = []
    real_surface = pygame.Surface

    class Recording(real_surface):  # type: ignore[misc,valid-type]
        def blit(self, source: Any, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
            text = made.get(id(source))
            if text and self.get_size() == size:  # into the window or a layer as large
                at = pygame.Rect(dest).topleft if isinstance(dest, pygame.Rect) else dest
                boxes.append((text, source.get_bounding_rect().move(at)))
            return super().blit(source, dest, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(fonts, "text_cached", noted)
        if layers:
            mp.setattr(pygame, "Surface", Recording)
        paint(Recording(size))
    return boxes
