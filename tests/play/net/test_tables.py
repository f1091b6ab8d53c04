"""One network table: seats, tokens, stale moves, and its autosave."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_gui.play import jsonio, saveload
from rummy_gui.play.net.protocol import ProtocolError
from rummy_gui.play.net.tables import NetTable


def table() -> NetTable:
    return NetTable.create("ABCD23", "Ann", "rummy500", 3, 2, "easy", {"target": 100})


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [("nopreset", 3, {}), ("persian", 3, {}), ("rummy500", 3, {"bogus": 1})],
)
def test_a_table_the_engine_refuses_is_named(
    preset: str, players: int, options: dict[str, int]
) -> None:
    with pytest.raises(ProtocolError) as e:
        NetTable.create("ABCD23", "Ann", preset, players, 1, "easy", options)
    assert e.value.code == "bad_table"


def test_seats_fill_then_the_table_is_full_and_play_starts() -> None:
    t = table()
    t.seat_taken(0, "Ann")
    assert not t.started
    assert t.bots_to_act() == []
    seat, token = t.join("Bob")
    assert seat == 1
    assert t.started
    assert t.seat_of_token(token) == 1
    with pytest.raises(ProtocolError) as e:
        t.join("Eve")
    assert e.value.code == "table_full"
    with pytest.raises(ProtocolError) as e:
        t.seat_of_token(token[:-1] + ("A" if token[-1] != "A" else "B"))
    assert e.value.code == "bad_token"


def test_a_move_is_refused_before_play_starts_and_when_its_seat_moved_since() -> None:
    t = table()
    t.seat_taken(0, "Ann")
    assert t.play(0, "draw", t.at) == {
        "type": "refused", "move": "draw", "at": t.at, "code": "not_started",
        "reason": "the game starts once every seat is taken", "params": {},
    }  # fmt: skip
    t.join("Bob")
    seat = t.game.to_act[0]
    while t.bot_plays(seat):  # the bots' moves until a person's turn
        t.play_bot(seat, t.game.view(seat).legal_moves[0], t.at)
        seat = t.game.to_act[0]
    at = t.at
    move = str(t.game.view(seat).legal_moves[0])
    played = t.play(seat, move, at)
    assert not isinstance(played, dict)
    moves = len(t.game.moves)
    again = t.play(seat, move, at)  # the same message replayed
    assert isinstance(again, dict)
    assert again["code"] == "stale"
    assert len(t.game.moves) == moves
    other = t.play(1 - seat, f"{seat}: discard 2C", t.at)
    assert isinstance(other, dict)
    assert other["code"] == "not_your_seat"


def test_the_autosave_keeps_hashes_of_the_tokens_and_resumes_the_table(tmp_path: Path) -> None:
    t = table()
    ann = t.seat_taken(0, "Ann")
    _, bob = t.join("Bob")
    path = tmp_path / "t.json"
    jsonio.write_json(path, t.save_document())
    text = path.read_text()
    assert ann not in text
    assert bob not in text
    back = NetTable.from_save(saveload.read(path), path)
    assert back.code == t.code
    assert back.seat_of_token(bob) == 1
    assert back.at > t.at  # moves sent to the host before it stopped are stale
    assert [str(m) for m in back.game.moves] == [str(m) for m in t.game.moves]
    doc = json.loads(text)
    doc["table"]["net"]["tokens"] = "x"
    path.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match="network table"):
        NetTable.from_save(saveload.read(path), path)


def test_a_player_takes_back_a_move_within_their_turn_and_only_then() -> None:
    t = table()
    t.seat_taken(0, "Ann")
    assert t.undo(0, t.at)["code"] == "not_started"  # type: ignore[index]
    t.join("Bob")
    seat = t.game.to_act[0]
    while t.bot_plays(seat) or not any(
        m.action.value == "take" for m in t.game.view(seat).legal_moves
    ):
        move = t.game.view(seat).legal_moves[-1]  # a take where one is offered, else a draw
        if t.bot_plays(seat):
            t.play_bot(seat, move, t.at)
        else:
            t.play(seat, str(move), t.at)
        seat = t.game.to_act[0]
    hand = t.game.hand(seat)
    nothing = t.undo(seat, t.at)  # nothing of this turn yet
    assert isinstance(nothing, dict)
    assert nothing["code"] == "nothing_to_undo"
    take = next(m for m in t.game.view(seat).legal_moves if m.action.value == "take")
    t.play(seat, str(take), t.at)
    assert t.may_undo(seat)
    assert not t.may_undo(1 - seat)
    other = t.undo(1 - seat, t.at)  # another seat can't take it back
    assert isinstance(other, dict)
    assert other["code"] == "nothing_to_undo"
    stale = t.undo(seat, t.at - 1)  # seen on an older state
    assert isinstance(stale, dict)
    assert stale["code"] == "stale"
    taken = t.undo(seat, t.at)
    assert not isinstance(taken, dict)
    assert taken.action.value == "take"
    assert t.game.hand(seat) == hand
