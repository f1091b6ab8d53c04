"""The protocol's checks: every message a client may send, and what a bad one gets."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_gui.engine import Game, IllegalMove
from rummy_gui.play.net import protocol as p

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


def raw(obj: Any) -> str:
    return json.dumps(obj)


def refusal(text: str) -> str | None:
    """The error code the message gets, None if it is read."""
    try:
        p.read_request(text)
    except p.ProtocolError as e:
        return e.code
    return None


def code_of(text: str | bytes) -> str:
    with pytest.raises(p.ProtocolError) as e:
        p.read_request(text)
    return e.value.code


def test_the_messages_a_client_sends_are_read_back() -> None:
    assert p.read_request(raw(p.hello("ABC234", "Ann"))) == p.Hello("ABC234", "Ann")
    token = "x" * 22
    assert p.read_request(raw(p.hello("ABC234", " Ann ", token))) == p.Hello("ABC234", "Ann", token)
    made = p.read_request(raw(p.create("Ann", "rummy500", 3, 2, "easy", {"target": 100})))
    assert made == p.Create("Ann", "rummy500", 3, 2, "easy", {"target": 100})
    assert p.read_request(raw(p.move("0: draw", 12))) == p.MoveRequest("0: draw", 12)
    assert p.read_request(raw({"type": "sync"})) == p.Sync()
    assert p.read_request(raw(p.undo(12))) == p.UndoRequest(12)


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("", "malformed"),
        ("{", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"type": 3}', "malformed"),
        ('{"type": "sync", "type": "sync"}', "malformed"),  # a key twice
        ('{"type": "move", "move": "draw", "at": NaN}', "malformed"),
        ('{"type": "shuffle"}', "unknown"),
        ('{"type": "sync", "extra": 1}', "malformed"),
        ('{"type": "move", "move": "draw"}', "malformed"),
        ('{"type": "move", "move": "draw", "at": true}', "malformed"),
        ('{"type": "move", "move": "draw", "at": -1}', "malformed"),
        ('{"type": "move", "move": "", "at": 0}', "malformed"),
        ('{"type": "move", "move": ["draw"], "at": 0}', "malformed"),
        ('{"type": "undo"}', "malformed"),
        ('{"type": "undo", "at": "3"}', "malformed"),
        ('{"type": "undo", "at": 3.5}', "malformed"),
        ('{"type": "undo", "at": -2}', "malformed"),
        ('{"type": "undo", "at": 3, "move": "draw"}', "malformed"),
        ('{"type": "hello", "version": 2, "code": "ABCD", "name": "A"}', "version"),
        ('{"type": "hello", "version": 1, "code": "abcd", "name": "A"}', "malformed"),
        ('{"type": "hello", "version": 1, "code": "ABCD", "name": ""}', "malformed"),
        ('{"type": "hello", "version": 1, "code": "ABCD", "name": "A\\u0000"}', "malformed"),
        (
            '{"type": "hello", "version": 1, "code": "ABCD", "name": "A", "token": "../x"}',
            "malformed",
        ),
        (raw(p.create("A", "rummy500", 9, 2, "easy", {})), "malformed"),
        (raw(p.create("A", "rummy500", 3, 4, "easy", {})), "malformed"),
        (raw(p.create("A", "rummy500", 3, 2, "godlike", {})), "malformed"),
        (raw(p.create("A", "rummy500", 3, 2, "easy", {"target": [1]})), "malformed"),
        (raw(p.create("A", "../../etc", 3, 2, "easy", {})), "malformed"),
        ("[" * 30000 + "]" * 30000, "malformed"),  # deep, and under the size limit
        (raw({"type": "sync", "pad": "x" * p.MAX_MESSAGE}), "too_large"),
        (b'{"type": "sync"}', "malformed"),  # a binary frame
    ],
)
def test_a_bad_message_is_named(message: str | bytes, code: str) -> None:
    assert code_of(message) == code


@settings(max_examples=200, deadline=None)
@given(JSON)
def test_any_json_is_read_or_refused_with_a_code(value: Any) -> None:
    assert refusal(json.dumps(value)) in (None, *p.ERRORS)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_read_or_refused_with_a_code(text: str) -> None:
    assert refusal(text) in (None, *p.ERRORS)


def test_a_state_sends_only_the_log_the_seat_does_not_hold() -> None:
    g = Game.new("rummy500", 3, seed=4)
    for _ in range(5):
        g.play(next(iter(g.legal_moves)))
    first, held = p.state_message(g.view(0), 5, [], ())
    assert first["log_from"] == 0
    assert len(first["log"]) == 5
    g.play(next(iter(g.legal_moves)))
    second, held = p.state_message(g.view(0), 6, [], held)
    assert second["log_from"] == 5
    assert len(second["log"]) == 1
    s0 = p.read_state(first, None)
    s1 = p.read_state(second, s0)
    assert list(s1.log) == [str(m) for m in g.view(0).log]
    assert s1.hand == tuple(g.hand(0))


def test_a_state_whose_log_does_not_follow_is_refused() -> None:
    g = Game.new("rummy500", 3, seed=4)
    msg, _ = p.state_message(g.view(0), 0, [], ())
    msg["log_from"] = 3
    with pytest.raises(p.ProtocolError):
        p.read_state(msg, None)
    msg["log_from"], msg["view"]["hand"] = 0, ["ZZ"]
    with pytest.raises(p.ProtocolError):
        p.read_state(msg, None)


def test_a_refusal_carries_the_engines_reason() -> None:
    g = Game.new("rummy500", 3, seed=4)
    try:
        g.play("discard 2C 3C")
    except IllegalMove as e:
        msg = p.refused("discard 2C 3C", 7, e)
    assert msg["reason"]
    assert msg["code"] != "stale"
    assert msg["at"] == 7
    assert p.read_reply(json.dumps(msg))["type"] == p.REFUSED


def _past_the_first_deal() -> Game:
    """Rummy 500 for 3 in its second deal (random legal moves)."""
    import random

    rng = random.Random(1)
    g = Game.new("rummy500", 3, seed=4, options={"target": 5000})
    while g.round < 2 or g.deal_over:
        g.play(rng.choice(list(g.legal_moves)))
    return g


def test_a_state_carries_every_finished_deals_scores() -> None:
    g = _past_the_first_deal()
    msg, _ = p.state_message(g.view(0), 0, [], (), scores=g.score_history)
    state = p.read_state(json.loads(json.dumps(msg)), None)
    assert len(g.score_history) == 1
    assert state.scores == tuple(tuple(deal) for deal in g.score_history)


@pytest.mark.parametrize(
    "scores",
    ["12", [12], [[1, 2]], [["1", 2, 3]], [[True, 2, 3]], [[1.5, 2, 3]], [[10**12, 0, 0]],
     [[0, 0, 0]] * (p.MAX_DEALS + 1)],
)  # fmt: skip
def test_a_state_whose_scores_are_not_a_games_is_refused(scores: Any) -> None:
    g = _past_the_first_deal()
    msg, _ = p.state_message(g.view(0), 0, [], ())
    msg["scores"] = scores
    with pytest.raises(p.ProtocolError):
        p.read_state(msg, None)
