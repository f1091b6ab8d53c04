"""The screens over the table, the end of a deal, game over, the hot-seat
hand-over and the score sheet, at the smallest window and at 2560x1440 in
English, Finnish and Russian: every word inside its panel and inside the
button it labels, none over another, and larger on the large screen
(issue 47, "Text that scales")."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.scene import Scene
from rummy_gui.ui.table.hotseat import HandOverScene, hand_over_reason
from rummy_gui.ui.table.overlays import DealSummaryScene, GameOverScene
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.table.score_sheet import ScoreSheetScene
from rummy_gui.ui.widgets.controls import Button
from tests.ui.ink_boxes import inked
from tests.ui.table.played_deals import played
from tests.ui.ui_driver import frame, game_of

SIZES = [(960, 600), (2560, 1440)]


def _table(app: App, preset: str = "rummy500", deals: int = 1) -> TableScene:
    game = played(preset, 4, 3, deals=deals)
    names = ["You", "Alexandra", "Bartholomew", "Konstantin"]
    seats = [SeatConfig(names[0], "human"), SeatConfig(names[1], "human")]
    seats += [SeatConfig(n, "random") for n in names[2:]]
    session = Session(game.preset, seats, {}, game=game, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.pace.cooldown = 1e9
    return scene


def _summary(app: App) -> Scene:
    return DealSummaryScene(app, _table(app))


def _game_over(app: App) -> Scene:
    table = _table(app, "persian", deals=2)
    assert game_of(table).game_over
    return GameOverScene(app, table)


def _hand_over(app: App) -> Scene:
    table = _table(app)
    return HandOverScene(app, table, 1, hand_over_reason(table.session, 1))


def _score_sheet(app: App) -> Scene:
    return ScoreSheetScene(app, _table(app, "persian", deals=2).session)


OVERLAYS: list[Callable[[App], Scene]] = [_summary, _game_over, _hand_over, _score_sheet]


def _words(
    app: App, make: Callable[[App], Scene], size: tuple[int, int], lang: str
) -> tuple[Scene, list[tuple[str, pygame.Rect]]]:
    app.resize(size)
    i18n.set_language(lang)
    try:
        over = make(app)
        app.push(over)
        frame(app)
        boxes = inked(app.size, over.draw)
    finally:
        i18n.set_language("en")
    return over, boxes


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("make", OVERLAYS)
def test_every_word_over_the_table_fits_its_panel_and_none_is_over_another(
    app: App, make: Callable[[App], Scene], size: tuple[int, int], lang: str
) -> None:
    over, boxes = _words(app, make, size, lang)
    panel: pygame.Rect = over.rect  # type: ignore[attr-defined]
    assert [(t, tuple(r)) for t, r in boxes if not panel.contains(r)] == []
    over_each = [(a, b) for (a, ra), (b, rb) in combinations(boxes, 2) if ra.colliderect(rb)]
    assert over_each == []
    buttons: list[Button] = over.buttons  # type: ignore[attr-defined]
    for text, r in boxes:
        for b in buttons:
            if b.rect.collidepoint(r.center):
                assert b.rect.inflate(2, 2).contains(r), (text, tuple(r), tuple(b.rect))
    for a, b in combinations(buttons, 2):
        assert not a.rect.colliderect(b.rect)


@pytest.mark.parametrize("make", OVERLAYS)
def test_the_words_over_the_table_grow_on_a_large_screen(
    app: App, make: Callable[[App], Scene]
) -> None:
    heights = []
    for size in SIZES:
        _over, boxes = _words(app, make, size, "en")
        heights.append(max(r.h for _t, r in boxes))  # the title
        app.pop()
    assert heights[1] >= heights[0] * 1.4
