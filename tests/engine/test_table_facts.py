"""The table's facts the engine keeps between positions (`targets.table_facts`:
the sets' ranks, the runs' places, the naturals that may lay off) equal a
fresh computation after random play with undo and redo, determinized views
and in-place lay-offs; and the kept lay-off bits answer exactly what
`HandIndex.may_lay_off` answers for some meld of the table, and each meld's
for that meld.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_gui.engine import PRESETS, Action, Game
from rummy_gui.engine.combos import HandIndex
from rummy_gui.engine.targets import table_facts, table_facts_of

BUILDING = (Action.MELD, Action.LAYOFF, Action.CONTRACT, Action.SWAP)


def _check(g: Game) -> None:
    melds = g._s.melds
    assert table_facts(melds) == table_facts_of(melds), (g.preset, [str(m) for m in melds])
    accept = table_facts(melds)[2]
    for seat in range(g.players):
        index = HandIndex(g.hand(seat))
        if index.joker:
            continue
        some = any(index.may_lay_off(m) for m in melds)
        assert some == bool(index.lanes & accept), (g.preset, g.hand(seat), [str(m) for m in melds])
        for m, bits in zip(melds, table_facts(melds)[3], strict=True):
            fits = index.may_lay_off(m)
            assert fits == bool(index.lanes & bits), (g.preset, g.hand(seat), str(m))


@settings(max_examples=30, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10_000))
def test_kept_table_facts_equal_fresh_ones_after_play_undo_and_views(
    preset: str, seed: int
) -> None:
    rng = random.Random(seed)
    players = max(3, PRESETS[preset].min_players)
    g = Game.new(preset, players, seed=seed)
    g.undo_enabled = True
    for step in range(300):
        if g.game_over:
            break
        moves = list(g.legal_moves)
        building = [m for m in moves if m.action in BUILDING]
        g.play(rng.choice(building) if building and rng.random() < 0.7 else rng.choice(moves))
        _check(g)
        if g.can_undo and rng.random() < 0.2:
            g.undo()
            _check(g)
            if g.can_redo and rng.random() < 0.5:
                g.redo()
                _check(g)
        if step % 20 == 0:
            view = g.view(g.turn)
            world = view.determinize(
                {s: g.hand(s) for s in range(players) if s != g.turn}, g._stock
            )
            _check(world)
            _check(g)


def test_table_facts_see_a_lay_off_on_the_same_table() -> None:
    """A lay-off changes a meld in place (the table's list stays the same
    object of the same length): the kept facts follow it."""
    rng = random.Random(5)
    seen = 0
    for seed in range(40):
        g = Game.new("rummy500", 3, seed=seed)
        for _ in range(600):
            if g.game_over:
                break
            moves = list(g.legal_moves)
            layoffs = [m for m in moves if m.action is Action.LAYOFF]
            if layoffs:
                melds = g._s.melds
                before = table_facts(melds)
                move = rng.choice(layoffs)
                run = next(m for m in melds if m.id == move.number).kind == "run"
                g.play(move)
                if g._s.melds is melds:
                    seen += 1
                    assert table_facts(melds) == table_facts_of(melds)
                    if run:  # a run's places grow, so its facts change
                        assert table_facts(melds) != before
                continue
            g.play(rng.choice(moves))
    assert seen > 10
