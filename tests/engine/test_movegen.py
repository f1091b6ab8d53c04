"""The fast move generator gives exactly the moves `play` accepts.

`legal_moves` comes from `engine/movegen.py`, which builds only legal moves
and checks nothing twice. The reference, `legal.generate_checked`, lists
candidates and keeps those that pass the very checks of `Game.play`
(`referee.prepare`). On
random positions of every preset (and the house rules that change what is
legal) the two lists must be equal, move for move and in the same order, and
every listed move must be accepted by `play`.

Positions come from seeded games played by a greedy random policy (melds,
lay-offs, contracts and swaps are preferred, so tables fill up, targets are
pending, jokers come back to the hand and claim windows open).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummy_gui.engine import Game, Move
from rummy_gui.engine.cards import make_pack
from rummy_gui.engine.legal import generate_checked

CASES = [
    ("rummy500", 2, None),
    ("rummy500", 3, None),
    ("rummy500", 5, None),
    ("rummy500", 3, {"rummy_call": "last"}),
    ("rummy500", 4, {"top_discard_must_meld": True, "go_out_by_discard": True, "min_run": 4}),
    ("rummy500-classic", 3, None),
    ("persian", 4, None),
    ("pinochle", 3, None),
    ("contract", 3, None),
    ("contract", 5, {"go_out_by_discard": False}),
    ("liverpool", 4, None),
    ("shanghai", 4, None),
    ("shanghai", 3, None),
]
SEEDS = 4
MOVES = 300


def _choose(moves: list[Move], rng: random.Random) -> Move:
    good = [m for m in moves if m.action in ("meld", "layoff", "contract", "swap", "rummy", "buy")]
    if good and rng.random() < 0.7:
        return rng.choice(good)
    return rng.choice(moves)


def _start(
    preset: str, players: int, options: dict[str, Any] | None, seed: int, rng: random.Random
) -> Game:
    g = Game.new(preset, players, seed=seed, options=options)
    if g.rules.is_contract and seed % 2:
        # later rounds have other contracts: deal one from a shuffled pack
        rnd = rng.randint(2, 7)
        pack = make_pack(g.rules.decks(players), g.rules.joker_count(players))
        rng.shuffle(pack)
        size = g.rules.hand_size(players, rnd)
        hands = [" ".join(str(c) for c in pack[i * size : (i + 1) * size]) for i in range(players)]
        rest = pack[players * size :]
        g = Game.from_layout(
            preset,
            hands=hands,
            stock=" ".join(str(c) for c in rest[1:]),
            discard=str(rest[0]),
            round=rnd,
            options=options,
        )
    return g


@pytest.mark.parametrize(("preset", "players", "options"), CASES)
def test_fast_generator_lists_exactly_what_play_accepts(
    preset: str, players: int, options: dict[str, Any] | None
) -> None:
    compared = 0
    for seed in range(SEEDS):
        rng = random.Random(seed)
        g = _start(preset, players, options, seed, rng)
        for _ in range(MOVES):
            if g.game_over:
                break
            fast = list(g.legal_moves)
            assert fast == generate_checked(g._table, {}), (preset, seed, g.moves[-3:])
            compared += 1
            for m in rng.sample(fast, min(3, len(fast))):
                assert g.is_legal(m)
            g.play(_choose(fast, rng))
    assert compared > SEEDS * 50


@pytest.mark.parametrize(("preset", "players", "options"), CASES)
def test_a_listed_move_plays_as_the_same_move_checked_in_full(
    preset: str, players: int, options: dict[str, Any] | None
) -> None:
    # `play` of a move out of the legal list skips the checks the generator
    # made; the same move as text is checked in full: both must give one state
    played = 0
    for seat_seed in range(2):
        rng = random.Random(100 + seat_seed)
        g = _start(preset, players, options, seat_seed, rng)
        for _ in range(MOVES):
            if g.game_over:
                break
            fast = list(g.legal_moves)
            for m in rng.sample(fast, min(2, len(fast))):
                listed, checked = g.copy(), g.copy()
                move = next(x for x in listed.legal_moves if x == m)
                assert listed._cache.listed(move)
                listed.play(move)
                checked.play(str(m))
                assert listed == checked, (preset, str(m))
                played += 1
            g.play(_choose(fast, rng))
    assert played > 100
