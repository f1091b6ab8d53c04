"""Replay of a Pinochle deal with face-down lay-offs (RULES.md 3.9): each step
shows what the table showed then, so a card laid off face down is drawn as a
back, never by its face, until the deal is scored."""

from __future__ import annotations

import pytest

from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.screens.replay import ReplayScene
from rummy_gui.ui.shell.app import App
from tests.ui.ui_driver import face_down_deal, spy_faces


def _session() -> Session:
    """Seat 1 lays 10♥ face down on seat 0's run 5♥–9♥ and 2♥ on the set of
    twos (which turns the set face down whole); the deal goes on."""
    g = face_down_deal(to_seat_0=False)
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]
    return Session(g.preset, seats, {}, game=g, threaded=False)


def _faces_drawn(app: App, scene: ReplayScene) -> list[str]:
    real = app.art.face
    drawn = spy_faces(app)
    try:
        scene.draw(app.screen)
    finally:
        app.art.face = real  # type: ignore[method-assign]
    return [str(c) for c in drawn]


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
