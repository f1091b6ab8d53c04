"""RULES.md section 6: options (house rules) — keys, values, per-preset
availability, and the refusal of unknown keys, wrong types and bad player
counts. The effect of each option is tested with its rule:
target (test_500_scoring), jokers (test_500_deal, test_contract_deal_and_cut),
simple_scoring (test_500_scoring), rummy_call (test_rummy_call),
top_discard_must_meld (test_500_turn_and_takes), go_out_by_discard
(test_500_going_out, here for contract), min_run (test_cards_and_melds,
test_pinochle), buying (test_buying)."""

from __future__ import annotations

import pytest

from rummy_gui.engine import PRESETS, Game
from tests.engine._helpers import (
    cards,
    deal_scores,
    draw,
    find_meld,
    hand,
    layout,
    pass_claims,
    play,
)

ALL = ["rummy500", "rummy500-classic", "persian", "pinochle", "contract", "liverpool", "shanghai"]
SEATS = {
    "rummy500": 3,
    "rummy500-classic": 3,
    "persian": 4,
    "pinochle": 3,
    "contract": 3,
    "liverpool": 3,
    "shanghai": 3,
}


def test_presets_are_the_seven_games():
    assert set(PRESETS) == set(ALL)


def test_unknown_preset_is_refused():
    with pytest.raises(ValueError, match="unknown preset 'gin'"):
        Game.new("gin", players=2, seed=1)


@pytest.mark.parametrize("preset", ALL)
def test_unknown_option_key_is_refused(preset):
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        Game.new(preset, players=SEATS[preset], seed=1, options={"colour": "red"})


@pytest.mark.parametrize("preset", ALL)
def test_unknown_option_key_is_refused_in_layouts(preset):
    hands = ["2C", "3C", "4C", "5C"][: SEATS[preset]]
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        layout(preset, hands, stock="6C", discard="7C", options={"colour": "red"})


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("rummy500", {"target": "500"}),
        ("rummy500", {"target": 500.5}),
        ("rummy500", {"target": True}),
        ("rummy500", {"target": 0}),
        ("rummy500", {"target": -100}),
        ("rummy500", {"jokers": "yes"}),
        ("rummy500", {"jokers": 1}),
        ("rummy500", {"simple_scoring": "false"}),
        ("rummy500", {"rummy_call": "sometimes"}),
        ("rummy500", {"rummy_call": True}),
        ("rummy500", {"top_discard_must_meld": None}),
        ("pinochle", {"go_out_by_discard": "on"}),
        ("rummy500", {"min_run": 2}),
        ("rummy500", {"min_run": 6}),
        ("rummy500", {"min_run": "3"}),
        ("contract", {"buying": "yes"}),
        ("shanghai", {"jokers": "no"}),
    ],
)
def test_option_value_of_the_wrong_type_or_range_is_refused(preset, options):
    with pytest.raises(ValueError, match=f"option '{next(iter(options))}' must be"):
        Game.new(preset, players=SEATS[preset], seed=1, options=options)


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        # "—" in the table of section 6: the option does not exist for the preset
        ("contract", {"target": 300}),
        ("shanghai", {"rummy_call": "full"}),
        ("liverpool", {"simple_scoring": True}),
        ("contract", {"top_discard_must_meld": True}),
        ("rummy500", {"buying": True}),
        ("persian", {"target": 300}),
    ],
)
def test_option_that_the_preset_does_not_have_is_refused(preset, options):
    with pytest.raises(ValueError, match=f"unknown option '{next(iter(options))}'"):
        Game.new(preset, players=SEATS[preset], seed=1, options=options)


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        (
            "rummy500",
            {
                "target": 300,
                "jokers": False,
                "simple_scoring": True,
                "rummy_call": "last",
                "top_discard_must_meld": True,
                "go_out_by_discard": True,
                "min_run": 4,
            },
        ),
        ("rummy500-classic", {"rummy_call": "full", "min_run": 3}),
        ("persian", {"rummy_call": "off", "jokers": True}),
        ("pinochle", {"min_run": 3, "go_out_by_discard": False, "target": 1000}),
        ("contract", {"jokers": False, "buying": False}),
        ("liverpool", {"buying": True, "go_out_by_discard": True}),
        ("shanghai", {"jokers": True, "buying": False}),
        ("rummy500", {}),
        ("rummy500", None),
    ],
)
def test_valid_options_are_accepted_and_recorded(preset, options):
    g = Game.new(preset, players=SEATS[preset], seed=4, options=options)
    rec = g.record()
    again = Game.from_record(rec)
    assert again == g
    for key, value in (options or {}).items():
        assert rec["options"][key] == value


