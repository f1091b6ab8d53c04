"""The kinds of scene the screens are made of: `WidgetScene`, a screen of
widgets on the felt, and `Overlay`, drawn over the scene beneath it, with the
two dialogs every screen may open: `ChooserScene` (one of several readings)
and `ConfirmScene` (yes or no). They import no other scene."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import pygame

from rummy_gui import i18n
from rummy_gui.i18n import _
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerMove
from rummy_gui.ui.shell.scene import App, Scene
from rummy_gui.ui.widgets import fonts, theme, uiscale
from rummy_gui.ui.widgets.controls import Button, Widget, draw_panel, fit_text
from rummy_gui.ui.widgets.uiscale import px


class WidgetScene(Scene):
    """A screen made of widgets on the felt; subclasses build them in `layout`
    (in the current language: a language switch lays every screen out again).

    A screen that says what its picture depends on (`layer_key`) is drawn in
    layers: what does not change with the pointer (the felt, the title,
    panels, texts: `draw_layer`) is drawn once into a surface of its own and
    kept while the window's size, the language and that key stay the same;
    the widgets go over it, then `draw_over`. When the screen holds this
    scene's last frame, only the widgets whose look changed (a hover, a
    value, a name typed) are drawn again, over the layer's pixels beneath
    them, and only their rectangles go to the display; a frame in which
    nothing changed draws nothing (`dirty_rects` empty). The picture is the
    same as the whole frame drawn afresh."""

    title = ""  # marked with N_, translated when drawn

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.widgets: list[Widget] = []
        self._layer: tuple[tuple[object, ...], pygame.Surface] | None = None
        self._shown: _Shown | None = None

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

    def pause(self) -> None:
        self.forget_layer()  # covered: another picture of it (greyed) is made if it shows

    def exit(self) -> None:
        self.forget_layer()

    def forget_layer(self) -> None:
        """Draw the next frame whole, its layer made again."""
        self._layer = None
        self._shown = None

    def layer_key(self) -> object:
        """Everything `draw_layer` and `draw_over` show besides the window's size,
        the language and whether the scene is covered; None (the default):
        the screen is drawn whole every frame, as a screen that does not say."""
        return None

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.art.felt(surface.get_size()), (0, 0))
        if self.title:
            img = fit_text(_(self.title), px(34), theme.GOLD, surface.get_width() - 40, True)
            surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, px(22))))

    def draw_layer(self, surface: pygame.Surface) -> None:
        """What is drawn beneath the widgets."""
        self.draw_background(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        """What is drawn over the widgets (from what `layer_key` names only)."""

    def draw(self, surface: pygame.Surface) -> None:
        live = not self.covered
        key = self.layer_key()
        if key is None:
            self.dirty_rects = None
            self.draw_whole(surface, live)
            return
        states = [w.state(live) for w in self.widgets]
        layer = self._layer_for(surface, live, key, states)
        alone = self.app.stack.visible() == [self]
        shown = self._shown
        if (
            shown is not None
            and alone
            and shown.alone
            and shown.surface is surface
            and shown.layer is layer
            and shown.frame + 1 == self.app.frame
            and len(shown.widgets) == len(self.widgets)
            and all(a is b for a, b in zip(shown.widgets, self.widgets, strict=True))
        ):
            areas = [
                self.widgets[i].area() for i in range(len(states)) if shown.states[i] != states[i]
            ]
            # a widget moved without a new layout: where it was is put back too
            areas += [
                shown.areas[i]
                for i, w in enumerate(self.widgets)
                if shown.states[i] != states[i] and w.area() != shown.areas[i]
            ]
            self.dirty_rects = self._redraw_parts(surface, layer, areas, live)
        else:
            surface.blit(layer, (0, 0))
            if live:  # covered: the layer holds the widgets, greyed
                self._draw_widgets(surface, live)
                self.draw_over(surface)
            self.dirty_rects = None
        self._shown = _Shown(
            surface,
            layer,
            self.app.frame,
            alone,
            list(self.widgets),
            states,
            [w.area() for w in self.widgets],
        )

    def draw_whole(self, surface: pygame.Surface, live: bool = True) -> None:
        """The picture drawn afresh, no layer kept: what every frame must show."""
        self.draw_layer(surface)
        self._draw_widgets(surface, live)
        self.draw_over(surface)

    def _draw_widgets(self, surface: pygame.Surface, live: bool) -> None:
        for w in self.widgets:
            w.draw(surface, live=live)

    def _layer_for(
        self, surface: pygame.Surface, live: bool, key: object, states: list[tuple[object, ...]]
    ) -> pygame.Surface:
        """The layer for this frame: kept while what it shows is the same
        (covered, the widgets are in it: they can not change then)."""
        dimmed = not live and self._dialog_dims()
        full_key = (
            surface.get_size(),
            i18n.language(),
            uiscale.scale(),
            live,
            key,
            tuple(self.widgets),  # laid out again: what the layer shows may have moved too
            None if live else states,
            dimmed,
        )
        if self._layer is not None and self._layer[0] == full_key:
            return self._layer[1]
        self._layer = None  # the old one goes before the new one is made
        layer = pygame.Surface(surface.get_size())
        if pygame.display.get_surface() is not None:
            layer = layer.convert()  # in the display's format its blits are quicker
        if live:
            self.draw_layer(layer)
        else:
            self.draw_whole(layer, live)
            if dimmed:
                dim_beneath(layer)
        self._layer = (full_key, layer)
        return layer

    def _dialog_dims(self) -> bool:
        """The scene right above is a dialog that dims what is beneath it."""
        scenes = self.app.stack.scenes
        above = scenes[scenes.index(self) + 1] if self in scenes[:-1] else None
        return isinstance(above, Overlay) and above.dims

    def dimmed_in(self, surface: pygame.Surface) -> bool:
        """This frame, `surface` got this scene's picture with the dialog's shade in it."""
        shown = self._shown
        return (
            shown is not None
            and shown.surface is surface
            and shown.frame == self.app.frame
            and self._layer is not None
            and shown.layer is self._layer[1]
            and bool(self._layer[0][-1])
        )

    def _redraw_parts(
        self,
        surface: pygame.Surface,
        layer: pygame.Surface,
        changed: list[pygame.Rect],
        live: bool,
    ) -> list[pygame.Rect]:
        """The areas of the changed widgets drawn again: each put back from the
        layer and every widget that reaches into it drawn there again, in the
        frame's order, within that area. The areas drawn."""
        bounds = surface.get_rect()
        areas = [a for a in (r.clip(bounds) for r in changed) if a.w and a.h]
        clip = surface.get_clip()
        for area in areas:
            surface.set_clip(area)
            surface.blit(layer, area, area)
            for w in self.widgets:
                if w.area().colliderect(area):
                    w.draw(surface, live=live)
            self.draw_over(surface)
        surface.set_clip(clip)
        return areas


