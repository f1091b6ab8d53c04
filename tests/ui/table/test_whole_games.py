"""Whole games through the table's input layer: a bot decides for the human
seat, and its every move is made by mouse (drags, clicks, prompt buttons,
choosers), until the game-over screen."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rummy_gui.engine import Action, Game, Move, Phase, ask
from rummy_gui.engine.cards import Card
from rummy_gui.play.session import SeatConfig, Session, make_bot
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.drops import describe_choice
from rummy_gui.ui.table.overlays import DealSummaryScene, GameOverScene
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.dialogs import ChooserScene
from tests.ui.ui_driver import click, drag, frame

# Pointer moves between the press and the release of each drag: one (from
# the card to the drop) is a whole drag to the table; these games check the
# moves it plays, not the frames a slower drag would draw on the way.
STEPS = 1


def point_on(rect: Any, lifted: bool = False) -> tuple[int, int]:
    return (rect.x + 6, rect.y + 40 - (24 if lifted else 0))


def select(app: App, scene: TableScene, cards: list[Card]) -> list[int]:
    """Click these hand cards (duplicates: distinct copies)."""
    scene.hand.clear_selection()
    want = Counter(c.code for c in cards)
    picked = []
    for i, card in enumerate(scene.hand.order):
        if want[card.code] > 0:
            want[card.code] -= 1
            picked.append(i)
    assert not +want, f"cards {cards} not all in hand {scene.hand.order}"
    slots = scene.geometry().zones[("hand", scene.viewer)]
    for i in picked:
        click(app, point_on(slots[i][1]))
    assert scene.hand.selected == set(picked)
    return picked


def resolve_chooser(app: App, move: Move) -> None:
    top = app.stack.top
    if isinstance(top, ChooserScene):
        frame(app)
        index = [label for label, _ in top.options].index(
            describe_choice(move, app.session.view(move.seat or 0) if app.session else None)
        )
        click(app, top.buttons[index].rect.center)


def act_by_mouse(app: App, scene: TableScene, m: Move) -> None:
    geo = scene.geometry()
    hand_centre = geo.layout.hand.center
    a = m.action
    if scene.session.phase is Phase.CLAIM:
        click(app, scene.answers.answer_buttons[scene.answers.answer_moves.index(m)].rect.center)
    elif a is Action.DRAW:
        drag(app, geo.zones[("stock",)][0][1].center, hand_centre, STEPS)
    elif a is Action.TAKE:
        pile = geo.zones[("discard",)]
        drag(app, point_on(pile[len(pile) - (m.count or 1)][1]), hand_centre, STEPS)
    elif a is Action.PASS:
        click(app, scene.buttons["pass"].rect.center)
    elif a is Action.CUT:
        click(app, scene.cut_rect().center)
    elif a in (Action.MELD, Action.CONTRACT):
        select(app, scene, ask.cards_of(m))
        click(app, scene.buttons["meld"].rect.center)
        resolve_chooser(app, m)
    elif a in (Action.LAYOFF, Action.SWAP):
        cards = ask.cards_of(m)
        picked = select(app, scene, cards) if len(cards) > 1 else None
        slots = scene.geometry().zones[("hand", scene.viewer)]
        if picked is None:
            start = point_on(next(r for c, r in slots if c == cards[0]))
        else:
            start = point_on(slots[picked[0]][1], lifted=True)
        drag(app, start, scene.geometry().meld_area(m.meld_id or 0).center, STEPS)
        resolve_chooser(app, m)
    elif a is Action.DISCARD:
        if scene.shanghai.called != m.call:
            click(app, scene.buttons["shanghai"].rect.center)
        want = ask.cards_of(m)[0]
        slots = scene.geometry().zones[("hand", scene.viewer)]
        start = point_on(
            next(r for i, (c, r) in enumerate(slots) if c == want and i not in scene.hand.selected)
        )
        drag(app, start, scene.geometry().layout.discard.center, STEPS)
    else:
        raise AssertionError(f"no gesture for {m}")


def play_to_the_end(app: App, session: Session, max_frames: int = 60000) -> None:
    scene = TableScene(app, session)
    app.push(scene)
    chooser = make_bot("easy", 99)
    for _ in range(max_frames):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            return
        if isinstance(top, DealSummaryScene):
            click(app, top.buttons[0].rect.center)
            continue
        g = session.game
        if (
            top is scene
            and not scene.motion.flights
            and 0 in g.to_act
            and session.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER)
        ):
            move = chooser.choose(g.view(0))
            version = session.version
            act_by_mouse(app, scene, move)
            assert session.version > version, (
                f"the table did not play {str(move)!r}: {scene.messages.items[-1:]}"
            )
            continue
        frame(app)
    raise AssertionError("the game did not end")


def seats(n: int) -> list[SeatConfig]:
    return [SeatConfig("You", "human")] + [SeatConfig(f"Bot {i}", "easy") for i in range(1, n)]


@pytest.mark.long
@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("rummy500", 3, {"target": 100}),
        ("rummy500-classic", 3, {"target": 100}),
        ("persian", 4, {}),
        ("pinochle", 3, {"target": 100}),
    ],
)
def test_whole_game_500_family(
    app: App, preset: str, players: int, options: dict[str, Any]
) -> None:
    session = Session(preset, seats(players), options, seed=4, threaded=False)
    app.session = session
    play_to_the_end(app, session)
    assert session.game.game_over
    assert session.game.winners


# Liverpool is Contract Rummy with the cut added (the presets differ in nothing
# else: contracts, hand sizes, aces, buys), so its seven rounds by mouse play
# every gesture a Contract Rummy game would, and the cut too; Contract Rummy's
# own game by mouse is its last round below (test_contract_family_last_round_...).
@pytest.mark.long
@pytest.mark.parametrize("preset", ["liverpool", "shanghai"])
def test_whole_game_contract_family_all_seven_rounds(app: App, preset: str) -> None:
    # Medium bots in the other seats finish seven rounds in about 1,100-1,400
    # moves (some 6 s through the table); easy ones can take ten times longer.
    players = [SeatConfig("You", "human")] + [SeatConfig(f"Bot {i}", "medium") for i in range(1, 3)]
    session = Session(preset, players, {}, seed=4, threaded=False)
    app.session = session
    play_to_the_end(app, session, max_frames=400000)
    assert session.game.game_over
    assert session.game.round == 7
    assert session.game.winners


# The last round, laid out so that the human's hand goes down at once: round
# 7's all-at-once contract by mouse, through to the game-over screen.
ROUND_SEVEN = {
    "contract": [
        "AH 2H 3H 4H 5C 6C 7C 8C 9S 10S JS QS",
        "2C 3C 4D 5D 6S 8S 10D JC QD KC 9H 9D",
        "AC AD 3S 5H 6H 8H 10H JH QH KH 4S 7S",
    ],
    "liverpool": [
        "AH 2H 3H 4H 5C 6C 7C 8C 9S 10S JS QS",
        "2C 3C 4D 5D 6S 8S 10D JC QD KC 9H 9D",
        "AC AD 3S 5H 6H 8H 10H JH QH KH 4S 7S",
    ],
    "shanghai": [
        "2H 3H 4H 5H 5C 6C 7C 8C 9S 10S JS",
        "2C 3C 4D 5D 6S 8S 10D JC QD KC 9H",
        "AC AD 3S 5H 6H 8H 10H JH QH KH 4S",
    ],
}


@pytest.mark.parametrize("preset", ["contract", "liverpool", "shanghai"])
def test_contract_family_last_round_to_game_over(app: App, preset: str) -> None:
    top = "QS" if preset == "shanghai" else "KS"  # the card that completes the hand
    game = Game.from_layout(
        preset,
        hands=ROUND_SEVEN[preset],
        stock=f"{top} 2S 3D 4C 6D 7D 8D 9C 10C JD QC",
        discard="KD",
        turn=0,
        round=7,
    )
    session = Session(preset, seats(3), {}, game=game, threaded=False)
    app.session = session
    play_to_the_end(app, session, max_frames=20000)
    assert session.game.game_over


def test_a_finished_game_counts_in_the_statistics(app: App) -> None:
    from rummy_gui.play.stats import load_stats
    from rummy_gui.ui.screens.statistics import StatisticsScene

    game = Game.from_layout(
        "liverpool",
        hands=ROUND_SEVEN["liverpool"],
        stock="KS 2S 3D 4C 6D 7D 8D 9C 10C JD QC",
        discard="KD",
        turn=0,
        round=7,
    )
    session = Session("liverpool", seats(3), {}, game=game, threaded=False, autosave_enabled=True)
    app.session = session
    play_to_the_end(app, session, max_frames=20000)
    session.close()  # waits for the autosave thread, which records the game
    rows = [r for r in load_stats()[0].rows(preset="liverpool") if r.name == "You"]
    assert rows
    assert rows[0].games >= 1
    app.push(StatisticsScene(app))
    frame(app)
    shown = app.stack.top
    assert isinstance(shown, StatisticsScene)
    assert any(r.name == "You" for r in shown.rows)
