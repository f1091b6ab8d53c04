"""`finish.finish_ok`'s quick answer for a pending target (`_target_left`):
whenever it answers, after cards leave the hand as a meld (the table as it
is) or as a lay-off (that meld changed), the answer is `target_playable`'s
for the hand and table after them, on random positions of every 500-family
preset that hold a taken card."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest

from rummy_gui.engine import Card, Game
from rummy_gui.engine.combos import HandIndex
from rummy_gui.engine.finish import _target_left
from rummy_gui.engine.melds import Meld, Token, layoff_fits
from rummy_gui.engine.turn import target_playable
from tests.engine._helpers import TAKE_CASES


def _with_targets(
    preset: str, players: int, options: dict[str, object] | None, moves: int
) -> Iterator[Game]:
    """The positions of seeded random games where the turn player holds a
    taken card not yet put down (takes are preferred, so that there are many)."""
    for seed in range(4):
        rng = random.Random(seed)
        g = Game.new(preset, players, seed=seed, options=options)
        for _ in range(moves):
            if g.game_over:
                break
            if g._s.target is not None:
                yield g
            legal = list(g.legal_moves)
            deep = [m for m in legal if m.action.value == "take" and (m.number or 0) > 1]
            g.play(rng.choice(deep) if deep and rng.random() < 0.8 else rng.choice(legal))


def _after(g: Game, seat: int, cards: list[Card]) -> tuple[list[Card], list[int]]:
    hand, restricted = list(g._s.hands[seat]), list(g._s.restricted)
    for c in cards:
        hand.remove(c)
        if restricted[c.code]:
            restricted[c.code] -= 1  # a card leaving uses up a restricted copy first
    return hand, restricted


@pytest.mark.parametrize(("preset", "players", "options"), TAKE_CASES)
def test_the_quick_answer_is_the_searchs(
    preset: str, players: int, options: dict[str, object] | None
) -> None:
    answers = {True: 0, False: 0}
    for g in _with_targets(preset, players, options, 600):
        s, t = g._s, g._table
        seat, target = s.turn, s.target
        assert target is not None
        full = s.hands[seat]
        index = HandIndex(full)
        others = [c for c in full if c is not target]
        # cards melded: the table stays as it is
        for k in (1, 2, 3):
            for cards in combinations(others, k):
                if len(cards) >= len(full) - 1:
                    continue
                quick = _target_left(t, seat, list(cards), None, index, target)
                if quick is None:
                    continue
                hand, restricted = _after(g, seat, list(cards))
                want = target_playable(t, hand, restricted, target, s.melds)
                assert quick == want, (preset, [str(c) for c in full], str(target), cards)
                answers[quick] += 1
        # one card laid off: that meld changes
        for meld in s.melds:
            for c in set(others):
                fits = layoff_fits(g.rules, meld, [Token(c)])
                if len(fits) != 1 or len(full) < 3:
                    continue
                quick = _target_left(t, seat, [c], meld, index, target)
                if quick is None:
                    continue
                changed: Meld = meld.copy()
                changed.lay_off(fits[0], seat)
                melds = [changed if m is meld else m for m in s.melds]
                hand, restricted = _after(g, seat, [c])
                want = target_playable(t, hand, restricted, target, melds)
                assert quick == want, (preset, [str(x) for x in full], str(target), str(c))
                answers[quick] += 1
    assert answers[True] > 30
    assert answers[False] > 30
