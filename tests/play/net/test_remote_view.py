"""A joined seat's `TableView`, read from the host's state message, is the
table the same seat sees in a local game: in every preset, at every move
of whole games (hands, melds and their owners, the claim, the deal's score
item by item), but what the host does not send."""

from __future__ import annotations

import json
import random
from dataclasses import fields, replace
from typing import Any

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.engine import PRESETS, Game, View
from rummy_gui.play.net import protocol as p
from rummy_gui.play.net.remote_session import VIEW_LEVELS
from rummy_gui.play.net.remote_view import engine_view, remote_view
from rummy_gui.play.table_view import TableView, table_view

# What the host does not send (the deal's seed and fingerprint, the settlement,
# the game's move count), sends apart from the view (the score history, in the
# state's `scores`) or the joined seat keeps itself (the last move: the log's last entry).
NOT_SENT = {"fingerprint", "deal_seed", "settled", "move_count", "score_history", "last_move"}
SEATS = [{"name": f"P{s}", "kind": "person", "level": None, "connected": True, "standin": None}
         for s in range(4)]  # fmt: skip


def same(remote: TableView, local: TableView) -> list[str]:
    """The fields in which the two views differ (melds by id, cards and owners)."""
    out = []
    for f in fields(TableView):
        if f.name in NOT_SENT:
            continue
        a, b = getattr(remote, f.name), getattr(local, f.name)
        if f.name == "claim" and b is not None:  # the engine's own note of how deep a
            b = replace(b, depths=())  # Rummy! call may take is not a view's (not sent)
        if f.name == "public_melds":
            a = [(m.id, m.kind, str(m), m.owners) for m in a]
            b = [(m.id, m.kind, str(m), m.owners) for m in b]
        if a != b:
            out.append(f"{f.name}: {a!r} != {b!r}")
    return out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_remote_view_is_the_local_view_of_the_same_seat(preset: str) -> None:
    rng = random.Random(preset)
    rules = PRESETS[preset]
    players = min(max(3, rules.min_players), rules.max_players)
    game = Game.new(preset, players=players, seed=rng.randrange(10**9))
    moves = 0
    shown = None  # the last deal's end, as the joined seat keeps it
    while not game.game_over and moves < 400:
        shown = p.shown_at_deal_end(game) or shown
        for seat in range(players):
            message, _log = p.state_message(
                game.view(seat), moves, SEATS[:players], (), game.winners, 0, shown
            )
            state = p.read_state(message, None)
            remote = remote_view(game.rules, state, message["shown"], [])
            assert same(remote, table_view(game, seat)) == [], (preset, moves, seat)
        seat = game.to_act[0]
        game.play(rng.choice(game.offered_moves(seat)))
        moves += 1
    assert moves > 50


def test_a_view_that_does_not_read_is_a_protocol_error() -> None:
    game = Game.new("rummy500", players=2, seed=1)
    message, _log = p.state_message(game.view(0), 0, SEATS[:2], ())
    state = p.read_state(message, None)
    state.view["melds"] = [{"id": 1, "kind": "set", "cards": ["2S", "9H", "KD"], "owners": [0]}]
    with pytest.raises(p.ProtocolError):
        remote_view(game.rules, state, None, [])


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_hints_bot_chooses_from_the_remote_view_as_from_the_real_one(preset: str) -> None:
    rules = PRESETS[preset]
    players = min(max(3, rules.min_players), rules.max_players)
    rng = random.Random(preset)
    game = Game.new(preset, players=players, seed=rng.randrange(10**9))
    for i in range(60):
        if game.game_over:
            break
        seat = game.to_act[0]
        message, _log = p.state_message(game.view(seat), i, SEATS[:players], ())
        view = engine_view(game.rules, p.read_state(message, None))
        for level in VIEW_LEVELS:
            mine = make_bot(level, seed=i).choose(view)
            assert mine == make_bot(level, seed=i).choose(game.view(seat)), (preset, i, level)
        game.play(rng.choice(game.offered_moves(seat)))


def same_view(a: View, b: View) -> list[str]:
    """The fields in which two engine views differ (melds by their state:
    a meld has no equality of its own)."""
    out = []
    for f in fields(View):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if f.name == "melds":
            x, y = [m.state() for m in x], [m.state() for m in y]
        elif f.name == "_public":
            x, y = x.key(), y.key()
        if x != y:
            out.append(f"{f.name}: {x!r} != {y!r}")
    return out


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_engine_view_is_the_seats_very_view_while_it_has_a_move_to_choose(
    preset: str,
) -> None:
    """With the public state the host sends then, the joined seat's view is
    `Game.view(seat)` itself, so the bots that search use it as their own."""
    rules = PRESETS[preset]
    players = min(max(3, rules.min_players), rules.max_players)
    rng = random.Random(preset + "public")
    game = Game.new(preset, players=players, seed=rng.randrange(10**9))
    checked = 0
    for i in range(500):
        if game.game_over:
            break
        for seat in game.to_act:
            message, _log = p.state_message(game.view(seat), i, SEATS[:players], ())
            assert message["public"] is not None
            state = p.read_state(json.loads(json.dumps(message)), None)
            assert same_view(engine_view(game.rules, state), game.view(seat)) == [], (preset, i)
            checked += 1
        game.play(rng.choice(game.offered_moves(game.to_act[0])))
    assert checked > 100


def test_the_public_state_goes_only_to_a_seat_with_a_move_to_choose() -> None:
    game = Game.new("rummy500", players=3, seed=5)
    waiting = next(s for s in range(3) if s not in game.to_act)
    message, _log = p.state_message(game.view(waiting), 0, SEATS[:3], ())
    assert message["public"] is None


@pytest.mark.parametrize(
    "damage",
    [
        lambda pub: pub.update(melds=[[0, False, False, 0, 0, "", 0]] * 9),
        lambda pub: pub.update(buys="many"),
        lambda pub: pub.update(restricted=[[99, 1]]),
        lambda pub: pub.update(went_out=True),
        lambda pub: pub.pop("calling"),
    ],
)
def test_a_public_state_that_does_not_read_is_a_protocol_error(damage: Any) -> None:
    game = Game.new("rummy500", players=2, seed=1)
    seat = game.to_act[0]
    message, _log = p.state_message(game.view(seat), 0, SEATS[:2], ())
    damage(message["public"])
    with pytest.raises(p.ProtocolError):
        engine_view(game.rules, p.read_state(message, None))
