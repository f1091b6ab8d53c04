"""The pointer over the hand (issue 18): a hover step raises one card and
lowers another; the frame redraws the places of those two cards, not the
whole band of the hand, and the screen is still the frame drawn whole."""

from __future__ import annotations

import pygame
from pygame import Rect

from rummy_gui.engine import Action
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import (
    frame,
    game_of,
    hand_rects,
    hover,
    laid_out_table,
    table_frame_bytes,
)

HAND = "7H 8H 9H 10C 10S KD 2C 4D 6C JH"
LIFT = 8  # how far the table raises the card under the pointer


def _table(app: App) -> TableScene:
    return laid_out_table(
        app, [HAND, "4S 5S 6D 8C JD QC 3D"], "4C 5D 6H 7C 8D 9D AS AH AD", "KS 10D 6S"
    )


def _covered(rects: list[Rect], card: Rect) -> bool:
    """Whether the card's place (raised or not) lies within the rects drawn."""
    place = card.union(card.move(0, -LIFT))
    return any(r.contains(place) for r in rects)


def test_a_hover_step_along_the_hand_redraws_the_two_cards_that_moved(app: App) -> None:
    scene = _table(app)
    cards = hand_rects(scene)
    assert len(cards) == len(HAND.split())
    hover(app, cards[2].center)
    assert scene.pointer.hover_hand == 2
    for i in range(3, 7):
        hover(app, (cards[i].x + 3, cards[i].centery))  # the part of card i not under i + 1
        assert scene.pointer.hover_hand == i
        dirty = scene.dirty_rects
        assert dirty is not None  # drawn in parts
        assert _covered(dirty, cards[i])
        assert _covered(dirty, cards[i - 1])
        untouched = [c for k, c in enumerate(cards) if k not in (i - 2, i - 1, i, i + 1)]
        assert not any(r.colliderect(c) for r in dirty for c in untouched)


def test_the_hand_looks_the_same_after_hovers_in_parts_as_drawn_whole(app: App) -> None:
    scene = _table(app)
    cards = hand_rects(scene)
    for pos in [cards[0].center, cards[-1].center, cards[4].center, (5, 5), cards[1].center]:
        hover(app, pos)
        assert pygame.image.tobytes(app.screen, "RGB") == table_frame_bytes(app, scene)


def test_the_meld_me_tag_moves_with_its_card_in_parts(app: App) -> None:
    scene = _table(app)
    take = next(m for m in scene.legal() if m.action is Action.TAKE and m.number == 2)
    assert scene.play(take)  # 10D and 6S: the 10D must be melded this turn, and is tagged
    frame(app)
    assert game_of(scene).target is not None
    cards = hand_rects(scene)
    for pos in [c.center for c in cards] + [(5, 5), cards[2].center]:
        hover(app, pos)
        assert pygame.image.tobytes(app.screen, "RGB") == table_frame_bytes(app, scene)
