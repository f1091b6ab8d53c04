"""What the new-game and rules screens show about each preset, in the player's
language. Every fact is the engine's (`rummy_gui.engine.catalog`) and the bot
levels are `rummy_gui.levels.LEVELS`; this module only translates:
the engine's English texts are the catalogs' ids."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rummy_gui.engine import Rules
from rummy_gui.engine import catalog as engine_catalog
from rummy_gui.engine.catalog import HouseRule
from rummy_gui.i18n import N_, NC_, _, ngettext, pgettext, plural_ids


@dataclass(frozen=True)
class PresetInfo:
    """One preset as the menus use it: the engine's rules and what the engine
    says about them."""

    rules: Rules

    @property
    def id(self) -> str:
        return self.rules.preset

    @property
    def name(self) -> str:
        """The English name (the catalogs' id)."""
        return self.rules.name

    @property
    def min_players(self) -> int:
        return self.rules.min_players

    @property
    def max_players(self) -> int:
        return self.rules.max_players

    @property
    def default_players(self) -> int:
        return engine_catalog.default_players(self.rules)

    @property
    def options(self) -> dict[str, Any]:
        """The preset's house rules and their values, by key."""
        return self.rules.options()

    @property
    def house_rules(self) -> tuple[HouseRule, ...]:
        return engine_catalog.house_rules(self.rules)

    @property
    def contract(self) -> bool:
        return self.rules.is_contract

    @property
    def display_name(self) -> str:
        return _(self.rules.name)

    @property
    def display_description(self) -> str:
        template, count, values = engine_catalog.description(self.rules)
        if count is None:
            return _(template).format(**values)
        return ngettext(*plural_ids(template), values[count]).format(**values)


# The seat kinds by name: "human" and each of the bots' levels (a test holds
# this to rummy_gui.levels.LEVELS, so a new level can't go without a name).
LEVEL_NAMES: dict[str, str] = {
    "human": N_("Human"),
    "random": N_("Random"),
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}


def presets() -> list[PresetInfo]:
    return [PresetInfo(rules) for rules in engine_catalog.presets()]


def default_preset() -> str:
    """The game a quick start plays and New game offers first: the engine's first preset."""
    return presets()[0].id


def preset(pid: str) -> PresetInfo:
    """One preset; KeyError for an id the engine does not know."""
    for p in presets():
        if p.id == pid:
            return p
    raise KeyError(pid)


def house_rule(key: str) -> HouseRule | None:
    """The house rule of this key in the first preset that has it."""
    for p in presets():
        for rule in p.house_rules:
            if rule.key == key:
                return rule
    return None


def option_label(key: str) -> str:
    """A house rule's name in the current language."""
    label = engine_catalog.OPTION_LABELS.get(key)
    return _(label) if label is not None else key


def option_help(key: str) -> str:
    """A house rule's one line of help in the current language."""
    text = engine_catalog.OPTION_HELP.get(key)
    return _(text) if text is not None else ""


def option_text(key: str, value: Any) -> str:
    """A house rule's value in the current language."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    rule = house_rule(key)
    name = rule.choice_name(value) if rule is not None else None
    return _(name) if name is not None else str(value)


# The letters of the two partnerships (Persian: "team A", "Team B: Ada & Eve"),
# translated like the other words on the table (Russian А/Б).
TEAM_LETTERS = (NC_("team", "A"), NC_("team", "B"))


def team_letter(side: int) -> str:
    """The letter of partnership `side` (0 or 1) in the current language."""
    return pgettext("team", TEAM_LETTERS[side])


def level_name(kind: str) -> str:
    """A seat kind ("human" or a bot level) in the current language."""
    return _(LEVEL_NAMES[kind]) if kind in LEVEL_NAMES else kind


def preset_name(pid: str) -> str:
    """A preset's name in the current language (its id if there is no such preset)."""
    for p in presets():
        if p.id == pid:
            return p.display_name
    return pid
