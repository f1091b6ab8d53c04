"""RULES.md 4.4: the Contract Rummy turn — draw (stock or top discard), the
contract, lay-offs from the next turn (Shanghai: the same turn), joker swaps
from runs, going out with a discard and never melding the last card;
decisions table row "who may swap a joker"."""

from __future__ import annotations

import pytest

from tests.engine._helpers import (
    cards,
    deal_scores,
    draw,
    find_meld,
    hand,
    layout,
    legal_texts,
    owners,
    pass_claims,
    pile,
    play,
    refused,
)

HANDS = [
    "7H 7S 7D 5C 6C JK 8C 7C 9C 2D 3D",
    "8S 8D 8H 2S 3S 4S 5S 7C 4H",
    "QS 10S 2H 3H AD",
]
STOCK = "KH QH JH 10H 4D 5D 6D 8D 9D"


def contract_down(preset="contract"):
    """Round 2 (a set and a run). Seat 0 draws and lays down
    7♥ 7♠ 7♦ / 5♣ 6♣ ★=7♣ 8♣ and still holds 7♣ 9♣ 2♦ 3♦ K♥."""
    g = layout(preset, HANDS, stock=STOCK, discard="4S", round=2)
    draw(g)
    play(g, "0: contract 7H 7S 7D / 5C 6C JK 8C")
    assert hand(g, 0) == cards("7C 9C 2D 3D KH")
    return g


def set_id(g):
    return find_meld(g, "7H 7S 7D").id


def run_id(g):
    return find_meld(g, "5C 6C JK 8C").id


def next_turn_of_seat0(g):
    """Seat 0 discards K♥; seats 1 and 2 draw and discard Q♥ and J♥; seat 0
    draws again (the 10♥ in the swaps' position)."""
    play(g, "0: discard KH")
    pass_claims(g)
    draw(g)
    play(g, "1: discard QH")
    pass_claims(g)
    draw(g)
    play(g, "2: discard JH")
    pass_claims(g)
    draw(g)
    assert g.turn == 0
    assert g.phase == "play"
    return g


# --- the draw -------------------------------------------------------------


def test_contract_draw_is_the_stock_or_the_top_discard_only():
    g = layout("contract", HANDS, stock=STOCK, discard="9S 4S", round=2)
    assert legal_texts(g) == {"0: draw", "0: take 1"}
    refused(g, "0: take 2")
    play(g, "0: take 1")
    assert hand(g, 0)["4S"] == 1
    assert g.phase == "play"  # no buying after the player in turn takes the discard


# --- lay-offs ---------------------------------------------------------------


@pytest.mark.parametrize("preset", ["contract", "liverpool"])
def test_layoff_only_on_a_later_turn_than_the_contract(preset):
    g = contract_down(preset)
    refused(g, f"0: layoff 9C to {run_id(g)}")
    refused(g, f"0: layoff 7C to {set_id(g)}")
    next_turn_of_seat0(g)
    play(g, f"0: layoff 9C to {run_id(g)}")
    assert str(find_meld(g, "5C 6C JK 8C 9C")) == "5C 6C JK=7C 8C 9C"


def test_shanghai_layoff_on_the_same_turn_as_the_contract():
    g = contract_down("shanghai")
    play(g, f"0: layoff 9C to {run_id(g)}")
    assert owners(g, run_id_after(g)) == (0, 0, 0, 0, 0)


def run_id_after(g):
    return next(m for m in g.melds if m.kind == "run").id


def test_no_layoff_before_laying_down_the_contract():
    g = contract_down()
    play(g, "0: discard KH")
    pass_claims(g)
    draw(g)
    # seat 1 holds 7♣, which would fit seat 0's set, but has no contract down
    refused(g, f"1: layoff 7C to {set_id(g)}")


def test_layoff_on_other_players_melds_on_a_later_turn():
    g = contract_down()
    play(g, "0: discard KH")
    pass_claims(g)
    draw(g)
    play(g, "1: contract 8S 8D 8H / 2S 3S 4S 5S")
    refused(g, f"1: layoff 7C to {set_id(g)}")  # same turn as the contract
    play(g, "1: discard QH")
    pass_claims(g)
    draw(g)
    play(g, "2: discard JH")
    pass_claims(g)
    draw(g)
    play(g, "0: discard 10H")
    pass_claims(g)
    draw(g)
    sevens = set_id(g)
    play(g, f"1: layoff 7C to {sevens}")
    assert owners(g, sevens) == (0, 0, 0, 1)


