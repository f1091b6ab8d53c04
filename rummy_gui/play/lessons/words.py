"""What a lesson says, with the rules' numbers read from the engine.

A lesson's texts are catalog ids with placeholders ("after {rounds} rounds");
`facts` gives the values from the lesson's `Rules` (its preset and options),
the preset's contracts, the engine's card values and its exact cut, so no
text states a rules number of its own. A scripted deal's cards ("the three
kings") are the lesson's data and stay in its words. A text whose words
follow a number is `Counted`: `ngettext` picks its form by that fact.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from rummy_gui.engine import Rules
from rummy_gui.engine.cards import JOKER, parse_card, parse_cards
from rummy_gui.engine.catalog import contracts, sides
from rummy_gui.engine.dealing import exact_cut
from rummy_gui.engine.melds import FULL_SET, MIN_SET
from rummy_gui.engine.rules import CONTRACT_SET_SIZE, get_rules
from rummy_gui.engine.scoring import hand_value
from rummy_gui.i18n import N_, NN_, _, ngettext


class Taught(Protocol):
    """What the words need of a lesson (play/lessons `Lesson`): its game and table."""

    @property
    def preset(self) -> str: ...
    @property
    def options(self) -> dict[str, Any]: ...
    @property
    def hands(self) -> tuple[str, ...]: ...
    @property
    def round(self) -> int: ...


@dataclass(frozen=True)
class Counted:
    """A sentence whose words follow a count: `forms`, its English singular
    and plural (`NN_`), and `count`, the name of the fact that picks the form."""

    forms: tuple[str, str]
    count: str


# A text: one catalog id, one counted sentence, or sentences said in a row.
Text = str | Counted | tuple[str | Counted, ...]


# Sentences more than one lesson says.
ROUND_CONTRACT = Counted(
    NN_(
        "Round {round} asks for {contract} of {contract_set} card.",
        "Round {round} asks for {contract} of {contract_set} cards.",
    ),
    "contract_set",
)
AFTER_ROUNDS = Counted(
    NN_(
        "After {rounds} round the lowest total wins.",
        "After {rounds} rounds the lowest total wins.",
    ),
    "rounds",
)
FIRST_TO_TARGET = N_("The first to {target} wins the game.")


def lesson_rules(lesson: Taught) -> Rules:
    """The rules the lesson is played by: its preset with its options."""
    return get_rules(lesson.preset, lesson.options or None)


def facts(lesson: Taught, rules: Rules | None = None, scored: str = "") -> dict[str, object]:
    """The numbers a lesson's texts may say, by placeholder name, from `rules`
    (the lesson's own by default); `scored`, cards whose points a step names
    ({points}, as the engine counts them in a hand or a meld)."""
    rules = rules or lesson_rules(lesson)
    players = len(lesson.hands)
    found: dict[str, object] = {
        "round": lesson.round,
        "players": players,
        "sides": len(sides(rules, players)),
        "rounds": rules.rounds,
        "deals": rules.deals,
        "target": rules.target,
        "set_least": MIN_SET,
        "set_most": rules.max_set,
        "full_set": FULL_SET,
        "min_run": rules.min_run,
        "max_jokers": rules.max_jokers_per_meld,
        "buy_penalty": rules.buy_penalty,
        "buy_limit": rules.buy_limit,
        "out_bonus": rules.out_in_one_turn_bonus,
        "match_bonus": rules.match_bonus,
        "cut_bonus": rules.cut_bonus,
        "joker_points": hand_value(rules, [JOKER]),
        "ace_points": hand_value(rules, [parse_card("AH")]),
    }
    if scored:
        found["points"] = hand_value(rules, parse_cards(scored))
    if rules.is_contract:
        _sets, _runs, name = contracts(rules)[lesson.round - 1]
        found["contract"] = _(name)
        found["contract_set"] = CONTRACT_SET_SIZE
        # the cut a lesson shows is the one before its next round's deal
        hand = rules.hand_size(players, min(lesson.round + 1, rules.rounds or 1))
        found["cut_hand"] = hand
        found["cut_cards"] = exact_cut(players, hand)
    return found


def say(text: Text, values: Mapping[str, object]) -> str:
    """A text in the current language, its placeholders filled from `values`."""
    parts = text if isinstance(text, tuple) else (text,)
    out = []
    for part in parts:
        if isinstance(part, Counted):
            count = values[part.count]
            if not isinstance(count, int):
                raise ValueError(f"the count {part.count!r} of {part.forms[0]!r} is {count!r}")
            out.append(ngettext(*part.forms, count).format(**values))
        else:
            out.append(_(part).format(**values))
    return " ".join(out)


def ids(text: Text) -> tuple[str, ...]:
    """The English catalog ids of a text (both forms of a counted sentence)."""
    parts = text if isinstance(text, tuple) else (text,)
    out: list[str] = []
    for part in parts:
        out.extend(part.forms if isinstance(part, Counted) else (part,))
    return tuple(out)
