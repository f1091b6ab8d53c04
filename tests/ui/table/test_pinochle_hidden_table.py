"""The table and Pinochle's face-down lay-offs (RULES.md 3.9): backs in the
layer's area, a set made four face down whole, the going-out card face
down, every meld a lay-off target, and nothing drawn that tells a hidden card."""

from __future__ import annotations

import pygame

from rummy_gui.engine import Game
from rummy_gui.engine.cards import parse_card
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.draw_melds import complete_mark
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets import theme
from tests.ui.ui_driver import (
    drag,
    face_down_deal,
    frame,
    game_of,
    open_table,
    table_frame_bytes,
)


def _all_cards(scene: TableScene) -> list[str]:
    return [str(c) for slots in scene.geometry().zones.values() for c, _r in slots if c]


def test_face_down_layoffs_lie_as_backs_in_the_layers_area(app: App) -> None:
    scene = open_table(app, face_down_deal())
    zones = scene.geometry().zones
    assert [c for c, _r in zones[("face down", 1)]] == [None]
    assert [str(c) for c, _r in zones[("meld", 1)]] == ["5H", "6H", "7H", "8H", "9H"]
    assert [c for c, _r in zones[("meld", 2)]] == [None] * 4  # a set made four, face down whole
    assert "10H" not in _all_cards(scene)
    assert "2H" not in _all_cards(scene)


def test_a_set_made_four_is_marked_complete(app: App) -> None:
    scene = open_table(app, face_down_deal())
    frame(app)
    last = scene.geometry().zones[("meld", 2)][-1][1]
    assert _gold_in(app, complete_mark(pygame.Surface((1, 1)), last))
    app.pop()
    three = Game.from_layout(  # the same set of three, before its fourth card
        "pinochle",
        hands=["2C 2D 2S 3C KD QC", "10H 4H KS QS", "6D 8D 9D 10D KC"],
        stock="JS 9S 3S 4S 5S 6S 7S",
        discard="JC 4D",
    )
    for text in ("0: draw", "0: meld 2C 2D 2S", "0: discard 3C"):
        three.play(text)
    scene = open_table(app, three)
    frame(app)
    last = scene.geometry().zones[("meld", 1)][-1][1]
    assert not _gold_in(app, complete_mark(pygame.Surface((1, 1)), last))


def _gold_in(app: App, rect: pygame.Rect) -> bool:
    pixels = (
        app.screen.get_at((x, y))[:3]
        for x in range(rect.x, rect.right)
        for y in range(rect.y, rect.bottom)
    )
    return any(p == theme.GOLD for p in pixels)


def test_the_table_looks_the_same_whatever_card_lies_face_down(app: App) -> None:
    first = open_table(app, face_down_deal("10H"))
    picture = table_frame_bytes(app, first)
    app.pop()
    second = open_table(app, face_down_deal("4H"))
    assert table_frame_bytes(app, second) == picture


def test_every_meld_but_a_full_set_is_a_lay_off_target(app: App) -> None:
    scene = open_table(app, face_down_deal())
    targets = scene.drops.targets_for_hand([parse_card("KD")])  # fits no meld
    laid = {t.moves[0].meld_id for t in targets if t.moves and t.moves[0].action == "layoff"}
    assert laid == {1}  # the run; the face-down set is complete


def test_a_lay_off_dropped_on_a_meld_it_does_not_fit_says_only_that(app: App) -> None:
    scene = open_table(app, face_down_deal())
    geo = scene.geometry()
    hand = geo.zones[("hand", 0)]
    king = next(r for c, r in hand if c is not None and str(c) == "KD")
    drag(app, king.center, geo.meld_area(1).center)
    frame(app)
    assert [str(c) for c in game_of(scene).hand(0)].count("KD") == 1
    assert any("K♦ does not fit that meld." in m for m in _messages(scene))


def _messages(scene: TableScene) -> list[str]:
    return [m.text for m in scene.messages]


def test_the_last_card_lies_face_down_on_the_pile(app: App) -> None:
    g = Game.from_layout(
        "pinochle", hands=["5H 6H 7H 8H 9H", "2D 3D", "6D 8D"], stock="QC QS", discard="JC"
    )
    for text in ("0: draw", "0: meld 5H 6H 7H 8H 9H", "0: discard QC"):
        g.play(text)
    scene = open_table(app, g)
    pile = scene.geometry().zones[("discard",)]
    assert [None if c is None else str(c) for c, _r in pile] == ["JC", None]
