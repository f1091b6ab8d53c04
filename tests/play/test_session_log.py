"""The game log a session keeps: a reopened game's log tells the deal as it was told live."""

from __future__ import annotations

from rummy_gui.engine import Action, Game
from rummy_gui.play.session import SeatConfig, Session


def test_a_reopened_log_tells_the_deal_as_it_was_told_live() -> None:
    """Across deals and claim windows (Liverpool's buys): only the won claim, and
    the current deal's moves; the human's passes are left out."""
    import random

    from rummy_gui.engine.enums import Phase

    seats = [SeatConfig("You", "human"), SeatConfig("Ada", "random"), SeatConfig("Bo", "random")]
    session = Session("liverpool", seats, {}, seed=11, threaded=False)
    pick = random.Random(5)
    game = session.game
    deals = 0
    for _ in range(400):
        if game.game_over or (deals >= 2 and game.phase is not Phase.DEAL_OVER):
            break  # in the third deal
        seat = game.to_act[0] if game.to_act else game.turn
        move = pick.choice(session.legal(seat))
        deals += move.action is Action.DEAL
        session.play(seat, move)
    starts = [i for i, e in enumerate(session.log) if e.is_deal]
    live = [
        e.text()
        for e in session.log[starts[-1] :]
        if e.move is None or not (e.move.action is Action.PASS and e.move.seat == 0)
    ]
    again = Session("liverpool", seats, {}, game=Game.from_record(game.record()), threaded=False)
    assert deals >= 1
    assert [e.text() for e in again.log] == live
