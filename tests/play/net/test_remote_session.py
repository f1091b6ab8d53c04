"""A joined seat's game (`RemoteSession`) against a real host on loopback,
through the `TableSession` surface the table uses: a whole deal played, a
refusal's round trip, the waiting states when the host stops, and the
seat taken back when the host comes back from its autosave."""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rummy_gui.engine import Action, IllegalMove, Move, Phase
from rummy_gui.play.net.client import Client
from rummy_gui.play.net.host import Host
from rummy_gui.play.net.remote_session import GONE, HOST_CLOSED, OTHERS, RemoteSession
from rummy_gui.play.net.serve import HostThread
from rummy_gui.play.table_session import TableSession
from tests.play.net.conftest import LIMIT, url

TABLE = {"preset": "rummy500", "players": 3, "people": 1, "level": "easy", "options": {}}


def joined(h: HostThread, table: dict[str, object] = TABLE) -> RemoteSession:
    client = Client(url(h), "Bea", create=table)
    end = time.monotonic() + LIMIT
    while client.state is None or client.seat is None:
        assert time.monotonic() < end, "the host did not seat the player"
        client.wait(0.05)
        client.poll()
    return RemoteSession(client)


def until(session: RemoteSession, done: Callable[[], bool]) -> list[IllegalMove]:
    """Refresh, as the table does every frame, until `done()` holds; the refusals met."""
    refused: list[IllegalMove] = []
    end = time.monotonic() + LIMIT
    while not done():
        assert time.monotonic() < end, "the host did not answer in time"
        refused.extend(session.refresh())
        session.client.wait(0.05)
    return refused


def to_my_draw(session: RemoteSession) -> None:
    """Play on (passing every claim offered, and on to the next deal where a
    bot went out before this seat's first turn) until this seat is to draw."""

    def drawing() -> bool:
        if session.phase is Phase.CLAIM and session.legal(0):
            session.play(0, Move(Action.PASS))
        next_deal(session)
        return session.phase is Phase.DRAW and 0 in session.to_act

    until(session, drawing)


def next_deal(session: RemoteSession) -> None:
    """A deal's end moves on to the next deal, as the table's summary does."""
    if session.phase is Phase.DEAL_OVER and not session._pending:
        session.play(session.view(0).turn, Move(Action.DEAL))


@pytest.fixture
def session(host: HostThread) -> Iterator[RemoteSession]:
    s = joined(host)
    yield s
    s.close()


def test_a_joined_seat_is_a_table_session_that_sees_only_its_own_hand(
    session: RemoteSession,
) -> None:
    assert isinstance(session, TableSession)
    view = session.view(session.seat)
    assert view.seat == session.seat == 0
    assert session.humans() == [0]
    assert [session.is_human(s) for s in range(3)] == [True, False, False]
    assert view.sees_hand(0)
    assert not view.sees_hand(1)
    assert not view.sees_hand(2)
    assert len(view.hand(0)) == view.hand_sizes[0]
    assert session.record() is None
    assert not session.can_undo
    assert session.hint(1) is None  # no advice for another seat


def test_the_hint_is_a_move_the_seat_may_play(session: RemoteSession) -> None:
    to_my_draw(session)
    advice = session.hint(0)
    assert advice is not None
    assert len(advice.moves) == 1
    assert advice.moves[0] in session.legal(0)
    assert advice.text


# A table's seed whose first deal a bot ends (it goes out at once) before seat 0's first turn.
OUT_AT_ONCE = 855


@pytest.mark.parametrize("seed", [None, OUT_AT_ONCE])
def test_a_whole_deal_is_played_through_the_session(
    host: HostThread, monkeypatch: pytest.MonkeyPatch, seed: int | None
) -> None:
    """A deal in which this seat moves, played to its end (a bot may go out
    before this seat's first turn: the next deal is played)."""
    if seed is not None:  # the table's seed (NetTable.create draws it)
        monkeypatch.setattr(secrets, "randbelow", lambda _n: seed)
    session = joined(host)
    try:
        play_a_deal(session)
        if seed is not None:  # the first deal ended before this seat's turn: the second was played
            assert session.round == 2
    finally:
        session.close()


def play_a_deal(session: RemoteSession) -> None:
    rng = random.Random(5)
    played = 0
    end = time.monotonic() + LIMIT
    while played == 0 or session.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
        assert time.monotonic() < end, "the deal did not end"
        assert session.phase is not Phase.GAME_OVER, "the game ended before this seat moved"
        assert session.refresh() == []  # only legal moves are played: none is refused
        next_deal(session)
        legal = [m for m in session.legal(0) if m.action is not Action.DEAL]
        if legal:
            version = session.version
            session.play(0, rng.choice(legal))
            played += 1
            assert session.version > version  # the table redraws: the move is on its way
            assert session.legal(0) == []
            assert 0 not in session.to_act
        session.client.wait(0.02)
    view = session.view(0)
    assert played > 0
    assert all(view.sees_hand(s) for s in range(3))  # a deal's end shows every hand
    assert view.deal_breakdown is not None
    assert view.deal_scores is not None
    assert sum(part.total for part in view.deal_breakdown) == sum(view.deal_scores)
    assert view.score_history[-1] == view.deal_scores
    assert len(view.score_history) == view.round
    assert session.log[0].is_deal
    assert any(e.name == "Bea" for e in session.log[1:])


