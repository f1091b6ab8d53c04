"""The pointer over the discard pile (issue 18): each step of a hover lifts
or lowers a card or two and moves the "take" tip; the frame redraws just
those, not the whole band of the stock and the pile, and the picture on
screen is still the same as the whole frame drawn afresh."""

from __future__ import annotations

import pygame
from pygame import Rect

from rummy_gui.engine import Game
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import frame, hover, open_table, table_frame_bytes

PILE = "KS 10D 6S 4H 2H 3H 5C 7S 9C JS QH KH AC 2S 3S"


def _table(app: App) -> TableScene:
    game = Game.from_layout(
        "rummy500",
        hands=["7H 8H 9H 10C 10S KD 2C", "4S 5S 6D 8C JD QC 3D"],
        stock="4C 5D 6H 7C 8D 9D AS AH AD",
        discard=PILE,
        turn=0,
    )
    scene = open_table(app, game)
    frame(app)
    return scene


def _area(rects: list[Rect]) -> int:
    return sum(r.w * r.h for r in rects)


def test_a_hover_step_along_the_pile_redraws_a_few_cards_not_the_band(app: App) -> None:
    scene = _table(app)
    fan = [r for _c, r in scene.geometry().zones[("discard",)]]
    assert len(fan) == len(PILE.split())
    band = scene.geometry().layout.stock.unionall([scene.geometry().layout.discard])
    card = fan[0].w * fan[0].h
    hover(app, fan[3].center)
    assert scene.pointer.hover_discard == 3
    for i in range(4, 10):
        hover(app, (fan[i].x + 3, fan[i].centery))  # the part of card i not under i + 1
        assert scene.pointer.hover_discard == i
        assert scene.dirty_rects is not None  # drawn in parts
        drawn = _area(scene.dirty_rects)
        assert drawn < _area([band]) // 3
        assert drawn < 8 * card  # a card's place lifted and lowered, and the tip twice
        assert pygame.image.tobytes(app.screen, "RGB") == table_frame_bytes(app, scene)


def test_the_pile_looks_the_same_after_hovers_in_parts_as_drawn_whole(app: App) -> None:
    scene = _table(app)
    fan = [r for _c, r in scene.geometry().zones[("discard",)]]
    stock = scene.geometry().zones[("stock",)][0][1]
    for pos in [fan[0].center, fan[-1].center, fan[7].center, stock.center, fan[2].center, (5, 5)]:
        hover(app, pos)
        assert pygame.image.tobytes(app.screen, "RGB") == table_frame_bytes(app, scene)
    assert scene.pointer.hover_discard is None


def test_after_drawing_the_pile_neither_lifts_nor_offers_a_take(app: App) -> None:
    from rummy_gui.engine import Move

    scene = _table(app)
    assert scene.play(Move.parse("draw"))
    frame(app)
    fan = [r for _c, r in scene.geometry().zones[("discard",)]]
    hover(app, fan[-3].center)
    assert scene.pointer.hover_discard is None
    assert pygame.image.tobytes(app.screen, "RGB") == table_frame_bytes(app, scene)
