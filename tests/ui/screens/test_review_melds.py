"""The deal review shows every meld on the table (issue 47, seen 1): they wrap
into rows and shrink to fit, none outside the screen, none over another, and
the screen says how the findings are sorted."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.engine import Game, Move
from rummy_gui.engine.cards import Card
from rummy_gui.play.review import Finding
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.screens.review import ReviewScene, meld_rects
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.widgets import fonts
from tests.ui.ui_driver import frame

HANDS = [
    "2C 2D 2H 3C 3D 3H 4C 4D 4H 9S KD",
    "5C 5D 5H 6C 6D 6H 7C 7D 7H 9H KH",
    "8C 8D 8H 10C 10D 10H JC JD JH 9C KC",
]
MELDS = [["2C 2D 2H", "3C 3D 3H", "4C 4D 4H"], ["5C 5D 5H", "6C 6D 6H", "7C 7D 7H"]]
MELDS.append(["8C 8D 8H", "10C 10D 10H", "JC JD JH"])


def _nine_melds() -> Game:
    game = Game.from_layout(
        "rummy500", hands=HANDS, stock="QS QH QD QC AS AD AH AC 2S 3S 4S 5S", discard="KS"
    )
    for seat, melds in enumerate(MELDS):
        game.play(Move.parse(f"{seat}: draw"))
        for meld in melds:
            game.play(Move.parse(f"{seat}: meld {meld}"))
        game.play(Move.parse(f"{seat}: discard K{'DHC'[seat]}"))
        while game.to_act[0] != (seat + 1) % 3 or len(game.to_act) > 1:  # nobody calls rummy
            who = game.to_act[0]
            game.play(next(m for m in game.view(who).legal_moves if m.action.value == "pass"))
    assert len(game.view(0).melds) == 9
    return game


class Spy(pygame.Surface):
    """A screen that remembers where each image went."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.placed: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[no-untyped-def, override]
        rect = super().blit(source, dest, *args, **kwargs)
        self.placed.append((source, pygame.Rect(rect)))
        return rect


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_every_meld_is_inside_the_screen_and_none_over_another(
    app: App, size: tuple[int, int]
) -> None:
    game = _nine_melds()
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "medium"), SeatConfig("Cy", "medium")]
    session = Session(game.preset, seats, {}, game=game, threaded=False)
    app.session = session
    scene = ReviewScene(app, session, 0)
    assert scene.job is not None
    scene.job.close()
    scene.job = None
    assert scene.replay is not None
    position = len(scene.replay.moves)  # seat 0 to draw, the nine melds down
    draw = Move.parse("0: draw")
    scene.findings = [Finding(position, draw, Move.parse("0: take 1"), 5.0, -5.0, 0.0, 8)]
    app.push(scene)
    app.resize(size)
    frame(app)
    faces: dict[int, Card] = {}
    real = app.art.face

    def face(card: Card, size: tuple[int, int], four_colour: bool = False) -> pygame.Surface:
        img = real(card, size, four_colour)
        faces[id(img)] = card
        return img

    app.art.face = face  # type: ignore[method-assign]
    screen = Spy(app.screen.get_size())
    scene.draw(screen)
    view = scene.view()
    assert view is not None
    assert len(view.melds) == 9
    drawn = [(faces[id(img)], r) for img, r in screen.placed if id(img) in faces]
    boxes = []
    for meld in view.melds:
        rects = [r for c, r in drawn if c in meld.cards]
        assert len(rects) == len(meld.cards), f"meld {meld} not drawn whole"
        box = rects[0].unionall(rects[1:])
        assert screen.get_rect().contains(box)
        boxes.append(box)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.colliderect(b)
    order = fonts.text_cached("Sorted by expected loss, biggest first", 14, (0, 0, 0))
    assert any(img.get_size() == order.get_size() for img, _r in screen.placed)


def test_melds_shrink_and_wrap_to_fit_their_area() -> None:
    area = pygame.Rect(20, 100, 900, 90)
    h, rows = meld_rects([3] * 9 + [13], area, 150)
    assert h < 150
    cards = [r for meld in rows for r in meld]
    assert all(area.contains(r) for r in cards)
    assert [len(m) for m in rows] == [3] * 9 + [13]


def test_the_review_screen_leaves_the_cores_to_the_review_while_it_waits(app: App) -> None:
    """Its progress is drawn ten times a second, not at 60 frames (the
    review's two processes need both cores); then only input redraws it."""
    game = _nine_melds()
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "medium"), SeatConfig("Cy", "medium")]
    session = Session(game.preset, seats, {}, game=game, threaded=False)
    scene = ReviewScene(app, session, 0)
    app.push(scene)
    try:
        assert scene.computing
        assert 0.05 <= scene.frame_wait() <= 0.2
    finally:
        assert scene.job is not None
        scene.job.close()
    scene.job = None
    scene.findings = []
    assert scene.frame_wait() == float("inf")
