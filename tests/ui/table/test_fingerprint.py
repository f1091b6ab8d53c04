"""The deal's fingerprint on the table (ui/table/fingerprint): from a deal's
first card its short fingerprint stands at the right of the log's heading,
whole, inside the log's column and over nothing else, in every language at
960x600 too; the next deal shows its own; the pointer over it explains it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest
from pygame import Rect

from rummy_gui import i18n
from rummy_gui.engine import Action, Game, Move
from rummy_gui.engine.fairness import short
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw_seats, fingerprint
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import drawn, frame, game_of, hover, open_table


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _table(app: App, size: tuple[int, int], lang: str = "en") -> TableScene:
    i18n.set_language(lang)
    app.resize(size)
    scene = open_table(app, Game.new("rummy500", players=2, seed=5))
    frame(app)
    return scene


def _drawn_panel(
    monkeypatch: pytest.MonkeyPatch, scene: TableScene
) -> list[tuple[str | None, Rect]]:
    geo = scene.geometry()

    def paint(surface: pygame.Surface) -> None:
        draw_seats.draw_log(surface, scene, geo)
        fingerprint.draw_fingerprint(surface, scene, geo)

    return drawn(monkeypatch, scene.app.size, paint)


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_fingerprint_fits_beside_the_log_heading(
    monkeypatch: pytest.MonkeyPatch, app: App, size: tuple[int, int], lang: str
) -> None:
    scene = _table(app, size, lang)
    print_ = game_of(scene).fingerprint
    assert print_ is not None
    boxes = _drawn_panel(monkeypatch, scene)
    mine = [box for text, box in boxes if text == short(print_)]
    assert len(mine) == 1, "the fingerprint is drawn once, whole"
    box = mine[0]
    geo = scene.geometry()
    assert geo.layout.log.contains(box)
    assert box.h >= 9  # still readable after fitting
    others = [b for text, b in boxes if text is not None and text != short(print_)]
    heading = others[0]
    assert heading.y == geo.layout.log.y  # the heading, and the fingerprint on its line
    assert box.top < heading.bottom
    assert box.bottom > heading.top
    assert [b for b in others if b.colliderect(box)] == []
    assert [b.rect for b in scene.buttons if b.visible and b.rect.colliderect(box)] == []
    assert not box.colliderect(geo.layout.table)


def test_the_log_lines_are_as_they_were(monkeypatch: pytest.MonkeyPatch, app: App) -> None:
    """The fingerprint adds no line to the log: its entries wrap as before."""
    scene = _table(app, (960, 600))
    texts = [t for t, _b in _drawn_panel(monkeypatch, scene) if t is not None]
    assert texts[1:-1] == [e.text() for e in scene.session.log]


def test_each_deal_shows_its_own_fingerprint(app: App) -> None:
    scene = _table(app, (960, 600))
    first = game_of(scene).fingerprint
    game = game_of(scene)
    while game.round == 1:
        seat = game.to_act[0]
        legal = scene.session.legal(seat)
        move = next((m for m in legal if m.action in (Action.DRAW, Action.DISCARD)), legal[0])
        assert scene.play(move, seat, quiet=True)
        if game.deal_over:  # no frame ran: no deal summary to close
            assert scene.play(Move(Action.DEAL), game.turn, quiet=True)
    assert game.fingerprint is not None
    assert game.fingerprint != first
    shown = fingerprint.fingerprint_image(scene, scene.geometry())
    assert shown is not None


def test_a_position_set_up_by_hand_shows_none(app: App) -> None:
    game = Game.from_layout("rummy500", ["7H 7S 7D", "3H 4H 5H"], "KS QC 2D", "JS")
    scene = open_table(app, game)
    assert fingerprint.fingerprint_image(scene, scene.geometry()) is None


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_pointer_over_it_explains_it(app: App, size: tuple[int, int]) -> None:
    scene = _table(app, size)
    shown = fingerprint.fingerprint_image(scene, scene.geometry())
    assert shown is not None
    assert fingerprint.tip(scene, scene.geometry()) is None
    hover(app, shown[1].center)
    tip = fingerprint.tip(scene, scene.geometry())
    assert tip is not None
    lines, box = tip
    assert "SHA-256" in " ".join(lines)
    assert "--verify" in " ".join(lines)
    assert app.screen.get_rect().contains(box)
    hover(app, (10, 10))
    assert fingerprint.tip(scene, scene.geometry()) is None
