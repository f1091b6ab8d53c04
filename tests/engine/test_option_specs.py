"""RULES.md section 6 as the engine's data: what each preset's options take,
their names and help (the catalogs' English ids), and the refusal of every
other option, `min_run` in the contract family included (RULES.md 5)."""

from __future__ import annotations

import pytest

from rummy_gui.engine import PRESETS, Game, catalog
from rummy_gui.engine.rules import OPTIONS, OptionError, UnknownOption
from tests.engine._helpers import draw, layout, pass_claims, play

# RULES.md section 6, the table: preset -> {key: default}
SECTION_6: dict[str, dict[str, object]] = {
    "rummy500": {
        "target": 500,
        "jokers": True,
        "simple_scoring": False,
        "rummy_call": "full",
        "top_discard_must_meld": False,
        "go_out_by_discard": False,
        "min_run": 3,
    },
    "rummy500-classic": {
        "target": 500,
        "jokers": False,
        "simple_scoring": False,
        "rummy_call": "off",
        "top_discard_must_meld": True,
        "go_out_by_discard": False,
        "min_run": 3,
    },
    "persian": {
        "jokers": True,
        "simple_scoring": False,
        "rummy_call": "full",
        "top_discard_must_meld": False,
        "go_out_by_discard": False,
        "min_run": 3,
    },
    "pinochle": {
        "target": 500,
        "jokers": False,
        "simple_scoring": False,
        "rummy_call": "off",
        "top_discard_must_meld": True,
        "go_out_by_discard": True,
        "min_run": 5,
        "hidden_layoffs": True,
    },
    **{
        p: {"jokers": True, "go_out_by_discard": True, "buying": True, "reshuffles": 1}
        for p in ("contract", "liverpool", "shanghai")
    },
}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_has_exactly_the_options_of_section_6(preset: str) -> None:
    assert PRESETS[preset].options() == SECTION_6[preset]


@pytest.mark.parametrize("preset", ["contract", "liverpool", "shanghai"])
@pytest.mark.parametrize("value", [3, 4, 5])
def test_the_contract_family_refuses_min_run(preset: str, value: int) -> None:
    with pytest.raises(UnknownOption) as info:
        Game.new(preset, players=4, seed=1, options={"min_run": value})
    assert isinstance(info.value, ValueError)
    assert info.value.key == "min_run"
    assert info.value.preset == preset
    text = str(info.value)
    assert "unknown option 'min_run'" in text
    assert PRESETS[preset].name in text  # which game it is unknown for


def test_a_value_out_of_range_names_its_option() -> None:
    with pytest.raises(OptionError) as info:
        Game.new("contract", players=4, seed=1, options={"reshuffles": 4})
    assert info.value.key == "reshuffles"
    assert not isinstance(info.value, UnknownOption)
    assert "from 0 to 3" in str(info.value)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_option_has_a_name_a_line_of_help_and_takes_what_it_offers(preset: str) -> None:
    rules = PRESETS[preset]
    for spec in rules.option_specs():
        assert spec.label
        assert spec.help.endswith(".")
        assert "\n" not in spec.help
        default = rules.options()[spec.key]
        if spec.kind == "bool":
            assert isinstance(default, bool)
            assert spec.offered == ()
        else:
            assert default in spec.offered
            for value in spec.offered:
                assert rules.with_options({spec.key: value}).options()[spec.key] == value
        if spec.kind == "int" and spec.highest is not None:
            for outside in (spec.lowest - 1, spec.highest + 1):  # type: ignore[operator]
                with pytest.raises(OptionError, match=f"option '{spec.key}' must be"):
                    rules.with_options({spec.key: outside})


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_screens_house_rules_are_the_option_specs(preset: str) -> None:
    rules = PRESETS[preset]
    house = catalog.house_rules(rules)
    assert [h.key for h in house] == [s.key for s in rules.option_specs()]
    for h in house:
        spec = OPTIONS[h.key]
        assert (h.label, h.help, h.choices) == (spec.label, spec.help, spec.offered)


def test_contract_runs_are_four_cards_in_every_contract_round() -> None:
    """Round 2 (a set and a run) with 7♥7♠7♦ and 4♣–7♣: the contract goes down;
    a five-card run is not a contract run (RULES.md 4.3)."""
    hands = [
        "7H 7S 7D 4C 5C 6C 7C 8C KD KS",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD",
        "2S 3S 4S 5S 6S 7S 8S 9S 10S JS",
    ]
    g = layout("contract", hands, stock="KC KH QC QH QS", discard="AC", round=2)
    draw(g)
    with pytest.raises(ValueError, match=r"exactly 3 card\(s\) and runs exactly 4"):
        g.play("contract 7H 7S 7D / 4C 5C 6C 7C 8C")
    play(g, "contract 7H 7S 7D / 4C 5C 6C 7C")
    assert len(g.melds) == 2
    pass_claims(g)


def test_contract_slots_ask_runs_of_four() -> None:
    from rummy_gui.engine import ask

    g = layout(
        "liverpool",
        ["2C 3C 4C 5C 7H 8H 9H 10H JD QD KD AD", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"] * 1
        + ["2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"],
        stock="KC KH QC QH QS",
        discard="AC",
        round=7,
    )
    slots = ask.contract_slots(g)
    assert [(s.kind, s.size, s.more) for s in slots] == [("run", 4, True)] * 3
