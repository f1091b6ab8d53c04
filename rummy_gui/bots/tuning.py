"""Every rule-based level's judgment as data (`JUDGMENTS`): one `Tuning` a
level, its `Params` and the fields each preset changes over them, measured
in the arena. RuleBot (rulebot.py) plays with them; hard's and the
expert's searches (search.py, expert.py) judge with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.rules import Rules


@dataclass(frozen=True)
class Params:
    """What separates the levels of the rule-based player."""

    memory: bool = True  # count unseen cards and watch opponents
    mistakes: float = 0.0  # chance of a careless discard or draw
    deep_takes: bool = True  # consider taking more than the top discard
    potential: float = 0.35  # weight of near-melds
    danger: float = 1.0  # weight of feeding the next players
    draw_samples: int = 4  # unseen cards tried to value a stock draw
    buy_margin: int = 1  # contract distance a buy must save
    sampled_danger: int = 0  # guessed opponent hands to test each discard against (0: heuristic)
    urgency: float = (
        0.0  # contract: extra weight of held penalty when a laid-down opponent may go out
    )
    leftover: float = 1.0  # 500 family: weight of the points of cards no meld uses
    take_cost: float = 0.0  # points a take of the top discard alone must beat a stock draw by
    deep_cost: float = 0.0  # 500 family: points per card a take or rummy call adds above its target
    hold_melds: int = 0  # 500 family: keep new melds in hand while every opponent holds more cards
    hold_quiet: int = 0  # no hold once an opponent ended this many turns with nothing laid down
    long_runs: float = 0.0  # 500 family, runs of 4+: weight of runs short of one or two cards
    penalty: float = 0.15  # contract: weight of the penalty points held before the contract
    final_penalty: float | None = None  # contract: `penalty` in the round that goes out whole
    # hard's search checks a take of the top discard alone too, where the
    # rules make the taken card bind (`Rules.top_discard_must_meld`)
    single_takes: bool = False


EASY = Params(
    memory=False, mistakes=0.15, deep_takes=False, potential=0.2, danger=0.0, draw_samples=0
)
MEDIUM = Params(draw_samples=3)
# Hard in the contract games (no deep takes there, so no rollouts): medium
# that sheds high cards sooner while a laid-down opponent is nearly out,
# tests each discard on guessed hands of the next player, and takes the top
# discard only when it beats a stock draw by 2 points, since medium's
# marginal takes cost it.
HARD_CONTRACT = Params(draw_samples=3, urgency=1.0, sampled_danger=8, take_cost=2.0)

# Medium's settings per preset, from self-play in the arena: the fields that
# differ from the family's settings above (medium, hard and the expert).
PRESET_TUNING: dict[str, dict[str, Any]] = {
    "rummy500": {"leftover": 0.0},
    "rummy500-classic": {"danger": 5.0, "potential": 1.0},
    "pinochle": {"danger": 4.0, "potential": 0.8},
    "persian": {"danger": 4.0, "potential": 0.8},
    "contract": {"potential": 0.2, "danger": 0.5},
    "liverpool": {"potential": 0.2, "danger": 0.5},
    "shanghai": {"potential": 0.2, "danger": 0.5},
}

# Hard's judgment over medium's (its rollouts still play medium): in Rummy
# 500 a take of the top discard alone costs 2 points, as in the contract games.
HARD_TUNING: dict[str, dict[str, Any]] = {
    "rummy500": {"take_cost": 2.0},
}

# The expert's judgment over hard's, each field measured against hard in the
# arena: fewer near-melds and a cost on big takes in Rummy 500, melds held
# back while the opponents hold many cards (a meld on the table feeds their
# lay-offs) unless one has shown nothing for five turns, a dearer single
# take in Persian, more near-melds and single takes searched in Rum 500
# classic (its taken card must be melded, so a single take binds as a deep
# one does), long runs' near-misses in Pinochle, and heavier held points
# before the contract (heavier still in round 7, where one player going out
# leaves everyone a full hand).
EXPERT_TUNING: dict[str, dict[str, Any]] = {
    "rummy500": {
        "potential": 0.2,
        "deep_cost": 3.0,
        "hold_melds": 3,
        "hold_quiet": 5,
    },
    "persian": {"take_cost": 6.0, "hold_melds": 3},
    "rummy500-classic": {"potential": 1.4, "single_takes": True},
    "pinochle": {"long_runs": 2.0},
    "contract": {"penalty": 0.6, "final_penalty": 2.0},
    "liverpool": {"penalty": 0.6, "final_penalty": 2.0},
    "shanghai": {"penalty": 0.6},
}

# The expert's fields at a table of at least so many players: in Rummy 500
# with three opponents digging the pile, the card a near-meld waits for is
# seldom the expert's, so near-melds count for nothing.
EXPERT_CROWD: dict[str, tuple[int, dict[str, Any]]] = {
    "rummy500": (4, {"potential": 0.0}),
}


@dataclass(frozen=True)
class Tuning:
    """A level's judgment as data: its settings (`contract` in the contract
    games, when given), the fields each preset changes over them, and more
    fields at a table of at least so many players (`crowd`)."""

    params: Params
    contract: Params | None = None
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    crowd: Mapping[str, tuple[int, Mapping[str, Any]]] = field(default_factory=dict)
    greedy: bool = False  # easy's rules of thumb at draws and discards
    _made: dict[tuple[str, bool, bool], Params] = field(
        default_factory=dict, compare=False, repr=False
    )

    def settings(self, rules: Rules, players: int = 0) -> Params:
        """The settings for `players` at a table of these rules."""
        crowd = self.crowd.get(rules.preset)
        crowded = crowd is not None and players >= crowd[0]
        key = (rules.preset, rules.is_contract, crowded)
        made = self._made.get(key)
        if made is None:
            base = self.params
            if rules.is_contract and self.contract is not None:
                base = self.contract
            fields = dict(self.presets.get(rules.preset, {}))
            if crowd is not None and crowded:
                fields.update(crowd[1])
            made = self._made[key] = replace(base, **fields) if fields else base
        return made


def _over(*tables: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per-preset fields, each table's over the ones before it."""
    out: dict[str, dict[str, Any]] = {}
    for table in tables:
        for preset, fields in table.items():
            out[preset] = {**out.get(preset, {}), **fields}
    return out


# Every rule-based level's judgment, in one place (hard's and the expert's
# searches are `search.RolloutBot`'s, over these).
JUDGMENTS: Mapping[str, Tuning] = {
    "easy": Tuning(EASY, greedy=True),
    "medium": Tuning(MEDIUM, presets=PRESET_TUNING),
    "hard": Tuning(MEDIUM, HARD_CONTRACT, _over(PRESET_TUNING, HARD_TUNING)),
    "expert": Tuning(
        MEDIUM, HARD_CONTRACT, _over(PRESET_TUNING, HARD_TUNING, EXPERT_TUNING), EXPERT_CROWD
    ),
}
