"""Replay of a Pinochle deal with face-down lay-offs (RULES.md 3.9): each step
shows what the table showed then, so a card laid off face down is drawn as a
back, never by its face, until the deal is scored."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.engine import Game
from rummy_gui.engine.cards import Card
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.screens.replay import ReplayScene
from rummy_gui.ui.shell.app import App


def _session() -> Session:
    """Seat 1 lays 10♥ face down on seat 0's run 5♥–9♥ and 2♥ on the set of
    twos (which turns the set face down whole); the deal goes on."""
    g = Game.from_layout(
        "pinochle",
        hands=["5H 6H 7H 8H 9H 2C 2D 2S 3C KD QC", "10H 4H 2H KS QS", "6D 8D 9D 10D KC"],
        stock="JS 9S 3S 4S 5S 6S 7S",
        discard="JC 4D",
    )
    for text in (
        "0: draw",
        "0: meld 5H 6H 7H 8H 9H",
        "0: meld 2C 2D 2S",
        "0: discard 3C",
        "1: draw",
        "1: layoff 10H to 1",
        "1: layoff 2H to 2",
        "1: discard KS",
    ):
        g.play(text)
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]
    return Session(g.preset, seats, {}, game=g, threaded=False)


def _faces_drawn(app: App, scene: ReplayScene) -> list[str]:
    drawn: list[str] = []
    real = app.art.face

    def face(card: Card, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
        drawn.append(str(card))
        return real(card, size, four_colour)

    app.art.face = face  # type: ignore[method-assign]
    try:
        scene.draw(app.screen)
    finally:
        app.art.face = real  # type: ignore[method-assign]
    return drawn


def test_a_face_down_lay_off_is_a_back_in_the_replay(app: App) -> None:
    session = _session()
    app.session = session
    scene = ReplayScene(app, session, deal=1)
    app.push(scene)
    scene.layout(app.screen.get_size())
    scene.end()  # after "1: discard KS": both lay-offs lie face down
    assert scene.replay.last_move is not None
    drawn = _faces_drawn(app, scene)
    assert "10H" not in drawn
    assert "2H" not in drawn
    assert not {"2C", "2D", "2S"} & set(drawn)  # the set made four lies face down whole
    assert {"5H", "6H", "7H", "8H", "9H"} <= set(drawn)  # the run itself is public
    scene.start()
    assert "10H" in _faces_drawn(app, scene)  # before the lay-off it was in Bo's hand


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_replays_discard_pile_ends_above_the_step_buttons(
    app: App, size: tuple[int, int]
) -> None:
    from rummy_gui.ui.shell.intents import Resize
    from tests.ui.ui_driver import frame

    app.dispatch(Resize(size))
    session = _session()
    app.session = session
    scene = ReplayScene(app, session, deal=1)
    app.push(scene)
    frame(app)
    scene.end()
    scene.draw(app.screen)
    assert scene.pile_rects
    for card in scene.pile_rects:
        assert not any(card.colliderect(b.rect) for b in scene.buttons)
        assert card.bottom <= app.screen.get_height()
