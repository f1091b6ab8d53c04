"""The Hint button: a bot's advice (`levels.HINT_LEVEL`) for the human's decision now.

In the play phase the advice runs to the end of the turn (melds, lay-offs,
then the discard), followed on a copy of the game; it never looks past a
stock draw, so it reveals nothing the player could not see. The table shows
it one step at a time: the first step's cards are lifted, and once that
step is played the next one's (`Hint.after`).
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_gui.bots import make_bot
from rummy_gui.engine import Card, Game, Move, ask
from rummy_gui.levels import HINT_LEVEL
from rummy_gui.play.narrate import advise


@dataclass(frozen=True)
class Hint:
    moves: tuple[Move, ...]  # the advised moves, first one now
    text: str  # the advice in words, in the current language

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand cards of the first step (the table lifts them)."""
        return tuple(ask.cards_of(self.moves[0])) if self.moves else ()

    def follows(self, played: Move) -> bool:
        """Whether `played` is the hint's first step (however its jokers were written)."""
        if not self.moves:
            return False
        step = self.moves[0]
        return (
            step.action is played.action
            and step.number == played.number
            and ask.plays_cards(step, ask.cards_of(played))
        )

    def after(self, game: Game) -> Hint | None:
        """The rest of the advice once its first step is played (None when
        nothing is left); worded for `game`, the position after that step."""
        rest = self.moves[1:]
        return Hint(rest, advise(rest, game)) if rest else None


def hint(game: Game, seat: int, seed: int = 0, max_moves: int = 12) -> Hint | None:
    """Advice for `seat`, or None when it has nothing to decide now."""
    if game.game_over or seat not in game.to_act:
        return None
    bot = make_bot(HINT_LEVEL, seed)
    probe = game.copy()
    moves: list[Move] = []
    while len(moves) < max_moves and seat in probe.to_act and not probe.deal_over:
        move = bot.choose(probe.view(seat))
        moves.append(move)
        if not ask.keeps_turn(probe, move):  # the engine: this move ends the player's decision
            break
        probe.play(move)
    return Hint(tuple(moves), advise(moves, game))
