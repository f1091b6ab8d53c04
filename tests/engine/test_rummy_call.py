"""RULES.md 3.6: the rummy call (full / last card / off), its priority and the
turn that jumps; decisions table rows "who wins among several callers",
"melded without hand cards includes laying off", "last-card rummy: does the
caller discard"."""

from __future__ import annotations

import pytest

from tests.engine._helpers import (
    cards,
    hand,
    layout,
    legal,
    legal_texts,
    meld_cards,
    owners,
    pile,
    play,
    refused,
    rummy_call_example,
)


def test_rummy_call_rummy_call_example():
    g = rummy_call_example()
    assert g.phase == "claim"
    assert set(g.to_act) == {1, 2}
    assert legal(g, "1: rummy 6")
    assert legal(g, "2: rummy 6")
    # only the ♠K (and everything above it) makes a meld without hand cards
    refused(g, "1: rummy 5")
    refused(g, "1: rummy 7")
    refused(g, "1: rummy 1")
    play(g, "1: rummy 6")
    assert g.phase == "play"
    assert g.turn == 1
    assert pile(g) == ["AH"]
    assert hand(g, 1) == cards("2C 3D 9H KS 7D QS 8C KH JS")
    refused(g, "1: discard 2C", card="KS")  # the target must be melded first
    play(g, "1: meld JS QS KS")
    assert meld_cards(g, 1) == ["JS", "QS", "KS"]
    assert owners(g, 1) == (1, 1, 1)
    refused(g, "1: discard 7D")  # taken this turn and not the top card
    play(g, "1: discard 2C")
    assert g.turn == 2  # the caller was next anyway: nobody loses a turn


def test_rummy_call_may_not_be_made_by_the_discarder():
    g = rummy_call_example()
    refused(g, "0: rummy 6")


def test_rummy_caller_nearest_the_discarder_going_left_wins():
    g = rummy_call_example()
    play(g, "2: rummy 6")
    # seat 1 is nearer the discarder and has not answered: the window stays open
    assert g.phase == "claim"
    assert 1 in g.to_act
    play(g, "1: rummy 6")
    assert g.turn == 1
    assert g.phase == "play"
    assert hand(g, 2) == cards("2H 3C 10D")
    assert hand(g, 1)["KS"] == 1


def test_rummy_call_turn_jumps_to_the_left_of_the_caller():
    g = rummy_call_example()
    play(g, "2: rummy 6", "1: pass")
    assert g.turn == 2
    assert g.phase == "play"
    play(g, "2: meld JS QS KS", "2: discard 2H")
    # seat 1, between the discarder and the caller, loses its turn
    assert g.phase == "draw"
    assert g.turn == 0
    assert tuple(g.to_act) == (0,)
    assert hand(g, 1) == cards("2C 3D 9H")


def test_rummy_window_closes_when_all_pass_and_the_next_player_draws():
    g = rummy_call_example()
    play(g, "1: pass", "2: pass")
    assert g.phase == "draw"
    assert g.turn == 1
    assert legal(g, "1: take 6")  # a normal deep take in its own turn


def test_rummy_call_window_only_when_the_pile_alone_makes_a_meld():
    # seat 1 holds 8♥ 9♥, so 10♥ would meld with hand cards: no rummy
    g = layout("rummy500", ["10H 4C 5D", "8H 9H 3D", "2H 3C"], stock="9C 6D", discard="2C")
    play(g, "0: draw", "0: discard 10H")
    assert g.phase == "draw"
    assert tuple(g.to_act) == (1,)
    refused(g, "1: rummy 1")


def table_run_then_discard(options=None, players=3):
    """Seat 0 melds 5♠ 6♠ 7♠ and discards 8♠, which lays off on that run."""
    hands = ["5S 6S 7S 8S 2C", "3D 4D", "9C 10C", "QD KD"][:players]
    g = layout("rummy500", hands, stock="KH QH JH", discard="2D", options=options)
    play(g, "0: draw", "0: meld 5S 6S 7S", "0: discard 8S")
    return g


def test_rummy_call_by_laying_off_the_discard_on_a_table_meld():
    g = table_run_then_discard()
    assert g.phase == "claim"
    assert set(g.to_act) == {1, 2}
    play(g, "2: rummy 1", "1: pass")
    play(g, "2: layoff 8S to 1")
    assert meld_cards(g, 1) == ["5S", "6S", "7S", "8S"]
    assert owners(g, 1) == (0, 0, 0, 2)
    play(g, "2: discard 9C")
    assert g.turn == 0  # seat 1 lost its turn


