"""The court figures and the jester are SVG the package writes (art/figures.py),
drawn crisp at the size asked, one figure per rank and suit (issue 47)."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.engine.cards import JOKER, NATURALS, Card
from rummy_gui.ui.art import cards as cardart
from rummy_gui.ui.art import figures

SIZES = ((30, 60), (57, 80), (146, 205), (300, 420), (600, 840))


@pytest.fixture(autouse=True)
def fonts_ready() -> None:
    pygame.font.init()


def card(code: str) -> Card:
    return next(c for c in NATURALS if str(c) == code)


@pytest.mark.parametrize("size", SIZES)
def test_every_figure_renders_at_the_pixel_size_asked(size: tuple[int, int]) -> None:
    svgs = [
        figures.court_svg(r, s, (200, 28, 40), size[1] / size[0])
        for r in (11, 12, 13)
        for s in "CDHS"
    ]
    svgs += [figures.jester_svg(size[1] / size[0]), figures.bust_svg(13, (28, 28, 36))]
    for svg in svgs:
        img = cardart.svg_image(svg, size)
        assert img.get_size() == size
        # drawn, not blank: most of a figure's frame is covered
        covered = pygame.mask.from_surface(img, 8).count()
        assert covered > size[0] * size[1] // 8


@pytest.mark.parametrize("size", [(86, 120), (146, 205), (300, 420)])
def test_a_face_card_is_the_size_asked_and_its_figure_is_sharp(size: tuple[int, int]) -> None:
    face = cardart.draw_face(card("KH"), *size)
    assert face.get_size() == size
    # crisp: the figure's ink outline has pixels near black at every size
    ink = pygame.mask.from_threshold(face, pygame.Color(figures.INK), (40, 40, 40, 255)).count()
    assert ink > size[0] * size[1] // 400


def test_court_cards_differ_by_rank_and_by_suit() -> None:
    faces = {
        str(c): pygame.image.tobytes(cardart.draw_face(c, 146, 205), "RGB")
        for c in NATURALS
        if c.rank in (11, 12, 13)
    }
    assert len(set(faces.values())) == 12
    # and the figures themselves, not only the corner index, tell the suits apart
    figs = {
        (r, s): figures.court_svg(r, s, cardart.suit_colour(s, True), 1.9)
        for r in (11, 12, 13)
        for s in "CDHS"
    }
    assert len(set(figs.values())) == 12


def test_each_figure_carries_its_suit_sign_beside_both_heads() -> None:
    for suit in "CDHS":
        svg = figures.court_svg(12, suit, (28, 28, 36), 1.9)
        assert svg.count(figures.SUIT_PATHS[suit]) == 2
        for other in set("CDHS") - {suit}:
            assert figures.SUIT_PATHS[other] not in svg


def test_the_king_queen_and_jack_wear_what_tells_them_apart() -> None:
    k, q, j = (figures.court_svg(r, "S", (28, 28, 36), 1.9) for r in (13, 12, 11))
    assert figures.SILVER in k  # the sword
    assert "#fffdf4" in q  # the pearls
    assert "#fbfbf6" in j  # the feather
    assert k.count("#ece8dc") >= 4  # the king's white hair and beard, twice


def test_the_joker_is_a_jester_with_bells() -> None:
    svg = figures.jester_svg(1.9)
    assert svg.count(figures.GOLD) >= 5  # bells on the cap, the shoes and the bauble
    face = cardart.draw_face(JOKER, 146, 205)
    skin = pygame.mask.from_threshold(face, pygame.Color(figures.SKIN), (12, 12, 12, 255))
    assert skin.count() > 146 * 205 // 200
