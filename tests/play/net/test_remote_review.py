"""A joined seat's deal review and hint: it keeps its own decisions (the view
it had, the move it made) from the host's states, and they review as the
same decisions of a local game do; nothing kept holds a card it did not see.
Its hint is the local table's, at any level."""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import replace
from typing import Any

import pytest

from rummy_gui import hints
from rummy_gui.bots.expert import ExpertBot
from rummy_gui.engine import Action, Game, Move, Phase, View
from rummy_gui.play.net import protocol as p
from rummy_gui.play.net.client import Client
from rummy_gui.play.net.decisions import KeptDecisions
from rummy_gui.play.net.remote_session import RemoteSession
from rummy_gui.play.net.remote_view import engine_view
from rummy_gui.play.net.serve import HostThread
from rummy_gui.play.net.tables import NetTable
from rummy_gui.play.replay import Replay
from rummy_gui.play.review import review, review_views, same_move, view_at

from .conftest import LIMIT, url
from .test_remote_session import OUT_AT_ONCE
from .test_remote_view import SEATS, same_view


def joined(host: HostThread, preset: str = "rummy500", players: int = 3) -> RemoteSession:
    """One player at a table of bots (the host's easy level)."""
    table = {"preset": preset, "players": players, "people": 1, "level": "easy", "options": {}}
    client = Client(url(host), "Bea", create=table)
    end = time.monotonic() + LIMIT
    while client.state is None or client.seat is None:
        assert time.monotonic() < end
        client.wait(0.05)
        client.poll()
    return RemoteSession(client)


def host_game(host: HostThread) -> Game:
    def game() -> Game:
        table: NetTable = next(iter(host.host.tables.values()))
        return table.game.copy()

    return host.ask(game)


def play_deal(session: RemoteSession, seed: int, each: Any = None) -> None:
    """The joined seat plays random legal moves until the end of the first
    deal in which it moved (the host deals at random: a bot may go out before
    the seat's first turn, and that deal is moved on from); `each(session)`
    is called at each of its decisions first."""
    rng = random.Random(seed)
    end = time.monotonic() + LIMIT
    moved = False
    while not (moved and session.phase is Phase.DEAL_OVER) and not session.finished:
        assert time.monotonic() < end, "the deal did not end in time"
        session.refresh()
        if session.phase is Phase.DEAL_OVER and not moved and not session._pending:
            session.play(session.view(session.seat).turn, Move(Action.DEAL))  # the next deal
        legal = session.legal(session.seat)
        if legal and session.phase is not Phase.DEAL_OVER:
            if each is not None:
                each(session)
            session.play(session.seat, rng.choice(legal))
            moved = True
        session.client.wait(0.02)


def matched(kept: list[tuple[View, Move]], game: Game, seat: int, deal: int) -> dict[int, int]:
    """Each kept decision's position in the local replay of the same deal
    (where the seat's view there is the kept view and its move the kept move)."""
    replay = Replay(game.record(), deal)
    out: dict[int, int] = {}
    for k, (view, move) in enumerate(kept):
        for i in range(len(replay.moves)):
            mine = replay.moves[i].seat == seat and same_move(replay.moves[i], move)
            if mine and i not in out.values() and same_view(view, view_at(replay, i, seat)) == []:
                out[k] = i
                break
    return out


def small() -> ExpertBot:
    return ExpertBot(seed=1, min_samples=1, max_samples=1)


@pytest.mark.parametrize("seed", [None, OUT_AT_ONCE])
def test_a_joined_seat_reviews_its_deal_as_the_same_decisions_of_the_game(
    host: HostThread, monkeypatch: pytest.MonkeyPatch, seed: int | None
) -> None:
    if seed is not None:  # the table's seed (NetTable.create draws it)
        monkeypatch.setattr(secrets, "randbelow", lambda _n: seed)
    session = joined(host)
    try:
        play_deal(session, seed=2)
        seat = session.seat
        kept = session.decisions(seat)
        assert kept is not None
        assert len(kept) >= 3
        assert session.decisions(seat + 1) is None
        game = host_game(host)
        deal = session.view(seat).round  # the deal the seat moved in (a bot may end the first)
        places = matched(kept, game, seat, deal)
        # every decision kept is the game's, as the seat saw it; but a claim's
        # answer may be played once another seat has answered too (the engine
        # judges it then): the seat decided on the window as it saw it
        unmatched = [view for k, (view, _move) in enumerate(kept) if k not in places]
        assert all(view.phase is Phase.CLAIM for view in unmatched)
        assert len(places) >= 3
        for view, _move in kept:  # and holds no card the seat could not see
            assert view.seat == seat
            assert all(h == [] for o, h in enumerate(view._public.hands) if o != seat)
            assert view._public.stock == []
        remote = review_views(kept, expert=small(), min_loss=-1e9, clear=0)
        local = review(game.record(), seat, deal, expert=small(), min_loss=-1e9, clear=0)
        assert remote  # the verdicts are compared, not two empty lists
        by_place = {f.position: (f.expert, f.loss) for f in local}
        for f in remote:
            if f.position in places:
                assert by_place.get(places[f.position]) == (f.expert, f.loss)
        same_places = [f for f in remote if f.position in places]
        assert len(same_places) == len([f for f in local if f.position in places.values()])
    finally:
        session.close()


