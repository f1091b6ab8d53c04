"""RULES.md 4.2 (melds) and 4.3 (contracts): the seven contracts, laid down
exactly in one `contract` move; same-suit runs may not join; Shanghai's
same-rank sets, one joker per meld and high aces; round 7 with no discard."""

from __future__ import annotations

import pytest

from tests.engine._helpers import (
    AMBIGUOUS,
    hand,
    layout,
    legal,
    legal_texts,
    pass_claims,
    play,
    refused,
)

OTHERS = ["4C 5C", "6C 8C", "KS KH"]


def at_play(preset, hand0, round=1, stock="KD QD JD 10D", pile="2C", players=3, options=None):
    """Seat 0 holds hand0 and has drawn the K♦; any buy window is passed."""
    g = layout(
        preset,
        [hand0, *OTHERS[: players - 1]],
        stock=stock,
        discard=pile,
        round=round,
        options=options,
    )
    play(g, "0: draw")
    pass_claims(g)
    assert g.phase == "play"
    assert g.turn == 0
    return g


UNIVERSAL = "7H 7S 7D 9C 9D 9H QC QD QS 3S 4S 5S 6S 8C 9C 10C JC 3H 4H 5H 6H 2D"
CONTRACTS = {
    1: "7H 7S 7D / 9C 9D 9H",  # two sets
    2: "7H 7S 7D / 3S 4S 5S 6S",  # a set and a run
    3: "3S 4S 5S 6S / 8C 9C 10C JC",  # two runs
    4: "7H 7S 7D / 9C 9D 9H / QC QD QS",  # three sets
    5: "7H 7S 7D / 9C 9D 9H / 3S 4S 5S 6S",  # two sets and a run
    6: "7H 7S 7D / 3S 4S 5S 6S / 8C 9C 10C JC",  # a set and two runs
}


@pytest.mark.parametrize("preset", ["contract", "liverpool", "shanghai"])
@pytest.mark.parametrize("round_", [1, 2, 3, 4, 5, 6])
def test_each_round_has_its_contract(preset, round_):
    g = at_play(preset, UNIVERSAL, round=round_)
    assert legal(g, f"0: contract {CONTRACTS[round_]}")
    for other, text in CONTRACTS.items():
        if other != round_:
            assert not legal(g, f"0: contract {text}"), (round_, text)
    wrong = CONTRACTS[1 if round_ != 1 else 2]
    refused(g, f"0: contract {wrong}")
    play(g, f"0: contract {CONTRACTS[round_]}")
    shapes = sorted(m.kind for m in g.melds)
    sets, runs = shapes.count("set"), shapes.count("run")
    assert (sets, runs) == {1: (2, 0), 2: (1, 1), 3: (0, 2), 4: (3, 0), 5: (2, 1), 6: (1, 2)}[
        round_
    ]
    assert all(set(m.owners) == {0} for m in g.melds)


def test_contract_sets_are_exactly_three_cards():
    g = at_play("contract", "7H 7S 7D 7C 9C 9D 9H 2S")
    refused(g, "0: contract 7H 7S 7D 7C / 9C 9D 9H")
    refused(g, "0: contract 7H 7S / 9C 9D 9H")
    play(g, "0: contract 7H 7S 7D / 9C 9D 9H")


def test_contract_runs_are_exactly_four_cards_in_rounds_one_to_six():
    g = at_play("contract", "7H 7S 7D 3S 4S 5S 6S 7S 2H", round=2)
    refused(g, "0: contract 7H 7S 7D / 3S 4S 5S 6S 7S")
    refused(g, "0: contract 7H 7S 7D / 3S 4S 5S")
    play(g, "0: contract 7H 7S 7D / 3S 4S 5S 6S")


def test_contract_has_no_more_melds_than_the_contract():
    g = at_play("contract", "7H 7S 7D 9C 9D 9H QC QD QS 2S")
    refused(g, "0: contract 7H 7S 7D / 9C 9D 9H / QC QD QS")
    play(g, "0: contract 7H 7S 7D / 9C 9D 9H")
    refused(g, "0: meld QC QD QS")  # no more melds after the contract either


def test_contract_is_laid_down_in_one_contract_move_not_meld_by_meld():
    g = at_play("contract", "7H 7S 7D 9C 9D 9H 2S")
    refused(g, "0: meld 7H 7S 7D")
    assert not any(str(m).split(": ")[1].startswith("meld") for m in g.legal_moves)


def test_contract_runs_of_one_suit_may_not_join():
    g = at_play("contract", "3H 4H 5H 6H 7H 8H 9H 10H JH 5H 6H 2S", round=3)
    refused(g, "0: contract 3H 4H 5H 6H / 7H 8H 9H 10H")  # would be 3♥-10♥
    assert legal(g, "0: contract 3H 4H 5H 6H / 8H 9H 10H JH")  # a gap
    assert legal(g, "0: contract 3H 4H 5H 6H / 5H 6H 7H 8H")  # an overlap
    play(g, "0: contract 3H 4H 5H 6H / 5H 6H 7H 8H")
    assert len(g.melds) == 2


def test_contract_runs_of_one_suit_may_overlap_wholly_and_the_legal_moves_list_it():
    # two decks can hold the same run twice: it overlaps itself, so it does not join
    g = at_play("contract", "3H 4H 5H 6H 3H 4H 5H 6H 2S", round=3)
    move = "0: contract 3H 4H 5H 6H / 3H 4H 5H 6H"
    assert move in legal_texts(g)
    play(g, move)
    assert len(g.melds) == 2


