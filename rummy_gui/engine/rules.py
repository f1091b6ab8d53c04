"""The seven presets of RULES.md and their options, as data.

A `Rules` value holds every setting the engine consults; presets differ only
here, never by code paths that test the preset's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Any

FAMILY_500 = "500"
FAMILY_CONTRACT = "contract"

# Contract of each round: (sets, runs), RULES.md 4.3.
CONTRACTS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))
# RULES.md 4.3: a contract's sets are exactly 3 cards and its runs exactly 4
# (in a whole-hand round, runs of 4 or more); no option changes them.
CONTRACT_SET_SIZE = 3
CONTRACT_RUN_SIZE = 4
CONTRACT_NAMES = (
    "two sets",
    "a set and a run",
    "two runs",
    "three sets",
    "two sets and a run",
    "a set and two runs",
    "three runs, no discard",
)


@dataclass(frozen=True)
class Rules:
    """Every rule setting of one game (a preset with its options applied)."""

    preset: str
    name: str
    # a template of the rules facts it names ("first to {target}"): catalog.describe
    description: str
    family: str
    min_players: int
    max_players: int
    # options (RULES.md section 6)
    target: int | None = None
    jokers: bool = True
    simple_scoring: bool = False
    rummy_call: str = "off"
    top_discard_must_meld: bool = False
    go_out_by_discard: bool = False
    min_run: int = 3
    # Pinochle (RULES.md 3.9): lay-offs lie face down in the layer's area
    hidden_layoffs: bool = False
    buying: bool = False
    # contract family: how often a round's stock may be rebuilt from the discard
    # pile (RULES.md 4.7); None means no limit, which only records made before
    # the option existed use
    reshuffles: int | None = 1
    # fixed settings of the preset
    deals: int | None = None  # Persian: exactly two deals
    rounds: int | None = None  # contract family: seven rounds
    whole_hand_rounds: tuple[int, ...] = ()  # contract round 7: out only with the whole hand
    partnerships: bool = False
    ace: str = "either"  # "either", "low" or "high" in runs
    max_set: int | None = 4
    jokers_only_in_joker_sets: bool = False  # Persian
    joker_value_500: int = 15
    max_jokers_per_meld: int | None = None  # Shanghai: 1
    buy_penalty: int = 1
    buy_limit: int | None = None  # Shanghai: 2 claims out of turn per round
    layoff_with_contract: bool = False  # Shanghai: lay off on the contract's turn
    shanghai_call: bool = False
    liverpool_cut: bool = False
    pinochle_last_turns: bool = False
    mark_complete_sets: bool = False  # Pinochle
    persian_bonuses: bool = False  # Persian: a set of four melded at once scores double
    out_in_one_turn_bonus: int = 0  # Persian: 25 for going out on the first melding turn
    match_bonus: int = 0  # Persian: 50 to the side ahead after the last deal
    cut_bonus: int = 0  # Liverpool: 50 off the cutter's total for cutting exactly the deal
    contract_sets_distinct_ranks: bool = False  # Shanghai: no two sets of one rank in a contract
    fixed_decks: int | None = None  # Persian: one deck whatever the players
    fixed_jokers: int | None = None  # Persian and Shanghai: 4 jokers
    settlement: bool = False  # Rum 500 classic
    contract_hand_size: tuple[int, ...] = (10, 10, 10, 12, 12, 12, 12)
    shanghai_scoring: bool = False
    option_keys: tuple[str, ...] = field(default=(), compare=False)

    @cached_property  # kept in the instance: read for nearly every move
    def is_contract(self) -> bool:
        return self.family == FAMILY_CONTRACT

    def last_round_goes_out_whole(self, round_number: int) -> bool:
        """Contract round 7 (RULES.md 4.3): the contract is the whole hand at
        once, with no discard, and nobody lays off."""
        return round_number in self.whole_hand_rounds

    def decks(self, players: int) -> int:
        if self.fixed_decks is not None:
            return self.fixed_decks
        if self.is_contract:
            return 2
        return 2 if players >= 5 else 1

    def joker_count(self, players: int) -> int:
        if not self.jokers:
            return 0
        if self.fixed_jokers is not None:
            return self.fixed_jokers
        if self.is_contract:
            return players - 1
        return 2 * self.decks(players)

    def hand_size(self, players: int, round_number: int) -> int:
        if self.is_contract:
            return self.contract_hand_size[round_number - 1]
        return 13 if players == 2 else 7

    def options(self) -> dict[str, Any]:
        """The option values in force, by key (for records and the UI)."""
        out = {key: getattr(self, key) for key in self.option_keys}
        if out.get("reshuffles", 0) is None:
            del out["reshuffles"]  # a record made before the option: it stays without the key
        return out

    def with_options(self, options: Mapping[str, Any] | None) -> Rules:
        """These rules with house-rule options applied; ValueError on bad ones."""
        if options is None:
            return self
        if not isinstance(options, Mapping):
            raise ValueError("options must be a mapping of option keys to values")
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key not in self.option_keys:
                allowed = ", ".join(self.option_keys) or "none"
                raise UnknownOption(
                    f"unknown option '{key}' for {self.preset} ({self.name}); "
                    f"its options are: {allowed}",
                    str(key),
                    self.preset,
                )
            changes[key] = OPTIONS[key].check(value, self.preset)
        return replace(self, **changes)

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """What each option of these rules takes, in the order of `options()`."""
        return tuple(OPTIONS[key] for key in self.options())


class OptionError(ValueError):
    """An option a game does not take: an unknown key, or a value outside the
    option's range. `key` is the option and `preset` the game's id."""

    def __init__(self, text: str, key: str, preset: str) -> None:
        super().__init__(text)
        self.key = key
        self.preset = preset


class UnknownOption(OptionError):
    """An option key this game does not have (RULES.md section 6: "—")."""


# Each option's name and one line of help, by key (RULES.md section 6). They
# are English ids of the translation catalogs (tools/babel_engine.py).
OPTION_LABELS: dict[str, str] = {
    "target": "Target score",
    "jokers": "Jokers",
    "simple_scoring": "Simple scoring (2-9 count 5)",
    "rummy_call": "Rummy call",
    "top_discard_must_meld": "Top discard must be melded",
    "go_out_by_discard": "Must go out by discarding",
    "min_run": "Minimum run length",
    "buying": "Buying out of turn",
    "reshuffles": "Stock rebuilds per round",
    "hidden_layoffs": "Lay-offs face down",
}
OPTION_HELP: dict[str, str] = {
    "target": "The game ends after the deal in which someone reaches this total.",
    "jokers": "Play with the game's jokers, or with none.",
    "simple_scoring": "Cards 2 to 9 count 5 points each instead of their face value.",
    "rummy_call": "What other players may claim from the discard pile after a discard.",
    "top_discard_must_meld": "A card taken alone from the top of the discard pile must be "
    "melded that turn.",
    "go_out_by_discard": "The last card of a hand must be discarded, not melded.",
    "min_run": "The fewest cards a run may have.",
    "buying": "Players may claim the top discard out of turn, with penalty cards.",
    "reshuffles": "How many times a round's stock may be rebuilt from the discard pile.",
    "hidden_layoffs": "A card laid off goes face down among your own melds; everyone must "
    "remember it.",
}
# How a value is named where the value itself is a word of the engine's.
CHOICE_NAMES: dict[str, dict[str, str]] = {
    "rummy_call": {"off": "No calls", "last": "Last discard only", "full": "Whole discard pile"},
}


@dataclass(frozen=True)
class OptionSpec:
    """What one option takes: true/false ("bool"), a whole number from
    `lowest` to `highest` ("int"; `offered` are the values a menu lists), or
    one of `offered` ("choice")."""

    key: str
    kind: str
    offered: tuple[Any, ...] = ()
    lowest: int | None = None
    highest: int | None = None

    @property
    def label(self) -> str:
        return OPTION_LABELS[self.key]

    @property
    def help(self) -> str:
        return OPTION_HELP[self.key]

    def check(self, value: Any, preset: str) -> Any:
        """The value, when this option takes it; OptionError otherwise."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise OptionError(
                f"option '{self.key}' must be true or false, not {value!r}", self.key, preset
            )
        if self.kind == "choice":
            if isinstance(value, str) and value in self.offered:
                return value
            words = ", ".join(f"'{v}'" for v in self.offered[:-1])
            raise OptionError(
                f"option '{self.key}' must be {words} or '{self.offered[-1]}', not {value!r}",
                self.key,
                preset,
            )
        lowest, highest = self.lowest, self.highest
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (lowest is not None and value < lowest)
            or (highest is not None and value > highest)
        ):
            if highest is None:
                shape = "a positive whole number" if lowest == 1 else f"at least {lowest}"
            else:
                shape = f"a whole number from {lowest} to {highest}"
            raise OptionError(
                f"option '{self.key}' must be {shape}, not {value!r}", self.key, preset
            )
        return value


