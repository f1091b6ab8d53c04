"""Buttons, toggles and choosers: the few controls the menus need.

Labels are given in the current language (the screens lay themselves out
again when it changes); a label too long for its control — a Finnish or a
Russian one, often — wraps onto a second line where the control is tall
enough (`label_image`), and only then is drawn in smaller type."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from rummy_gui.ui.shell.intents import Intent, Key, PointerDown, PointerMove, PointerUp
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.uiscale import px


def fit_text(
    text: str,
    size: int,
    colour: tuple[int, int, int],
    width: int,
    bold: bool = False,
    min_size: int = 9,
) -> pygame.Surface:
    """`text` rendered no wider than `width` if a size down to `min_size` allows it."""
    img = fonts.text_cached(text, size, colour, bold)
    if img.get_width() > width > 0 and size > min_size:
        size = max(
            min_size, min(size - 1, size * width // img.get_width())
        )  # a first guess, then step
        img = fonts.text_cached(text, size, colour, bold)
        while img.get_width() > width and size > min_size:
            size -= 1
            img = fonts.text_cached(text, size, colour, bold)
    return img


def label_image(
    text: str,
    size: int,
    colour: tuple[int, int, int],
    box: tuple[int, int],
    bold: bool = False,
    centred: bool = True,
) -> pygame.Surface:
    """`text` to fit a `box` (width, height): one line at `size` (or a little
    smaller), else its words wrapped onto lines that the height holds, at the
    largest size that fits; smaller type on one line only as the last resort."""
    width, height = box
    img = fonts.text_cached(text, size, colour, bold)
    if img.get_width() <= width or width <= 0:
        return img
    floor = max(11, size * 7 // 8)
    one_line = fit_text(text, size, colour, width, bold, min_size=floor)
    if one_line.get_width() <= width:
        return one_line
    for smaller in range(size, 10, -1):
        face = fonts.font(smaller, bold)
        lines = fonts.wrap(text, smaller, width, bold)
        widest = max(face.size(line)[0] for line in lines)
        if widest <= width and len(lines) * face.get_linesize() <= height:
            if len(lines) == 1:
                return fonts.text_cached(text, smaller, colour, bold)
            img = fonts.text_cached(text, smaller, colour, bold, wrap=width, centred=centred)
            if img.get_height() <= height:  # pygame's own breaks agree with ours
                return img
    return fit_text(text, size, colour, width, bold)


class Widget:
    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        self.rect = pygame.Rect(rect)
        self.hover = False
        self.visible = True

    def handle(self, intent: Intent) -> bool:  # noqa: ARG002 (the controls' interface)
        """Returns True when the intent was used."""
        return False

    def draw(self, surface: pygame.Surface, live: bool = True) -> None:
        """`live` False: the scene is under a dialog, so the control is drawn
        as one that can't be used now (no hover, a button greyed out)."""

    def state(self, live: bool = True) -> tuple[object, ...]:
        """Everything its look depends on: two equal states draw the same pixels."""
        return (type(self), tuple(self.rect), self.visible, self.hover and live)

    def area(self) -> pygame.Rect:
        """Where `draw` may put pixels (a little more than the rectangle: a
        button's shadow, a label a line taller than its control)."""
        return self.rect.inflate(8, 12)


_PANELS: dict[tuple[int, int, int, int], pygame.Surface] = {}
PANEL_CACHE_PIXELS = 2_000_000  # the panels kept, in pixels (4 bytes each): 2 of 1920x1080


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, alpha: int = 225, radius: int = 12
) -> None:
    key = (rect.w, rect.h, alpha, radius)
    panel = _PANELS.pop(key, None)  # put back last: the dict's order is the order of use
    if panel is None:
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*theme.PANEL, alpha), panel.get_rect(), border_radius=radius)
        pygame.draw.rect(
            panel, (*theme.PANEL_EDGE, 255), panel.get_rect(), width=2, border_radius=radius
        )
    pixels = rect.w * rect.h
    if pixels <= PANEL_CACHE_PIXELS:
        while _PANELS and sum(w * h for w, h, _a, _r in _PANELS) + pixels > PANEL_CACHE_PIXELS:
            del _PANELS[next(iter(_PANELS))]  # the one used longest ago
        _PANELS[key] = panel
    surface.blit(panel, rect.topleft)


def draw_outlined(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple[int, int, int, int],
    edge: tuple[int, int, int, int],
    width: int,
    radius: int,
) -> None:
    """A translucent rounded box and its edge, on a layer of the box's size
    only: a window-sized layer each frame costs milliseconds at 1920x1080."""
    if rect.w <= 0 or rect.h <= 0:
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, edge, layer.get_rect(), width=width, border_radius=radius)
    surface.blit(layer, rect.topleft)


