"""The local `Session` is a `TableSession`, and its `view(seat)` holds what
that seat may know: its own hand, the others as counts (every hand once the
deal is over), a Pinochle face-down lay-off hidden, its own offered moves."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Action, Game, Move, Phase
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.play.table_session import TableSession
from tests.engine._helpers import layout, play


def _session(preset: str = "rummy500", players: int = 3, game: Game | None = None) -> Session:
    seats = [SeatConfig("You", "human")] + [
        SeatConfig(f"Bot {i}", "easy") for i in range(1, players)
    ]
    return Session(preset, seats, {}, seed=5, game=game, threaded=False, bot_process=False)


def test_the_local_session_is_a_table_session() -> None:
    session = _session()
    checked: TableSession = session  # mypy holds the members' types
    assert isinstance(checked, TableSession)
    session.close()


def test_a_view_holds_the_own_hand_and_the_others_as_counts() -> None:
    session = _session()
    g = session.game
    view = session.view(0)
    assert view.hand(0) == g.hand(0)
    assert view.hand_sizes == tuple(len(g.hand(s)) for s in range(3))
    for other in (1, 2):
        assert not view.sees_hand(other)
        with pytest.raises(ValueError, match="hidden"):
            view.hand(other)
    assert view.legal_moves == tuple(g.offered_moves(0))
    assert view.offered_moves(1) == []  # another seat's moves are not this view's
    assert view.deal_seed is None  # the deal's seed stays the referee's until the deal is over
    assert view.fingerprint == g.fingerprint
    public = session.public_view()
    assert not any(public.sees_hand(s) for s in range(3))
    assert public.legal_moves == ()
    assert public.hand_sizes == view.hand_sizes
    session.close()


def test_a_view_follows_the_game_and_is_kept_while_nothing_changes() -> None:
    session = _session()
    seat = session.to_act[0]
    first = session.view(seat)
    assert session.view(seat) is first
    session.play(seat, Move(Action.DRAW))
    after = session.view(seat)
    assert after is not first
    assert after.move_count == first.move_count + 1
    assert after.last_move == session.game.moves[-1]
    assert len(after.hand(seat)) == len(first.hand(seat)) + 1
    session.close()


def test_every_hand_is_public_once_the_deal_is_over() -> None:
    g = layout("rummy500", ["5H 6H 7H 8H", "2D 3D 4D 9S KS", "6D 8D 9D 10D KC"], stock="QC QS")
    play(g, "0: draw", "0: meld 5H 6H 7H 8H", "0: discard QC")
    assert g.phase in (Phase.DEAL_OVER, Phase.GAME_OVER)
    session = _session(game=g)
    view = session.view(0)
    assert [view.hand(s) for s in range(3)] == [g.hand(s) for s in range(3)]
    assert view.deal_breakdown == g.deal_breakdown
    assert view.deal_seed == g.deal_seed
    assert session.public_view().hand(2) == g.hand(2)
    session.close()


def test_a_pinochle_face_down_lay_off_stays_hidden() -> None:
    g = layout(
        "pinochle",
        ["5H 6H 7H 8H 9H 10H 2C 3C", "2D 3D 4D 5D KS", "6D 8D 9D 10D KC"],
        stock="QC QS QD 2S 3S",
        discard="JC",
    )
    play(g, "0: draw", "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    session = _session("pinochle", game=g)
    for seat in range(3):
        view = session.view(seat)
        assert [str(m) for m in view.public_melds] == ["5H 6H 7H 8H 9H"]
        assert view.face_down == g.face_down
    session.close()
