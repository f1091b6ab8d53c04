"""Card art a player recognises (issue 18): court cards with a drawn figure,
a jester for the joker, crisp from SVG at every size; one set of card letters."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.engine.cards import JOKER, NATURALS, Card, rank_text
from rummy_gui.ui.art import cards as cardart
from rummy_gui.ui.art import figures

SIZES = (
    (160, 224),
    (86, 120),
    (50, 70),
)  # a big hand card, a hand card, a meld card (compact face)


def skin_pixels(img: pygame.Surface) -> int:
    """Pixels of the figures' faces: only a drawn figure has them."""
    skin = pygame.Color(figures.SKIN)
    mask = pygame.mask.from_threshold(img, skin, (12, 12, 12, 255))
    return mask.count()


def card(code: str) -> Card:
    return next(c for c in NATURALS if str(c) == code)


@pytest.fixture(autouse=True)
def fonts_ready() -> None:
    pygame.font.init()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("four_colour", [False, True])
def test_every_court_card_has_a_drawn_figure_and_number_cards_have_none(
    size: tuple[int, int], four_colour: bool
) -> None:
    for c in NATURALS:
        face = cardart.draw_face(c, *size, four_colour=four_colour)
        assert face.get_size() == size
        if c.rank in (11, 12, 13):
            assert skin_pixels(face) > size[0] * size[1] // 150, f"{c} has no figure at {size}"
        else:
            assert skin_pixels(face) == 0, f"{c} should show pips or a letter, not a figure"


def test_jack_queen_and_king_are_three_different_figures() -> None:
    for suit in "CDHS":
        faces = [
            pygame.image.tobytes(cardart.draw_face(card(f"{r}{suit}"), 160, 224), "RGBA")
            for r in "JQK"
        ]
        assert len(set(faces)) == 3


def test_the_figure_wears_the_suits_colour_in_the_four_colour_deck() -> None:
    green = pygame.Color(*cardart.FOUR_COLOUR["C"])
    two = cardart.draw_face(card("KC"), 160, 224, four_colour=False)
    four = cardart.draw_face(card("KC"), 160, 224, four_colour=True)

    def robe(img: pygame.Surface) -> int:
        return pygame.mask.from_threshold(img, green, (10, 10, 10, 255)).count()

    assert robe(four) > 160 * 224 // 20
    assert robe(two) == 0


@pytest.mark.parametrize("size", SIZES)
def test_the_joker_is_a_jester_and_says_joker(size: tuple[int, int]) -> None:
    face = cardart.draw_face(JOKER, *size)
    assert skin_pixels(face) > 0
    gold = pygame.mask.from_threshold(face, pygame.Color(figures.GOLD), (14, 14, 14, 255)).count()
    assert gold > 0  # the bells and the band of the cap


def test_the_figures_are_drawn_from_svg_at_the_size_asked() -> None:
    svg = figures.court_svg(13, "H", (200, 28, 40), 1.5)
    assert svg.startswith("<svg")
    assert svg.endswith("</svg>")
    for size in ((40, 60), (400, 600)):
        img = cardart.svg_image(svg, size)
        assert img.get_size() == size


def test_the_sort_button_uses_the_letters_on_the_cards_in_every_language() -> None:
    # Decided: the international A, K, Q, J on the cards in every language, as the
    # notation and the log write them; the Russian button says A-K, not Т-К.
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            label = i18n._("Sort {first}-{last}").format(first=rank_text(1), last=rank_text(13))
            assert rank_text(1) in label, (lang, label)
            assert rank_text(13) in label, (lang, label)
            assert "Т" not in label
    finally:
        i18n.set_language("en")


def test_every_card_back_a_player_can_choose_is_drawn_in_its_own_colours() -> None:
    from rummy_gui.play.settings import CARD_BACKS

    assert set(cardart.BACK_COLOURS) == set(CARD_BACKS)
    backs = {name: cardart.draw_back(name, 60, 84) for name in CARD_BACKS}
    centres = {name: pygame.transform.average_color(img) for name, img in backs.items()}
    assert len(set(centres.values())) == len(CARD_BACKS)