class Button(Widget):
    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        on_click: Callable[[], object],
        enabled: bool = True,
        primary: bool = False,
        size: int = 0,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.primary = primary
        self.size = size
        self._pressed = False

    def handle(self, intent: Intent) -> bool:
        if not self.visible:
            return False
        if isinstance(intent, PointerMove):
            self.hover = self.rect.collidepoint(intent.pos)
            return False
        if (
            isinstance(intent, PointerDown)
            and intent.button == 1
            and self.rect.collidepoint(intent.pos)
        ):
            self._pressed = True
            return True
        if isinstance(intent, PointerUp) and intent.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(intent.pos):
                if self.enabled:
                    self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface, live: bool = True) -> None:
        if not self.visible:
            return
        enabled, hover = self.enabled and live, self.hover and live
        if not enabled:
            fill = theme.BUTTON_DISABLED
        elif self.primary:
            fill = theme.BUTTON_PRIMARY_HOVER if hover else theme.BUTTON_PRIMARY
        else:
            fill = theme.BUTTON_HOVER if hover else theme.BUTTON
        radius = min(10, self.rect.h // 3)
        shadow = self.rect.move(0, 3)
        pygame.draw.rect(surface, (6, 24, 14), shadow, border_radius=radius)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        edge = theme.GOLD if (hover and enabled) else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=radius)
        colour = theme.TEXT if enabled else (110, 130, 112)
        img = self.label_image(colour)
        surface.blit(img, img.get_rect(center=self.rect.center))

    def state(self, live: bool = True) -> tuple[object, ...]:
        return (*super().state(live), self.label, self.enabled and live, self.primary, self.size)

    def label_image(self, colour: tuple[int, int, int] = theme.TEXT) -> pygame.Surface:
        """The label as drawn: within the button, less a margin on each side."""
        size = self.size or max(12, min(px(22), int(self.rect.h * 0.42)))
        room = (self.rect.w - 12, self.rect.h - 4)
        return label_image(self.label, size, colour, room, True)


def _fits(
    face: pygame.font.Font, text: str, size: int, room: tuple[int, int], bold: bool = True
) -> bool:
    """Whether `text` at `size` fits `room` (width, height) on one line or wrapped."""
    if face.size(text)[0] <= room[0]:
        return face.get_linesize() <= room[1]
    lines = fonts.wrap(text, size, room[0], bold)
    widest = max(face.size(line)[0] for line in lines)
    if widest > room[0] or len(lines) * face.get_linesize() > room[1]:
        return False
    # pygame's own breaks, with which the label is drawn, may take a line more
    wrapped = fonts.text_cached(text, size, theme.TEXT, bold, wrap=room[0])
    return wrapped.get_height() <= room[1]


