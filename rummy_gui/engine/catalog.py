"""What the screens ask the engine about the games it plays: the presets, their
house rules (with every value each one takes and the English words for them),
the contracts, and whether a card could be used from a hand.

Every answer is read from `Rules`, the option checks and the searches of the
engine, so a screen never keeps its own copy. Texts are English; they are the
ids of the translation catalogs (tools/babel_engine.py extracts them from
rules.py: OPTION_LABELS, OPTION_HELP, CHOICE_NAMES), translated where they are shown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .melds import FULL_SET, Meld
from .rules import (
    CHOICE_NAMES,
    CONTRACT_NAMES,
    CONTRACTS,
    OPTION_HELP,
    OPTION_LABELS,
    PRESETS,
    Rules,
    get_rules,
)
from .table import seat_sides
from .targets import could_use as _could_use

__all__ = [
    "CHOICE_NAMES",
    "OPTION_HELP",
    "OPTION_LABELS",
    "HouseRule",
    "contracts",
    "could_use",
    "default_players",
    "describe",
    "description",
    "house_rules",
    "preset",
    "presets",
    "sides",
]


@dataclass(frozen=True)
class HouseRule:
    """One option of a preset: its key, English name, the preset's value, the
    values a menu offers (empty for a true/false option) and a line of help."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...]
    help: str = ""

    @property
    def is_switch(self) -> bool:
        return isinstance(self.default, bool)

    def choice_name(self, value: Any) -> str | None:
        """The English name of a value, or None where the value is shown as it is."""
        names = CHOICE_NAMES.get(self.key, {})
        return names.get(value) if isinstance(value, str) else None


def presets() -> tuple[Rules, ...]:
    """Every preset, in the order the menus show them."""
    return tuple(PRESETS.values())


def preset(preset_id: str) -> Rules:
    """One preset's rules; ValueError (naming the presets) for an unknown id."""
    return get_rules(preset_id)


def house_rules(rules: Rules) -> tuple[HouseRule, ...]:
    """The options of these rules, with their values in `rules`, in order."""
    values = rules.options()
    return tuple(
        HouseRule(spec.key, spec.label, values[spec.key], spec.offered, spec.help)
        for spec in rules.option_specs()
    )


def default_players(rules: Rules) -> int:
    """How many seats a new game of this preset starts with: four for the
    contract family (its contracts are made for a table of four), three for
    the others, within the preset's range."""
    wanted = 4 if rules.is_contract else 3
    return max(rules.min_players, min(rules.max_players, wanted))


def contracts(rules: Rules) -> tuple[tuple[int, int, str], ...]:
    """(sets, runs, English name) of each round's contract; empty outside the
    contract family."""
    if not rules.is_contract:
        return ()
    return tuple(
        (sets, runs, name) for (sets, runs), name in zip(CONTRACTS, CONTRACT_NAMES, strict=True)
    )


def could_use(rules: Rules, hand: Sequence[Card], card: Card, melds: Sequence[Meld]) -> bool:
    """Whether `card`, taken into this hand, could go into a meld or onto one of
    `melds` — the engine's own quick test before it searches (a necessary
    condition, from the hand and the table only: what a player would judge)."""
    return _could_use(rules, [*hand, card], card, melds)


def sides(rules: Rules, players: int) -> tuple[tuple[int, ...], ...]:
    """Who plays with whom at a table of `players`: the seats of each side, as
    `Game.sides` will have them (each seat alone without partnerships)."""
    return seat_sides(rules, players)


# The number that picks a description's plural form: the one before its "(s)".
_COUNTED = re.compile(r"\{([a-z]+)\} [^ {}]+\(s\)")


def description(rules: Rules) -> tuple[str, str | None, dict[str, Any]]:
    """A preset's one-line description as a catalog template ("first to
    {target}"), the name of the value that picks its plural form (its "(s)"),
    and the rules facts it names, by placeholder, read from `rules`."""
    counted = _COUNTED.search(rules.description)
    values: dict[str, Any] = {
        "target": rules.target,
        "rounds": rules.rounds,
        "deals": rules.deals,
        "full": FULL_SET,
        "run": rules.min_run,
        "bonus": rules.cut_bonus,
        "cards": rules.hand_size(rules.min_players, 1),
        "jokers": rules.max_jokers_per_meld,
        "buys": rules.buy_limit,
    }
    return rules.description, counted.group(1) if counted else None, values


def describe(rules: Rules) -> str:
    """A preset's description in English, its facts filled in (README's table)."""
    template, count, values = description(rules)
    singular = count is not None and values[count] == 1
    return template.replace("(s)", "" if singular else "s").format(**values)