def test_contract_two_equal_sets_are_in_the_legal_moves():
    g = at_play("contract", "7H 7S 7D 7H 7S 7D 2C", round=1)
    assert "0: contract 7D 7H 7S / 7D 7H 7S" in legal_texts(g)


def test_contract_runs_of_one_suit_may_not_join_through_a_joker():
    g = at_play("contract", "3H 4H 5H JK 7H 8H 9H 10H 2S", round=3)
    refused(g, "0: contract 3H 4H 5H JK=6H / 7H 8H 9H 10H")  # 3♥-10♥ again
    assert legal(g, "0: contract JK=2H 3H 4H 5H / 7H 8H 9H 10H")


def test_shanghai_two_sets_of_one_rank_not_in_one_contract():
    g = at_play("shanghai", "7H 7S 7D 7C 7H 7S 2D")
    refused(g, "0: contract 7H 7S 7D / 7C 7H 7S")


def test_contract_two_sets_of_one_rank_are_allowed():
    g = at_play("contract", "7H 7S 7D 7C 7H 7S 2D")
    play(g, "0: contract 7H 7S 7D / 7C 7H 7S")
    assert len(g.melds) == 2


@pytest.mark.parametrize("preset", ["contract", "shanghai"])
def test_contract_set_suits_do_not_matter_duplicates_allowed(preset):
    g = at_play(preset, "7H 7H 7S 9C 9C 9D 2S")
    play(g, "0: contract 7H 7H 7S / 9C 9C 9D")
    assert sorted(m.kind for m in g.melds) == ["set", "set"]


def test_contract_ace_low_or_high_but_not_round_the_corner():
    g = at_play("contract", "AS 2S 3S 4S JH QH KH AH QC KC AC 2C 9D", round=3)
    assert legal(g, "0: contract AS 2S 3S 4S / JH QH KH AH")
    refused(g, "0: contract AS 2S 3S 4S / QC KC AC 2C")


def test_shanghai_aces_are_high_only():
    g = at_play("shanghai", "AS 2S 3S 4S JH QH KH AH 5D 6D 7D 8D 9D", round=3)
    refused(g, "0: contract AS 2S 3S 4S / JH QH KH AH")
    play(g, "0: contract 5D 6D 7D 8D / JH QH KH AH")


def test_contract_any_number_of_jokers_with_a_natural_card():
    # four players: three jokers in `contract`
    g = at_play("contract", "7H JK JK JK 9C 9D 9H 2S", players=4)
    play(g, "0: contract 7H JK JK / 9C 9D 9H")
    g = at_play("contract", "7H JK JK JK 9C 9D 9H 2S", players=4)
    refused(g, "0: contract JK JK JK / 9C 9D 9H")


def test_shanghai_at_most_one_joker_per_meld():
    g = at_play("shanghai", "7H 7S JK JK 9C 9D 9H 2S")
    refused(g, "0: contract 7H JK JK / 9C 9D 9H")
    play(g, "0: contract 7H 7S JK / 9C 9D JK")
    assert len(g.melds) == 2


def test_contract_joker_at_either_end_of_a_run_must_be_declared():
    g = at_play("contract", "7H 7S 7D 5C 6C 7C JK 2S", round=2)
    refused(g, "0: contract 7H 7S 7D / 5C 6C 7C JK", says=[AMBIGUOUS])
    play(g, "0: contract 7H 7S 7D / 5C 6C 7C JK=8C")
    run = next(m for m in g.melds if m.kind == "run")
    assert str(run) == "5C 6C 7C JK=8C"


# --- round 7: three runs, no discard ----------------------------------------

ROUND7 = "3H 4H 5H 6H 8C 9C 10C JC 2S 3S 4S 5S"


def test_round_seven_goes_out_laying_down_the_whole_hand_with_no_discard():
    g = layout("contract", [ROUND7, "4C 5C", "6C 8C"], stock="7H KD QD", discard="2C", round=7)
    play(g, "0: draw")
    pass_claims(g)
    # 13 cards: one of the runs must be longer than 4
    play(g, "0: contract 3H 4H 5H 6H 7H / 8C 9C 10C JC / 2S 3S 4S 5S")
    assert hand(g, 0) == {}
    assert g.deal_over


def test_round_seven_no_partial_contract_and_turns_end_with_a_discard():
    g = layout("contract", [ROUND7, "4C 5C", "6C 8C"], stock="KD QD JD", discard="2C", round=7)
    play(g, "0: draw")
    pass_claims(g)
    refused(g, "0: contract 3H 4H 5H 6H / 8C 9C 10C JC / 2S 3S 4S 5S")  # K♦ would be left
    # until someone can go out, nobody melds or lays off: only discards
    assert all(" discard " in f" {t} " for t in legal_texts(g))
    play(g, "0: discard KD")
    assert g.turn == 1
    assert not g.deal_over
    assert list(g.melds) == []


def test_shanghai_round_seven_three_runs_of_four_from_twelve_cards():
    g = layout(
        "shanghai",
        ["3H 4H 5H 6H 8C 9C 10C JC 2S 3S 4S", "4C 5C", "6C 8C"],
        stock="5S KD",
        discard="2C",
        round=7,
    )
    play(g, "0: draw")
    pass_claims(g)
    play(g, "0: contract 3H 4H 5H 6H / 8C 9C 10C JC / 2S 3S 4S 5S")
    assert g.deal_over
