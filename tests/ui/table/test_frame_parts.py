"""A still table draws only the parts that changed (issue 18): the picture
on screen must then be the same as the whole frame drawn afresh."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.engine import Action, Game, Move
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import frame, game_of


def _table(app: App, turn: int = 0) -> TableScene:
    game = Game.from_layout(
        "rummy500",
        hands=[
            "7H 8H 9H 10C 10S KD 2C",
            "3S 4S 5S 6D 8C JD QC",
            "2D 3D 5H 9S JC QD KC",
            "4C 5C 6C 7D 8S 9C JH",
        ],
        stock="AC 2S 3C 4D 5D 6H 7C 8D 9D AS AH AD",
        discard="KS 10D 6S 4H",
        turn=turn,
    )
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "easy") for n in ("Bo", "Cy", "Di")]
    session = Session(game.preset, seats, {}, game=game, threaded=False, bot_process=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.pace.cooldown = 1e9  # the bots wait until the test lets them play
    frame(app, 2)
    return scene


def _whole(app: App, scene: TableScene) -> bytes:
    """This frame drawn whole on a fresh surface (the table's memory of the
    last frame is put back afterwards)."""
    saved, dirty = draw._FRAMES.get(scene), scene.dirty_rects
    fresh = pygame.Surface(app.screen.get_size())
    scene.draw(fresh)
    if saved is None:
        draw._FRAMES.pop(scene, None)
    else:
        draw._FRAMES[scene] = saved
    scene.dirty_rects = dirty
    return pygame.image.tobytes(fresh, "RGB")


def _move_pointer(pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )


@pytest.mark.parametrize("turn", [0, 1])
def test_a_still_frame_redraws_only_what_changed_and_shows_the_whole_picture(
    app: App, turn: int
) -> None:
    scene = _table(app, turn)
    geo = scene.geometry()
    partial = 0
    places = [
        geo.zones[("discard",)][-1][1].center,
        geo.zones[("hand", 0)][2][1].center,
        scene.buttons["meld"].rect.center,
        geo.layout.stock.center,
        (5, 5),
    ]
    for pos in places:
        _move_pointer(pos)
        frame(app)
        partial += scene.dirty_rects is not None
        assert pygame.image.tobytes(app.screen, "RGB") == _whole(app, scene)
    scene.message("A word for the player", ttl=0.2)
    for _ in range(8):  # it shows, fades and goes
        frame(app)
        partial += scene.dirty_rects is not None
        assert pygame.image.tobytes(app.screen, "RGB") == _whole(app, scene)
    assert not scene.messages
    assert partial >= 8  # the frames above were drawn in parts


def test_moves_of_the_bots_leave_the_same_picture_as_a_whole_frame(app: App) -> None:
    scene = _table(app)
    assert scene.play(Move(Action.DRAW))
    frame(app, 2)
    scene.sync_hand()
    discard = next(m for m in scene.legal() if m.action is Action.DISCARD)
    assert scene.play(discard)
    scene.pace.cooldown = 0
    partial = 0
    for _ in range(40):
        frame(app)
        partial += scene.dirty_rects is not None
        assert pygame.image.tobytes(app.screen, "RGB") == _whole(app, scene)
    assert 0 in game_of(scene).to_act  # the bots have played round to the human again
    assert partial > 0


def test_a_still_frame_goes_to_the_screen_as_rectangles(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = _table(app)
    calls: list[str] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip"))
    monkeypatch.setattr(pygame.display, "update", lambda _rects: calls.append("update"))
    _move_pointer(scene.geometry().zones[("hand", 0)][0][1].center)  # a card rises
    frame(app)
    assert calls == ["update"]
