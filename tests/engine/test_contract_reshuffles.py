"""RULES.md 4.7 (and 4.5, 6): the stock is rebuilt from the discard pile at
most `reshuffles` times a round (option 0-3, default 1, contract family only);
once it is empty and may not be rebuilt, a draw ends the round with no
winner (everyone scores their hand), a claim whose penalty the stock can not
pay is refused, and the player in turn may still take the top discard.
Decisions table row "a round whose stock is rebuilt again and again"."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Game
from tests.engine._helpers import deal_scores, layout, pass_claims, pile, play, refused

CONTRACT_FAMILY = ["contract", "liverpool", "shanghai"]
FAMILY_500 = {"rummy500": 3, "rummy500-classic": 3, "persian": 4, "pinochle": 3}

# Hands that meld nothing in round 1 (two sets) and a pile of cards that fit none.
HANDS = ["2C 5D 9H", "3S 6H 10C", "4D 7S JH"]
PILE = "KC QD 8S 6C 4H 2S 9D"  # bottom first; 9D on top


def _cycle(g: Game) -> None:
    """The player in turn draws from the stock and discards the card drawn."""
    seat = g.turn
    before = g.stock_count
    play(g, f"{seat}: draw")
    pass_claims(g)
    if g.deal_over:
        return
    assert g.stock_count <= before or before == 0
    drawn = g.hand(seat)[-1]
    play(g, f"{seat}: discard {drawn}")
    pass_claims(g)


def _rebuilds_until_round_ends(g: Game) -> int:
    """Draw and discard until the round ends; count how often the stock was rebuilt."""
    rebuilt = 0
    for _ in range(200):
        if g.deal_over:
            return rebuilt
        empty = g.stock_count == 0
        _cycle(g)
        if empty and not g.deal_over:
            rebuilt += 1
    raise AssertionError("the round did not end")


def test_rule_4_7_example_contract_three_players_one_reshuffle():
    # RULES.md 4.7's example: the stock is rebuilt once; later a player draws its
    # last card and ends their turn as usual; the next draw from the stock ends the round.
    g = layout("contract", HANDS, stock="", discard=PILE, options={"reshuffles": 1})
    assert g.rules.reshuffles == 1
    _cycle(g)  # seat 0: the pile under 9D becomes the stock (6 cards), one is drawn
    assert pile(g)[0] == "9D"
    assert g.stock_count == 5
    while g.stock_count > 1:
        _cycle(g)
    last = g.turn
    _cycle(g)  # draws the last card of the rebuilt stock and discards as usual
    assert not g.deal_over
    assert g.stock_count == 0
    assert g.turn == (last + 1) % 3
    hands = [g.hand(s) for s in range(3)]
    play(g, f"{g.turn}: draw")
    assert g.deal_over
    assert not g.game_over
    assert g.went_out is None  # no winner
    # everyone, the player in turn included, scores the cards in their hand
    from rummy_gui.engine.scoring import hand_value

    assert deal_scores(g) == [hand_value(g.rules, h) for h in hands]
    assert all(score > 0 for score in deal_scores(g))


@pytest.mark.parametrize("preset", CONTRACT_FAMILY)
@pytest.mark.parametrize("reshuffles", [0, 1, 2, 3])
def test_reshuffles_option_rebuilds_the_stock_at_most_that_often(preset, reshuffles):
    g = layout(preset, HANDS, stock="", discard=PILE, options={"reshuffles": reshuffles})
    assert g.record()["options"]["reshuffles"] == reshuffles
    assert _rebuilds_until_round_ends(g) == reshuffles
    assert g.deal_over
    assert g.went_out is None
    assert Game.from_record(g.record()) == g


@pytest.mark.parametrize("preset", CONTRACT_FAMILY)
def test_reshuffles_default_is_one(preset):
    g = Game.new(preset, players=3, seed=1)
    assert g.rules.reshuffles == 1
    assert g.rules.options()["reshuffles"] == 1
    g = layout(preset, HANDS, stock="", discard=PILE)
    assert _rebuilds_until_round_ends(g) == 1


@pytest.mark.parametrize("value", [-1, 4, "1", 1.5, None, True])
@pytest.mark.parametrize("preset", CONTRACT_FAMILY)
def test_reshuffles_bad_values_are_refused(preset, value):
    with pytest.raises(ValueError, match=r"reshuffles.*0 to 3"):
        Game.new(preset, players=3, seed=1, options={"reshuffles": value})


@pytest.mark.parametrize("preset", sorted(FAMILY_500))
def test_reshuffles_is_refused_in_the_500_family(preset):
    with pytest.raises(ValueError, match="unknown option 'reshuffles'"):
        Game.new(preset, players=FAMILY_500[preset], seed=1, options={"reshuffles": 1})


@pytest.mark.parametrize("preset", CONTRACT_FAMILY)
def test_dead_stock_the_player_in_turn_may_still_take_the_top_discard(preset):
    g = layout(preset, HANDS, stock="", discard=PILE, options={"reshuffles": 0})
    assert "0: take 1" in g.legal_moves
    assert "0: draw" in g.legal_moves
    play(g, "0: take 1")
    assert g.phase == "play"
    assert not g.deal_over
    play(g, "0: discard 2C")
    pass_claims(g)
    play(g, "1: draw")  # the stock is empty and may not be rebuilt: the round ends
    assert g.deal_over
    assert g.went_out is None


def test_dead_stock_a_pile_of_one_card_ends_the_round_whatever_is_left():
    g = layout("contract", HANDS, stock="", discard="9D", options={"reshuffles": 3})
    play(g, "0: draw")
    assert g.deal_over
    assert g.went_out is None


@pytest.mark.parametrize(("preset", "penalty"), [("contract", 1), ("shanghai", 2)])
def test_buy_whose_penalty_the_stock_can_not_pay_is_refused(preset, penalty):
    # the stock holds exactly the card drawn plus penalty - 1 cards: not enough to pay
    stock = " ".join(["KH", "QH"][:penalty])
    g = layout(preset, HANDS, stock=stock, discard=PILE, options={"reshuffles": 0})
    play(g, "0: draw")
    assert g.phase == "play", "no buy window opens when the penalty can't be paid"
    assert g.stock_count == penalty - 1
    refused(g, "1: buy")


@pytest.mark.parametrize(("preset", "penalty"), [("contract", 1), ("shanghai", 2)])
def test_buy_penalty_may_come_from_a_rebuilt_stock_while_a_reshuffle_is_left(preset, penalty):
    g = layout(preset, HANDS, stock="KH", discard=PILE, options={"reshuffles": 1})
    play(g, "0: draw")
    assert g.phase == "claim"
    assert "1: buy" in g.legal_moves
    play(g, "1: buy")
    assert str(g.hand(1)[-(penalty + 1)]) == "9D"  # the discard bought, then the penalty
    assert len(g.hand(1)) == 3 + 1 + penalty
    assert g.reshuffles_left == 0


def test_records_made_before_the_reshuffles_option_replay_without_a_limit():
    g = layout("contract", HANDS, stock="", discard=PILE, options={"reshuffles": 3})
    for _ in range(2 * 6 + 1):  # the third rebuild has just been drawn from
        _cycle(g)
    assert not g.deal_over
    assert g.stock_count == 5
    assert g.reshuffles_left == 0
    record = g.record()
    del record["options"]["reshuffles"]  # as the program wrote it before RULES.md 4.7
    old = Game.from_record(record)
    assert old.rules.reshuffles is None
    assert old.reshuffles_left is None
    assert old.hand(0) == g.hand(0)
    assert old.discard_pile == g.discard_pile
    assert "reshuffles" not in old.record()["options"]
    assert Game.from_record(old.record()).hand(1) == g.hand(1)
    for _ in range(6):  # as before the option: the stock is rebuilt a fourth time
        _cycle(old)
    assert not old.deal_over
    assert old.stock_count == 5
