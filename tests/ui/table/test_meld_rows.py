"""Melds in a crowded zone (issue 18): at 960x600 with 8 players each seat's
zone is small, and a seat with many melds must still show every meld apart
from the others, inside the window, every corner index in view."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest
from pygame import Rect

from rummy_gui.engine import Game
from rummy_gui.play.table_view import table_view
from rummy_gui.ui.table import geometry
from rummy_gui.ui.table import layout as lay
from tests.ui.ui_driver import melded_rummy500

# Melds per seat: the side seats' zones (1 and 7) are the smallest, seat 2 gets
# three rows' worth; 29 runs, 8 aces to discard and 9 cards of stock are the
# double deck's 104 cards.
PER_SEAT = (1, 4, 7, 3, 3, 3, 4, 4)
MELDS = sum(PER_SEAT)


def _many_melds() -> Game:
    """Rummy 500 for 8: every seat in turn draws, lays down its runs and discards an ace."""
    return melded_rummy500(PER_SEAT)


def _meld_pictures(geo: geometry.Geometry) -> dict[int, Rect]:
    """Each meld's picture: the union of its cards' rects."""
    return {mid: rects[0].unionall(rects[1:]) for mid, rects in geo.meld_rects.items() if rects}


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_many_melds_at_8_players_do_not_overlap(size: tuple[int, int]) -> None:
    game = _many_melds()
    assert len(game.melds) == MELDS
    geo = geometry.build(table_view(game, 0), size, 0, game.hand(0))
    pictures = _meld_pictures(geo)
    assert len(pictures) == MELDS
    overlapping = [
        (a, tuple(pictures[a]), b, tuple(pictures[b]))
        for a, b in combinations(sorted(pictures), 2)
        if pictures[a].colliderect(pictures[b])
    ]
    assert overlapping == []


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_many_melds_at_8_players_stay_in_their_zone_and_the_window(size: tuple[int, int]) -> None:
    game = _many_melds()
    geo = geometry.build(table_view(game, 0), size, 0, game.hand(0))
    window = Rect((0, 0), size)
    outside = []
    for mid, picture in _meld_pictures(geo).items():
        zone = geo.layout.seats[geo.meld_zone_of[mid]].zone
        if not (window.contains(picture) and zone.contains(picture)):
            outside.append((mid, tuple(picture), tuple(zone)))
    assert outside == []


def test_many_melds_at_8_players_keep_their_corner_indices() -> None:
    game = _many_melds()
    geo = geometry.build(table_view(game, 0), (960, 600), 0, game.hand(0))
    hidden = []
    for mid, rects in geo.meld_rects.items():
        for a, b in pairwise(rects):
            if b.x - a.x < lay.index_width(a.size):
                hidden.append((mid, tuple(a), tuple(b)))
    assert hidden == []
