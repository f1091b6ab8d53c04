"""The engine's answers to the screens (rummy_gui.engine.catalog): presets,
house rules and the values they take, contracts, whether a card could be used."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rummy_gui.engine import PRESETS, Game, catalog
from rummy_gui.engine.cards import parse_card, parse_cards
from rummy_gui.engine.rules import CONTRACTS, Rules


def test_presets_are_the_engines_in_order() -> None:
    assert [r.preset for r in catalog.presets()] == list(PRESETS)
    assert catalog.preset("shanghai") is PRESETS["shanghai"]
    with pytest.raises(ValueError, match="unknown preset 'canasta'"):
        catalog.preset("canasta")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_house_rules_are_the_options_of_the_preset_and_every_choice_is_accepted(
    preset: str,
) -> None:
    rules = PRESETS[preset]
    house = catalog.house_rules(rules)
    assert [h.key for h in house] == list(rules.options())
    for h in house:
        assert h.label == catalog.OPTION_LABELS[h.key]
        assert h.default == rules.options()[h.key]
        if h.is_switch:
            assert h.choices == ()
            assert rules.with_options({h.key: not h.default}).options()[h.key] is (not h.default)
        else:
            assert h.default in h.choices
            for value in h.choices:
                assert rules.with_options({h.key: value}).options()[h.key] == value


def test_the_choices_end_where_the_engine_refuses() -> None:
    for preset, key in (("rummy500", "min_run"), ("contract", "reshuffles")):
        rules = PRESETS[preset]
        choices = next(h.choices for h in catalog.house_rules(rules) if h.key == key)
        for outside in (min(choices) - 1, max(choices) + 1):
            with pytest.raises(ValueError, match=f"option '{key}' must be"):
                rules.with_options({key: outside})
    call = next(h for h in catalog.house_rules(PRESETS["rummy500"]) if h.key == "rummy_call")
    assert [call.choice_name(v) for v in call.choices] == [
        "No calls",
        "Last discard only",
        "Whole discard pile",
    ]
    assert call.choice_name(3) is None


@pytest.mark.parametrize("preset", list(PRESETS))
def test_default_players_is_in_the_presets_range(preset: str) -> None:
    rules = PRESETS[preset]
    n = catalog.default_players(rules)
    assert rules.min_players <= n <= rules.max_players
    assert n == (4 if rules.is_contract or preset == "persian" else 3)


def test_contracts_are_the_rounds_of_the_contract_family_only() -> None:
    listed = catalog.contracts(PRESETS["liverpool"])
    assert [(s, r) for s, r, _name in listed] == list(CONTRACTS)
    assert listed[0][2] == "two sets"
    assert listed[-1][2] == "three runs, no discard"
    assert catalog.contracts(PRESETS["rummy500"]) == ()


def test_could_use_is_judged_from_the_hand_and_the_table() -> None:
    rules = PRESETS["rummy500"]
    seven = parse_card("7H")
    assert catalog.could_use(rules, parse_cards("7S 7D 2C"), seven, [])  # a set
    assert catalog.could_use(rules, parse_cards("8H 9H KC"), seven, [])  # a run
    assert not catalog.could_use(rules, parse_cards("7S 2C KD"), seven, [])  # a pair only
    game = Game.from_layout(
        "rummy500",
        hands=["4H 5H 6H KC KD", "2C 3D 9S JC QD"],
        stock="AC 2S 3C 4D",
        discard="7H",
        turn=0,
    )
    game.play("draw")
    game.play("meld 4H 5H 6H")
    assert catalog.could_use(game.rules, game.hand(1), seven, game.melds)  # on 4H 5H 6H
    assert not catalog.could_use(game.rules, game.hand(1), seven, [])


# Each preset's description names rules facts; a copy of the preset with one
# changed says the changed one (issue 48: no description keeps its own number).
@pytest.mark.parametrize(
    ("preset", "change", "before", "after"),
    [
        ("rummy500", {"target": 350}, "first to 500.", "first to 350."),
        ("pinochle", {"target": 300}, "; to 500.", "; to 300."),
        ("pinochle", {"min_run": 4}, "Runs of 5,", "Runs of 4,"),
        ("persian", {"deals": 3}, ", 2 deals.", ", 3 deals."),
        ("persian", {"deals": 1}, ", 2 deals.", ", 1 deal."),
        ("contract", {"rounds": 6}, "7 rounds, each", "6 rounds, each"),
        ("liverpool", {"cut_bonus": 40}, "save 50 points.", "save 40 points."),
        ("shanghai", {"contract_hand_size": (10,) * 7}, "11 cards,", "10 cards,"),
        ("shanghai", {"max_jokers_per_meld": 2}, "1 joker per meld", "2 jokers per meld"),
        ("shanghai", {"buy_limit": 3}, "2 buys", "3 buys"),
    ],
)
def test_a_description_says_its_rules(
    preset: str, change: dict[str, object], before: str, after: str
) -> None:
    rules = PRESETS[preset]
    assert before in catalog.describe(rules)
    assert after not in catalog.describe(rules)
    assert after in catalog.describe(replace(rules, **change))  # type: ignore[arg-type]


def test_the_doubled_set_in_persians_description_is_the_engines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert "doubled sets of 4," in catalog.describe(PRESETS["persian"])
    monkeypatch.setattr(catalog, "FULL_SET", 5)
    assert "doubled sets of 5," in catalog.describe(PRESETS["persian"])


def test_every_description_is_filled() -> None:
    for rules in PRESETS.values():
        text = catalog.describe(rules)
        assert "{" not in text, text
        assert "(s)" not in text, text
        assert "None" not in text, text


# The words of a description that name a yes-or-no rule, each with the `Rules` value it
# states: the words are said only where the preset's rules are so.
DESCRIPTION_WORDS = {
    "aces high": lambda r: r.ace == "high",
    "ace low": lambda r: r.ace == "low",
    "no jokers": lambda r: not r.jokers,
    "joker": lambda r: r.jokers,
    "no rummy calls": lambda r: r.rummy_call == "off",
    "call Rummy": lambda r: r.rummy_call != "off",
    "two partnerships": lambda r: r.partnerships and r.max_players == 4,
    "a cut": lambda r: r.liverpool_cut,
    "'Shanghai!' calls": lambda r: r.shanghai_call,
    "face down": lambda r: r.hidden_layoffs,
}


def disagreements(rules: Rules) -> list[str]:
    """The words of `rules`' description that state a rule its values do not hold."""
    text = catalog.describe(rules)
    return [
        words
        for words, holds in DESCRIPTION_WORDS.items()
        if words in text and "no " + words not in text and not holds(rules)
    ]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_descriptions_words_for_a_rule_agree_with_the_presets_rules(preset: str) -> None:
    assert disagreements(PRESETS[preset]) == []


@pytest.mark.parametrize(
    ("preset", "change", "words"),
    [
        ("pinochle", {"ace": "high"}, "ace low"),
        ("shanghai", {"ace": "low"}, "aces high"),
        ("rummy500", {"rummy_call": "off"}, "call Rummy"),
        ("persian", {"partnerships": False}, "two partnerships"),
        ("liverpool", {"liverpool_cut": False}, "a cut"),
    ],
)
def test_a_rule_changed_under_its_words_is_caught(
    preset: str, change: dict[str, object], words: str
) -> None:
    assert disagreements(replace(PRESETS[preset], **change)) == [words]  # type: ignore[arg-type]
