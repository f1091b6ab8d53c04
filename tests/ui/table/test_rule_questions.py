"""The table decides no rule by itself (issue 17): a contract slot shows ✓
and Lay down lights only when the engine would accept the lay-down, and a
hint is followed one step at a time, by mouse."""

from __future__ import annotations

from rummy_gui.engine import Game, Move, Phase, parse_card
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import (
    click,
    contract_deal,
    drag,
    frame,
    game_of,
    hand_point,
    open_table,
    staged_slots,
)


def selected(scene: TableScene) -> list[str]:
    shown = scene.shown_hand()
    return sorted(str(shown[i]) for i in scene.hand.selected)


def contract_table(app: App) -> TableScene:
    scene = open_table(app, contract_deal("10C 10C QH 7H 7S 7D 9C 9S 9D KD"))
    staged_slots(app, scene)
    return scene


def test_a_contract_slot_with_cards_that_are_no_set_shows_no_tick_and_lay_down_stays_dark(
    app: App,
) -> None:
    scene = contract_table(app)
    slots = scene.slot_rects()
    for text in ("10C", "QH"):  # 10♣ 10♣ Q♥: three cards, but not a set
        drag(app, hand_point(scene, text), slots[0].center)
    drag(app, hand_point(scene, "10C"), slots[0].center)
    for text in ("7H", "7S", "7D"):
        drag(app, hand_point(scene, text), slots[1].center)
    frame(app)
    game, view, seat = game_of(scene), scene.view, scene.viewer
    assert [len(s) for s in scene.slots.groups] == [3, 3]
    assert not scene.slots.fills(0, view, seat)
    assert "✓" not in scene.slots.status(0, view, seat)
    assert scene.slots.status(0, view, seat) == "Set of 3  3/3"
    assert scene.slots.fills(1, view, seat)
    assert scene.slots.status(1, view, seat).endswith("✓")
    lay_down = scene.slot_buttons[0]
    assert not lay_down.enabled
    click(app, lay_down.rect.center)  # a dark button does nothing
    assert not game.has_laid_down(0)
    assert len(game.melds) == 0
    # The tens go back to the hand, the nines in: now the engine accepts, and so does the table.
    for _ in range(3):  # a click on a staged card takes it back
        card_rect = scene.geometry().zones[("staged", 0)][-1][1]
        click(app, (card_rect.x + 6, card_rect.y + 40))
    assert scene.slots.groups[0] == []
    for text in ("9C", "9S", "9D"):
        drag(app, hand_point(scene, text), slots[0].center)
    frame(app)
    assert scene.slots.fills(0, scene.view, seat)
    assert lay_down.enabled
    click(app, lay_down.rect.center)
    assert game.has_laid_down(0)
    assert len(game.melds) == 2


def layoff_table(app: App) -> TableScene:
    game = Game.from_layout(
        "rummy500",
        hands=["JS 10C 4D 7H 2C 5S 8D", "QS KS AS 3C 6H 9C 4H"],
        stock="KD 2H 3S 6D 9H",
        discard="8C",
        turn=1,
    )
    for text in ("1: draw", "1: meld QS KS AS", "1: discard 3C"):
        game.play(Move.parse(text))
    scene = open_table(app, game)
    drag(app, scene.geometry().zones[("stock",)][0][1].center, scene.geometry().layout.hand.center)
    assert scene.session.phase is Phase.PLAY
    assert len(game.hand(0)) == 8
    return scene


def test_following_a_hint_by_mouse_one_step_at_a_time(app: App) -> None:
    scene = layoff_table(app)
    game = game_of(scene)
    click(app, scene.buttons["hint"].rect.center)  # Hint
    assert scene.messages[-1].text == "Hint: Lay off J♠ on Q♠ K♠ A♠, then discard 4♦."
    assert selected(scene) == ["JS"]  # only the first step's card is lifted
    meld = game.melds[0]
    drag(app, hand_point(scene, "JS"), scene.geometry().meld_area(meld.id).center)
    assert [str(c) for c in game.melds[0].cards] == ["JS", "QS", "KS", "AS"]
    assert scene.hint is not None
    assert selected(scene) == ["4D"]
    assert [m.text for m in scene.messages if m.text.startswith("Hint")] == ["Hint: Discard 4♦."]
    drag(app, hand_point(scene, "4D"), scene.geometry().layout.discard.center)
    assert game.discard_pile[-1] == parse_card("4D")
    assert game.turn == 1
    assert scene.hint is None
    assert not scene.hand.selected
    assert not [m for m in scene.messages if m.text.startswith("Hint")]


def test_a_hint_not_followed_is_dropped(app: App) -> None:
    scene = layoff_table(app)
    click(app, scene.buttons["hint"].rect.center)
    assert selected(scene) == ["JS"]
    click(app, hand_point(scene, "JS"))  # unlift it
    click(app, hand_point(scene, "7H"))
    drag(app, hand_point(scene, "7H"), scene.geometry().layout.discard.center)
    assert game_of(scene).discard_pile[-1] == parse_card("7H")
    assert scene.hint is None
    assert not [m for m in scene.messages if m.text.startswith("Hint")]
