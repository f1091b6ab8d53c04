"""Confetti over the game-over screen when a game is won: it shows, ends by
itself or at a key, and never appears with animations off (issue 47)."""

from __future__ import annotations

import math

import pygame
import pytest

from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.overlays import GameOverScene
from rummy_gui.ui.table.scene import TableScene
from tests.ui.table.played_deals import played_to_the_end
from tests.ui.ui_driver import frame, game_of


def picture(app: App) -> bytes:
    frame(app)
    return pygame.image.tobytes(app.screen, "RGB")


@pytest.fixture
def ended(app: App) -> TableScene:
    scene = played_to_the_end(app)
    app.pop()  # each test opens its own game over, with the animation setting it needs
    assert 0 in game_of(scene).winners  # Ann, the person at the table, won: confetti is hers
    return scene


def test_the_confetti_flies_over_the_result_then_ends(app: App, ended: TableScene) -> None:
    app.settings.animation = "off"
    app.push(GameOverScene(app, ended))
    still = picture(app)
    app.pop()
    app.settings.animation = "normal"
    over = GameOverScene(app, ended)
    app.push(over)
    assert over.celebration is not None
    assert app.frame_wait() == 0  # drawn every frame while it runs
    shown = 0
    for _ in range(200):
        if over.celebration is None:
            break
        shown += picture(app) != still
        if over.celebration is not None and shown > 3:
            # only the confetti's rectangles go to the screen, not the whole window
            rects = over.dirty_rects
            assert rects is not None
            assert sum(r.w * r.h for r in rects) < app.size[0] * app.size[1] // 4
    assert over.celebration is None  # it ended by itself, within 10 s of frames
    assert shown > 10
    assert picture(app) == still  # and left the screen as it was
    assert over.frame_wait() == math.inf  # then the screen rests


def test_a_key_ends_the_confetti_and_does_nothing_else(app: App, ended: TableScene) -> None:
    app.settings.animation = "normal"
    over = GameOverScene(app, ended)
    app.push(over)
    frame(app, 3)
    assert over.celebration is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frame(app)
    assert over.celebration is None
    assert app.stack.top is over  # Enter ended the show; it did not press "New game"


def test_with_animations_off_there_is_no_frame_of_confetti(app: App, ended: TableScene) -> None:
    app.settings.animation = "off"
    over = GameOverScene(app, ended)
    app.push(over)
    assert over.celebration is None
    first = picture(app)
    for _ in range(5):
        assert picture(app) == first
    assert over.frame_wait() == math.inf


def test_confetti_is_for_a_person_who_won_or_a_show_of_bots() -> None:
    from rummy_gui.ui.table.overlays import celebrates

    assert celebrates([0], (0, 2))  # you (and your partner) won
    assert not celebrates([0], (1,))  # a bot won: no confetti for your loss
    assert celebrates([], (1,))  # bots alone, playing on as a show
    assert celebrates([0, 1], (1,))  # hot seat: a person won
    assert not celebrates([0], ())
