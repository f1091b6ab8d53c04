"""The menus' facts are the engine's and the bots' (ui/screens/catalog.py and
ui/screens/rules_text.py): nothing is copied, so a fact changed in the engine
shows on the screens."""

from __future__ import annotations

from dataclasses import replace

from rummy_gui.engine import PRESETS
from rummy_gui.engine import catalog as engine_catalog
from rummy_gui.levels import LEVELS
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.rules_text import rules_for


def test_the_presets_are_the_engines() -> None:
    infos = catalog.presets()
    assert [p.id for p in infos] == list(PRESETS)
    for p in infos:
        assert p.rules is PRESETS[p.id]
        assert p.options == PRESETS[p.id].options()
        assert p.default_players == engine_catalog.default_players(PRESETS[p.id])


def test_every_seat_kind_has_a_name_and_every_name_is_a_seat_kind() -> None:
    assert list(catalog.LEVEL_NAMES) == ["human", *LEVELS]
    for level in ("human", *LEVELS):
        assert catalog.level_name(level) != level, level


def test_option_words_are_the_engines() -> None:
    assert catalog.option_label("rummy_call") == engine_catalog.OPTION_LABELS["rummy_call"]
    assert (
        catalog.option_text("rummy_call", "last")
        == engine_catalog.CHOICE_NAMES["rummy_call"]["last"]
    )
    assert catalog.option_text("target", 750) == "750"
    assert catalog.option_text("jokers", True) == "on"


def text(info: catalog.PresetInfo, options: dict[str, object] | None = None) -> str:
    return " ".join(f"{h} {p}" for h, p in rules_for(info, dict(options or {})))


def test_the_rules_screen_reads_rule_facts_not_preset_names() -> None:
    """A Rummy 500 whose rules had Pinochle's low aces and Persian's partnerships
    is described so: the sentences follow the Rules fields, whatever the id."""
    plain = text(catalog.PresetInfo(PRESETS["rummy500"]))
    assert "Aces are low only" not in plain
    assert "Partners sit opposite" not in plain
    odd = replace(PRESETS["rummy500"], ace="low", partnerships=True, joker_value_500=20)
    told = text(catalog.PresetInfo(odd))
    assert "Aces are low only" in told
    assert "Partners sit opposite" in told
    assert "A joker counts 20." in told
    cut = text(catalog.PresetInfo(replace(PRESETS["contract"], liverpool_cut=True)))
    assert "lifting exactly the cards" in cut
    assert "lifting exactly the cards" not in text(catalog.PresetInfo(PRESETS["contract"]))


def test_the_rules_screen_follows_the_house_rules() -> None:
    info = catalog.preset("rummy500")
    assert "run is 3 or more" in text(info)
    assert "run is 5 or more" in text(info, {"min_run": 5})
    assert "reaches 500" in text(info)
    assert "reaches 250" in text(info, {"target": 250})
    assert "Buying" in text(catalog.preset("contract"))
    assert "Nobody buys" not in text(catalog.preset("contract"))
    assert "Nobody buys" in text(catalog.preset("contract"), {"buying": False})


def test_a_quick_start_plays_the_game_new_game_offers_first() -> None:
    assert catalog.default_preset() == catalog.presets()[0].id == next(iter(PRESETS))


def test_the_shown_description_is_formatted_from_the_rules() -> None:
    """New game's blurb says the preset's facts, in the catalog's plural form."""
    rules = PRESETS["liverpool"]
    assert catalog.PresetInfo(rules).display_description == engine_catalog.describe(rules)
    changed = replace(rules, cut_bonus=1)
    assert catalog.PresetInfo(changed).display_description.endswith("save 1 point.")
