"""The keyboard focus follows the hint (issue 18): on a draw step it is on
the stock; once the draw is played the focus moves to the next step, the
hand card the hint lifts (or the meld it lays off to), so Space, Enter and D
act there. Played with posted key events, as a player would."""

from __future__ import annotations

import pygame

from rummy_gui.engine import Action, Game
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import frame, game_of, open_table


def _table(app: App, hand: str, discard: str = "3D") -> TableScene:
    game = Game.from_layout(
        "rummy500",
        hands=[hand, "3S 4S 5S 6D 8C JD QC"],
        stock="AC 2S 3C 4D 5D 6H 7C 8D 9D AS AH AD",
        discard=discard,
        turn=0,
    )
    scene = open_table(app, game)
    frame(app)
    return scene


def _key(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    frame(app)


def test_after_the_hints_draw_the_focus_goes_to_the_card_it_lifts(app: App) -> None:
    scene = _table(app, "7H 8H 9H 2C 5C KS QD")
    _key(app, pygame.K_h, "h")
    advice = scene.hints.advice
    assert advice is not None
    assert advice.moves[0].action is Action.DRAW
    assert (scene.focus.zone, scene.focus.index) == ("stock", 0)
    _key(app, pygame.K_RETURN)  # Enter on the stock: the hint's draw
    assert game_of(scene).moves[-1].action is Action.DRAW
    advice = scene.hints.advice
    assert advice is not None  # the hint goes on with its next step
    assert scene.hand.selected  # its cards are lifted
    assert scene.focus.zone == "hand"
    assert scene.focus.index == min(scene.hand.selected)
    lifted = sorted(c.code for i, c in enumerate(scene.shown_hand()) if i in scene.hand.selected)
    assert lifted == sorted(c.code for c in advice.cards)


def test_the_focus_on_the_lifted_cards_lets_enter_play_the_hints_meld(app: App) -> None:
    scene = _table(app, "7H 8H 9H 2C 5C KS QD")
    _key(app, pygame.K_h, "h")
    _key(app, pygame.K_s, "s")  # the draw by its key
    advice = scene.hints.advice
    assert advice is not None
    assert advice.moves[0].action is Action.MELD
    _key(app, pygame.K_RETURN)  # Enter on a lifted card: meld the selection
    assert game_of(scene).moves[-1].action is Action.MELD
    assert len(game_of(scene).melds) == 1


def test_after_the_draw_a_hint_to_lay_off_points_the_focus_at_the_meld(app: App) -> None:
    game = Game.from_layout(
        "rummy500",
        hands=["JS 2C 5C 8D KH 3H 9C", "QS KS AS 6D 8C JD QC"],
        stock="4C 5D 6H 7C 2D 9D AH AD 3C 4D",
        discard="3D",
        turn=1,
    )
    for text in ("1: draw", "1: meld QS KS AS", "1: discard QC"):
        game.play(text)
    while str(game.phase) != "draw":
        game.play(f"{game.to_act[0]}: pass")
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "easy")]
    session = Session(game.preset, seats, {}, game=game, threaded=False, bot_process=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.pace.cooldown = 1e9
    frame(app, 2)
    _key(app, pygame.K_h, "h")
    _key(app, pygame.K_s, "s")
    advice = scene.hints.advice
    assert advice is not None
    assert advice.moves[0].action is Action.LAYOFF
    meld = game.melds[0]
    assert (scene.focus.zone, scene.focus.index) == ("melds", 0)
    _key(app, pygame.K_RETURN)  # Enter on the meld: the lifted J♠ is laid off
    assert [str(c) for c in meld.cards] == ["JS", "QS", "KS", "AS"]