@dataclass
class _Shown:
    """What a WidgetScene last drew, and where: so the next frame can draw only
    what changed when the screen still holds it."""

    surface: pygame.Surface
    layer: pygame.Surface
    frame: int
    alone: bool  # nothing was drawn over it in that frame
    widgets: list[Widget]
    states: list[tuple[object, ...]]
    areas: list[pygame.Rect]  # each widget's, as it was then


class Overlay(Scene):
    opaque = False
    # Its draw begins with `dim` and nothing else: the screen beneath may then
    # keep its picture dimmed (see `Overlay.dim`).
    dims = False

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
        (drawn opaque) is the one thing that reacts now. A screen of widgets
        beneath a dialog that says so (`dims`) has the shade in its picture
        already: it can not change while covered."""
        scenes = self.app.stack.scenes
        below = scenes[scenes.index(self) - 1] if self in scenes[1:] else None
        if isinstance(below, WidgetScene) and below.dimmed_in(surface):
            return
        dim_beneath(surface)


DIM = 170  # how dark a dialog makes the screen beneath it (0-255)


def dim_beneath(surface: pygame.Surface) -> None:
    """The whole surface darkened as black at DIM over it would: each colour
    multiplied, with no window-sized shade kept for it (8 MB at 1920x1080)."""
    keep = 255 - DIM
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)


class ChooserScene(Overlay):
    """Which reading of the cards: set or run, which run, which contract split."""

    dims = True

    def __init__(
        self, app: App, title: str, options: list[tuple[str, str]], on_pick: Callable[[str], object]
    ) -> None:
        super().__init__(app)
        self.title = title
        self.options = options
        self.on_pick = on_pick

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        cols, bh = self._grid(h)
        gap, head = px(8), px(60)
        rows = -(-len(self.options) // cols)
        pw = min(px(680) if cols == 1 else px(460) * cols, w - 40)
        bw = (pw - 40 - gap * (cols - 1)) // cols
        total = min(h - 20, head + rows * (bh + gap) + bh + px(26))
        self.rect = pygame.Rect(w // 2 - pw // 2, max(10, h // 2 - total // 2), pw, total)
        self.buttons = []
        for i, (label, text) in enumerate(self.options):
            row, col = divmod(i, cols)
            x, y = self.rect.x + 20 + col * (bw + gap), self.rect.y + head + row * (bh + gap)
            self.buttons.append(
                Button((x, y, bw, bh), label, partial(self._pick, text), primary=True, size=px(16))
            )
        cw = min(px(180), pw - 40)
        self.buttons.append(
            Button(
                (self.rect.centerx - cw // 2, self.rect.bottom - bh - px(14), cw, bh),
                _("Cancel"),
                self.app.pop,
                size=px(16),
            )
        )

    def _grid(self, height: int) -> tuple[int, int]:
        """Columns and button height for the options: one column of full
        buttons while they fit the window's height, else lower buttons, then
        more columns, so every option stays on the screen."""
        n = len(self.options)
        for cols in (1, 2, 3):
            rows = -(-n // cols)
            for bh in (px(42), px(34), max(26, px(28))):
                if px(60) + (rows + 1) * (bh + px(8)) + px(26) <= height - 20:
                    return cols, bh
        return 3, max(22, (height - 20 - px(86)) // (-(-n // 3) + 1) - px(8))

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
        img = fit_text(self.title, px(20), theme.GOLD, self.rect.w - 40, True)
        surface.blit(img, (self.rect.x + 20, self.rect.y + px(18)))
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)


class ConfirmScene(Overlay):
    """A question with Yes and No (Escape: No); `on_yes` runs after it closes."""

    dims = True

    def __init__(self, app: App, question: str, on_yes: Callable[[], object]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.focus = 1  # the keyboard starts on No: nothing is lost by a stray Enter

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rw = min(px(560), w - 40)
        self.lines = fonts.wrap(self.question, px(19), rw - px(48), True)[:4]
        rh = px(110) + px(26) * len(self.lines)
        self.rect = pygame.Rect(w // 2 - rw // 2, h // 2 - rh // 2, rw, rh)
        bw, bh, y = min(px(140), rw // 2 - 30), px(44), self.rect.bottom - px(64)
        self.buttons = [
            Button((self.rect.centerx - bw - px(10), y, bw, bh), _("Yes"), self._yes, primary=True),
            Button((self.rect.centerx + px(10), y, bw, bh), _("No"), self.app.pop),
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
            img = fonts.text_cached(line, px(19), theme.GOLD, True)
            y = self.rect.y + px(22) + px(26) * i
            surface.blit(img, img.get_rect(midtop=(self.rect.centerx, y)))
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)
