"""What the engine keeps between positions equals what it would compute
again: a meld remembers its `layoff_fits` answers until its cards change.

Random games of every preset, with undo and redo mixed in (undo puts back a
copy of an earlier state), and views determinized into new games: at every
position each meld's remembered answer for every single card (and for pairs
from a hand) must equal a fresh computation on a copy of the meld that
remembers nothing.
"""

from __future__ import annotations

import itertools
import pickle
import random

import pytest

from rummy_gui.engine import PRESETS, Game, Meld
from rummy_gui.engine.cards import JOKER, NATURALS
from rummy_gui.engine.melds import Token, layoff_fits

TOKENS = [[Token(c)] for c in NATURALS] + [[Token(JOKER)]]


def _fresh(m: Meld) -> Meld:
    out = m.copy()
    out._fits = None
    return out


def _check(g: Game, rng: random.Random) -> int:
    checked = 0
    hand = g.hand(g.turn)
    pairs = [[Token(a), Token(b)] for a, b in itertools.pairwise(hand)]
    for m in g._s.melds:
        for tokens in rng.sample(TOKENS, 12) + pairs[:3]:
            assert layoff_fits(g.rules, m, tokens) == layoff_fits(g.rules, _fresh(m), tokens), (
                g.preset,
                str(m),
                [str(t) for t in tokens],
            )
            checked += 1
    return checked


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_remembered_layoff_fits_equal_fresh_ones_after_play_undo_and_copies(preset: str) -> None:
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        players = max(3, PRESETS[preset].min_players)
        g = Game.new(preset, players, seed=seed)
        g.undo_enabled = True
        for step in range(400):
            if g.game_over:
                break
            moves = list(g.legal_moves)
            good = [m for m in moves if m.action in ("meld", "layoff", "contract", "swap")]
            g.play(rng.choice(good) if good and rng.random() < 0.6 else rng.choice(moves))
            if g.can_undo and rng.random() < 0.2:
                g.undo()
                if g.can_redo and rng.random() < 0.5:
                    g.redo()
            if step % 25 == 0:
                view = g.view(g.turn)
                world = view.determinize(
                    {s: g.hand(s) for s in range(players) if s != g.turn}, g._stock
                )
                checked += _check(world, rng)
                # a meld sent to another process (bots) comes without its memory
                for m in pickle.loads(pickle.dumps(g._s.melds)):
                    assert m._fits is None
                    assert m.state() in [x.state() for x in g._s.melds]
            checked += _check(g, rng)
    assert checked > 500
