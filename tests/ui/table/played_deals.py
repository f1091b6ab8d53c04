"""Games for the score screens' tests: deals played to their end by greedy
random moves (table cards when possible, mostly draw from the stock), and a
table whose game its players played to the end."""

from __future__ import annotations

import random

from rummy_gui.engine import Action, Game, Move, Phase
from rummy_gui.play.session import SeatConfig, Session, make_bot
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.overlays import DealSummaryScene, GameOverScene
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import frame

_TABLE = (Action.CONTRACT, Action.MELD, Action.LAYOFF, Action.SWAP)


def played(
    preset: str, players: int, seed: int, deals: int = 1, options: dict[str, object] | None = None
) -> Game:
    """A game whose `deals` deals were played by greedy random moves; the last one just ended."""
    rng = random.Random(seed)
    g = Game.new(preset, players=players, seed=seed, options=options)
    for k in range(deals):
        if k:
            g.play(Move(Action.DEAL, g.turn))
        while not g.deal_over:
            moves = list(g.legal_moves)
            good = [m for m in moves if m.action in _TABLE]
            draws = [m for m in moves if m.action is Action.DRAW]
            if good and rng.random() < 0.9:
                g.play(rng.choice(good))
            elif g.phase is Phase.DRAW and draws and rng.random() < 0.8:
                g.play(draws[0])
            else:
                g.play(rng.choice(moves))
    return g


def played_to_the_end(app: App) -> TableScene:
    """A Persian table for four played to the game's end, the game-over scene
    on top: Ann (seat 0) by an easy bot's choices, the others by easy bots."""
    game = Game.from_layout(
        "persian",
        hands=["7H 8H 9H KD", "3S 4S 5C 6D", "2D 3D 5H 9S", "4C 5D 6S 8D"],
        stock="AC 2S 3C 4D 5S 6C 7C 8C 9C",
        discard="KS",
        turn=0,
    )
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(n, "easy") for n in ("Bo", "Cy", "Di")]
    # a fixed seed for the bots: the same side wins every time (yours)
    session = Session(game.preset, seats, {}, game=game, threaded=False, seed=1)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    bot = make_bot("easy", 3)
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            return scene
        if isinstance(top, DealSummaryScene):
            top._next()
            continue
        if scene.my_turn() and not scene.motion.flights:
            scene.play(bot.choose(game.view(0)))
            continue
        frame(app)
    raise AssertionError("the game did not end")
