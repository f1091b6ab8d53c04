"""The program's own input vocabulary.

Every pygame event is turned into an intent here and nowhere else, so scenes
and tests never look at raw events: a test can feed intents directly, or post
pygame events and let `translate` do the same work it does for a real mouse.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pygame


class _Value:
    """An immutable value, equal to another of its class with the same fields.
    (Plain classes: a frozen dataclass costs about a millisecond of start-up
    each, and every one of these is made before the first frame.)"""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({inner})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _set(self, **values: object) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)


class PointerDown(_Value):
    __slots__ = _fields = ("pos", "button")
    pos: tuple[int, int]
    button: int

    def __init__(self, pos: tuple[int, int], button: int = 1) -> None:
        self._set(pos=pos, button=button)


class PointerMove(_Value):
    __slots__ = _fields = ("pos", "pressed")
    pos: tuple[int, int]
    pressed: bool

    def __init__(self, pos: tuple[int, int], pressed: bool = False) -> None:
        self._set(pos=pos, pressed=pressed)


class PointerUp(_Value):
    __slots__ = _fields = ("pos", "button")
    pos: tuple[int, int]
    button: int

    def __init__(self, pos: tuple[int, int], button: int = 1) -> None:
        self._set(pos=pos, button=button)


class Wheel(_Value):
    __slots__ = _fields = ("dy",)
    dy: int

    def __init__(self, dy: int) -> None:
        self._set(dy=dy)


class Key(_Value):
    """A key press; `text` is the character typed, if any; `mod` the
    pygame.KMOD_* bits (Ctrl+Z, Shift+Tab)."""

    __slots__ = _fields = ("key", "text", "mod")
    key: int
    text: str
    mod: int

    def __init__(self, key: int, text: str = "", mod: int = 0) -> None:
        self._set(key=key, text=text, mod=mod)

    @property
    def ctrl(self) -> bool:
        return bool(self.mod & pygame.KMOD_CTRL)

    @property
    def shift(self) -> bool:
        return bool(self.mod & pygame.KMOD_SHIFT)


class Back(_Value):
    """Escape: leave the current screen or close an overlay."""

    __slots__ = ()


class Resize(_Value):
    __slots__ = _fields = ("size",)
    size: tuple[int, int]

    def __init__(self, size: tuple[int, int]) -> None:
        self._set(size=size)


class ToggleFullscreen(_Value):
    __slots__ = ()


class Quit(_Value):
    __slots__ = ()


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
