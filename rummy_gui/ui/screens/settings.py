"""The Settings screen: language, card backs, animation, sound, the window."""

from __future__ import annotations

from typing import Any

import pygame

from rummy_gui import i18n
from rummy_gui.engine.cards import parse_card
from rummy_gui.i18n import N_, _, pgettext
from rummy_gui.play.settings import ANIMATION_SPEEDS, CARD_BACKS
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import theme
from rummy_gui.ui.widgets.controls import Button, Cycler, Toggle, draw_panel, fit_text
from rummy_gui.ui.widgets.dialogs import WidgetScene


def set_language(app: App, lang: str) -> None:
    """Switch the language and lay out every open screen again in it (no restart)."""
    i18n.set_language(lang)
    app.settings.language = lang
    for scene in list(app.stack.scenes):
        scene.layout(app.size)


class SettingsScene(WidgetScene):
    title = N_("Settings")
    ROWS = 7

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.settings
        w, h = size
        x = w // 2 - 220
        y = 110
        row = self.row = min(62, (h - y - 100) // self.ROWS)
        volumes = [round(v / 10, 1) for v in range(11)]
        languages = list(i18n.LANGUAGES)
        current = i18n.language()

        def set_attr(name: str) -> Any:
            def setter(value: object) -> None:
                setattr(s, name, value)

            return setter

        # The order of the list is the order of the tests' clicks; the rows on
        # screen put the language first.
        self.widgets = [
            Cycler(
                (x + 200, y + row, 240, 42),
                list(CARD_BACKS),
                list(CARD_BACKS).index(s.card_back) if s.card_back in CARD_BACKS else 0,
                set_attr("card_back"),
                lambda v: pgettext("card back", CARD_BACKS.get(str(v), str(v))),
            ),
            Toggle(
                (x, y + 2 * row, 440, 42),
                _("Four-colour deck (♣ green, ♦ blue)"),
                s.four_colour,
                set_attr("four_colour"),
            ),
            Cycler(
                (x + 200, y + 3 * row, 240, 42),
                list(ANIMATION_SPEEDS),
                list(ANIMATION_SPEEDS).index(s.animation),
                set_attr("animation"),
                lambda v: pgettext("animation", ANIMATION_SPEEDS[str(v)][1]),
            ),
            Cycler(
                (x + 200, y + 4 * row, 240, 42),
                volumes,
                min(range(11), key=lambda i: abs(volumes[i] - s.volume)),
                set_attr("volume"),
                lambda v: f"{int(float(str(v)) * 100)} %",
            ),
            Toggle((x, y + 5 * row, 440, 42), _("Mute"), s.mute, set_attr("mute")),
            Toggle(
                (x, y + 6 * row, 440, 42), _("Fullscreen (F11)"), s.fullscreen, self._fullscreen
            ),
            Button((w // 2 - 110, h - 90, 220, 50), _("Back"), self.app.pop),
            Cycler(
                (x + 200, y, 240, 42),
                languages,
                languages.index(current) if current in languages else 0,
                self._language,
                lambda v: i18n.LANGUAGES.get(str(v), str(v)),
            ),
        ]
        self.labels = [
            (N_("Language"), y),
            (N_("Card back"), y + row),
            (N_("Animation"), y + 3 * row),
            (N_("Volume"), y + 4 * row),
        ]
        self.x = x
        Toggle.share_size([t for t in self.widgets if isinstance(t, Toggle)])

    def _language(self, lang: object) -> None:
        set_language(self.app, str(lang))

    def _fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)

    def exit(self) -> None:
        from rummy_gui.play import prefs

        if self.app.persist_settings:
            prefs.save(self.app.settings, self.app.windowed_size)

    def layer_key(self) -> object:
        s = self.app.settings
        return (self.row, self.x, tuple(self.labels), s.card_back, s.four_colour)

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w = surface.get_width()
        draw_panel(surface, pygame.Rect(w // 2 - 260, 90, 520, self.ROWS * self.row + 30))
        for text, y in self.labels:
            img = fit_text(_(text), 20, theme.TEXT, 192)
            surface.blit(img, img.get_rect(midleft=(self.x, y + 21)))
        # the previews, right of the panel: no widget reaches there
        s = self.app.settings
        back = self.app.art.back(s.card_back, (70, 98))
        surface.blit(back, (w // 2 + 280, 100))
        face = self.app.art.face(parse_card("QD"), (70, 98), s.four_colour)
        surface.blit(face, (w // 2 + 280, 210))
