"""The table's words at the smallest window and at 2560x1440 in English,
Finnish and Russian: every text inside the window, none over another, the
icon bar's tooltips included; and on the large screen the words are larger
(issue 47, "Text that scales")."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import PointerMove
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.icons import KeyedButton
from tests.ui.ink_boxes import inked
from tests.ui.ui_driver import frame, melded_rummy500, open_table

SIZES = [(960, 600), (2560, 1440)]


def _words(app: App, size: tuple[int, int]) -> tuple[TableScene, list[tuple[str, pygame.Rect]]]:
    app.resize(size)
    scene = open_table(app, melded_rummy500([2, 1, 1, 1]))
    frame(app)
    return scene, _drawn(app, scene)


def _drawn(app: App, scene: TableScene) -> list[tuple[str, pygame.Rect]]:
    scene.base_layer.forget()  # the whole picture made again, its layer too

    def paint(surface: pygame.Surface) -> None:
        app.stack.top.draw(surface)  # type: ignore[union-attr]

    return inked(app.size, paint, layers=True)


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_no_word_on_the_table_leaves_the_window_or_covers_another(
    app: App, size: tuple[int, int], lang: str
) -> None:
    i18n.set_language(lang)
    try:
        scene, boxes = _words(app, size)
        undo = scene.buttons["undo"]
        app.dispatch(PointerMove(undo.rect.center))  # a tooltip up too
        frame(app)
        boxes = _drawn(app, scene)
    finally:
        i18n.set_language("en")
    assert any(isinstance(undo, KeyedButton) and text == undo.tooltip() for text, _r in boxes)
    window = pygame.Rect((0, 0), size)
    assert [(t, tuple(r)) for t, r in boxes if not window.contains(r)] == []
    # the tooltip lies on its own panel over the log, as a tooltip does: the rest
    # keep apart, and the tooltip keeps off the icons
    tip = next(r for text, r in boxes if text == undo.tooltip())  # type: ignore[attr-defined]
    rest = [(t, r) for t, r in boxes if t != undo.tooltip()]  # type: ignore[attr-defined]
    over = [(a, b) for (a, ra), (b, rb) in combinations(rest, 2) if ra.colliderect(rb)]
    assert over == []
    assert not any(tip.colliderect(b.rect) for b in scene.buttons)


def test_the_table_s_words_grow_on_a_large_screen(app: App) -> None:
    heights = []
    for size in SIZES:
        _scene, boxes = _words(app, size)
        lines = sorted(r.h for _t, r in boxes)
        heights.append(lines[len(lines) // 2])  # the median word
        app.pop()
    assert heights[1] >= heights[0] * 1.4


class _Blits(pygame.Surface):
    """A surface that keeps where each picture was put."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        rect = super().blit(source, dest, *args, **kwargs)
        self.rects.append(rect)
        return rect


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
def test_the_empty_meld_zones_hint_stays_clear_of_your_badge_and_the_actions(
    app: App, lang: str
) -> None:
    from rummy_gui.engine import Game
    from rummy_gui.ui.table.draw_seats import draw_zone_hints

    i18n.set_language(lang)
    try:
        app.resize((960, 600))
        scene = open_table(app, Game.new("rummy500", 3, seed=4))
        frame(app)
        geo = scene.geometry()
        target = _Blits(app.size)
        draw_zone_hints(target, scene, geo)
    finally:
        i18n.set_language("en")  # the other tests of this worker read English
    own = geo.layout.seats[scene.viewer]
    hint = [r for r in target.rects if r.colliderect(own.melds)]
    assert hint
    for r in hint:
        assert not r.colliderect(own.badge)
        assert not r.colliderect(geo.layout.actions)
