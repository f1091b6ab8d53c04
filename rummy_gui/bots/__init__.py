"""Players that see only `Game.view(seat)`: five levels from random to expert.

    bot = make_bot("hard", seed=1)
    move = bot.choose(game.view(seat))   # one of view.legal_moves

A bot decides from the view alone and budgets its thinking in work units
(samples, iterations), never the clock: the same view and seed give the same
move. See docs/bots.md for what each level does.
"""

from __future__ import annotations

from typing import Protocol

from ..engine.moves import Move
from ..engine.view import View
from ..levels import LEVELS
from . import memory, solver
from .decisions import decision_rng
from .expert import ExpertBot
from .rulebot import RuleBot
from .search import hard_level
from .tuning import JUDGMENTS


class Bot(Protocol):
    level: str

    def choose(self, view: View) -> Move: ...


class RandomBot:
    """Uniformly random legal moves: the baseline."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Move:
        legal = view.legal_moves
        if not legal:
            raise ValueError(f"seat {view.seat} has no move now")
        return decision_rng(self.seed, view, "random").choice(legal)


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of one of the LEVELS, with its own seed."""
    if level == "random":
        return RandomBot(seed)
    if level in ("easy", "medium"):
        return RuleBot(seed, JUDGMENTS[level], level)
    if level == "hard":
        return hard_level(seed)
    if level == "expert":
        return ExpertBot(seed, "expert")
    raise ValueError(f"unknown bot level {level!r} (one of: {', '.join(LEVELS)})")


def forget() -> None:
    """Drop what the bots of this process remember to be quick: the solver's
    lay-off fits and contract distances, and the replays of views. The same
    views give the same moves afterwards, only a little slower at first.

    A long-lived program calls it between deals (the table does), so that
    these caches, which grow to some hundred thousand objects in a contract
    game, do not make every full garbage collection slow; entries from one
    deal are of little use in the next.
    """
    solver.forget()
    memory.forget()


__all__ = ["LEVELS", "Bot", "RandomBot", "forget", "make_bot"]