# --- joker swaps ---------------------------------------------------------------


def test_joker_swap_from_a_run_and_the_joker_goes_back_on_the_table():
    g = next_turn_of_seat0(contract_down())
    run = run_id(g)
    play(g, f"0: swap 7C in {run}")
    assert [str(c) for c in find_meld(g, "5C 6C 7C 8C").cards] == ["5C", "6C", "7C", "8C"]
    assert hand(g, 0)["JK"] == 1
    refused(g, "0: discard 2D", says=["joker|★"])  # the joker must be played this turn
    refused(g, "0: discard JK")
    play(g, f"0: layoff JK to {set_id(g)}")
    play(g, "0: discard 2D")
    assert g.turn == 1


def test_joker_swap_needs_the_card_the_joker_stands_for():
    g = next_turn_of_seat0(contract_down())
    refused(g, f"0: swap 9C in {run_id(g)}")
    refused(g, f"0: swap 7H in {run_id(g)}")


def test_joker_in_a_set_is_dead():
    hands = ["7H 7S JK 5C 6C 7C 8C 7D 2D 3D", HANDS[1], HANDS[2]]
    g = layout("contract", hands, stock=STOCK, discard="4S", round=2)
    draw(g)
    play(g, "0: contract 7H 7S JK / 5C 6C 7C 8C")
    next_turn_of_seat0(g)
    set_ = find_meld(g, "7H 7S JK").id
    refused(g, f"0: swap 7D in {set_}")


def test_joker_swap_only_by_a_player_who_may_lay_off():
    g = contract_down()
    refused(g, f"0: swap 7C in {run_id(g)}")  # the contract's own turn
    play(g, "0: discard KH")
    pass_claims(g)
    draw(g)
    refused(g, f"1: swap 7C in {run_id(g)}")  # seat 1 has no contract down


def test_shanghai_joker_swap_on_the_same_turn_as_the_contract():
    g = contract_down("shanghai")
    run = run_id(g)
    play(g, f"0: swap 7C in {run}")
    assert hand(g, 0)["JK"] == 1
    play(g, f"0: layoff JK to {set_id(g)}", "0: discard 2D")


# --- the discard and going out -------------------------------------------------


def test_contract_discard_passes_left():
    g = contract_down()
    play(g, "0: discard KH")
    pass_claims(g)
    assert g.turn == 1
    assert g.phase == "draw"
    assert pile(g)[-1] == "KH"


def going_out_position():
    hands = ["7H 7S 7D 9C 9D 9H 7C 9S", "4C 5C 6H", "QS 10S 2H"]
    g = layout("contract", hands, stock="KH QH JH 7D 8D 6D", discard="4S")
    draw(g)
    play(g, "0: contract 7H 7S 7D / 9C 9D 9H")
    next_turn_of_seat0(g)  # seat 0 draws the 7♦
    assert hand(g, 0) == cards("7C 9S 7D")
    return g


def test_going_out_lays_off_all_but_one_card_and_discards_it():
    g = going_out_position()
    sevens, nines = find_meld(g, "7H 7S 7D").id, find_meld(g, "9C 9D 9H").id
    play(g, f"0: layoff 7C to {sevens}", f"0: layoff 9S to {nines}")
    refused(g, f"0: layoff 7D to {sevens}")  # a player may not lay off the last card
    play(g, "0: discard 7D")
    assert g.deal_over
    assert deal_scores(g)[0] == 0


def test_may_not_lay_off_the_whole_hand_at_once():
    g = going_out_position()
    sevens = find_meld(g, "7H 7S 7D").id
    play(g, f"0: layoff 9S to {find_meld(g, '9C 9D 9H').id}")
    refused(g, f"0: layoff 7C 7D to {sevens}")


def test_contract_may_not_use_the_last_card():
    hands = ["7H 7S 7D 9C 9D", "8S 8D 2C", "QS 10S 2H"]
    g = layout("contract", hands, stock="9H KH QH JH", discard="4S")
    draw(g)
    refused(g, "0: contract 7H 7S 7D / 9C 9D 9H")  # nothing left to discard


def test_going_out_with_the_contract_and_a_discard():
    hands = ["7H 7S 7D 9C 9D 9H", "8S 8D 2C", "QS 10S 2H"]
    g = layout("contract", hands, stock="KH QH JH", discard="4S")
    draw(g)
    play(g, "0: contract 7H 7S 7D / 9C 9D 9H", "0: discard KH")
    assert g.deal_over
