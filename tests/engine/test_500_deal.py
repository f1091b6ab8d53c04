"""RULES.md 3.1: the deal in the 500 family (rummy500, rummy500-classic,
persian, pinochle), and the dealer rotation."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Game
from tests.engine._helpers import (
    assert_cards_conserved,
    hand_size,
    layout,
    pack_counts,
    pile,
    play,
    visible_cards,
)


def new(preset, players, seed=1, options=None):
    return Game.new(preset, players=players, seed=seed, options=options)


@pytest.mark.parametrize(
    ("preset", "players", "pack"),
    [
        ("rummy500", 2, 54),
        ("rummy500", 3, 54),
        ("rummy500", 4, 54),
        ("rummy500", 5, 108),  # two decks from five players, 2 jokers each
        ("rummy500", 8, 108),
        ("rummy500-classic", 3, 52),
        ("rummy500-classic", 6, 104),
        ("pinochle", 4, 52),
        ("pinochle", 5, 104),
        ("persian", 4, 56),  # one deck with 4 jokers
    ],
)
def test_one_deck_up_to_four_players_two_decks_from_five(preset, players, pack):
    g = new(preset, players)
    total = sum(hand_size(g, s) for s in range(players)) + len(g.discard_pile) + g.stock_count
    assert total == pack
    assert_cards_conserved(g, pack_counts(preset, players))


@pytest.mark.parametrize(
    ("preset", "players"),
    [
        ("rummy500", 3),
        ("rummy500", 4),
        ("rummy500", 6),
        ("pinochle", 3),
        ("rummy500-classic", 8),
        ("persian", 4),
    ],
)
def test_seven_cards_each_and_one_upcard(preset, players):
    g = new(preset, players)
    assert [hand_size(g, s) for s in range(players)] == [7] * players
    assert len(g.discard_pile) == 1
    pack = sum(pack_counts(preset, players).values())
    assert g.stock_count == pack - 7 * players - 1


@pytest.mark.parametrize("preset", ["rummy500", "rummy500-classic"])
def test_two_players_get_thirteen_cards_each(preset):
    g = new(preset, 2)
    assert [hand_size(g, 0), hand_size(g, 1)] == [13, 13]
    assert len(g.discard_pile) == 1
    assert g.stock_count == sum(pack_counts(preset, 2).values()) - 27


def test_jokers_option_off_removes_the_jokers():
    g = new("rummy500", 3, options={"jokers": False})
    assert "JK" not in visible_cards(g)
    assert sum(hand_size(g, s) for s in range(3)) + 1 + g.stock_count == 52


def test_persian_jokers_option_off_leaves_one_plain_deck():
    g = new("persian", 4, options={"jokers": False})
    assert sum(hand_size(g, s) for s in range(4)) + 1 + g.stock_count == 52


def test_jokers_option_on_adds_jokers_to_classic():
    g = new("rummy500-classic", 3, options={"jokers": True})
    assert sum(hand_size(g, s) for s in range(3)) + 1 + g.stock_count == 54


def test_player_left_of_dealer_leads_and_first_dealer_is_drawn():
    dealers = set()
    for seed in range(40):
        g = new("rummy500", 4, seed=seed)
        assert g.turn == (g.dealer + 1) % 4
        assert tuple(g.to_act) == (g.turn,)
        assert g.phase == "draw"
        assert g.round == 1
        dealers.add(g.dealer)
    # the first dealer is drawn by low card, so over many seeds every seat deals
    assert dealers == {0, 1, 2, 3}


def test_same_seed_same_deal():
    a = new("rummy500", 3, seed=11)
    b = new("rummy500", 3, seed=11)
    assert a == b
    assert [list(map(str, a.hand(s))) for s in range(3)] == [
        list(map(str, b.hand(s))) for s in range(3)
    ]
    assert pile(a) == pile(b)
    mine = [str(c) for c in a.hand(0)]
    assert any([str(c) for c in new("rummy500", 3, seed=s).hand(0)] != mine for s in (12, 13, 14))


def test_deal_passes_left_after_each_deal():
    # Seat 0 goes out at once (melding the whole hand); the next deal is dealt
    # by the seat left of the last dealer, and its left neighbour leads.
    g = layout("rummy500", ["7H 8H 9H 5C 5D", "KD 2S", "QD 3S"], stock="5S 4C", discard="2D")
    dealer = g.dealer
    play(g, "0: draw", "0: meld 7H 8H 9H", "0: meld 5C 5D 5S")
    assert g.deal_over
    assert not g.game_over
    assert g.phase == "deal_over"
    assert g.turn == (dealer + 1) % 3  # the next dealer makes the "deal" move
    assert {str(m) for m in g.legal_moves} == {f"{g.turn}: deal"}
    play(g, f"{g.turn}: deal")
    assert g.round == 2
    assert g.dealer == (dealer + 1) % 3
    assert g.turn == (g.dealer + 1) % 3
    assert not g.deal_over
    assert [hand_size(g, s) for s in range(3)] == [7, 7, 7]
    assert len(g.discard_pile) == 1
    assert list(g.melds) == []
    assert g.stock_count == 54 - 21 - 1
    assert_cards_conserved(g, pack_counts("rummy500", 3))