def test_a_refused_move_comes_back_with_the_engines_reason_and_changes_nothing(
    session: RemoteSession,
) -> None:
    to_my_draw(session)
    before = session.view(0)
    card = before.hand(0)[0]
    session.play(0, Move.parse(f"discard {card}"))  # before drawing: the rules say no
    refused = until(session, lambda: not session._pending)
    assert len(refused) == 1
    assert refused[0].code != "stale"
    assert str(refused[0])
    after = session.view(0)
    assert after.hand(0) == before.hand(0)
    assert after.discard_pile == before.discard_pile
    assert session.legal(0) == list(before.legal_moves)  # the seat may move again


def test_a_move_while_another_waits_or_for_another_seat_is_refused_here(
    session: RemoteSession,
) -> None:
    to_my_draw(session)
    with pytest.raises(IllegalMove):
        session.play(1, session.legal(0)[0])
    session.play(0, session.legal(0)[0])
    with pytest.raises(IllegalMove):
        session.play(0, Move(Action.PASS))  # the first one has not been answered


def test_a_move_is_taken_back_within_the_turn_through_the_host(session: RemoteSession) -> None:
    to_my_draw(session)
    assert session.undo_owner() is None  # nothing of this turn yet
    takes = [m for m in session.legal(0) if m.action is Action.TAKE]
    if not takes:
        pytest.skip("this deal offers no take from the discard pile")
    hand = session.view(0).hand(0)
    session.play(0, takes[0])
    until(session, lambda: session.undo_owner() == 0)
    assert session.can_undo
    assert session.undo().action is Action.TAKE
    assert session.undo_owner() is None  # asked once: not again before the answer
    assert until(session, lambda: not session._pending) == []
    assert session.view(0).hand(0) == hand
    assert session.phase is Phase.DRAW
    assert 0 in session.to_act


def test_the_table_waits_for_a_host_that_closes_and_says_so(host: HostThread) -> None:
    session = joined(host)
    try:
        assert session.waiting is None
        host.stop()
        until(session, lambda: session.host_closed)  # the host said goodbye before it went
        until(session, lambda: session.waiting is not None)
        assert session.waiting == _text(HOST_CLOSED)
        assert session.legal(0) == []
    finally:
        session.close()


def test_a_table_not_yet_full_waits_for_the_others_with_its_code(host: HostThread) -> None:
    session = joined(host, {**TABLE, "people": 2})
    try:
        assert session.waiting == _text(OTHERS).format(code=session.client.code)
        other = Client(url(host), "Cy", code=session.client.code)
        until(session, lambda: session.waiting is None)
        other.close()
    finally:
        session.close()


def test_the_seat_is_taken_back_when_the_host_resumes_from_its_autosave(tmp_path: Path) -> None:
    first = HostThread(Host(tmp_path, grace=60.0, standin="easy"))
    port = first.port
    session = joined(first)
    second: HostThread | None = None
    try:
        until(session, lambda: session.view(0).move_count > 0)
        hand = session.view(0).hand(0)
        first.stop()
        until(session, lambda: session.waiting is not None)
        second = HostThread(Host(tmp_path, grace=60.0, standin="easy"), port=port)
        until(session, lambda: session.waiting is None and not session.host_closed)
        assert session.client.seat == 0
        assert session.view(0).hand(0) == hand or 0 not in session.to_act  # the same game
        to_my_draw(session)  # and it plays on
        session.play(0, session.legal(0)[0])
        assert until(session, lambda: not session._pending) == []
    finally:
        session.close()
        if second is not None:
            second.stop()


def test_a_host_back_without_the_table_is_told_as_the_table_gone(tmp_path: Path) -> None:
    first = HostThread(Host(None, grace=60.0, standin="easy"))  # keeps no autosave
    port = first.port
    session = joined(first)
    second: HostThread | None = None
    try:
        first.stop()
        until(session, lambda: session.waiting is not None)
        second = HostThread(Host(tmp_path, grace=60.0, standin="easy"), port=port)
        gone = _text(GONE).split("{")[0]
        until(session, lambda: (session.waiting or "").startswith(gone))
        assert session.legal(0) == []
    finally:
        session.close()
        if second is not None:
            second.stop()


def _text(msgid: str) -> str:
    from rummy_gui.i18n import _

    return _(msgid)


def test_a_seat_that_never_saw_a_deal_end_has_the_hosts_score_history() -> None:
    # A bot went out before the seat's first state (or the seat came back):
    # the history is the host's, not only the deal ends this client saw.
    from types import SimpleNamespace

    from rummy_gui.play.net import protocol as p
    from tests.play.net.test_protocol import _past_the_first_deal

    g = _past_the_first_deal()
    seats = [{"name": n, "kind": "bot", "level": "easy", "connected": False, "standin": None,
              "kept": None} for n in ("Ann", "Bo", "Cy")]  # fmt: skip
    msg, _ = p.state_message(g.view(0), 9, seats, (), scores=g.score_history)
    client = SimpleNamespace(state=p.read_state(msg, None), seat=0, table={"preset": "rummy500"})
    session = RemoteSession(client)  # type: ignore[arg-type]
    history = session.view(0).score_history
    assert history == tuple(tuple(deal) for deal in g.score_history)
    assert len(history) == 1
