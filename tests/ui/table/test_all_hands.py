"""Show all hands (ui/table/all_hands): at a deal's end the summary's "Show
all hands" (or H) shows every seat's remaining cards face up on the table,
each hand at its own seat; Back, Esc or H returns to the scores."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rummy_gui.engine import Card, Game
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import all_hands
from rummy_gui.ui.table.all_hands import AllHandsScene, shown_hands
from rummy_gui.ui.table.overlays import DealSummaryScene
from rummy_gui.ui.table.scene import TableScene
from tests.ui.table.played_deals import played
from tests.ui.ui_driver import click, frame, key


def _summary(app: App, game: Game, size: tuple[int, int]) -> tuple[TableScene, DealSummaryScene]:
    app.resize(size)
    seats = [SeatConfig("You", "human")] + [
        SeatConfig(f"Bot {i}", "random") for i in range(1, game.players)
    ]
    session = Session(game.preset, seats, {}, game=game, threaded=False)
    app.session = session
    table = TableScene(app, session)
    app.push(table)
    frame(app, 3)
    summary = app.stack.top
    assert isinstance(summary, DealSummaryScene)
    return table, summary


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize(
    ("preset", "players"), [("rummy500", 2), ("rummy500", 4), ("liverpool", 5), ("rummy500", 8)]
)
def test_every_hand_is_shown_face_up_at_its_seat(
    monkeypatch: pytest.MonkeyPatch, app: App, size: tuple[int, int], preset: str, players: int
) -> None:
    game = played(preset, players, 7)
    table, summary = _summary(app, game, size)
    assert summary.all_hands.label == "Show all hands"
    click(app, summary.all_hands.rect.center)
    view = app.stack.top
    assert isinstance(view, AllHandsScene)
    assert app.stack.visible() == [view]  # the summary's panel is out of the way
    drawn: list[tuple[Card | None, pygame.Rect]] = []
    monkeypatch.setattr(
        all_hands, "draw_card", lambda _s, _a, _b, _f, card, rect, *_r: drawn.append((card, rect))
    )
    view.draw(app.screen)
    hands = shown_hands(table)
    assert sorted(h.seat for h in hands) == list(range(players))
    window = app.screen.get_rect()
    for h in hands:
        assert [c for c, _r in h.cards] == list(game.hand(h.seat))
        assert window.contains(h.band)
        assert all(h.band.contains(r) for _c, r in h.cards), h.seat
        others = [o.band for o in hands if o.seat != h.seat]
        assert h.band.collidelist(others) < 0
    assert sorted(str(c) for c, _r in drawn) == sorted(
        str(c) for seat in range(players) for c in game.hand(seat)
    )
    assert None not in [c for c, _r in drawn]  # every card face up


def test_the_keys_open_and_close_it(app: App) -> None:
    _table, summary = _summary(app, played("rummy500", 3, 7), (960, 600))
    key(app, all_hands.SHOW_KEY)
    assert isinstance(app.stack.top, AllHandsScene)
    key(app, all_hands.SHOW_KEY)
    assert app.stack.top is summary
    key(app, all_hands.SHOW_KEY)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is summary


def test_back_to_the_scores(app: App) -> None:
    _table, summary = _summary(app, played("rummy500", 2, 7), (960, 600))
    click(app, summary.all_hands.rect.center)
    view: Any = app.stack.top
    click(app, view.buttons[0].rect.center)
    assert app.stack.top is summary


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_button_keeps_clear_of_the_summarys_words(app: App, size: tuple[int, int]) -> None:
    _table, summary = _summary(app, played("rummy500", 4, 7), size)
    button = summary.all_hands.rect
    assert summary.rect.contains(button)
    others = [b.rect for b in summary.buttons if b is not summary.all_hands]
    assert button.collidelist(others) < 0


def test_the_way_back_grows_with_the_window_like_the_title(app: App) -> None:
    """Its words kept 15 px on a large screen while the title beside it grew."""
    sizes = []
    for size in [(960, 600), (2560, 1440)]:
        _table, summary = _summary(app, played("rummy500", 2, 7), size)
        click(app, summary.all_hands.rect.center)
        view: Any = app.stack.top
        sizes.append(view.buttons[0].label_image().get_height())
        app.pop()
        app.pop()
        app.pop()
    assert sizes[1] >= sizes[0] * 1.4
