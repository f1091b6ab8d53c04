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
                raise ValueError(f"unknown option '{key}' for {self.preset} (allowed: {allowed})")
            changes[key] = _check_option(key, value)
        return replace(self, **changes)


_BOOL_OPTIONS = {
    "jokers",
    "simple_scoring",
    "top_discard_must_meld",
    "go_out_by_discard",
    "buying",
    "hidden_layoffs",
}


def _check_option(key: str, value: Any) -> Any:
    if key in _BOOL_OPTIONS:
        if not isinstance(value, bool):
            raise ValueError(f"option '{key}' must be true or false, not {value!r}")
        return value
    if key == "target":
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise ValueError(f"option 'target' must be a positive whole number, not {value!r}")
        return value
    if key == "rummy_call":
        if value not in ("off", "last", "full"):
            raise ValueError(f"option 'rummy_call' must be 'off', 'last' or 'full', not {value!r}")
        return value
    if key == "min_run":
        if isinstance(value, bool) or not isinstance(value, int) or not 3 <= value <= 5:
            raise ValueError(f"option 'min_run' must be 3, 4 or 5, not {value!r}")
        return value
    if key == "reshuffles":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
            raise ValueError(
                f"option 'reshuffles' must be a whole number from 0 to 3, not {value!r}"
            )
        return value
    raise ValueError(f"unknown option '{key}'")  # pragma: no cover - keys are checked first


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
_CONTRACT_KEYS = ("jokers", "go_out_by_discard", "min_run", "buying", "reshuffles")

_RUMMY_500 = Rules(
    preset="rummy500",
    name="Rummy 500",
    description="Meld for points, dig deep into the discard pile, first to 500 wins.",
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
    description="Seven rounds, each opening with a harder contract; lowest penalty wins.",
    family=FAMILY_CONTRACT,
    min_players=3,
    max_players=5,
    jokers=True,
    go_out_by_discard=True,
    min_run=4,
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
        description="The Russian rule set: no jokers, every discard taken must be melded.",
        jokers=False,
        rummy_call="off",
        top_discard_must_meld=True,
        settlement=True,
    ),
    replace(
        _RUMMY_500,
        preset="persian",
        name="Persian Rummy",
        description="Rummy 500 for two partnerships: joker sets, doubled fours, two deals.",
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
        description="Runs of five, ace low, go out by discarding face down; to 500.",
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
        description="Contract Rummy with a cut: lift exactly the deal and save 50 points.",
        liverpool_cut=True,
        cut_bonus=50,
    ),
    replace(
        _CONTRACT,
        preset="shanghai",
        name="Shanghai Rummy",
        description="Eleven cards, aces high, one joker per meld, two buys, and 'Shanghai!' calls.",
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


def get_rules(preset: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a preset with options applied. ValueError names the problem."""
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ValueError(f"unknown preset {preset!r} (one of: {', '.join(PRESETS)})")
    return PRESETS[preset].with_options(options)