@pytest.mark.parametrize("seed", [None, OUT_AT_ONCE])
def test_the_review_job_reviews_a_joined_seats_decisions_in_its_process(
    host: HostThread, monkeypatch: pytest.MonkeyPatch, seed: int | None
) -> None:
    """None: the host's own random deal; OUT_AT_ONCE: a bot goes out before
    this seat moves, and the review is of the next deal."""
    from rummy_gui.play.review import ReviewJob

    if seed is not None:  # the table's seed (NetTable.create draws it)
        monkeypatch.setattr(secrets, "randbelow", lambda _n: seed)
    session = joined(host)
    try:
        play_deal(session, seed=5)
        kept = session.decisions(session.seat)
        assert kept
        job = ReviewJob(None, session.seat, budget=8, kept=kept)
        end = time.monotonic() + LIMIT
        while not job.wait(0.5):
            assert time.monotonic() < end
        job.close()
        assert job.error is None
        assert job.findings is not None
        assert job.total == len(kept)
        assert all(0 <= f.position < len(kept) for f in job.findings)
    finally:
        session.close()


def _states(seat: int) -> tuple[Game, list[p.SeatState]]:
    """A local game's states for `seat` at its decisions, as the host sends them."""
    game = Game.new("rummy500", players=3, seed=11)
    rng = random.Random(1)
    out: list[p.SeatState] = []
    while len(out) < 6:
        if seat in game.to_act and len(game.offered_moves(seat)) >= 2:
            msg, _log = p.state_message(game.view(seat), len(game.moves), SEATS[:3], ())
            out.append(p.read_state(msg, None))
        game.play(rng.choice(game.offered_moves(game.to_act[0])))
    return game, out


def test_a_state_that_does_not_fit_changes_nothing_kept() -> None:
    game, states = _states(0)
    first, second = states[0], states[1]
    kept = KeptDecisions(game.rules, 0)
    kept.seen(first)
    kept.sent(first.legal[0], first.at)
    # another seat's state, a public state that does not read, a view that
    # does not read: none of them says the move was played, nor is kept
    other = p.read_state(p.state_message(game.view(1), 99, SEATS[:3], ())[0], None)
    broken = replace(second, public={"melds": "nonsense"}, moved_at=10**6)
    garbage = replace(second, view=dict(second.view, round="x"), moved_at=10**6)
    for state in (replace(other, moved_at=10**6), broken, garbage):
        kept.seen(state)
        assert kept.deal() == []
    kept.seen(replace(second, moved_at=first.at + 1))  # the host played it
    ((view, move),) = kept.deal()
    assert move == first.legal[0]
    assert same_view(view, engine_view(game.rules, first)) == []


def test_a_refused_or_undone_move_is_not_kept() -> None:
    game, states = _states(0)
    kept = KeptDecisions(game.rules, 0)
    kept.seen(states[0])
    kept.sent(states[0].legal[0], states[0].at)
    kept.unanswered()  # refused
    kept.seen(replace(states[1], moved_at=10**6))
    assert kept.deal() == []
    kept.sent(states[1].legal[0], states[1].at)
    kept.seen(replace(states[2], moved_at=states[1].at + 1))
    assert len(kept.deal()) == 1
    kept.undo_sent(states[2].at)
    kept.seen(replace(states[2], moved_at=states[2].at + 1))  # the host took it back
    assert kept.deal() == []


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_the_hint_at_a_joined_seat_is_the_local_tables(
    monkeypatch: pytest.MonkeyPatch, level: str
) -> None:
    """At every level the hint may be given (the levels that search included),
    from the joined seat's own view, the same advice as the local table's from
    the game, followed to the end of the turn."""
    monkeypatch.setattr(hints, "HINT_LEVEL", level)
    from rummy_gui.play.net.remote_session import _advice

    game = Game.new("rummy500", players=3, seed=21)
    rng = random.Random(4)
    steps = 0
    asked = 0
    while not game.deal_over and asked < {"medium": 12, "hard": 4, "expert": 2}[level]:
        seat = game.to_act[0]
        if len(game.offered_moves(seat)) >= 2 and game.phase is Phase.PLAY:
            msg, _log = p.state_message(game.view(seat), len(game.moves), SEATS[:3], ())
            remote = _advice(game.rules, p.read_state(msg, None), seed=asked)
            local = hints.hint(game, seat, seed=asked)
            assert remote is not None
            assert local is not None
            assert (remote.moves, remote.text) == (local.moves, local.text)
            steps = max(steps, len(local.moves))
            asked += 1
        game.play(rng.choice(game.offered_moves(seat)))
    assert asked > 0
    if level == "medium":
        assert steps >= 2  # advice of more than one step was compared


def test_a_joined_seats_hint_is_the_local_tables_over_a_whole_deal(
    monkeypatch: pytest.MonkeyPatch, host: HostThread
) -> None:
    """Over loopback, at a level that searches: whenever only the joined seat
    may move (the host's game waits for it), its hint is the hint the same
    game gives at a local table, every step of it."""
    monkeypatch.setattr(hints, "HINT_LEVEL", "hard")
    compared: list[int] = []

    def check(session: RemoteSession) -> None:
        if session.to_act != (session.seat,) or session.phase not in (Phase.DRAW, Phase.PLAY):
            return
        advice = session.hint(session.seat)
        local = hints.hint(host_game(host), session.seat, seed=session.version)
        assert advice is not None
        assert local is not None
        assert (advice.moves, advice.text) == (local.moves, local.text)
        compared.append(len(advice.moves))

    session = joined(host)
    try:
        play_deal(session, seed=3, each=check)
    finally:
        session.close()
    assert len(compared) >= 4
    assert max(compared) >= 2  # advice of more than one step
