"""The rule-based players and the judgment of every level, by concern:

- tuning.py — each level's settings as data (`Params`, `Tuning`,
  `JUDGMENTS`, the per-preset tables);
- judge.py — the judgment of hands (`Judge`), and danger.py — what a
  discard may give the other players;
- rulebot.py — the player (`RuleBot`): easy's rules of thumb, medium's
  judged moves, the judgment under hard's and the expert's searches;
- decisions.py — what every level's decisions share (the seeded generator,
  the forced move, a move's cards).

This module names them in one place for the rest of the program.
"""

from __future__ import annotations

from .decisions import cards_of, decision_rng, forced, minus
from .judge import Judge
from .rulebot import RuleBot, unstick
from .tuning import (
    EASY,
    EXPERT_CROWD,
    EXPERT_TUNING,
    HARD_CONTRACT,
    HARD_TUNING,
    JUDGMENTS,
    MEDIUM,
    PRESET_TUNING,
    Params,
    Tuning,
)

__all__ = [
    "EASY",
    "EXPERT_CROWD",
    "EXPERT_TUNING",
    "HARD_CONTRACT",
    "HARD_TUNING",
    "JUDGMENTS",
    "MEDIUM",
    "PRESET_TUNING",
    "Judge",
    "Params",
    "RuleBot",
    "Tuning",
    "cards_of",
    "decision_rng",
    "forced",
    "minus",
    "unstick",
]