class Cycler(Widget):
    """A value chosen from a list by clicking the arrows (or the value)."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        values: Sequence[object],
        index: int,
        on_change: Callable[[object], None],
        show: Callable[[object], str] = str,
    ) -> None:
        super().__init__(rect)
        self.values = list(values)
        self.index = index
        self.on_change = on_change
        self.show = show
        self.size: int | None = None  # one size for a column of choosers (see share_size)

    @property
    def value(self) -> object:
        return self.values[self.index]

    @property
    def arrow_w(self) -> int:
        """The width of each arrow's end: narrow choosers keep room for the value."""
        return min(self.rect.h, max(24, self.rect.w // 6))

    @property
    def choice(self) -> bool:
        """More than one value: the arrows are drawn and clicks step (one value: a plain box)."""
        return len(self.values) > 1

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, PointerMove):
            self.hover = self.choice and self.rect.collidepoint(intent.pos)
            return False
        if isinstance(intent, PointerDown) and self.choice and self.rect.collidepoint(intent.pos):
            step = -1 if (intent.pos[0] < self.rect.x + self.arrow_w or intent.button == 3) else 1
            self.index = (self.index + step) % len(self.values)
            self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, live: bool = True) -> None:
        fill = theme.BUTTON_HOVER if self.hover and live else theme.BUTTON
        pygame.draw.rect(surface, fill, self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, self.rect, width=2, border_radius=8)
        size = max(12, int(self.rect.h * 0.45))
        a = self.arrow_w
        arrows = (("◀", self.rect.x + a // 2 + 2), ("▶", self.rect.right - a // 2 - 2))
        for text, x in arrows if self.choice else ():
            img = fonts.text_cached(text, min(size, a - 6), theme.GOLD)
            surface.blit(img, img.get_rect(center=(x, self.rect.centery)))
        img = self.label_image()
        surface.blit(img, img.get_rect(center=self.rect.center))

    def state(self, live: bool = True) -> tuple[object, ...]:
        return (*super().state(live), self.index, self.show(self.value))

    def label_image(self) -> pygame.Surface:
        """The value as drawn: between the arrows, on two lines if one is too short."""
        text = self.show(self.value)
        if self.size is not None:  # the column's size: wrapped when too long, never smaller
            img = fonts.text_cached(text, self.size, theme.TEXT, True)
            if img.get_width() <= self.room[0]:
                return img
            return fonts.text_cached(
                text, self.size, theme.TEXT, True, wrap=self.room[0], centred=True
            )
        size = max(12, int(self.rect.h * 0.45))
        return label_image(text, size, theme.TEXT, (self.room[0], self.rect.h - 2), True)

    @property
    def room(self) -> tuple[int, int]:
        """The value's box between the arrows, with a margin all round."""
        return self.rect.w - 2 * self.arrow_w - 4, self.rect.h - 6

    @staticmethod
    def share_size(column: Sequence[Cycler], floor: int = 10) -> None:
        """Give a column of choosers one text size: the largest at which every
        value of every one fits its box, on one line or two, so that no label
        is drawn smaller than its neighbours."""
        if not column:
            return
        top = max(12, int(column[0].rect.h * 0.45))
        for size in range(top, floor - 1, -1):
            face = fonts.font(size, True)
            if all(_fits(face, c.show(v), size, c.room) for c in column for v in c.values):
                break
        for c in column:
            c.size = size


class Toggle(Widget):
    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        label: str,
        value: bool,
        on_change: Callable[[bool], None],
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.size: int | None = None  # one size for a screen's switches (see share_size)

    @property
    def room(self) -> tuple[int, int]:
        """The label's box, right of the switch."""
        return self.rect.right - (self.rect.x + px(40)) - px(12), self.rect.h + 4

    @staticmethod
    def share_size(switches: Sequence[Toggle], floor: int = 11) -> None:
        """Give a screen's switches one label size: the largest at which every
        label fits its box, on one line or two, so that no label is drawn
        smaller than its neighbours."""
        if not switches:
            return
        top = max(12, int(min(s.rect.h for s in switches) * 0.5))
        for size in range(top, floor - 1, -1):
            face = fonts.font(size)
            if all(_fits(face, s.label, size, s.room, bold=False) for s in switches):
                break
        for s in switches:
            s.size = size

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, PointerMove):
            self.hover = self.rect.collidepoint(intent.pos)
            return False
        if (
            isinstance(intent, PointerDown)
            and intent.button == 1
            and self.rect.collidepoint(intent.pos)
        ):
            self.value = not self.value
            self.on_change(self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface, live: bool = True) -> None:
        bw, bh = px(40), px(22)
        box = pygame.Rect(self.rect.x, self.rect.centery - bh // 2, bw, bh)
        pygame.draw.rect(
            surface,
            theme.BUTTON_PRIMARY if self.value else (60, 70, 64),
            box,
            border_radius=bh // 2,
        )
        knob_x = box.right - bh // 2 if self.value else box.x + bh // 2
        pygame.draw.circle(surface, (245, 245, 240), (knob_x, box.centery), bh * 8 // 22)
        colour = theme.GOLD if self.hover and live else theme.TEXT
        img = self.label_image(colour)
        surface.blit(img, img.get_rect(midleft=(box.right + px(10), self.rect.centery)))

    def state(self, live: bool = True) -> tuple[object, ...]:
        return (*super().state(live), self.label, self.value)

    def label_image(self, colour: tuple[int, int, int] = theme.TEXT) -> pygame.Surface:
        """The label as drawn: right of the switch, two lines where one is too short."""
        width, height = self.room
        if self.size is not None:  # the screen's size: wrapped when too long, never smaller
            img = fonts.text_cached(self.label, self.size, colour)
            if img.get_width() <= width:
                return img
            return fonts.text_cached(self.label, self.size, colour, wrap=width)
        size = max(12, int(self.rect.h * 0.5))
        return label_image(self.label, size, colour, (width, height), centred=False)


class TextField(Widget):
    """A one-line name: click to focus, type, Enter or click elsewhere to finish."""

    def __init__(
        self, rect: pygame.Rect | tuple[int, int, int, int], text: str, max_len: int = 14
    ) -> None:
        super().__init__(rect)
        self.text = text
        self.focused = False
        self.max_len = max_len

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, PointerMove):
            self.hover = self.rect.collidepoint(intent.pos)
            return False
        if isinstance(intent, PointerDown):
            self.focused = self.rect.collidepoint(intent.pos)
            return self.focused
        if isinstance(intent, Key) and self.focused:
            if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.focused = False
            elif intent.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif intent.text and intent.text.isprintable() and len(self.text) < self.max_len:
                self.text += intent.text
            return True
        return False

    def state(self, live: bool = True) -> tuple[object, ...]:
        return (type(self), tuple(self.rect), self.visible, self.text, self.focused, live)

    def draw(self, surface: pygame.Surface, live: bool = True) -> None:  # noqa: ARG002 (never greyed)
        fill = (20, 56, 36) if not self.focused else (30, 76, 50)
        pygame.draw.rect(surface, fill, self.rect, border_radius=6)
        edge = theme.GOLD if self.focused else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=2, border_radius=6)
        size = max(12, int(self.rect.h * 0.5))
        shown = self.text + ("|" if self.focused else "")
        img = fit_text(shown, size, theme.TEXT, self.rect.w - 12)  # a long name: smaller type
        surface.blit(img, img.get_rect(midleft=(self.rect.x + 8, self.rect.centery)))
