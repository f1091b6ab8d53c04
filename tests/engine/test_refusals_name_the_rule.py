"""A refusal says the rule that refuses (issue 48): two jokers in a Shanghai
contract meld break the one-joker rule (the cards are a set); `take 0` and
`cut 0` are counts out of range, not "not a number". In all three languages."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_gui import i18n
from rummy_gui.engine import Game, IllegalMove
from tests.engine._helpers import draw, layout, refused

SHANGHAI_HANDS = [
    "7H JK JK 8C 8D 8S 2C 3C 4C 5C 9D",
    "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD",
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS",
]


@pytest.fixture
def english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _refusal(g: Game, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        g.play(move)
    return info.value


@pytest.mark.usefixtures("english")
def test_two_jokers_in_a_shanghai_contract_set_name_the_one_joker_rule() -> None:
    g = layout("shanghai", SHANGHAI_HANDS, stock="KC KD KH KS QC QH", discard="AC")
    draw(g)
    msg = refused(g, "contract 7H JK JK / 8C 8D 8S", says=["at most 1 joker"])
    assert "is not a set" not in msg
    exc = _refusal(g, "contract 7H JK JK / 8C 8D 8S")
    assert exc.code == "meld_joker_limit"
    i18n.set_language("fi")
    assert "enintään 1 jokeri" in i18n.reason(exc)
    i18n.set_language("ru")
    assert "не больше 1 джокера" in i18n.reason(exc)


def test_a_contract_group_that_is_no_set_still_says_so() -> None:
    g = layout("contract", SHANGHAI_HANDS, stock="KC KD KH KS QC QH", discard="AC")
    draw(g)
    refused(g, "contract 7H 8C 9D / 8D 8S JK", says=["not a set"])


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize("text", ["take 0", "take 00"])
def test_take_zero_says_the_range(text: str) -> None:
    g = layout("rummy500", ["2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"], "KC KD", "9S 10S 4H")
    msg = refused(g, text, says=["take from 1 to 3"])
    assert "not a number" not in msg
    exc = _refusal(g, text)
    i18n.set_language("fi")
    fi = i18n.reason(exc)
    i18n.set_language("ru")
    ru = i18n.reason(exc)
    assert "1" in fi
    assert "3" in fi
    assert "numero" not in fi
    assert "от 1 до 3" in ru


@pytest.mark.usefixtures("english")
def test_cut_zero_says_the_cuts_range() -> None:
    g = Game.new("liverpool", players=3, seed=5)
    most = g.stock_count - 1
    msg = refused(g, "cut 0", says=[f"between 1 and {most}"])
    assert "not a number" not in msg
    exc = _refusal(g, "cut 0")
    for lang in ("fi", "ru"):
        i18n.set_language(lang)
        assert str(most) in i18n.reason(exc)


def test_a_word_that_is_no_number_is_still_not_a_number() -> None:
    g = layout("rummy500", ["2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D"], "KC KD", "9S 10S 4H")
    refused(g, "take x", says=["not a number"])
    refused(g, "0: take 0", says=["take from 1 to 3"])
