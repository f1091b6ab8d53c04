"""RULES.md 4.1: Contract Rummy's cards, deal and rounds (`contract`,
`liverpool`, `shanghai`), and Liverpool's cut with its 50-point bonus."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Game
from tests.engine._helpers import (
    assert_cards_conserved,
    hand_size,
    layout,
    legal,
    legal_texts,
    pack_counts,
    pass_claims,
    play,
    refused,
    totals,
)


def new(preset, players, seed=1, options=None):
    return Game.new(preset, players=players, seed=seed, options=options)


def cut_if_needed(g, n=1):
    if g.phase == "cut":
        play(g, f"{g.to_act[0]}: cut {n}")
    return g


def card_total(g):
    return sum(hand_size(g, s) for s in range(len(g.totals))) + len(g.discard_pile) + g.stock_count


@pytest.mark.parametrize(
    ("preset", "players", "pack"),
    [
        ("contract", 3, 106),  # two decks and one joker fewer than the players
        ("contract", 4, 107),
        ("contract", 5, 108),
        ("liverpool", 3, 106),
        ("liverpool", 5, 108),
        ("shanghai", 3, 108),  # two decks and 4 jokers
        ("shanghai", 5, 108),
    ],
)
def test_contract_two_decks_and_the_presets_jokers(preset, players, pack):
    g = cut_if_needed(new(preset, players))
    assert card_total(g) == pack
    assert_cards_conserved(g, pack_counts(preset, players))


@pytest.mark.parametrize("preset", ["contract", "liverpool", "shanghai"])
def test_contract_no_jokers_option(preset):
    g = cut_if_needed(new(preset, 4, options={"jokers": False}))
    assert card_total(g) == 104
    assert_cards_conserved(g, pack_counts(preset, 4, jokers=False))


@pytest.mark.parametrize(
    ("preset", "size"), [("contract", 10), ("liverpool", 10), ("shanghai", 11)]
)
def test_cards_dealt_in_round_one(preset, size):
    g = cut_if_needed(new(preset, 4))
    assert [hand_size(g, s) for s in range(4)] == [size] * 4
    assert len(g.discard_pile) == 1
    assert g.round == 1
    assert g.turn == (g.dealer + 1) % 4


def finish_round_three(preset):
    """Seat 0 lays down round 3's two runs and goes out at once."""
    g = layout(
        preset,
        ["3H 4H 5H 6H 8C 9C 10C JC", "2S 5D", "7S 9D"],
        stock="KD QS JS 10S",
        discard="4S",
        round=3,
    )
    play(g, "0: draw")
    pass_claims(g)
    play(g, "0: contract 3H 4H 5H 6H / 8C 9C 10C JC", "0: discard KD")
    assert g.deal_over
    assert g.round == 3
    return g


@pytest.mark.parametrize(("preset", "size"), [("contract", 12), ("shanghai", 11)])
def test_cards_dealt_in_rounds_four_to_seven(preset, size):
    g = finish_round_three(preset)
    dealer = g.dealer
    play(g, f"{g.turn}: deal")
    assert g.round == 4
    assert g.dealer == (dealer + 1) % 3  # the deal passes left each round
    assert g.turn == (g.dealer + 1) % 3
    assert [hand_size(g, s) for s in range(3)] == [size] * 3
    assert len(g.discard_pile) == 1
    assert g.stock_count == sum(pack_counts(preset, 3).values()) - 3 * size - 1
    assert list(g.melds) == []


@pytest.mark.parametrize("preset", ["contract", "shanghai", "liverpool"])
def test_contract_first_dealer_is_drawn_and_the_deal_passes_left(preset):
    dealers = set()
    for seed in range(30):
        g = new(preset, 4, seed=seed)
        if g.phase == "cut":
            assert tuple(g.to_act) == ((g.dealer - 1) % 4,)
        else:
            assert g.turn == (g.dealer + 1) % 4
        dealers.add(g.dealer)
    assert dealers == {0, 1, 2, 3}


def test_contract_has_no_cut():
    g = new("contract", 3)
    assert g.phase == "draw"
    refused(g, f"{(g.dealer - 1) % 3}: cut 31")


# --- Liverpool's cut ----------------------------------------------------------


def test_liverpool_waits_for_the_cut_by_the_player_right_of_the_dealer():
    g = new("liverpool", 3, seed=5)
    assert g.phase == "cut"
    cutter = (g.dealer - 1) % 3
    assert tuple(g.to_act) == (cutter,)
    refused(g, f"{g.turn}: draw")
    other = (cutter + 1) % 3
    refused(g, f"{other}: cut 10")
    assert legal(g, f"{cutter}: cut 1")
    assert legal(g, f"{cutter}: cut 105")  # 106 cards: lift 1 to 105
    refused(g, f"{cutter}: cut 0")
    refused(g, f"{cutter}: cut 106")
    assert len(g.legal_moves) == 105


def test_liverpool_exact_cut_takes_50_off_the_cutters_total():
    g = new("liverpool", 3, seed=5)
    cutter = (g.dealer - 1) % 3
    play(g, f"{cutter}: cut 31")  # 3 players x 10 cards + the upcard
    expected = [0, 0, 0]
    expected[cutter] = -50
    assert totals(g) == expected
    assert g.phase == "draw"
    assert [hand_size(g, s) for s in range(3)] == [10, 10, 10]


@pytest.mark.parametrize("n", [30, 32, 60])
def test_liverpool_other_cuts_change_nothing(n):
    g = new("liverpool", 3, seed=5)
    cutter = (g.dealer - 1) % 3
    play(g, f"{cutter}: cut {n}")
    assert totals(g) == [0, 0, 0]
    assert g.phase == "draw"


def test_liverpool_exact_cut_with_four_players():
    g = new("liverpool", 4, seed=2)
    cutter = (g.dealer - 1) % 4
    play(g, f"{cutter}: cut 41")  # 4 x 10 + 1
    assert totals(g)[cutter] == -50
    assert sum(totals(g)) == -50


def test_liverpool_cut_before_every_deal_counts_twelve_card_hands_from_round_four():
    g = finish_round_three("liverpool")
    before = totals(g)
    play(g, f"{g.turn}: deal")
    assert g.phase == "cut"
    assert g.round == 4
    cutter = (g.dealer - 1) % 3
    assert tuple(g.to_act) == (cutter,)
    assert legal_texts(g) >= {f"{cutter}: cut 37"}
    play(g, f"{cutter}: cut 37")  # 3 players x 12 cards + the upcard
    after = totals(g)
    assert after[cutter] == before[cutter] - 50
    assert [hand_size(g, s) for s in range(3)] == [12, 12, 12]
