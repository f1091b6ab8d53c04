"""Melds use the room their zone has (issue 18): at 1920x1080 the meld cards
sat as close as the corner index allows and small, in zones mostly empty.
They now grow up to a share of the window and spread while the zone holds
them; at every size and player count they stay inside their zone and the
window, and no card covers another's corner index."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest
from pygame import Rect

from rummy_gui.engine import Game
from rummy_gui.play.table_view import table_view
from rummy_gui.ui.table import geometry
from rummy_gui.ui.table import layout as lay
from tests.ui.ui_driver import melded_rummy500

SIZES = ((960, 600), (1280, 800), (1920, 1080), (2560, 1440))
PLAYERS = (2, 4, 8)


def _melded(players: int, per_seat: int) -> Game:
    return melded_rummy500([per_seat] * players)


def _steps(geo: geometry.Geometry) -> list[tuple[float, float]]:
    """How far apart the cards of each meld stand, and the least that shows the
    corner index, in card widths."""
    return [
        ((b.x - a.x) / a.w, lay.index_width(a.size) / a.w)
        for rects in geo.meld_rects.values()
        for a, b in pairwise(rects)
    ]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("per_seat", [1, 3])
def test_melds_stay_in_their_zone_and_the_window(
    size: tuple[int, int], players: int, per_seat: int
) -> None:
    game = _melded(players, per_seat)
    geo = geometry.build(table_view(game, 0), size, 0, game.hand(0))
    window = Rect((0, 0), size)
    outside = [
        (mid, tuple(r))
        for mid, rects in geo.meld_rects.items()
        for r in rects
        if not (window.contains(r) and geo.layout.seats[geo.meld_zone_of[mid]].melds.contains(r))
    ]
    assert outside == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("per_seat", [1, 3])
def test_spread_melds_keep_every_corner_index_in_view(
    size: tuple[int, int], players: int, per_seat: int
) -> None:
    game = _melded(players, per_seat)
    geo = geometry.build(table_view(game, 0), size, 0, game.hand(0))
    hidden = [
        (mid, tuple(a), tuple(b))
        for mid, rects in geo.meld_rects.items()
        for a, b in pairwise(rects)
        if b.x - a.x < lay.index_width(a.size)
    ]
    assert hidden == []
    pictures = {m: r[0].unionall(r[1:]) for m, r in geo.meld_rects.items()}
    overlapping = [
        (a, b) for a, b in combinations(pictures, 2) if pictures[a].colliderect(pictures[b])
    ]
    assert overlapping == []


@pytest.mark.parametrize("players", [2, 4])
def test_a_meld_in_a_roomy_zone_is_spread_out(players: int) -> None:
    game = _melded(players, 1)
    geo = geometry.build(table_view(game, 0), (1920, 1080), 0, game.hand(0))
    steps = _steps(geo)
    assert all(step >= tight + 0.1 for step, tight in steps)
    assert min(step for step, _tight in steps) >= 0.45  # about half of each card in view


@pytest.mark.parametrize("players", [2, 4])
def test_meld_cards_grow_into_a_roomy_zone(players: int) -> None:
    game = _melded(players, 1)
    geo = geometry.build(table_view(game, 0), (1920, 1080), 0, game.hand(0))
    assert geo.meld_cards[1][1] >= 0.125 * 1080  # an opponent's
    assert geo.meld_cards[0][1] >= 0.145 * 1080  # the player's own


ZONES = [Rect(14, 110, w, h) for w in (232, 326, 410, 490, 640) for h in (88, 114, 138, 190)]
MELDS = [[3, 3], [4, 3], [4, 4], [6, 5], [3, 3, 3], [5, 3, 3], [4, 4, 4], [7, 3, 3], [3] * 4]


def _fits(area: Rect, lengths: list[int], height: int) -> bool:
    return lay._flow(area, lengths, lay.card_size(height), lay.ROW_GAP)[1] <= area.bottom


@pytest.mark.parametrize("area", ZONES)
def test_melds_get_small_cards_only_when_full_faces_cannot_fit(area: Rect) -> None:
    """Issue 47, defect 16: two melds of four in a 326x138 zone fitted at the
    smallest full face (96 px), but the packing stepped from 104 to 93 px, where
    the compact face's wider index made them longer, and went on down to 74."""
    max_h = 140
    for lengths in MELDS:
        _packed, (_w, chosen) = lay.meld_packing(area, lengths, max_h)
        full = [h for h in range(lay.COMPACT_BELOW, max_h + 1) if _fits(area, lengths, h)]
        if full:
            assert chosen >= lay.COMPACT_BELOW, (tuple(area), lengths, chosen, max(full))
        best = max(
            [h for h in range(lay.MELD_MIN_H, max_h + 1) if _fits(area, lengths, h)], default=0
        )
        assert chosen >= 0.93 * best, (tuple(area), lengths, chosen, best)
