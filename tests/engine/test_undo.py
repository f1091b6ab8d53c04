"""Undo and redo within a turn (issue 7; the engine provides it)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_gui.engine import Game, IllegalMove


def _at_turn_start(preset: str, seed: int, skip: int) -> Game:
    """A seeded game played randomly for `skip` moves, then to the start of a turn."""
    g = Game.new(preset, 3 if preset != "persian" else 4, seed=seed)
    rng = random.Random(seed)
    for _ in range(skip):
        if g.game_over:
            break
        g.play(rng.choice(list(g.legal_moves)))
    while not g.game_over and g.phase != "draw":
        g.play(rng.choice(list(g.legal_moves)))
    g.undo_enabled = True
    return g


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(
        ["rummy500", "rummy500-classic", "persian", "pinochle", "contract", "shanghai"]
    ),
    seed=st.integers(0, 10_000),
    skip=st.integers(0, 60),
    picks=st.lists(st.integers(0, 1_000), min_size=1, max_size=6),
)
def test_undoing_every_move_of_a_turn_returns_the_exact_earlier_state(
    preset: str, seed: int, skip: int, picks: list[int]
) -> None:
    g = _at_turn_start(preset, seed, skip)
    if g.game_over:
        return
    seat = g.turn
    states = [g._state()]
    records = [g.record()]
    for pick in picks:
        if g.turn != seat or seat not in g.to_act or g.deal_over:
            break
        moves = [m for m in g.legal_moves if m.seat == seat]
        move = moves[pick % len(moves)]
        g.play(move)
        if not g.can_undo:  # a stock draw, or a move that ended the deal
            assert move.action in ("draw", "pass") or g.deal_over
            states, records = [g._state()], [g.record()]
            continue
        states.append(g._state())
        records.append(g.record())
    undone = 0
    while g.can_undo:
        g.undo()
        undone += 1
        assert g._state() == states[-1 - undone]
        assert g.record() == records[-1 - undone]  # the record keeps only what stood
    assert g._state() == states[0]


def test_a_stock_draw_can_not_be_undone() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H 2C", "4C 5C"], stock="9H KD", discard="3S")
    g.undo_enabled = True
    g.play("draw")
    assert not g.can_undo
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()
    assert g.hand(0)[-1].pretty == "9♥"


def test_a_take_from_the_discard_pile_and_melds_are_undone_in_order_then_redone() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H 2C 3D", "4C 5C"], stock="KD", discard="3S 9H")
    g.undo_enabled = True
    start = g.record()
    g.play("take 1")
    g.play("meld 7H 8H 9H")
    assert [str(m) for m in g.melds] == ["7H 8H 9H"]
    assert str(g.undo()) == "0: meld 7H 8H 9H"
    assert g.melds == []
    assert len(g.hand(0)) == 5
    assert str(g.undo()) == "0: take 1"
    assert g.record() == start
    assert g.phase == "draw"
    assert [str(c) for c in g.discard_pile] == ["3S", "9H"]
    assert str(g.redo()) == "0: take 1"
    assert str(g.redo()) == "0: meld 7H 8H 9H"
    assert not g.can_redo
    assert [str(m) for m in g.melds] == ["7H 8H 9H"]


def test_the_discard_can_be_undone_until_someone_else_moves() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H 2C 3D", "4C 5C"], stock="KD QS", discard="3S")
    g.undo_enabled = True
    g.play("draw")
    g.play("discard 2C")
    assert g.turn == 1
    assert g.can_undo
    g.undo()
    assert g.turn == 0
    assert g.phase == "play"
    assert "2C" in [str(c) for c in g.hand(0)]
    g.play("discard 2C")
    g.play("1: draw")
    assert not g.can_undo  # another player has moved


def test_a_new_move_clears_redo() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H 9H 2C 3D", "4C 5C"], stock="KD", discard="3S")
    g.undo_enabled = True
    g.play("draw")
    g.play("meld 7H 8H 9H")
    g.undo()
    assert g.can_redo
    g.play("discard 2C")
    assert not g.can_redo
    with pytest.raises(IllegalMove):
        g.redo()


def test_undo_is_off_unless_the_table_turns_it_on() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H 9H 2C", "4C 5C"], stock="KD", discard="3S")
    g.play("draw")
    g.play("meld 7H 8H 9H")
    assert not g.can_undo
