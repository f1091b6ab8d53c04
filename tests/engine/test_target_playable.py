"""`turn.target_playable` (may a taken card still be put on the table, with a
way left to end the turn?) against the plain form of the same test.

The engine counts card codes once per call; the reference below removes the
used cards from a copy of the hand and counts what is left, card by card, as
the rule reads. Both must answer alike for every take depth and pending
target of random positions of every 500-family preset.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import pytest

from rummy_gui.engine import Card, Game, Meld
from rummy_gui.engine.cards import make_pack
from rummy_gui.engine.melds import Token, layoff_fits
from rummy_gui.engine.table import Table
from rummy_gui.engine.targets import (
    could_use,
    natural_use_possible,
    natural_uses,
    quick_use,
    target_uses,
    use_masks,
)
from rummy_gui.engine.turn import target_playable
from tests.engine._helpers import TAKE_CASES


def reference_playable(
    t: Table, hand: list[Card], restricted: list[int], target: Card, melds: Sequence[Meld]
) -> bool:
    r = t.rules
    if not could_use(r, hand, target, melds):
        return False
    uses: list[list[Card]] = []
    if target in hand and any(layoff_fits(r, m, [Token(target)]) for m in melds):
        uses.append([target])
    uses.extend(used for used, _meld in target_uses(r, hand, target, melds))
    for used in uses:
        rest = list(hand)
        held = True
        for c in used:
            if c in rest:
                rest.remove(c)
            else:
                held = False
        if not held:
            continue
        if not rest:
            if not r.go_out_by_discard:
                return True
            continue
        rr = list(restricted)
        for c in used:
            if rr[c.code]:
                rr[c.code] -= 1
        if any(rest.count(c) > rr[c.code] for c in rest):
            return True
    return False


def _questions(g: Game) -> list[tuple[list[Card], list[int], Card]]:
    """The take of every depth of the pile, and the pending target with each
    card of the hand gone (as a meld or lay-off would leave it)."""
    s = g._s
    hand = list(s.hands[s.turn])
    out = []
    pile = s.discard
    for n in range(1, len(pile) + 1):
        taken = pile[-n:]
        restricted = [0] * 53
        for c in taken if n == 1 else taken[:-1]:
            restricted[c.code] += 1
        out.append(([*hand, *taken], restricted, taken[0]))
    if s.target is not None:
        target = s.target
        out.extend(
            (hand[:i] + hand[i + 1 :], list(s.restricted), target)
            for i in range(len(hand))
            if hand[i] is not target
        )
    return out


def _positions(
    preset: str, players: int, options: dict[str, object] | None, moves: int
) -> Iterator[tuple[int, Game]]:
    """The positions of three seeded games (seeds 0-2) of up to `moves`
    moves, the moves random with a lean to melds, lay-offs, takes and calls."""
    for seed in range(3):
        rng = random.Random(seed)
        g = Game.new(preset, players, seed=seed, options=options)
        for _ in range(moves):
            if g.game_over:
                break
            yield seed, g
            legal = list(g.legal_moves)
            good = [m for m in legal if m.action.value in ("meld", "layoff", "take", "rummy")]
            g.play(rng.choice(good) if good and rng.random() < 0.6 else rng.choice(legal))


@pytest.mark.parametrize(("preset", "players", "options"), TAKE_CASES)
def test_target_playable_equals_the_plain_reference(
    preset: str, players: int, options: dict[str, object] | None
) -> None:
    asked = answered_yes = 0
    for seed, g in _positions(preset, players, options, 400):
        for hand, restricted, target in _questions(g):
            want = reference_playable(g._table, hand, restricted, target, g.melds)
            got = target_playable(g._table, hand, restricted, target, g._s.melds)
            assert got == want, (preset, seed, [str(c) for c in hand], str(target))
            asked += 1
            answered_yes += want
    assert answered_yes > 50
    assert asked - answered_yes > 50


@pytest.mark.parametrize(("preset", "players", "options"), TAKE_CASES)
def test_natural_uses_are_uses_the_full_search_finds(
    preset: str, players: int, options: dict[str, object] | None
) -> None:
    # `natural_uses` is a shortcut of `target_playable`: each meld it reads off
    # the counts must be one that `target_uses` lists for the same pool
    found = 0
    rng = random.Random(7)
    g = Game.new(preset, players, seed=7, options=options)
    pack = make_pack(2, 4)
    for _ in range(300):
        pool = rng.sample(pack, rng.randint(3, 14))
        target = rng.choice(pool)
        counts = [0] * 53
        for c in pool:
            counts[c.code] += 1
        full = {
            tuple(sorted(c.code for c in used))
            for used, _m in target_uses(g.rules, pool, target, [])
        }
        for used in natural_uses(g.rules, counts, target):
            assert tuple(sorted(c.code for c in used)) in full, (
                [str(c) for c in pool],
                str(target),
            )
            found += 1
    assert found > 10


@pytest.mark.parametrize(("preset", "players", "options"), TAKE_CASES)
def test_no_natural_use_possible_means_no_use(
    preset: str, players: int, options: dict[str, object] | None
) -> None:
    # `natural_use_possible` turns a take away before any search: whenever it
    # says no (a natural target, a pool without a joker), the full search
    # must find no use either
    refused = 0
    for _seed, g in _positions(preset, players, options, 300):
        for hand, _restricted, target in _questions(g):
            if target.is_joker or any(c.is_joker for c in hand):
                continue
            counts = [0] * 53
            for c in hand:
                counts[c.code] += 1
            if not natural_use_possible(g.rules, counts, target, g.melds):
                refused += 1
                assert not list(target_uses(g.rules, hand, target, g.melds)), (
                    [str(c) for c in hand],
                    str(target),
                )
    assert refused > 20


@pytest.mark.parametrize(("preset", "players", "options"), TAKE_CASES)
def test_quick_use_says_yes_only_where_the_search_does(
    preset: str, players: int, options: dict[str, object] | None
) -> None:
    # `quick_use` settles a take before `target_playable` is asked: its yes
    # must be the search's yes for the same pool, and it must say yes often
    said_yes = 0
    for _seed, g in _positions(preset, players, options, 300):
        rows, jokers = use_masks(g.rules)
        for hand, restricted, target in _questions(g):
            if target.is_joker or target not in hand:
                continue
            counts = [0] * 53
            bits = 0
            for c in hand:
                counts[c.code] += 1
                bits |= 1 << c.code
            free = sum(1 for code in range(53) if counts[code] > restricted[code])
            row = rows[target.code]
            usable = min(jokers, counts[52])
            if quick_use(row, g.rules.min_run, bits, usable, 53):  # any use, as a rummy call asks
                assert next(target_uses(g.rules, hand, target, g.melds), None) is not None
            if quick_use(row, g.rules.min_run, bits, usable, free):
                said_yes += 1
                assert target_playable(g._table, hand, restricted, target, g._s.melds), (
                    [str(c) for c in hand],
                    str(target),
                )
    assert said_yes > 50
