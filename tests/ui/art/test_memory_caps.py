"""What long play keeps in memory is bounded (issue 47): the scaled card art
(cards in flight change size every frame), the fonts the art asks for at each
card size, and the tables that have left the screen. The soak that measures
it: lab/tests/test_soak_minutes.py."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.engine.cards import NATURALS
from rummy_gui.ui.art.cache import ArtCache
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.widgets import fonts


@pytest.fixture(autouse=True)
def fonts_ready() -> None:
    pygame.font.init()


def test_the_art_never_holds_more_pixels_than_its_budget_after_many_sizes() -> None:
    art = ArtCache(budget=200_000)
    card = NATURALS[0]
    for h in range(40, 160):  # a card in flight, a new size every frame
        art.face(card, (h * 5 // 7, h))
        art.back("blue", (h * 5 // 7, h))
        assert art.pixels <= 200_000
    assert art.pixels == sum(i.get_width() * i.get_height() for i in art._images.values())
    assert len(art) < 40


def test_the_sizes_in_use_stay_while_past_sizes_go() -> None:
    art = ArtCache(budget=100_000)
    hand = [art.face(c, (70, 98)) for c in NATURALS[:4]]
    for h in range(30, 90):
        for c in NATURALS[:4]:  # the hand is drawn every frame, beside the flight
            assert art.face(c, (70, 98)) is hand[NATURALS.index(c)]
        art.face(NATURALS[10], (h * 5 // 7, h))
    assert ("face", NATURALS[10].code, 21, 30, False) not in art._images  # the first flight size


def test_one_felt_is_kept_the_size_of_the_window() -> None:
    art = ArtCache()
    first = art.felt((960, 600))
    assert art.felt((960, 600)) is first
    assert art.felt((1280, 800)).get_size() == (1280, 800)
    assert art._felt is not None
    assert art._felt[0] == (1280, 800)


def test_the_fonts_cache_holds_at_most_its_cap_after_many_sizes() -> None:
    fonts.font.cache_clear()
    for size in range(6, 120):
        fonts.font(size)
        fonts.font(size, bold=True)
    assert fonts.font.cache_info().currsize <= fonts.FONT_CACHE
    assert fonts.FONT_CACHE < 100


def test_a_scene_that_has_gone_is_freed_at_the_next_frame(app: App) -> None:
    """A scene is a cycle of objects (it knows its app, its parts know it);
    the surfaces it holds go with the next frame, not at the next full
    collection, however long that is in coming."""
    import gc
    import weakref

    from rummy_gui.ui.shell.scene import Scene

    class Held(Scene):
        def __init__(self, app: App) -> None:
            super().__init__(app)
            self.me = self
            self.layer = pygame.Surface((1920, 1080))

    scene = Held(app)
    gone = weakref.ref(scene)
    app.push(scene)
    del scene
    app.tick(0.05)
    was = gc.isenabled()
    gc.disable()
    try:
        app.pop()
        app.tick(0.05)
        assert gone() is None
    finally:
        if was:
            gc.enable()


def test_the_table_takes_the_kept_felt_so_one_window_sized_felt_is_held() -> None:
    art = ArtCache()
    kept = art.felt((960, 600))
    taken = art.take_felt((960, 600))
    assert taken is kept
    assert art._felt is None  # the table holds it now (with its zones drawn on)
    other = art.take_felt((640, 400))
    assert other.get_size() == (640, 400)
    assert art._felt is None  # a felt made for the taker is not kept either