def test_rummy_call_may_take_a_deeper_target_that_lays_off():
    # the 8♠ lies under the 2♦ just discarded; it lays off on seat 0's run, so a
    # caller may take both (the 2♦ goes to the hand)
    g = layout(
        "rummy500",
        ["5S 6S 7S 2D 3C", "3D 4D", "9C 10C"],
        stock="KH QH JH",
        discard="8S",
        options=None,
    )
    play(g, "0: draw", "0: meld 5S 6S 7S", "0: discard 2D")
    assert g.phase == "claim"
    assert legal(g, "2: rummy 2")
    play(g, "1: pass", "2: rummy 2")
    assert hand(g, 2) == cards("9C 10C 8S 2D")
    refused(g, "2: discard 9C", card="8S")
    play(g, "2: layoff 8S to 1", "2: discard 2D")  # the top card of the take may go back
    assert g.turn == 0


def test_rummy_call_with_four_players_skips_everyone_between():
    g = table_run_then_discard(players=4)
    assert set(g.to_act) == {1, 2, 3}
    play(g, "3: rummy 1", "2: pass", "1: pass")
    play(g, "3: layoff 8S to 1", "3: discard QD")
    assert g.turn == 0
    assert hand(g, 1) == cards("3D 4D")
    assert hand(g, 2) == cards("9C 10C")


def test_no_rummy_call_once_the_deal_is_over():
    g = layout("rummy500", ["5S 6S 7S", "3D 4D", "9C 10C"], stock="8S QH", discard="2D")
    play(g, "0: draw", "0: meld 5S 6S 7S", "0: discard 8S")  # goes out
    assert g.deal_over
    assert g.phase == "deal_over"
    refused(g, "1: rummy 1")


# --- last card ----------------------------------------------------------


def test_last_card_rummy_lays_off_the_discard_and_the_turn_does_not_jump():
    g = table_run_then_discard(options={"rummy_call": "last"})
    assert g.phase == "claim"
    assert set(g.to_act) == {1, 2}
    assert "2: rummy 1" in legal_texts(g)
    play(g, "2: rummy 1", "1: pass")
    assert g.phase == "rummy_layoff"
    assert tuple(g.to_act) == (2,)
    assert legal_texts(g) == {"2: layoff 8S to 1"}
    play(g, "2: layoff 8S to 1")
    assert owners(g, 1) == (0, 0, 0, 2)  # the caller scores it
    # no discard by the caller; the player whose turn it was going to be goes on
    assert g.phase == "draw"
    assert g.turn == 1
    assert hand(g, 2) == cards("9C 10C")


def test_last_card_rummy_may_claim_only_the_card_just_discarded():
    g = layout(
        "rummy500",
        ["5S 6S 7S 4S 2C", "3D 4D", "9C 10C"],
        stock="KH QH JH",
        discard="8S",
        options={"rummy_call": "last"},
    )
    play(g, "0: draw", "0: meld 5S 6S 7S", "0: discard 2C")
    # the 8♠ deeper in the pile would lay off, but only the top card may be claimed
    assert g.phase == "draw"
    assert g.turn == 1
    refused(g, "1: rummy 2")


def new_meld_in_pile(options=None, preset="rummy500"):
    hands = ["2H JC 5D", "3D 4D", "2S 3S"]
    g = layout(preset, hands, stock="KS QD", discard="9C 10C", options=options)
    play(g, "0: draw", "0: discard JC")  # 9♣ 10♣ J♣ now make a run in the pile
    return g


def test_full_rummy_call_may_take_a_new_meld_from_the_pile():
    g = new_meld_in_pile()
    assert g.phase == "claim"
    play(g, "1: rummy 3", "1: meld 9C 10C JC", "1: discard 3D")
    assert g.turn == 2


def test_last_card_rummy_makes_no_new_meld():
    g = new_meld_in_pile(options={"rummy_call": "last"})
    assert g.phase == "draw"
    assert tuple(g.to_act) == (1,)


@pytest.mark.parametrize(
    ("preset", "options"),
    [("rummy500", {"rummy_call": "off"}), ("rummy500-classic", None)],
)
def test_rummy_call_off(preset, options):
    g = new_meld_in_pile(options=options, preset=preset)
    assert g.phase == "draw"
    assert tuple(g.to_act) == (1,)
    refused(g, "1: rummy 3")


def test_rummy_call_off_by_default_in_pinochle():
    hands = ["2H JC 5D", "3D 4D", "2S 3S"]
    g = layout("pinochle", hands, stock="KS QD", discard="7C 8C 9C 10C")
    play(g, "0: draw", "0: discard JC")  # 7♣-J♣ is a five-card run in the pile
    assert g.phase == "draw"
    assert tuple(g.to_act) == (1,)


def test_rummy_call_full_by_default_in_persian():
    hands = ["2H JC 5D", "3D 4D", "2S 3S", "4H 6H"]
    g = layout("persian", hands, stock="KS QD", discard="9C 10C")
    play(g, "0: draw", "0: discard JC")
    assert g.phase == "claim"
    assert set(g.to_act) == {1, 2, 3}
    play(g, "3: rummy 3", "1: pass", "2: pass", "3: meld 9C 10C JC", "3: discard 4H")
    assert g.turn == 0
