"""The Hint button: a bot's advice (`levels.HINT_LEVEL`) for the human's decision now.

In the play phase the advice runs to the end of the turn (melds, lay-offs,
then the discard), followed on a copy of the game; it never looks past a
stock draw, so it reveals nothing the player could not see. The table shows
it one step at a time: the first step's cards are lifted, and once that
step is played the next one's (`Hint.after`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rummy_gui.bots import make_bot
from rummy_gui.bots.search import sample_world
from rummy_gui.engine import Card, Game, Move, View, ask
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


def hint(
    game: Game, seat: int, seed: int = 0, max_moves: int = 12, seen: View | None = None
) -> Hint | None:
    """Advice for `seat`, or None when it has nothing to decide now. `seen`:
    the seat's view now, where `game` is only a world consistent with it
    (`view_hint`): the first step is chosen from the view itself."""
    if game.game_over or seat not in game.to_act:
        return None
    bot = make_bot(HINT_LEVEL, seed)
    probe = game.copy()
    moves: list[Move] = []
    while len(moves) < max_moves and seat in probe.to_act and not probe.deal_over:
        move = bot.choose(seen if seen is not None and not moves else probe.view(seat))
        moves.append(move)
        if not ask.keeps_turn(probe, move):  # the engine: this move ends the player's decision
            break
        probe.play(move)
    return Hint(tuple(moves), advise(moves, game))


def world(view: View, seed: int = 0) -> Game | None:
    """A whole game consistent with `view`, its hidden cards dealt at random,
    for what reads only the seat's own and the public facts (the advice, its
    words); None when the view holds no public state to deal from."""
    try:
        return sample_world(view, random.Random(seed))
    except (ValueError, IndexError, KeyError):
        return None


def view_hint(view: View, seed: int = 0) -> Hint | None:
    """`hint` for a seat known by its view alone (a joined network seat): the
    same advice a local table gives from the game, since the advice never
    looks past a stock draw; None when the view gives no world to follow it on."""
    game = world(view, seed)
    return None if game is None else hint(game, view.seat, seed, seen=view)


def rest_of(advice: Hint, view: View | None) -> Hint | None:
    """`Hint.after` for a seat known by its view: the rest worded for the
    position now (`view`, once its first step was played)."""
    game = None if view is None else world(view)
    rest = advice.moves[1:]
    return Hint(rest, advise(rest, game)) if rest else None
