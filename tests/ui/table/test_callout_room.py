"""A message over the table keeps off the stock and the pile (issue 18): the
hint's callout stood above the player's zone, over the lower part of a pile
two or three rows deep, hiding the cards the hint was about. It now goes
beside the pile's cards, or above them, always inside the table's part of
the window."""

from __future__ import annotations

import pytest
from pygame import Rect

from rummy_gui.engine import Game
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw_overlays
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets import theme
from tests.ui.ui_driver import frame, open_table

HANDS = ["7C 8C 9C TC TS KD 2C", "5D 6D 7D 8D 9D JD QD"]
LIFT = 16  # how far the pointer lifts the pile's cards


def _table(app: App, size: tuple[int, int], pile: int) -> TableScene:
    app.resize(size)
    held = " ".join(HANDS).split()
    cards = [r + su for su in "SHCD" for r in "A23456789TJQK" if r + su not in held]
    discard = " ".join(cards[:pile])
    stock = " ".join(cards[pile:])
    game = Game.from_layout("rummy500", hands=HANDS, stock=stock, discard=discard, turn=0)
    scene = open_table(app, game)
    frame(app)
    return scene


def _cards(scene: TableScene) -> list[Rect]:
    geo = scene.geometry()
    fan = [r.union(r.move(0, -LIFT)) for _c, r in geo.zones[("discard",)]]
    return [geo.zones[("stock",)][0][1], *fan]


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("pile", [3, 14, 28])
def test_messages_over_the_table_keep_off_the_stock_and_the_pile(
    app: App, size: tuple[int, int], pile: int
) -> None:
    scene = _table(app, size, pile)
    scene.message("Move taken back.", theme.GOLD)
    scene.message("Hint: take the top card of the pile, it makes a run.", theme.GOLD, ttl=9.0)
    boxes = [
        region for _img, region, _alpha in draw_overlays.message_boxes(scene, scene.geometry())
    ]
    assert len(boxes) == 2
    covered = [(tuple(b), tuple(c)) for b in boxes for c in _cards(scene) if b.colliderect(c)]
    assert covered == []


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("pile", [3, 28])
def test_messages_over_the_table_stay_off_the_log_and_inside_the_window(
    app: App, size: tuple[int, int], pile: int
) -> None:
    scene = _table(app, size, pile)
    scene.message("Hint: take the top card of the pile, it makes a run.", theme.GOLD, ttl=9.0)
    scene.message("Bot 1 calls Rummy! and takes 4S 5S 6H.", theme.GOLD)
    table = scene.geometry().layout.table
    for _img, region, _alpha in draw_overlays.message_boxes(scene, scene.geometry()):
        assert table.contains(region)
