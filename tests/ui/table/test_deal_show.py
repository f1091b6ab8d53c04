"""The deal flies from the stock when a game starts and at every new deal,
only with animations on; a card under the pointer is lifted with a larger
shadow (issue 47)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rummy_gui.engine import Action, Move
from rummy_gui.play.session import SeatConfig
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw as table_draw
from rummy_gui.ui.table import draw_common
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import frame, game_of

SEATS = [SeatConfig("Ann", "human"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]


def started(app: App, speed: str) -> TableScene:
    app.settings.animation = speed
    app.rooms.start_table("rummy500", SEATS, {}, seed=11)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    return scene


def test_a_new_game_is_dealt_card_by_card_from_the_stock(app: App) -> None:
    scene = started(app, "normal")
    g = game_of(scene)
    dealt = sum(len(g.hand(s)) for s in range(g.players)) + len(g.discard_pile)
    assert len(scene.motion.flights) == dealt
    assert app.frame_wait() == 0  # drawn every frame while the cards fly
    for _ in range(200):
        if not scene.motion.flights:
            break
        assert not g.moves  # nobody plays before the cards are dealt
        frame(app)
    assert not scene.motion.flights


def test_with_animations_off_the_cards_are_simply_there(app: App) -> None:
    scene = started(app, "off")
    assert scene.motion.flights == []
    picture = pygame.image.tobytes(app.screen, "RGB")
    frame(app)
    first = pygame.image.tobytes(app.screen, "RGB")
    frame(app)
    assert pygame.image.tobytes(app.screen, "RGB") == first != picture


@pytest.mark.parametrize("speed", ["normal", "off"])
def test_the_next_deal_is_dealt_too_when_animations_are_on(app: App, speed: str) -> None:
    scene = started(app, "off")
    app.settings.animation = speed
    g = game_of(scene)
    moves = 0
    while not g.deal_over and moves < 400:  # the bots' own play, quickly, to the deal's end
        scene.play(scene.session.legal(g.to_act[0])[0], g.to_act[0], quiet=True)
        moves += 1
    assert g.deal_over
    scene.motion.flights.clear()
    scene.play(Move(Action.DEAL), g.turn)
    if speed == "off":
        assert scene.motion.flights == []
    else:
        dealt = sum(len(g.hand(s)) for s in range(g.players)) + len(g.discard_pile)
        assert len(scene.motion.flights) == dealt
        assert {f.start.topleft for f in scene.motion.flights} == {
            scene.geometry().zones[("stock",)][0][1].topleft
        }


def test_the_card_under_the_pointer_is_lifted_with_a_larger_shadow(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = started(app, "off")
    frame(app)
    seen: dict[int, bool] = {}
    real = draw_common.draw_card
    hand = scene.geometry().zones[("hand", scene.viewer)]

    def spy(
        surface: Any, sc: Any, card: Any, rect: Any, shadow: bool = False, lifted: bool = False
    ) -> None:
        for i, (_c, r) in enumerate(hand):
            if r.x == rect.x and card is not None:
                seen[i] = lifted
        real(surface, sc, card, rect, shadow, lifted)

    monkeypatch.setattr(draw_common, "draw_card", spy)
    monkeypatch.setattr(table_draw, "_still", lambda _scene: False)  # whole frames
    x, y = hand[2][1].center
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 4, y), rel=(0, 0), buttons=(0, 0, 0))
    )
    frame(app)
    assert seen[2] is True
    assert not any(up for i, up in seen.items() if i != 2)
