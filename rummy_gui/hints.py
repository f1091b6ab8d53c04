"""The Hint button: the medium bot's advice for the human's decision now.

In the play phase the advice runs to the end of the turn (melds, lay-offs,
then the discard), followed on a copy of the game; it never looks past a
stock draw, so it reveals nothing the player could not see.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_gui.bots import make_bot
from rummy_gui.engine import Game, Move
from rummy_gui.engine.cards import Card
from rummy_gui.engine.melds import Token
from rummy_gui.play.narrate import advise

_TURN_ENDS = {"discard", "draw", "take", "pass", "buy", "rummy", "shanghai", "cut", "deal"}


@dataclass(frozen=True)
class Hint:
    moves: tuple[Move, ...]  # the advised moves, first one now
    text: str  # the advice in words, in the current language
    cards: tuple[Card, ...]  # hand cards the advice uses (the table lifts them)


def hint(game: Game, seat: int, seed: int = 0, max_moves: int = 12) -> Hint | None:
    """Advice for `seat`, or None when it has nothing to decide now."""
    if game.game_over or seat not in game.to_act:
        return None
    bot = make_bot("medium", seed)
    probe = game.copy()
    moves: list[Move] = []
    while len(moves) < max_moves and seat in probe.to_act and not probe.deal_over:
        move = bot.choose(probe.view(seat))
        moves.append(move)
        if move.action in _TURN_ENDS:
            break
        probe.play(move)
    cards: list[Card] = []
    for m in moves:
        for t in list(m.cards) + [t for g in m.groups for t in g]:
            cards.append(Token.parse(t).card)
    return Hint(tuple(moves), advise(moves, game), tuple(cards))
