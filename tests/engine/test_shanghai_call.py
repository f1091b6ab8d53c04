"""RULES.md 4.6: the Shanghai call — any other player may lay a discard that
fits a table meld off on it and the discarder takes a random card from the
caller's hand; the discarder's protective call; priority nearest the
discarder going left; docs/engine.md: the caller holds at least two cards."""

from __future__ import annotations

from collections import Counter

import pytest

from rummy_gui.engine import Game
from tests.engine._helpers import (
    find_meld,
    hand,
    layout,
    legal,
    owners,
    pass_claims,
    pile,
    play,
    refused,
)


def fitting_discard(preset="shanghai", seat2="QS 10S 2H 4C", protect=False):
    """Seat 0 lays down 7♥ 7♠ 7♦ / 9♣ 9♦ 9♥ and discards the 7♣, which fits."""
    hands = ["7H 7S 7D 9C 9D 9H 7C 2D 3D", "5D 6D 8S 10H", seat2]
    g = layout(preset, hands, stock="KH QH JH 10C 8D 6C", discard="4S")
    play(g, "0: draw")
    pass_claims(g)
    play(g, "0: contract 7H 7S 7D / 9C 9D 9H")
    play(g, "0: discard 7C shanghai" if protect else "0: discard 7C")
    return g


def sevens(g):
    return next(m.id for m in g.melds if m.kind == "set" and str(m.cards[0]).startswith("7"))


def test_shanghai_call_window_opens_for_a_discard_that_fits():
    g = fitting_discard()
    assert g.phase == "claim"
    assert set(g.to_act) == {1, 2}
    m = sevens(g)
    assert legal(g, f"1: shanghai to {m}")
    assert legal(g, f"2: shanghai to {m}")
    refused(g, f"0: shanghai to {m}")  # not the discarder
    nines = find_meld(g, "9C 9D 9H").id
    refused(g, f"1: shanghai to {nines}")  # the 7♣ does not fit the nines


def test_shanghai_call_lays_the_card_off_and_the_discarder_takes_a_random_card():
    g = fitting_discard()
    m = sevens(g)
    before0, before2 = hand(g, 0), hand(g, 2)
    play(g, f"2: shanghai to {m}", "1: pass")
    assert owners(g, m) == (0, 0, 0, 2)
    assert Counter(str(c) for c in find_meld(g, "7H 7S 7D 7C").cards)["7C"] == 1
    assert pile(g) == ["4S"]
    got = hand(g, 0) - before0
    assert sum(got.values()) == 1
    assert hand(g, 2) == before2 - got  # the card came from the caller's hand
    assert sum((hand(g, 0) - before0 - got).values()) == 0
    # then the player whose turn it was going to be goes on
    assert g.phase == "draw"
    assert g.turn == 1
    assert Game.from_record(g.record()) == g  # the random card replays


def test_shanghai_call_may_be_made_before_laying_down_a_contract():
    g = fitting_discard()
    play(g, f"1: shanghai to {sevens(g)}")  # seat 1 has no contract down
    assert len(find_meld(g, "7H 7S 7D 7C").cards) == 4


def test_shanghai_caller_nearest_the_discarder_going_left_wins():
    g = fitting_discard()
    m = sevens(g)
    before2 = hand(g, 2)
    play(g, f"2: shanghai to {m}")
    assert g.phase == "claim"
    assert 1 in g.to_act
    play(g, f"1: shanghai to {m}")
    assert owners(g, m) == (0, 0, 0, 1)
    assert hand(g, 2) == before2


def test_shanghai_window_closes_when_all_pass():
    g = fitting_discard()
    play(g, "1: pass", "2: pass")
    assert g.phase == "draw"
    assert g.turn == 1
    assert pile(g) == ["4S", "7C"]
    assert legal(g, "1: take 1")


def test_protective_shanghai_call_blocks_the_card():
    g = fitting_discard(protect=True)
    # no window opens, and the next player may neither take nor buy the 7♣
    assert g.phase == "draw"
    assert tuple(g.to_act) == (1,)
    refused(g, f"2: shanghai to {sevens(g)}")
    refused(g, "1: take 1")
    play(g, "1: draw")
    assert g.phase == "play"  # no buy window on the protected card
    refused(g, "2: buy")
    assert pile(g) == ["4S", "7C"]


def test_protective_shanghai_call_only_for_a_card_that_fits():
    hands = ["7H 7S 7D 9C 9D 9H 7C 2D 3D", "5D 6D 8S 10H", "QS 10S 2H 4C"]
    g = layout("shanghai", hands, stock="KH QH JH 10C 8D 6C", discard="4S")
    play(g, "0: draw")
    pass_claims(g)
    play(g, "0: contract 7H 7S 7D / 9C 9D 9H")
    refused(g, "0: discard 2D shanghai")
    play(g, "0: discard 2D")
    assert g.phase == "draw"  # nothing fits: no window


def test_shanghai_caller_must_hold_at_least_two_cards():
    g = fitting_discard(seat2="QS")
    assert g.phase == "claim"
    assert set(g.to_act) == {1}
    refused(g, f"2: shanghai to {sevens(g)}")


@pytest.mark.parametrize("preset", ["contract", "liverpool"])
def test_no_shanghai_call_in_contract_and_liverpool(preset):
    g = fitting_discard(preset)
    assert g.phase == "draw"
    assert g.turn == 1
    hands = ["7H 7S 7D 9C 9D 9H 7C 2D 3D", "5D 6D 8S 10H", "QS 10S 2H 4C"]
    g = layout(preset, hands, stock="KH QH JH 10C 8D 6C", discard="4S")
    play(g, "0: draw")
    pass_claims(g)
    play(g, "0: contract 7H 7S 7D / 9C 9D 9H")
    refused(g, "0: discard 7C shanghai")


def test_no_shanghai_call_once_the_round_is_over():
    hands = ["7H 7S 7D 9C 9D 9H", "5D 6D 8S 10H", "QS 10S 2H 4C"]
    g = layout("shanghai", hands, stock="7C QH", discard="4S")
    play(g, "0: draw")
    pass_claims(g)
    play(g, "0: contract 7H 7S 7D / 9C 9D 9H", "0: discard 7C")
    assert g.deal_over
    refused(g, "1: shanghai to 1")
