"""Bots and Pinochle's face-down lay-offs (RULES.md 3.9): they play with
the option on, and decide from what a player sees, never the hidden cards."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rummy_gui.bots import LEVELS, make_bot
from rummy_gui.bots.expert import guess_world
from rummy_gui.bots.search import sample_world
from rummy_gui.engine import Action, Game, View
from rummy_gui.engine.cards import make_pack, parse_cards

HANDS = ["5H 6H 7H 8H 9H 10H 4H 2C 3C", "JH 3D 4D 5D KS", "6D 8D 9D 10D KC"]


def _laid(card: str) -> Game:
    """Seat 0 melds 5♥–9♥ and lays off `card` face down (10♥ or 4♥), then
    discards 2♣; seat 1 draws. Seat 1 can not tell which card it was."""
    dealt = parse_cards(" ".join([*HANDS, "JC"]))
    rest = [c for c in make_pack(1, 0) if c not in dealt]  # a whole pack, as bots count it
    g = Game.from_layout(
        "pinochle", hands=HANDS, stock=" ".join(str(c) for c in rest), discard="JC"
    )
    for text in ("0: draw", "0: meld 5H 6H 7H 8H 9H", f"0: layoff {card} to 1", "0: discard 2C"):
        g.play(text)
    g.play("1: draw")
    return g


def test_pinochle_a_face_down_card_changes_no_view_rules_3_9() -> None:
    high, low = _laid("10H"), _laid("4H")
    assert high.melds != low.melds  # the referee knows which
    for seat in (1, 2):
        assert _seen(high.view(seat)) == _seen(low.view(seat))


def _seen(view: View) -> dict[str, Any]:
    """Everything in a view, melds as their values (a Meld compares by identity)."""
    out = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    out["melds"] = [m.state() for m in view.melds]
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_pinochle_bots_decide_the_same_whatever_card_lies_face_down(level: str) -> None:
    high, low = _laid("10H"), _laid("4H")
    assert make_bot(level, seed=3).choose(high.view(1)) == make_bot(level, seed=3).choose(
        low.view(1)
    )


def test_pinochle_bots_guess_worlds_with_cards_face_down() -> None:
    view = _laid("10H").view(1)
    assert view.face_down_count == 1
    for world in (sample_world(view, random.Random(1)), guess_world(view, random.Random(1))):
        assert world.stock_count == view.stock_count
        assert [str(m) for m in world.melds] == ["5H 6H 7H 8H 9H"]


@pytest.mark.parametrize("level", LEVELS)
def test_pinochle_bots_play_deals_with_face_down_layoffs(level: str) -> None:
    layoffs = 0
    for seed in range(2):
        g = Game.new("pinochle", 3, seed=seed)
        assert g.rules.hidden_layoffs
        bots = [make_bot(level, seed=seed * 10 + s) for s in range(3)]
        deals = 0
        while not g.game_over and deals < 2:
            seat = g.to_act[0]
            view = g.view(seat)
            move = bots[seat].choose(view)
            assert move in view.legal_moves
            deals += move.action is Action.DEAL
            layoffs += move.action is Action.LAYOFF
            g.play(move)
    assert layoffs  # the bots lay off face down
