"""The program's own input vocabulary.

Every pygame event is turned into an intent here and nowhere else, so scenes
and tests never look at raw events: a test can feed intents directly, or post
pygame events and let `translate` do the same work it does for a real mouse.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class PointerDown:
    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True)
class PointerMove:
    pos: tuple[int, int]
    pressed: bool = False


@dataclass(frozen=True)
class PointerUp:
    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True)
class Wheel:
    dy: int


@dataclass(frozen=True)
class Key:
    """A key press; `text` is the character typed, if any."""

    key: int
    text: str = ""
    mod: int = 0  # pygame.KMOD_* bits (Ctrl+Z, Shift+Tab)

    @property
    def ctrl(self) -> bool:
        return bool(self.mod & pygame.KMOD_CTRL)

    @property
    def shift(self) -> bool:
        return bool(self.mod & pygame.KMOD_SHIFT)


@dataclass(frozen=True)
class Back:
    """Escape: leave the current screen or close an overlay."""


@dataclass(frozen=True)
class Resize:
    size: tuple[int, int]


@dataclass(frozen=True)
class ToggleFullscreen:
    pass


@dataclass(frozen=True)
class Quit:
    pass


Intent = (
    PointerDown | PointerMove | PointerUp | Wheel | Key | Back | Resize | ToggleFullscreen | Quit
)


def translate(event: pygame.event.Event) -> Intent | None:
    """One pygame event -> one intent (or None for events we ignore)."""
    t = event.type
    if t == pygame.QUIT:
        return Quit()
    if t == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
        return PointerDown(tuple(event.pos), event.button)
    if t == pygame.MOUSEBUTTONUP and event.button in (1, 3):
        return PointerUp(tuple(event.pos), event.button)
    if t == pygame.MOUSEMOTION:
        buttons = getattr(event, "buttons", (0, 0, 0))
        return PointerMove(tuple(event.pos), bool(buttons and buttons[0]))
    if t == pygame.MOUSEWHEEL:
        return Wheel(int(event.y))
    if t in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
        size = getattr(event, "size", None) or (event.x, event.y)
        return Resize((int(size[0]), int(size[1])))
    if t == pygame.KEYDOWN:
        if event.key == pygame.K_F11:
            return ToggleFullscreen()
        if event.key == pygame.K_ESCAPE:
            return Back()
        return Key(
            event.key, getattr(event, "unicode", "") or "", int(getattr(event, "mod", 0) or 0)
        )
    return None
