"""Learn to play: a chooser of the seven games, each opening its lesson at
the table (through `app.rooms.lesson`). A game whose lesson is not written
yet stays in the list, greyed, so the list does not change shape as lessons
come; the note under it says why."""

from __future__ import annotations

from functools import partial

import pygame

from rummy_gui.i18n import N_, _
from rummy_gui.play.lessons import GAMES
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button
from rummy_gui.ui.widgets.dialogs import WidgetScene
from rummy_gui.ui.widgets.uiscale import px


def has_lesson(preset: str) -> bool:
    return preset in GAMES


class LearnScene(WidgetScene):
    title = N_("Learn to play")

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        presets = catalog.presets()
        bw = min(px(420), w - 80)
        top = px(22) + px(34) + px(40)
        bottom = h - px(50) - 30 - px(24)  # the Back button and the note under the list
        bh = max(30, min(px(46), (bottom - top) // len(presets) - px(8)))
        step = bh + min(px(10), max(4, (bottom - top) // len(presets) - bh))
        self.widgets = [
            Button(
                (w // 2 - bw // 2, top + i * step, bw, bh),
                p.display_name,
                partial(self.app.rooms.lesson, p.id),
                enabled=has_lesson(p.id),
                size=16,
            )
            for i, p in enumerate(presets)
        ]
        self.widgets.append(
            Button((w // 2 - px(110), h - px(50) - 20, px(220), px(50)), _("Back"), self.app.pop)
        )

    def layer_key(self) -> object:
        return tuple(GAMES)

    def note(self) -> str:
        if all(has_lesson(p.id) for p in catalog.presets()):
            return ""
        return _("The greyed games have no lesson yet: their rules are on the Rules page.")

    def draw_over(self, surface: pygame.Surface) -> None:
        text = self.note()
        if not text or len(self.widgets) < 2:
            return
        last = self.widgets[-2].rect
        img = fonts.text_cached(text, px(14), theme.TEXT_DIM, wrap=surface.get_width() - 60)
        surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, last.bottom + px(8))))
