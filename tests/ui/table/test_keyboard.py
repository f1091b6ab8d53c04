"""Keyboard play (issue 7): a whole deal of rummy500 by posted key events alone."""

from __future__ import annotations

from collections import Counter

import pygame

from rummy_gui.engine import Action, Move, Phase, ask
from rummy_gui.engine.cards import Card
from rummy_gui.play.session import SeatConfig, Session, make_bot
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.drops import describe_choice
from rummy_gui.ui.table.overlays import DealSummaryScene
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.dialogs import ChooserScene
from tests.ui.ui_driver import frame, game_of


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    frame(app)


def to_zone(app: App, scene: TableScene, zone: str) -> None:
    for _ in range(5):
        if scene.focus.zone == zone:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"Tab never reached {zone}")


def to_index(app: App, scene: TableScene, index: int) -> None:
    for _ in range(80):
        if scene.focus.index == index:
            return
        key(app, pygame.K_RIGHT if scene.focus.index < index else pygame.K_LEFT)
    raise AssertionError(f"the focus never reached {index} in {scene.focus.zone}")


def select(app: App, scene: TableScene, cards: list[Card]) -> None:
    to_zone(app, scene, "hand")
    for i in sorted(scene.hand.selected):  # clear what is selected (Space toggles)
        to_index(app, scene, i)
        key(app, pygame.K_SPACE)
    want = Counter(c.code for c in cards)
    picks = []
    for i, card in enumerate(scene.shown_hand()):
        if want[card.code] > 0:
            want[card.code] -= 1
            picks.append(i)
    for i in picks:
        to_index(app, scene, i)
        key(app, pygame.K_SPACE)
    assert scene.hand.selected == set(picks)


def choose(app: App, move: Move) -> None:
    top = app.stack.top
    if isinstance(top, ChooserScene):
        key(
            app,
            pygame.K_1
            + [label for label, _ in top.options].index(
                describe_choice(move, app.session.view(move.seat or 0) if app.session else None)
            ),
        )


def act_by_keys(app: App, scene: TableScene, m: Move) -> None:
    a = m.action
    if scene.session.phase is Phase.CLAIM:
        index = scene.answers.answer_moves.index(m)
        for _ in range(index - scene.focus.answer % len(scene.answers.answer_buttons)):
            key(app, pygame.K_DOWN)
        key(app, pygame.K_RETURN)
    elif a is Action.DRAW:
        key(app, pygame.K_s)
    elif a is Action.TAKE:
        to_zone(app, scene, "discard")
        to_index(app, scene, len(game_of(scene).discard_pile) - (m.count or 1))
        key(app, pygame.K_RETURN)
    elif a is Action.PASS:
        key(app, pygame.K_p)
    elif a is Action.MELD:
        select(app, scene, ask.cards_of(m))
        key(app, pygame.K_m)
        choose(app, m)
    elif a in (Action.LAYOFF, Action.SWAP):
        select(app, scene, ask.cards_of(m))
        to_zone(app, scene, "melds")
        assert m.meld_id is not None
        to_index(app, scene, [meld.id for meld in game_of(scene).melds].index(m.meld_id))
        key(app, pygame.K_RETURN)
        choose(app, m)
    elif a is Action.DISCARD:
        select(app, scene, [])
        card = ask.cards_of(m)[0]
        to_index(app, scene, next(i for i, c in enumerate(scene.shown_hand()) if c == card))
        key(app, pygame.K_d)
    else:
        raise AssertionError(f"no keys for {m}")


def test_a_whole_deal_of_rummy500_by_keyboard(app: App) -> None:
    seats = [SeatConfig("Ann", "human")] + [SeatConfig(f"Bot {i}", "easy") for i in (1, 2)]
    session = Session("rummy500", seats, {}, seed=8, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    chooser = make_bot("easy", 5)
    moves = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, DealSummaryScene):
            break
        g = session.game
        if top is scene and not scene.motion.flights and scene.my_turn():
            move = chooser.choose(g.view(0))
            version = session.version
            act_by_keys(app, scene, move)
            assert session.version > version, (
                f"the keys did not play {str(move)!r}: {scene.messages.items[-1:]}"
            )
            moves += 1
            continue
        frame(app)
    else:
        raise AssertionError("the deal did not end")
    assert moves >= 5
    key(app, pygame.K_RETURN)  # the deal summary: Enter deals the next hand
    assert session.game.round == 2
    assert not session.game.deal_over


def test_undo_and_redo_by_keys(app: App) -> None:
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bot", "easy")]
    session = Session("rummy500", seats, {}, seed=8, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    frame(app)
    if 0 not in session.game.to_act:
        for _ in range(200):
            frame(app)
            if 0 in session.game.to_act and session.phase == "draw":
                break
    pile = len(session.game.discard_pile)
    to_zone(app, scene, "discard")
    key(app, pygame.K_RETURN)  # take the top card: undoable
    assert len(session.game.discard_pile) == pile - 1
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert len(session.game.discard_pile) == pile
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert len(session.game.discard_pile) == pile - 1
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    key(app, pygame.K_s)  # a stock draw is final
    assert not scene.may_undo()
