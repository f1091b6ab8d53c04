"""The engine's typed surface (docs/engine.md): phases, actions and claim kinds
are str enums with the words records have always used; moves carry the fields
of their action; refusals say which kind they are."""

from __future__ import annotations

import json

import pytest

from rummy_gui.engine import (
    Action,
    ClaimKind,
    Game,
    IllegalMove,
    MalformedMove,
    Move,
    NotYourMove,
    Phase,
    RuleViolation,
)
from tests.engine._helpers import layout, play


def test_phases_actions_and_claim_kinds_are_the_words_of_the_notation():
    assert [p.value for p in Phase] == [
        "cut",
        "draw",
        "play",
        "claim",
        "rummy_layoff",
        "deal_over",
        "game_over",
    ]
    assert {a.value for a in Action} == {
        "draw",
        "take",
        "meld",
        "layoff",
        "swap",
        "discard",
        "rummy",
        "buy",
        "shanghai",
        "pass",
        "cut",
        "contract",
        "deal",
    }
    assert Phase.DRAW == "draw"
    assert str(Phase.DEAL_OVER) == "deal_over"
    assert f"{Action.LAYOFF}" == "layoff"
    assert json.dumps([Phase.CLAIM]) == '["claim"]'
    assert [k.action for k in ClaimKind] == [Action.RUMMY, Action.BUY, Action.SHANGHAI]


def test_game_and_view_report_typed_values():
    g = Game.new("contract", players=3, seed=2)
    assert type(g.phase) is Phase
    assert g.phase is Phase.DRAW
    assert type(g.view(g.turn).phase) is Phase
    assert all(type(m.action) is Action for m in g.legal_moves)
    g.play(f"{g.turn}: draw")
    assert g.phase is Phase.CLAIM
    assert g.claim is not None
    assert g.claim.kind is ClaimKind.BUY
    assert json.dumps(g.record())  # records hold plain strings


def test_move_fields_follow_the_action():
    assert Move("take", 1, number=2) == Move(Action.TAKE, 1, number=2)
    assert Move("take", 1, number=2).count == 2
    assert Move("take", 1, number=2).meld_id is None
    assert Move.parse("layoff 9S to 3").meld_id == 3
    assert hash(Move.parse("0: draw")) == hash(Move(Action.DRAW, 0))
    for bad in [
        {"action": "take"},
        {"action": "draw", "number": 3},
        {"action": "meld"},
        {"action": "discard", "cards": ("KD", "QD")},
        {"action": "buy", "call": True},
        {"action": "contract", "cards": ("KD",)},
        {"action": "flarp"},
    ]:
        with pytest.raises(MalformedMove):
            Move(**bad)  # type: ignore[arg-type]


def test_refusals_say_their_kind_and_keep_code_and_params():
    g = layout("rummy500", ["2C 3C", "4D 5D", "6H 8H"], stock="9C 9D", discard="KS")
    cases = [
        ("1: draw", NotYourMove, "not_your_turn"),
        ("7: draw", NotYourMove, "no_seat"),
        ("0: flarp", MalformedMove, "unknown_action"),
        ("0: take x", MalformedMove, "bad_number"),
        ("0: discard 2C", RuleViolation, "draw_first"),
    ]
    for text, kind, code in cases:
        with pytest.raises(kind) as info:
            g.play(text)
        assert isinstance(info.value, IllegalMove)
        assert isinstance(info.value, ValueError)
        assert info.value.code == code
        assert str(info.value)
    with pytest.raises(NotYourMove) as info:
        g.play("2: draw")
    assert info.value.params == {"seat": 2, "waiting": "0"}
    with pytest.raises(MalformedMove):
        Move.parse("meld")
    play(g, "0: draw")
    record = g.record()
    record["moves"].append("0: discard 9S")
    with pytest.raises(RuleViolation) as info:
        Game.from_record(record)
    assert info.value.code == "bad_record"
