"""Games for the score screens' tests: deals played to their end by greedy
random moves (table cards when possible, mostly draw from the stock)."""

from __future__ import annotations

import random

from rummy_gui.engine import Action, Game, Move, Phase

_TABLE = (Action.CONTRACT, Action.MELD, Action.LAYOFF, Action.SWAP)


def played(
    preset: str, players: int, seed: int, deals: int = 1, options: dict[str, object] | None = None
) -> Game:
    """A game whose `deals` deals were played by greedy random moves; the last one just ended."""
    rng = random.Random(seed)
    g = Game.new(preset, players=players, seed=seed, options=options)
    for k in range(deals):
        if k:
            g.play(Move(Action.DEAL, g.turn))
        while not g.deal_over:
            moves = list(g.legal_moves)
            good = [m for m in moves if m.action in _TABLE]
            draws = [m for m in moves if m.action is Action.DRAW]
            if good and rng.random() < 0.9:
                g.play(rng.choice(good))
            elif g.phase is Phase.DRAW and draws and rng.random() < 0.8:
                g.play(draws[0])
            else:
                g.play(rng.choice(moves))
    return g
