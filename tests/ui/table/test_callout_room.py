"""Where the table's messages stand: one stack at one anchor (issue 47,
defect 12: refusals stood at the place acted on, the others above the
player's zone, over the hand or a seat's badge), off the stock and the pile
(issue 18: the hint's callout hid the cards it was about), off the hand, the
actions by it and every badge, inside the table's part of the window."""

from __future__ import annotations

from itertools import pairwise

import pytest
from pygame import Rect

from rummy_gui import i18n
from rummy_gui.engine import Game
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw_overlays
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets import theme
from tests.ui.ui_driver import frame, melded_rummy500, open_table

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


def _stack(app: App, scene: TableScene) -> list[Rect]:
    """Three messages of each kind, newest last: news, a hint, a refusal."""
    scene.message(i18n._("Move taken back."), theme.GOLD)
    advice = i18n._("Hint: {advice}").format(
        advice=i18n._("Take {cards} from the discard pile").format(cards="2♠ 5♦ K♦ 9♣ 4♥")
    )
    scene.message(advice, theme.GOLD, ttl=9.0)
    scene.message_at(i18n._("Select exactly one card to discard."))
    frame(app)
    return [box for _img, box, _alpha in draw_overlays.message_boxes(scene, scene.geometry())]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("per_seat", [[1, 1], [2, 1, 1], [1, 1, 1, 1, 1, 1], [1] * 8])
def test_every_message_stands_in_one_stack_off_the_hand_and_the_badges(
    app: App, size: tuple[int, int], lang: str, per_seat: list[int]
) -> None:
    app.resize(size)
    i18n.set_language(lang)
    try:
        scene = open_table(app, melded_rummy500(per_seat))
        boxes = _stack(app, scene)
    finally:
        i18n.set_language("en")
    lt = scene.geometry().layout
    # the newest always; the refusal and the hint at least where the felt has room
    assert len(boxes) >= (2 if len(per_seat) <= 4 else 1)
    keep_off = {
        "hand": lt.hand.inflate(0, 60),
        "actions": lt.actions,
        **{f"badge {seat}": place.badge for seat, place in lt.seats.items()},
        **{f"pile {k}": r for k, r in enumerate(_cards(scene))},
    }
    over = [(name, tuple(b)) for b in boxes for name, r in keep_off.items() if b.colliderect(r)]
    assert over == []
    assert all(lt.table.contains(b) for b in boxes)
    # one stack: one right edge, the newest lowest, none over another
    assert len({b.right for b in boxes}) == 1
    assert all(older.bottom <= newer.top for newer, older in pairwise(boxes))
