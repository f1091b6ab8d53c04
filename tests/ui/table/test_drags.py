"""Real drags through posted pygame events: each changes the engine's state
the way a player expects, and a refused drop changes nothing but says why."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rummy_gui.engine import Game, Move
from rummy_gui.engine.cards import parse_card
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.dialogs import ChooserScene
from tests.engine._helpers import five_hundred_deal
from tests.ui.ui_driver import (
    click,
    contract_deal,
    drag,
    frame,
    game_of,
    hand_point,
    open_table,
    press,
    release,
    staged_slots,
)


def pile_point(scene: TableScene, index: int) -> tuple[int, int]:
    rect = scene.geometry().zones[("discard",)][index][1]
    return (rect.x + 6, rect.y + 30)


def hand_centre(scene: TableScene) -> tuple[int, int]:
    return scene.geometry().layout.hand.center


def five_hundred(app: App) -> TableScene:
    game = five_hundred_deal()
    return open_table(app, game)


def test_refused_drop_changes_nothing_and_says_why(app: App) -> None:
    scene = five_hundred(app)
    g = game_of(scene)
    before = (g.hand(0), g.discard_pile, scene.session.version)
    drag(app, hand_point(scene, "KD"), scene.geometry().layout.discard.center)
    assert (g.hand(0), g.discard_pile, scene.session.version) == before
    assert scene.messages
    assert scene.messages[-1].text
    assert scene.motion.returning  # the card flies back


def test_take_three_meld_lay_off_and_discard_by_mouse(app: App) -> None:
    scene = five_hundred(app)
    g = game_of(scene)
    # Take 3 from deep in the fan: 10D and everything above it.
    drag(app, pile_point(scene, 1), hand_centre(scene))
    assert len(g.hand(0)) == 10
    assert g.discard_pile == [parse_card("KS")]
    # Select three tens by clicking, drag the selection onto the empty felt: a set.
    for text in ("10C", "10S", "10D"):
        click(app, hand_point(scene, text))
    assert len(scene.hand.selected) == 3
    drag(app, hand_point(scene, "10C"), scene.geometry().layout.seats[0].melds.center)
    assert [str(c) for c in g.melds[0].cards] == ["10C", "10D", "10S"] or len(g.melds[0].cards) == 3
    # The Meld button melds the selected run.
    for text in ("7H", "8H", "9H"):
        click(app, hand_point(scene, text))
    click(app, scene.buttons["meld"].rect.center)
    assert len(g.melds) == 2
    run = next(m for m in g.melds if m.kind == "run")
    # Lay off 6H on the run by dropping it on the meld.
    drag(app, hand_point(scene, "6H"), scene.geometry().meld_area(run.id).center)
    assert len(run.cards) == 4
    assert g.melds[[m.id for m in g.melds].index(run.id)].owners == (
        0,
        0,
        0,
        0,
    )
    # Discard KD: the turn passes on.
    drag(app, hand_point(scene, "KD"), scene.geometry().layout.discard.center)
    assert g.discard_pile[-1] == parse_card("KD")
    assert g.turn == 1
    assert any("discard" in str(line) and "K♦" in str(line) for line in scene.session.log)


def test_draw_from_stock_by_drag(app: App) -> None:
    scene = five_hundred(app)
    stock = scene.geometry().zones[("stock",)][0][1].center
    drag(app, stock, hand_centre(scene))
    assert len(game_of(scene).hand(0)) == 8
    assert game_of(scene).stock_count == 8


def test_rummy_call_prompt(app: App) -> None:
    game = Game.from_layout(
        "rummy500",
        hands=["2C 3D 9C KH 5H 8D JD", "6S 2D 3H 4C 9D 10H JH"],
        stock="AC 2S 3C 4D 5D 6C 7C 8C 9H",
        discard="4S 5S",
        turn=1,
    )
    scene = open_table(app, game)
    scene.play(Move.parse("draw"), 1)
    scene.play(Move.parse("discard 6S"), 1)
    frame(app)
    assert scene.answers.answer_buttons, "a human who may call rummy is asked"
    rummy = next(b for b in scene.answers.answer_buttons if b.label.startswith("Rummy"))
    click(app, rummy.rect.center)
    assert game_of(scene).turn == 0
    assert scene.session.phase == "play"
    assert len(game_of(scene).hand(0)) == 10


def test_contract_lay_down(app: App) -> None:
    game = contract_deal()
    scene = open_table(app, game)
    click(app, scene.geometry().zones[("stock",)][0][1].center)  # a click on the stock draws
    assert len(game.hand(0)) == 11
    for seat in (1, 2):  # the bots decline to buy the discard
        if seat in game.to_act:
            scene.play(Move.parse("pass"), seat)
    for text in ("7H", "7S", "7D", "9C", "9S", "9D"):
        click(app, hand_point(scene, text))
    click(app, scene.buttons["meld"].rect.center)
    if isinstance(app.stack.top, ChooserScene):
        click(app, app.stack.top.buttons[0].rect.center)
    assert game.has_laid_down(0)
    assert len(game.melds) == 2


def test_joker_chooser_set_or_run(app: App) -> None:
    game = Game.from_layout(
        "rummy500",
        hands=["7H JK JK 2C 5D 9S QC", "3S 4S 5C 6D 8C JD QD"],
        stock="AC 2S 3C 4D 5S 6C 7C 8D 9D",
        discard="KS",
        turn=0,
    )
    scene = open_table(app, game)
    drag(app, scene.geometry().zones[("stock",)][0][1].center, hand_centre(scene))
    click(app, hand_point(scene, "7H"))
    click(app, hand_point(scene, "JK", 0))
    click(app, hand_point(scene, "JK", 1))
    drag(app, hand_point(scene, "7H"), scene.geometry().layout.seats[0].melds.center)
    chooser = app.stack.top
    assert isinstance(chooser, ChooserScene)
    labels = [label for label, _ in chooser.options]
    assert any("set" in label for label in labels)
    assert any("run" in label for label in labels)
    frame(app)
    click(app, chooser.buttons[0].rect.center)
    assert len(game.melds) == 1
    assert app.stack.top is scene


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1600, 1000)])
def test_table_renders_at_sizes(app: App, size: tuple[int, int], tmp_path: Any) -> None:
    import pygame

    from rummy_gui.ui.shell.intents import Resize

    scene = five_hundred(app)
    app.dispatch(Resize(size))
    frame(app)
    assert app.screen.get_size() == size
    path = tmp_path / "table.png"
    pygame.image.save(app.screen, str(path))
    picture = pygame.image.load(str(path))
    assert picture.get_size() == size
    small = pygame.transform.scale(picture, (64, 40))
    colours = {small.get_at((x, y))[:3] for x in range(64) for y in range(40)}
    assert len(colours) > 100  # felt, cards, text: not a blank or one-colour frame
    green = sum(
        1
        for x in range(64)
        for y in range(40)
        if small.get_at((x, y)).g > small.get_at((x, y)).r + 20
    )
    assert green > 64 * 40 // 4  # mostly felt
    hand = scene.geometry().zones[("hand", 0)]
    assert all(app.screen.get_rect().contains(r) for _, r in hand)  # the whole hand is on screen


def test_contract_through_slots(app: App, tmp_path: Any) -> None:
    import pygame

    game = contract_deal()
    scene = open_table(app, game)
    slots = staged_slots(app, scene)
    assert len(slots) == 2  # round 1: two sets
    for text in ("7H", "7S", "7D"):  # one card at a time
        drag(app, hand_point(scene, text), slots[0].center)
    for text in ("9C", "9S", "9D"):  # a selection at once
        click(app, hand_point(scene, text))
    drag(app, hand_point(scene, "9C"), slots[1].center)
    assert [len(s) for s in scene.slots.groups] == [3, 3]
    assert len(scene.shown_hand()) == 5
    pygame.image.save(app.screen, str(tmp_path / "slots.png"))
    assert not game.has_laid_down(0)
    click(app, scene.slot_buttons[0].rect.center)
    if isinstance(app.stack.top, ChooserScene):
        click(app, app.stack.top.buttons[0].rect.center)
    assert game.has_laid_down(0)
    assert len(game.melds) == 2
    assert not scene.slots.staged


def test_liverpool_cut_by_clicking_the_pack_edge(app: App) -> None:
    game = Game.new("liverpool", players=4, seed=9)  # seat 0 sits right of the dealer: it cuts
    scene = open_table(app, game)
    assert scene.my_cut()
    edge = scene.cut_rect()
    import pygame

    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=edge.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    frame(app)
    click(app, (edge.x + edge.w // 3, edge.centery))
    assert scene.session.phase != "cut"
    assert len(game.hand(0)) == 10
    assert any("cut" in str(line) for line in scene.session.log)


def test_hot_seat_shows_the_hand_of_the_human_to_act(app: App) -> None:
    game = Game.from_layout(
        "rummy500",
        hands=["7H 8H 9H 10C 10S KD 2C", "3S 4S 5C 6D 8C JD QC"],
        stock="AC 2S 3C 4D 5D 6C 7C 8D 9D",
        discard="KS",
        turn=0,
    )
    session = Session(
        "rummy500",
        [SeatConfig("Ann", "human"), SeatConfig("Ben", "human")],
        {},
        game=game,
        threaded=False,
    )
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    frame(app)
    assert scene.viewer == 0
    click(app, (640, 400))  # the hand-over screen: "Pass to Ann"
    drag(app, scene.geometry().zones[("stock",)][0][1].center, hand_centre(scene))
    drag(app, hand_point(scene, "KD"), scene.geometry().layout.discard.center)
    frame(app)
    assert game.turn == 1
    assert scene.viewer == 1
    click(app, (640, 400))  # "Pass to Ben"
    assert sorted(str(c) for c in scene.hand.order) == sorted(str(c) for c in game.hand(1))


def test_swap_a_natural_card_for_the_joker_in_a_run(app: App) -> None:
    game = Game.from_layout(
        "contract",
        hands=[
            "7H 7S 7D 4C 5C JK 7C 9D KD 2S",
            "2C 3C 4D 5D 6S 8S 10D JC QD KC",
            "AC AD 3H 5H 6H 8H 10H JH QH KH",
        ],
        stock="QS 2D 3S 6C 4S 5S 8C 9H 10S JS",
        discard="JD",
        turn=0,
        round=2,
    )
    scene = open_table(app, game)

    def bots_pass() -> None:  # nobody buys
        while scene.session.phase == "claim":
            scene.play(Move.parse("pass"), game.to_act[0])

    scene.play(Move.parse("draw"), 0)
    bots_pass()
    scene.play(Move.parse("contract 7H 7S 7D / 4C 5C JK 7C"), 0)
    scene.play(Move.parse("discard QS"), 0)
    for seat in (1, 2):
        scene.play(Move.parse("draw"), seat)
        bots_pass()
        scene.play(Move.parse(f"discard {game.hand(seat)[0]}"), seat)
    drag(app, scene.geometry().zones[("stock",)][0][1].center, hand_centre(scene))  # draws 6C
    bots_pass()
    frame(app)
    run = next(m for m in game.melds if m.kind == "run")
    drag(app, hand_point(scene, "6C"), scene.geometry().meld_area(run.id).center)
    if isinstance(app.stack.top, ChooserScene):  # lay off at an end, or swap: choose the swap
        chooser = app.stack.top
        index = next(i for i, (label, _) in enumerate(chooser.options) if label.startswith("swap"))
        frame(app)
        click(app, chooser.buttons[index].rect.center)
    assert "JK" in [str(c) for c in game.hand(0)]
    assert "JK" not in str(next(m for m in game.melds if m.id == run.id))


def test_sort_buttons_and_reorder_by_dragging_within_the_hand(app: App) -> None:
    scene = five_hundred(app)
    click(app, scene.buttons["sort_rank"].rect.center)  # sort by rank
    ranks = [c.rank for c in scene.hand.order]
    assert ranks == sorted(ranks)
    click(app, scene.buttons["sort_suit"].rect.center)  # sort by suit
    suits = ["CDHS".index(c.suit) for c in scene.hand.order]
    assert suits == sorted(suits)
    first = scene.hand.order[0]
    last_rect = scene.geometry().zones[("hand", 0)][-1][1]
    drag(app, hand_point(scene, str(first)), (last_rect.right + 20, last_rect.centery))
    assert scene.hand.order[-1] == first
    assert sorted(map(str, scene.hand.order)) == sorted(map(str, game_of(scene).hand(0)))


def test_a_drag_within_the_hand_after_the_hand_changed_keeps_the_order(app: App) -> None:
    """The monkey's find: a move played while a hand card was held (the hand
    shrank under the drag) made the drop in the hand raise IndexError."""
    scene = five_hundred(app)
    scene.play(Move.parse("draw"))
    frame(app)
    last = scene.geometry().zones[("hand", 0)][-1][1]
    press(app, (last.x + 6, last.y + 40))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(last.x - 60, last.y + 40), rel=(0, 0), buttons=(1, 0, 0)
        )
    )
    frame(app)
    assert scene.drag is not None
    assert scene.drag.active
    scene.play(Move.parse("meld 7H 8H 9H"))
    frame(app)
    release(app, hand_centre(scene))
    assert sorted(map(str, scene.hand.order)) == sorted(map(str, game_of(scene).hand(0)))
    assert len(game_of(scene).hand(0)) == 5


def test_a_refused_meld_drop_of_selected_cards_draws_each_card_once(app: App) -> None:
    from tests.ui.ui_driver import table_frame_bytes

    game = Game.from_layout(
        "rummy500",
        hands=["7H 8H 9H 10C 10S KD 2C", "4S 5S 6D 8C JD QC 3D"],
        stock="4C 5D 6H 7C 8D 9D AS AH AD",
        discard="KS 10D 6S 4H",
        turn=0,
    )
    scene = open_table(app, game)
    assert scene.play(Move.parse("draw"))
    frame(app, 20)
    slots = scene.geometry().zones[("hand", 0)]
    picked = [i for i, (c, _r) in enumerate(slots) if c in (parse_card("KD"), parse_card("2C"))]
    for i in picked:
        click(app, (slots[i][1].x + 6, slots[i][1].y + 30))
    assert scene.hand.selected == set(picked)
    start = (slots[picked[0]][1].x + 6, slots[picked[0]][1].y + 30)
    own = scene.geometry().layout.seats[0].melds
    drag(app, start, own.center)
    assert len(game.melds) == 0  # refused: KD 2C is no meld
    assert scene.motion.returning  # the cards fly home
    frame(app, 40)
    assert not scene.motion.returning
    assert scene.hand.selected == set(picked)
    assert pygame.image.tobytes(app.screen, "RGB") == table_frame_bytes(app, scene)
