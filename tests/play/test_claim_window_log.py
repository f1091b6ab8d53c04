"""The session's game log: a claim window nobody takes writes nothing (issue 47,
defect 6: every draw in the contract family opened a buy window, and each seat's
"X passes." flooded the log, the discarder's own pass included)."""

from __future__ import annotations

import random

import pytest

from rummy_gui.engine import Action
from rummy_gui.engine.enums import Phase
from rummy_gui.play.session import SeatConfig, Session


def _played(preset: str, moves: int, seed: int) -> tuple[Session, int, int]:
    """A game of random bots and one human, `moves` long; its claim windows
    opened and those that closed with no claim taken."""
    seats = [SeatConfig("You", "human"), SeatConfig("Ada", "random"), SeatConfig("Bo", "random")]
    session = Session(preset, seats, {}, seed=seed, threaded=False, bot_process=False)
    game = session.game
    pick = random.Random(seed)
    opened = untaken = 0
    for _ in range(moves):
        if game.game_over:
            break
        seat = game.to_act[0] if game.to_act else game.turn
        legal = session.legal(seat)
        in_claim = session.phase is Phase.CLAIM
        passes = [m for m in legal if m.action is Action.PASS]
        move = passes[0] if in_claim and passes and pick.random() < 0.9 else pick.choice(legal)
        claim = game.claim if in_claim else None
        session.play(seat, move)
        if claim is not None and (session.phase is not Phase.CLAIM or game.claim is not claim):
            opened += 1
            untaken += claim.winning_seat() is None
    return session, opened, untaken


@pytest.mark.parametrize("preset", ["liverpool", "contract", "shanghai"])
def test_a_claim_window_nobody_takes_writes_nothing(preset: str) -> None:
    session, _opened, untaken = _played(preset, 160, seed=7)
    assert untaken > 0, "the game opened no claim window that nobody took"
    passes = [e.text() for e in session.log if e.move is not None and e.move.action is Action.PASS]
    assert passes == []
    session.close()


def test_a_taken_claim_is_still_told() -> None:
    for seed in range(1, 12):
        session, opened, untaken = _played("liverpool", 200, seed)
        claims = [
            e.text()
            for e in session.log
            if e.move is not None and e.move.action in (Action.BUY, Action.RUMMY, Action.SHANGHAI)
        ]
        session.close()
        if opened > untaken:
            assert claims, "a claim was taken and the log says nothing of it"
            return
    pytest.fail("no game took a claim")