# Every option of every preset (RULES.md section 6); which preset takes which
# is its `option_keys`.
OPTIONS: Mapping[str, OptionSpec] = MappingProxyType(
    {
        spec.key: spec
        for spec in (
            # the targets offered are round numbers out of every positive one allowed
            OptionSpec("target", "int", (100, 200, 250, 300, 400, 500, 750, 1000), lowest=1),
            OptionSpec("jokers", "bool"),
            OptionSpec("simple_scoring", "bool"),
            OptionSpec("rummy_call", "choice", ("off", "last", "full")),
            OptionSpec("top_discard_must_meld", "bool"),
            OptionSpec("go_out_by_discard", "bool"),
            OptionSpec("min_run", "int", (3, 4, 5), lowest=3, highest=5),
            OptionSpec("buying", "bool"),
            OptionSpec("reshuffles", "int", (0, 1, 2, 3), lowest=0, highest=3),
            OptionSpec("hidden_layoffs", "bool"),
        )
    }
)


_500_KEYS = (
    "target",
    "jokers",
    "simple_scoring",
    "rummy_call",
    "top_discard_must_meld",
    "go_out_by_discard",
    "min_run",
)
_PINOCHLE_KEYS = (*_500_KEYS, "hidden_layoffs")
_PERSIAN_KEYS = tuple(k for k in _500_KEYS if k != "target")
# RULES.md 5: the contract family has no minimum-run option (its contracts are
# made of runs of 4)
_CONTRACT_KEYS = ("jokers", "go_out_by_discard", "buying", "reshuffles")

