"""The card the player looks at in a fanned hand (issue 47, defect 11): the
card a hint or the keys point at, and the card under the pointer, are drawn
in front of their neighbours; the focus ring and the selection outline go
round that same card as drawn, and a click there takes that card."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw_common
from rummy_gui.ui.table.keyboard import focus_rect
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets import theme
from tests.ui.ui_driver import (
    click,
    frame,
    hand_rects,
    hover,
    laid_out_table,
    table_frame_bytes,
)

# thirteen cards: the fan overlaps at the test window's size
HAND = "7H 8H 9H 10C 10S KD 2C 4D 6C JH 3S 5S QD"


def _table(app: App) -> TableScene:
    return laid_out_table(
        app, [HAND, "4S 7S 6D 8C JD QC 3D"], "4C 5D 6H 7C 8D 9D AS AH AD", "KS 10D 6S"
    )


def _pixel(app: App, scene: TableScene, at: tuple[int, int]) -> tuple[int, int, int]:
    size = app.screen.get_size()
    image = pygame.image.frombytes(table_frame_bytes(app, scene), size, "RGB")
    return tuple(image.get_at(at))[:3]  # type: ignore[return-value]


def _hinted(app: App, scene: TableScene, i: int) -> Rect:
    """The hint's step: card `i` lifted and the focus on it, as hint_steps does it."""
    scene.hand.select([i])
    scene.focus.point("hand", i)
    frame(app)
    return hand_rects(scene)[i].move(0, -24)


def test_the_fan_overlaps_in_this_window(app: App) -> None:
    slots = hand_rects(_table(app))
    assert slots[4].right > slots[5].x  # otherwise the tests below prove nothing


def test_a_hinted_card_is_drawn_over_its_right_neighbour(app: App) -> None:
    scene = _table(app)
    card = _hinted(app, scene, 4)
    # the card's own right edge, where its neighbour lay over it: its selection outline
    assert _pixel(app, scene, (card.right - 2, card.centery)) == theme.HIGHLIGHT


def test_the_focus_ring_goes_round_the_card_as_drawn_with_its_selection(app: App) -> None:
    scene = _table(app)
    card = _hinted(app, scene, 4)
    assert focus_rect(scene) == card  # the selection outline is drawn on this rect too
    scene.focus.go("hand", 6)  # a card not lifted, the keys on it
    frame(app)
    assert focus_rect(scene) == hand_rects(scene)[6]


def test_a_click_on_the_hinted_cards_right_part_takes_that_card(app: App) -> None:
    scene = _table(app)
    card = _hinted(app, scene, 4)
    click(app, (card.right - 6, card.bottom - 10))  # over the neighbour's place, under the card
    assert scene.hand.selected == set()  # the hinted card was put down, not its neighbour lifted


def test_the_card_under_the_pointer_rises_in_front_of_its_neighbour(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = _table(app)
    slots = hand_rects(scene)
    hover(app, (slots[4].x + 3, slots[4].centery))
    assert scene.pointer.hover_hand == 4
    drawn: list[Rect] = []
    real = draw_common.draw_card

    def record(
        surface: pygame.Surface, s: TableScene, card: object, rect: Rect, *a: bool, **kw: bool
    ) -> None:
        drawn.append(Rect(rect))
        real(surface, s, card, rect, *a, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(draw_common, "draw_card", record)
    table_frame_bytes(app, scene)
    hand = [r for r in drawn if r.size == slots[0].size and r.x in {s.x for s in slots}]
    assert hand[-1] == slots[4].move(0, -14)  # the raised card is drawn last: in front
    # moving right along the fan still reaches the next card
    hover(app, (slots[5].x + 3, slots[5].centery))
    assert scene.pointer.hover_hand == 5
