"""Table options, reachable while playing: the card faces, card size, high
contrast, and the hot-seat settings (asking about claims, the hand-over screen).
They are the app's settings, kept between runs with the others."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from rummy_gui.i18n import N_, _
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerMove
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, Cycler, Toggle, Widget, draw_panel, label_image
from rummy_gui.ui.widgets.dialogs import Overlay


class TableScene(Protocol):
    """What the options change on the table beneath them (rummy_gui.ui.table.scene's
    TableScene, which opens them): its drawn felt is made again and it is laid out."""

    def settings_changed(self) -> None: ...


SCALES = (0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6)
ASK = {
    "always": N_("always"),
    "useful": N_("only when the card could be used"),
    "never": N_("never"),
}


class TableOptionsScene(Overlay):
    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.widgets: list[Widget] = []
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.rect = pygame.Rect(0, 0, 10, 10)

    def _set(self, name: str) -> Callable[[object], None]:
        def setter(value: object) -> None:
            setattr(self.app.settings, name, value)
            self.table.settings_changed()

        return setter

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.app.settings
        pw = min(760, w - 40)  # as wide as long labels want, within the smallest window
        self.rect = pygame.Rect(w // 2 - pw // 2, max(20, h // 2 - 250), pw, 500)
        x, y = self.rect.x + 30, self.rect.y + 70
        inner = pw - 60
        scale = min(range(len(SCALES)), key=lambda i: abs(SCALES[i] - s.card_scale))
        asks = list(ASK)
        ask = s.ask_claims
        self.labels = [
            (_("Card size"), (x, y + 66 + 21)),  # the middle of its chooser's row
            (_("Ask about claims"), (x, y + 198 + 21)),
        ]
        self.widgets = [
            Toggle(
                (x, y, inner, 42),
                _("Four-colour deck (♣ green, ♦ blue)"),
                s.four_colour,
                self._set("four_colour"),
            ),
            Cycler(
                (x + 220, y + 66, inner - 220, 42),
                list(SCALES),
                scale,
                self._set("card_scale"),
                lambda v: f"{round(float(str(v)) * 100)} %",
            ),
            Toggle(
                (x, y + 132, inner, 42),
                _("High-contrast table"),
                s.high_contrast,
                self._set("high_contrast"),
            ),
            Cycler(
                (x + 220, y + 198, inner - 220, 42),
                asks,
                asks.index(ask) if ask in asks else 1,
                self._set("ask_claims"),
                lambda v: _(ASK.get(str(v), str(v))),
            ),
            Toggle(
                (x, y + 264, inner, 42),
                _("Hand-over screen between players"),
                s.hand_over_screen,
                self._set("hand_over_screen"),
            ),
        ]
        self.buttons = [
            Button(
                (self.rect.centerx - 90, self.rect.bottom - 70, 180, 48),
                _("Close"),
                self.app.pop,
                primary=True,
            )
        ]

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.app.pop()
            return
        if isinstance(intent, Key) and self.key_option(intent):
            return
        for wd in [*self.widgets, *self.buttons]:
            if wd.handle(intent) and not isinstance(intent, PointerMove):
                return

    def key_option(self, intent: Key) -> bool:
        """Up/Down (Tab) move among the options and Close; Space/Enter switch, Left/Right choose."""
        items: list[Widget] = [*self.widgets, *self.buttons]
        k = intent.key
        if k in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + (-1 if intent.shift else 1)) % len(items)
        elif k == pygame.K_UP:
            self.focus = (self.focus - 1) % len(items)
        else:
            item = items[self.focus % len(items)]
            if isinstance(item, Toggle) and k in (
                pygame.K_SPACE,
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
            ):
                item.value = not item.value
                item.on_change(item.value)
            elif isinstance(item, Cycler) and k in (pygame.K_LEFT, pygame.K_RIGHT):
                item.index = (item.index + (1 if k == pygame.K_RIGHT else -1)) % len(item.values)
                item.on_change(item.values[item.index])
            elif isinstance(item, Button) and k in (
                pygame.K_SPACE,
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
            ):
                item.on_click()
            else:
                return False
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        draw_panel(surface, self.rect, alpha=255)
        title = fonts.text_cached(_("Table options"), 24, theme.GOLD, True)
        surface.blit(title, (self.rect.x + 30, self.rect.y + 22))
        for text, pos in self.labels:  # left of its chooser: wrapped in the 210 px there
            img = label_image(text, 17, theme.TEXT, (210, 44), centred=False)
            surface.blit(img, img.get_rect(midleft=pos))
        items: list[Widget] = [*self.widgets, *self.buttons]
        for wd in items:
            wd.draw(surface, live=not self.covered)
        if self.covered:
            return
        focused = items[self.focus % len(items)].rect.inflate(8, 8)
        pygame.draw.rect(surface, (80, 220, 255), focused, width=3, border_radius=10)