@pytest.mark.parametrize(
    ("preset", "bad", "good"),
    [
        ("rummy500", [0, 1, 9], [2, 8]),
        ("rummy500-classic", [1, 9], [2, 8]),
        ("persian", [3, 5], [4]),
        ("pinochle", [2, 9], [3, 8]),
        ("contract", [2, 6], [3, 5]),
        ("liverpool", [2, 6], [3, 5]),
        ("shanghai", [2, 6], [3, 5]),
    ],
)
def test_player_count_outside_the_presets_range_is_refused(preset, bad, good):
    for n in bad:
        with pytest.raises(ValueError, match=f"players, not {n}$"):
            Game.new(preset, players=n, seed=1)
    for n in good:
        g = Game.new(preset, players=n, seed=1)
        assert sum(len(side) for side in g.sides) == n


def test_player_count_of_the_wrong_type_is_refused():
    with pytest.raises(ValueError, match="players must be a whole number"):
        Game.new("rummy500", players="3", seed=1)


def test_layout_player_count_outside_the_range_is_refused():
    with pytest.raises(ValueError, match="3 to 5 players, not 2"):
        layout("contract", ["2C", "3C"], stock="4C", discard="5C")
    with pytest.raises(ValueError, match="2 to 8 players, not 1"):
        layout("rummy500", ["2C"], stock="4C", discard="5C")


def test_contract_go_out_by_discard_off_lets_the_last_card_be_laid_off():
    hands = ["7H 7S 7D 9C 9D 9H 7C 9S", "4C 5C 6H", "QS 10S 2H"]
    g = layout(
        "contract",
        hands,
        stock="KH QH JH 7D 8D 6D",
        discard="4S",
        options={"go_out_by_discard": False},
    )
    draw(g)
    play(g, "0: contract 7H 7S 7D / 9C 9D 9H", "0: discard KH")
    pass_claims(g)
    for seat, card in ((1, "QH"), (2, "JH")):
        draw(g)
        play(g, f"{seat}: discard {card}")
        pass_claims(g)
    draw(g)
    assert hand(g, 0) == cards("7C 9S 7D")
    sevens, nines = find_meld(g, "7H 7S 7D").id, find_meld(g, "9C 9D 9H").id
    play(g, f"0: layoff 7C 7D to {sevens}", f"0: layoff 9S to {nines}")
    assert g.deal_over
    assert deal_scores(g)[0] == 0


def test_variant_facts_are_rules_data():
    """The facts that set presets apart are fields of Rules, not preset names
    in code (RULES.md 3.8, 4.1, 4.2, 4.3, 4.5, 4.6)."""
    p = PRESETS
    assert [p[k].last_round_goes_out_whole(7) for k in ALL] == [False] * 4 + [True] * 3
    assert not any(p[k].last_round_goes_out_whole(r) for k in ALL for r in range(1, 7))
    assert p["persian"].out_in_one_turn_bonus == 25
    assert p["persian"].match_bonus == 50
    assert p["rummy500"].out_in_one_turn_bonus == 0
    assert p["rummy500"].match_bonus == 0
    assert p["liverpool"].cut_bonus == 50
    assert p["contract"].cut_bonus == 0
    assert [k for k in ALL if p[k].shanghai_call] == ["shanghai"]
    assert [k for k in ALL if p[k].contract_sets_distinct_ranks] == ["shanghai"]
    assert p["shanghai"].buy_limit == 2
    assert p["contract"].buy_limit is None
    assert p["persian"].decks(8) == 1
    assert p["persian"].joker_count(4) == 4
    assert p["shanghai"].joker_count(5) == 4
    assert p["contract"].joker_count(5) == 4
    assert p["contract"].joker_count(3) == 2
    assert p["rummy500"].joker_count(5) == 4
