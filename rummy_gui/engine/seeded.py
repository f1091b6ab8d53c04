"""Numbered seeded deals: deal `index` of a run with `seed` is the same
shuffle everywhere, so the lab's arena and the tests (the bots' golden
decisions) meet the same cards."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .cards import make_pack
from .game import Game
from .rules import PRESETS


def deal_seed(seed: int, index: int) -> int:
    """The shuffle's seed of deal `index` of a run."""
    return random.Random(f"arena|{seed}|{index}").randrange(1 << 31)


def seeded_deal(
    preset: str,
    players: int,
    seed: int,
    index: int,
    options: Mapping[str, Any] | None = None,
) -> Game:
    """Deal `index` of a run: a fresh shuffle, the dealer rotating, and in
    the contract family the round (index mod its rounds) + 1."""
    rules = PRESETS[preset].with_options(options)
    rng = random.Random(deal_seed(seed, index))
    rnd = index % (rules.rounds or 1) + 1 if rules.is_contract else 1
    pack = make_pack(rules.decks(players), rules.joker_count(players))
    rng.shuffle(pack)
    size = rules.hand_size(players, rnd)
    hands = [pack[i * size : (i + 1) * size] for i in range(players)]
    rest = pack[players * size :]
    upcard, stock = rest[0], rest[1:]
    dealer = index % players
    turn = (dealer + 1) % players
    return Game.from_layout(
        preset,
        hands=[" ".join(str(c) for c in h) for h in hands],
        stock=" ".join(str(c) for c in stock),
        discard=str(upcard),
        turn=turn,
        round=rnd,
        options=options,
        seed=rng.randrange(1 << 31),
    )
