"""`targets.usable_depths` (which depths of the discard pile a take or a rummy
call may reach) against a plain reference of the same condition.

The engine's version works on bits of held run places; the reference below
counts cards place by place, as the rule reads: with the pool (the base
cards and the top N of the pile), the target (the Nth card) has two more of
its rank (jokers count), or a table set of its rank, or a chain of the pool's
cards and jokers to a table run of its suit, or enough distinct near places
of its suit for a run. Both must give the same depths on random tables,
hands and piles of every 500-family preset and run length. And
`targets.call_possible`, which ends a rummy call's search at once, never
says no to a pile with a depth a call could take.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_gui.engine import PRESETS, Card, Game, Meld, Rules
from rummy_gui.engine.cards import make_pack
from rummy_gui.engine.targets import call_possible, target_uses, usable_depths

SUITS = "CDHS"


def _places(rank: int) -> tuple[int, ...]:
    return (1, 14) if rank == 1 else (rank,)


def reference_depths(
    rules: Rules, base: Sequence[Card], pile: Sequence[Card], melds: Sequence[Meld]
) -> list[int]:
    reach = rules.min_run - 1
    out = []
    for n in range(1, len(pile) + 1):
        pool = list(base) + list(pile[-n:])
        target = pile[-n]
        if target.is_joker:
            out.append(n)
            continue
        jokers = 0 if rules.jokers_only_in_joker_sets else sum(c.is_joker for c in pool)
        same_rank = sum(1 for c in pool if not c.is_joker and c.rank == target.rank)
        if same_rank + jokers >= 3 or any(m.kind == "set" and m.rank == target.rank for m in melds):
            out.append(n)
            continue
        held = {
            p for c in pool if not c.is_joker and c.suit == target.suit for p in _places(c.rank)
        }
        chain = False
        for m in melds:
            if m.kind != "run" or m.suit != target.suit:
                continue
            for p in _places(target.rank):
                if p > m.high:
                    gap = range(m.high + 1, p)
                elif p < m.low:
                    gap = range(p + 1, m.low)
                else:
                    continue
                if sum(1 for q in gap if q not in held) <= jokers:
                    chain = True
        if chain or reach <= jokers:
            out.append(n)
            continue
        near = set()
        for tp in _places(target.rank):
            for d in range(1, reach + 1):
                for p in (tp - d, tp + d):
                    if 1 <= p <= 14 and p in held:
                        near.add(1 if p == 14 else p)
        if len(near) + jokers >= reach:
            out.append(n)
    return out


FAMILY = ["rummy500", "rummy500-classic", "persian", "pinochle"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    preset=st.sampled_from(FAMILY),
    min_run=st.sampled_from([None, 4, 5]),
    moves=st.integers(0, 250),
    pile=st.integers(-1, 30),
    with_hand=st.booleans(),
)
def test_usable_depths_equal_the_plain_reference(
    seed: int, preset: str, min_run: int | None, moves: int, pile: int, with_hand: bool
) -> None:
    options = None if min_run is None else {"min_run": min_run}
    rng = random.Random(seed)
    players = max(3, PRESETS[preset].min_players)
    g = Game.new(preset, players, seed=seed, options=options)
    for _ in range(moves):
        if g.game_over:
            break
        g.play(rng.choice(list(g.legal_moves)))
    if pile < 0:
        cards = g.discard_pile  # the game's own pile
    else:
        pack = make_pack(2, 4)
        rng.shuffle(pack)
        cards = pack[:pile]
    base = g.hand(g.turn) if with_hand else []
    assert usable_depths(g.rules, base, cards, g.melds) == reference_depths(
        g.rules, base, cards, g.melds
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    preset=st.sampled_from(FAMILY),
    min_run=st.sampled_from([None, 4, 5]),
    moves=st.integers(0, 250),
    extra=st.integers(0, 4),
    meld=st.sampled_from(["set", "run", "none"]),
    table=st.booleans(),
)
def test_no_call_possible_means_no_depth_has_a_use(
    seed: int,
    preset: str,
    min_run: int | None,
    moves: int,
    extra: int,
    meld: str,
    table: bool,
) -> None:
    # `call_possible` ends a rummy call's search before any depth is tried:
    # whenever it says no, no depth's card has a use with the cards above it
    # (piles made around a set or run, on the game's table or an empty one)
    options = None if min_run is None else {"min_run": min_run}
    rng = random.Random(seed)
    g = Game.new(preset, max(3, PRESETS[preset].min_players), seed=seed, options=options)
    for _ in range(moves):
        if g.game_over:
            break
        g.play(rng.choice(list(g.legal_moves)))
    suit, rank = rng.choice(SUITS), rng.randint(1, 9)
    if meld == "set":
        cards = [Card(rank, s) for s in rng.sample(SUITS, 3)]
    elif meld == "run":
        cards = [Card(r, suit) for r in range(rank, rank + g.rules.min_run)]
    else:
        cards = []
    pack = make_pack(2, 4)
    cards += rng.sample(pack, extra)
    rng.shuffle(cards)
    melds = g.melds if table else []
    if not call_possible(g.rules, cards, melds):
        for n in range(1, len(cards) + 1):
            assert next(target_uses(g.rules, cards[-n:], cards[-n], melds), None) is None, (
                [str(c) for c in cards],
                n,
            )
