"""The kinds of scene the screens are made of: `WidgetScene`, a screen of
widgets on the felt, and `Overlay`, drawn over the scene beneath it, with the
two dialogs every screen may open: `ChooserScene` (one of several readings)
and `ConfirmScene` (yes or no). They import no other scene."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import pygame

from rummy_gui.i18n import _
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerMove
from rummy_gui.ui.shell.scene import App, Scene
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, Widget, draw_panel, fit_text


class WidgetScene(Scene):
    """A screen made of widgets on the felt; subclasses build them in `layout`
    (in the current language: a language switch lays every screen out again)."""

    title = ""  # marked with N_, translated when drawn

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.app.pop()
            return
        for w in list(self.widgets):
            if w.handle(intent) and not isinstance(intent, PointerMove):
                break

    def frame_wait(self) -> float:
        """A screen of controls changes only with input: no frames while none comes."""
        return math.inf

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.art.felt(surface.get_size()), (0, 0))
        if self.title:
            img = fit_text(_(self.title), 34, theme.GOLD, surface.get_width() - 40, True)
            surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, 22)))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        for w in self.widgets:
            w.draw(surface, live=not self.covered)


class Overlay(Scene):
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []

    focus = 0  # the button the keyboard is on

    def frame_wait(self) -> float:
        """A dialog changes only with input (the scene beneath says what it needs)."""
        return math.inf

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and self.key(intent):
            return
        for b in self.buttons:
            if b.handle(intent) and not isinstance(intent, PointerMove):
                return

    def key(self, intent: Key) -> bool:
        """Arrows / Tab move among the buttons, Enter or Space presses, 1-9 picks."""
        live = [b for b in self.buttons if b.visible and b.enabled]
        if not live:
            return False
        k = intent.key
        if k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
            self.focus = (self.focus + (-1 if intent.shift else 1)) % len(live)
        elif k in (pygame.K_UP, pygame.K_LEFT):
            self.focus = (self.focus - 1) % len(live)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            live[self.focus % len(live)].on_click()
        elif pygame.K_1 <= k <= pygame.K_9 and k - pygame.K_1 < len(live):
            live[k - pygame.K_1].on_click()
        else:
            return False
        return True

    def draw_focus(self, surface: pygame.Surface) -> None:
        live = [b for b in self.buttons if b.visible and b.enabled]
        if live and not self.covered:
            r = live[self.focus % len(live)].rect.inflate(8, 8)
            pygame.draw.rect(surface, (80, 220, 255), r, width=3, border_radius=10)

    def dim(self, surface: pygame.Surface) -> None:
        """Darken everything beneath, the table's side buttons too: the dialog
        (drawn opaque) is the one thing that reacts now."""
        dim_beneath(surface)


DIM = 170  # how dark a dialog makes the screen beneath it (0-255)


def dim_beneath(surface: pygame.Surface) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, DIM))
    surface.blit(shade, (0, 0))


class ChooserScene(Overlay):
    """Which reading of the cards: set or run, which run, which contract split."""

    def __init__(
        self, app: App, title: str, options: list[tuple[str, str]], on_pick: Callable[[str], object]
    ) -> None:
        super().__init__(app)
        self.title = title
        self.options = options
        self.on_pick = on_pick

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw = min(640, w - 80)
        bh = 42
        total = 70 + len(self.options) * (bh + 8) + bh + 20
        self.rect = pygame.Rect(w // 2 - bw // 2 - 20, h // 2 - total // 2, bw + 40, total)
        y = self.rect.y + 60
        self.buttons = []
        for label, text in self.options:
            self.buttons.append(
                Button(
                    (self.rect.x + 20, y, bw, bh),
                    label,
                    partial(self._pick, text),
                    primary=True,
                    size=16,
                )
            )
            y += bh + 8
        self.buttons.append(
            Button((self.rect.centerx - 90, y + 6, 180, bh), _("Cancel"), self.app.pop, size=16)
        )

    def _pick(self, text: str) -> None:
        self.app.pop()
        self.on_pick(text)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.app.pop()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        draw_panel(surface, self.rect, alpha=255)
        img = fonts.text_cached(self.title, 20, theme.GOLD, True)
        surface.blit(img, (self.rect.x + 20, self.rect.y + 18))
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)


class ConfirmScene(Overlay):
    """A question with Yes and No (Escape: No); `on_yes` runs after it closes."""

    def __init__(self, app: App, question: str, on_yes: Callable[[], object]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.focus = 1  # the keyboard starts on No: nothing is lost by a stray Enter

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rw = min(560, w - 40)
        self.lines = fonts.wrap(self.question, 19, rw - 48, True)[:4]
        rh = 110 + 26 * len(self.lines)
        self.rect = pygame.Rect(w // 2 - rw // 2, h // 2 - rh // 2, rw, rh)
        self.buttons = [
            Button(
                (self.rect.centerx - 150, self.rect.bottom - 64, 140, 44),
                _("Yes"),
                self._yes,
                primary=True,
            ),
            Button((self.rect.centerx + 10, self.rect.bottom - 64, 140, 44), _("No"), self.app.pop),
        ]

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.app.pop()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        draw_panel(surface, self.rect, alpha=255)
        for i, line in enumerate(self.lines):
            img = fonts.text_cached(line, 19, theme.GOLD, True)
            surface.blit(img, img.get_rect(midtop=(self.rect.centerx, self.rect.y + 22 + 26 * i)))
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)
