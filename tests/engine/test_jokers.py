"""RULES.md section 2, jokers: every meld holds a natural card; in a run a
joker stands for one exact card, fixed when played (the 6♠ 7♠ ★ and ★ 6♠ 7♠
examples); in a set for the rank only; ambiguous readings are declared
(section 7) and refused when they are not. Persian's joker rules are in
test_persian.py, Contract Rummy's in test_contracts.py and
test_contract_turn_and_swaps.py."""

from __future__ import annotations

from tests.engine._helpers import AMBIGUOUS, at_play, legal, meld, meld_cards, play, refused


def test_every_meld_holds_a_natural_card():
    g = at_play("JK JK JK 9D", players=5)  # two decks: 4 jokers
    refused(g, "meld JK JK JK")
    refused(g, "meld set JK JK JK")


def test_joker_in_run_is_the_card_after_6s_7s():
    # RULES.md 2: in 6♠ 7♠ ★ the joker is 8♠ ...
    g = at_play("6S 7S JK 4S 5S 9S 9D")
    play(g, "meld 6S 7S JK=8S")
    assert str(meld(g, 1)) == "6S 7S JK=8S"
    # shown with the card's suit symbol, never the notation's letter
    assert meld(g, 1).pretty() == "6♠ 7♠ ★=8♠"
    assert meld_cards(g, 1) == ["6S", "7S", "JK"]
    # ... and it never changes: a 4♠ can not be played by calling the joker 5♠.
    refused(g, "layoff 4S to 1")
    assert legal(g, "layoff 9S to 1")
    play(g, "layoff 5S to 1")
    assert str(meld(g, 1)) == "5S 6S 7S JK=8S"
    play(g, "layoff 4S to 1")
    assert str(meld(g, 1)) == "4S 5S 6S 7S JK=8S"


def test_joker_in_run_is_the_card_before_in_jk_6s_7s():
    # RULES.md 2: in ★ 6♠ 7♠ it is 5♠.
    g = at_play("JK 6S 7S 5S 8S 4S 9D")
    play(g, "meld JK=5S 6S 7S")
    assert str(meld(g, 1)) == "JK=5S 6S 7S"
    assert meld_cards(g, 1) == ["JK", "6S", "7S"]
    refused(g, "layoff 5S to 1")  # the joker already is the 5♠
    assert legal(g, "layoff 4S to 1")
    assert legal(g, "layoff 8S to 1")


def test_joker_in_set_stands_for_rank_only_any_missing_suit_may_be_added():
    g = at_play("7H 7S JK 7D 7C 9D")
    play(g, "meld 7H 7S JK")
    assert meld(g, 1).kind == "set"
    assert meld(g, 1).pretty() == "7♥ 7♠ ★=7"
    assert legal(g, "layoff 7D to 1")
    assert legal(g, "layoff 7C to 1")
    play(g, "layoff 7D to 1")
    assert len(meld_cards(g, 1)) == 4
    refused(g, "layoff 7C to 1")  # the set is full at 4, joker included


def test_one_natural_and_two_jokers_is_ambiguous_and_refused():
    g = at_play("7H JK JK 9D")
    refused(g, "meld 7H JK JK", says=[AMBIGUOUS])
    assert legal(g, "meld set 7H JK JK")
    assert legal(g, "meld run 7H JK=8H JK=9H")
    assert legal(g, "meld run JK=5H JK=6H 7H")
    play(g, "meld run 7H JK=8H JK=9H")
    assert meld(g, 1).kind == "run"
    assert str(meld(g, 1)) == "7H JK=8H JK=9H"


def test_declared_set_of_one_natural_and_two_jokers():
    g = at_play("7H JK JK 7S 9D")
    play(g, "meld set 7H JK JK")
    assert meld(g, 1).kind == "set"
    play(g, "layoff 7S to 1")
    assert len(meld_cards(g, 1)) == 4


def test_run_whose_joker_could_sit_at_either_end_is_ambiguous():
    g = at_play("6S 7S JK 9D")
    refused(g, "meld 6S 7S JK", says=[AMBIGUOUS])
    assert legal(g, "meld 6S 7S JK=8S")
    assert legal(g, "meld JK=5S 6S 7S")


def test_joker_meaning_that_does_not_fit_is_refused():
    g = at_play("6S 7S JK 9D")
    refused(g, "meld 6S 7S JK=9S")
    refused(g, "meld 6S 7S JK=8H")
    refused(g, "meld set 6S 7S JK")


def test_unambiguous_jokers_need_no_declaration():
    g = at_play("6S JK 8S 7H 7D JK 9D")
    play(g, "meld 6S JK 8S")
    assert str(meld(g, 1)) == "6S JK=7S 8S"
    play(g, "meld 7H 7D JK")
    assert meld(g, 2).kind == "set"


def test_laying_off_a_joker_on_a_run_must_say_which_end_when_both_fit():
    g = at_play("6S 7S 8S JK 9D")
    play(g, "meld 6S 7S 8S")
    refused(g, "layoff JK to 1", says=[AMBIGUOUS])
    play(g, "layoff JK=9S to 1")
    assert str(meld(g, 1)) == "6S 7S 8S JK=9S"


def test_laying_off_a_joker_on_a_set():
    g = at_play("9C 9H 9S JK 2S")
    play(g, "meld 9C 9H 9S", "layoff JK to 1")
    assert len(meld_cards(g, 1)) == 4
    assert "JK" in meld_cards(g, 1)
