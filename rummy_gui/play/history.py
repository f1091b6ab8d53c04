"""The current deal's moves again, for the log of a game that was opened
from a file (Continue, Load): the record is replayed from the start, and the
moves since the last deal began are given with the position before each.

A claim window is told as it is told live: only the claim that won, once the
window closes, and no pass. A human's pass out of a claim window is left out
too (after a load it can't be known whether the player or the table made it)."""

from __future__ import annotations

from dataclasses import dataclass

from rummy_gui.engine import Action, Game, Move
from rummy_gui.engine.enums import Phase
from rummy_gui.engine.game import PROGRESS_EVERY
from rummy_gui.play import opening


@dataclass(frozen=True)
class Told:
    index: int  # how many moves the game had before this one
    move: Move
    before: Game | None
    seat: int


def current_deal(game: Game, humans: set[int]) -> list[Told]:
    """What the log says of the deal in progress, oldest first."""
    record = game.record()
    moves = list(record.get("moves", []))
    start = dict(record)
    start["moves"] = []
    replay = Game.from_record(start)
    told: list[Told] = []
    claims: dict[int, Told] = {}  # the open window's claims, by seat
    for index, text in enumerate(moves):
        if index % PROGRESS_EVERY == 0:
            opening.tell("log", len(moves), index)  # an opening's progress, and its Cancel
        round_before, turn_before = replay.round, replay.turn
        claim = replay.claim if replay.phase is Phase.CLAIM else None
        move = Move.parse(text)
        # only the last deal is told: the positions before the others' moves are not kept
        keep = replay.round == game.round and move.action not in (
            Action.PASS,
            Action.DEAL,
            Action.CUT,
        )
        before = replay.copy(history=False) if keep else None
        played = replay.play(move)
        seat = turn_before if played.seat is None else played.seat
        entry = Told(index, played, before, seat)
        if claim is not None:
            if played.action is not Action.PASS:
                claims[seat] = entry
            if replay.phase is not Phase.CLAIM or replay.claim is not claim:
                winner = claim.winning_seat()  # the engine's claim priority
                won = None if winner is None else claims.get(winner)
                if won is not None:
                    told.append(won)
                claims = {}
        elif played.action is not Action.DEAL and not (
            played.action is Action.PASS and seat in humans
        ):
            told.append(entry)
        if replay.round != round_before:
            told, claims = [], {}
    return told
