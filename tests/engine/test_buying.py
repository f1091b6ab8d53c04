"""RULES.md 4.5: buying — out-of-turn claims of the discard after the player
in turn draws from the stock; priority nearest the player in turn going
left; penalty cards (Shanghai: two); the chain of claims with nobody
claiming twice in a row; Shanghai's two buys per round; a penalty that can
not be paid in full; no buying after the player in turn takes the discard."""

from __future__ import annotations

import pytest

from tests.engine._helpers import cards, hand, hand_size, layout, legal, pile, play, refused

HANDS4 = ["2C 3C 4C", "5D 6D 7D", "8H 9H 10H", "JS QS KS"]
STOCK = "AH 2H 3H 4H 5H 6H 7H 8S 9S 10S JS QS KS"


def four(preset="contract", stock=STOCK, pile_="4S 5C 9D", options=None):
    return layout(preset, HANDS4, stock=stock, discard=pile_, options=options)


def test_buy_window_opens_when_the_player_in_turn_draws_from_the_stock():
    g = four()
    play(g, "0: draw")
    assert g.phase == "claim"
    assert set(g.to_act) == {1, 2, 3}
    assert g.turn == 0
    for s in (1, 2, 3):
        assert legal(g, f"{s}: buy")
        assert legal(g, f"{s}: pass")
    refused(g, "0: buy")  # the player in turn does not buy
    refused(g, "0: discard 2C")  # the window must close first


def test_buy_goes_to_the_nearest_player_left_of_turn():
    g = four()
    play(g, "0: draw", "3: buy", "2: buy")
    assert g.phase == "claim"
    assert 1 in g.to_act
    assert hand(g, 2) == cards("8H 9H 10H")
    assert hand(g, 3) == cards("JS QS KS")
    play(g, "1: pass")
    # seat 2 gets the 9♦ and the penalty card from the top of the stock (2♥)
    assert hand(g, 2) == cards("8H 9H 10H 9D 2H")
    assert hand(g, 3) == cards("JS QS KS")
    assert g.stock_count == 13 - 2


def test_nearest_buyer_wins_even_when_answering_last():
    g = four()
    play(g, "0: draw", "3: buy", "2: buy", "1: buy")
    assert hand(g, 1) == cards("5D 6D 7D 9D 2H")
    assert hand_size(g, 2) == 3
    assert hand_size(g, 3) == 3


def test_buy_costs_one_penalty_card_and_the_player_in_turn_goes_on():
    g = four()
    play(g, "0: draw", "1: buy")
    assert hand(g, 1) == cards("5D 6D 7D 9D 2H")
    assert pile(g) == ["4S", "5C"]
    play(g, "2: pass", "3: pass")
    assert g.phase == "play"
    assert tuple(g.to_act) == (0,)
    assert hand(g, 0) == cards("2C 3C 4C AH")
    play(g, "0: discard 2C")
    assert g.turn == 1


def test_shanghai_buy_costs_two_penalty_cards():
    g = four("shanghai")
    play(g, "0: draw", "1: buy")
    assert hand(g, 1) == cards("5D 6D 7D 9D 2H 3H")
    assert g.stock_count == 13 - 3


def test_after_a_buy_the_next_card_is_offered_and_nobody_claims_twice_in_a_row():
    g = four()
    play(g, "0: draw", "1: buy")
    assert g.phase == "claim"
    assert set(g.to_act) == {2, 3}  # the 5♣ is now on offer, not to seat 1
    refused(g, "1: buy")
    play(g, "2: buy")
    assert hand(g, 2) == cards("8H 9H 10H 5C 3H")
    assert set(g.to_act) == {1, 3}  # the 4♠: seat 1 may claim again, seat 2 not
    refused(g, "2: buy")
    play(g, "1: buy")
    assert hand(g, 1) == cards("5D 6D 7D 9D 2H 4S 4H")
    assert pile(g) == []
    assert g.phase == "play"
    assert g.turn == 0


def test_no_buying_after_the_player_in_turn_takes_the_discard():
    g = four()
    play(g, "0: take 1")
    assert g.phase == "play"
    assert tuple(g.to_act) == (0,)
    refused(g, "1: buy")
    assert pile(g) == ["4S", "5C"]


def test_all_pass_closes_the_buy_window():
    g = four()
    play(g, "0: draw", "1: pass", "2: pass", "3: pass")
    assert g.phase == "play"
    assert tuple(g.to_act) == (0,)
    assert pile(g) == ["4S", "5C", "9D"]
    assert [hand_size(g, s) for s in range(4)] == [4, 3, 3, 3]


def test_buy_not_allowed_when_the_penalty_can_not_be_paid():
    # the stock runs out with the draw; the pile under the 9♦ is one card, which
    # stays as the pile: no penalty card can be found, so nobody may buy
    g = four(stock="AH", pile_="5C 9D")
    play(g, "0: draw")
    assert g.phase == "play"
    refused(g, "1: buy")


def test_buy_penalty_reshuffles_the_pile_into_an_empty_stock():
    g = four(stock="AH", pile_="4S 5C 6D 9D")
    play(g, "0: draw")
    assert g.phase == "claim"
    play(g, "1: buy")
    got = hand(g, 1) - cards("5D 6D 7D 9D")
    assert hand(g, 1)["9D"] == 1
    assert sum(got.values()) == 1
    assert set(got) <= {"4S", "5C"}
    assert pile(g) == ["6D"]  # the top card stays as the pile
    assert g.stock_count == 1


def test_shanghai_two_penalty_cards_must_be_payable():
    g = four("shanghai", stock="AH", pile_="5C 6D 9D")
    play(g, "0: draw")  # after the 9♦, the stock could hold only the 5♣
    assert g.phase == "play"


def test_shanghai_each_player_buys_at_most_twice_per_round():
    hands = ["2C 3C 4C", "5D 6D 7D", "8H 9H 10H"]
    g = layout("shanghai", hands, stock=STOCK, discard="4S 5C 6D 9D 10D")
    play(g, "0: draw", "1: buy")  # seat 1: first buy (10♦)
    play(g, "2: buy")  # seat 2: first buy (9♦)
    play(g, "1: buy")  # seat 1: second buy (6♦)
    play(g, "2: buy")  # seat 2: second buy (5♣)
    # the 4♠ is left, but both have used their two buys
    assert g.phase == "play"
    assert tuple(g.to_act) == (0,)
    assert hand_size(g, 1) == 3 + 2 * 3
    assert hand_size(g, 2) == 3 + 2 * 3
    buys_left = getattr(g, "buys_left", None)
    if callable(buys_left):  # the interface shows the tokens left
        assert [buys_left(s) for s in range(3)] == [2, 0, 0]
    play(g, "0: discard 2C")
    play(g, "1: draw")
    # seat 2 has no buys left this round: only seat 0 is asked
    assert g.phase == "claim"
    assert tuple(g.to_act) == (0,)
    refused(g, "2: buy")


@pytest.mark.parametrize("preset", ["contract", "liverpool", "shanghai"])
def test_buying_option_off(preset):
    g = four(preset, options={"buying": False})
    play(g, "0: draw")
    assert g.phase == "play"
    refused(g, "1: buy")