_RUMMY_500 = Rules(
    preset="rummy500",
    name="Rummy 500",
    description="The Finnish rule set: jokers, dig deep into the discard pile, call Rummy, "
    "first to {target}.",
    family=FAMILY_500,
    min_players=2,
    max_players=8,
    target=500,
    jokers=True,
    rummy_call="full",
    option_keys=_500_KEYS,
)
_CONTRACT = Rules(
    preset="contract",
    name="Contract Rummy",
    description="{rounds} round(s), each opening with a harder contract; lowest penalty wins.",
    family=FAMILY_CONTRACT,
    min_players=3,
    max_players=5,
    jokers=True,
    go_out_by_discard=True,
    min_run=CONTRACT_RUN_SIZE,  # RULES.md 4.2: runs of 4 or more, fixed (not an option)
    buying=True,
    rounds=7,
    whole_hand_rounds=(7,),
    max_set=None,
    option_keys=_CONTRACT_KEYS,
)

# The other presets are these two with their differences (RULES.md 3 and 4).
_PRESET_LIST = [
    _RUMMY_500,
    replace(
        _RUMMY_500,
        preset="rummy500-classic",
        name="Rum 500 (classic)",
        description="The Russian rule set: no jokers, no rummy calls, and the deepest card "
        "taken from the pile must be melded that turn.",
        jokers=False,
        rummy_call="off",
        top_discard_must_meld=True,
        settlement=True,
    ),
    replace(
        _RUMMY_500,
        preset="persian",
        name="Persian Rummy",
        description="Rummy 500 for two partnerships: joker sets, doubled sets of {full}, "
        "{deals} deal(s).",
        min_players=4,
        max_players=4,
        target=None,
        deals=2,
        partnerships=True,
        jokers_only_in_joker_sets=True,
        joker_value_500=20,
        persian_bonuses=True,
        out_in_one_turn_bonus=25,
        match_bonus=50,
        fixed_decks=1,
        fixed_jokers=4,
        option_keys=_PERSIAN_KEYS,
    ),
    replace(
        _RUMMY_500,
        preset="pinochle",
        name="Pinochle Rummy",
        description="Runs of {run}, ace low, go out by discarding face down; to {target}.",
        min_players=3,
        jokers=False,
        rummy_call="off",
        top_discard_must_meld=True,
        go_out_by_discard=True,
        min_run=5,
        ace="low",
        pinochle_last_turns=True,
        mark_complete_sets=True,
        hidden_layoffs=True,
        option_keys=_PINOCHLE_KEYS,
    ),
    _CONTRACT,
    replace(
        _CONTRACT,
        preset="liverpool",
        name="Liverpool Rummy",
        description="Contract Rummy with a cut: lift exactly the deal and save {bonus} point(s).",
        liverpool_cut=True,
        cut_bonus=50,
    ),
    replace(
        _CONTRACT,
        preset="shanghai",
        name="Shanghai Rummy",
        description="{cards} cards, aces high, {jokers} joker(s) per meld, {buys} buys, and "
        "'Shanghai!' calls.",
        ace="high",
        max_jokers_per_meld=1,
        contract_sets_distinct_ranks=True,
        fixed_jokers=4,
        buy_penalty=2,
        buy_limit=2,
        layoff_with_contract=True,
        shanghai_call=True,
        contract_hand_size=(11, 11, 11, 11, 11, 11, 11),
        shanghai_scoring=True,
    ),
]

PRESETS: Mapping[str, Rules] = MappingProxyType({r.preset: r for r in _PRESET_LIST})


# Options a preset no longer takes, with the value it always played them at
# (RULES.md 5: the contract family's runs are 4 cards, never an option).
_RETIRED: dict[str, dict[str, Any]] = {
    preset: {"min_run": CONTRACT_RUN_SIZE} for preset in ("contract", "liverpool", "shanghai")
}


def without_retired(preset: Any, options: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """A saved game's options without those its preset no longer takes but
    played at the value it still plays (an old Contract save's `min_run` of 4).
    OptionError when such an option had another value: that game was played
    by rules this program no longer has."""
    retired = _RETIRED.get(preset) if isinstance(preset, str) else None
    if not retired or not isinstance(options, Mapping):
        return options
    kept = dict(options)
    for key, value in retired.items():
        if key in kept:
            if kept[key] != value or isinstance(kept[key], bool):
                raise OptionError(
                    f"this {PRESETS[preset].name} game was played with option '{key}' "
                    f"{kept[key]!r}, which the game no longer has (it plays {value})",
                    key,
                    preset,
                )
            del kept[key]
    return kept


def get_rules(preset: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a preset with options applied. ValueError names the problem."""
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r} (one of: {', '.join(PRESETS)})")
    return PRESETS[preset].with_options(options)
