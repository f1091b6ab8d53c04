"""What a player reads at the table: refusals and their callouts, the game log,
the status bar and the hand-over, the buttons' labels in every language, and
the dialogs over the table (they dim it, hold its buttons, and let it rest)."""

from __future__ import annotations

import math

import pytest

from rummy_gui.engine import Game, Move
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import callout, texts
from rummy_gui.ui.table.drops import Message
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.controls import Button
from tests.ui.table.claim_deals import useful_seven
from tests.ui.ui_driver import frame, game_of, labels_in, melded_table

LANGS = ("en", "fi", "ru")


def test_a_refusal_names_the_meld_by_its_cards(app: App) -> None:
    scene = melded_table(app)
    meld = game_of(scene).melds[0]
    assert not scene.play(Move.parse(f"layoff 10S to {meld.id}"))
    assert "7♥ 8♥ 9♥" in scene.messages[-1].text


def test_a_refusal_does_not_name_a_meld_by_number(app: App) -> None:
    scene = melded_table(app)
    meld = game_of(scene).melds[0]
    assert not scene.play(Move.parse(f"layoff 10S to {meld.id}"))
    assert f"meld {meld.id}" not in scene.messages[-1].text


def test_a_long_refusal_wraps_instead_of_running_off() -> None:
    msg = Message("word " * 60, 3.0, (250, 120, 100))
    img = callout.text_image(msg, 400)
    assert img.get_width() <= 400


def test_redo_clears_the_move_taken_back_message(app: App) -> None:
    scene = melded_table(app)
    scene.undo()
    assert any(m.text == "Move taken back." for m in scene.messages)
    scene.redo()
    assert not any(m.text == "Move taken back." for m in scene.messages)


def test_a_claim_passed_for_the_player_is_not_logged_as_theirs(app: App) -> None:
    game = useful_seven()
    app.settings.ask_claims = "useful"  # seat 1 can't use the 7♥: not asked
    seats = [SeatConfig("Ada", "human"), SeatConfig("You", "human"), SeatConfig("Cy", "random")]
    session = Session("liverpool", seats, {}, game=game, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.pace.cooldown = 1e9
    scene.play(Move.parse("draw"), 0)
    frame(app, 3)
    assert 1 not in game_of(scene).to_act  # the table answered for seat 1
    mine = [e for e in session.log if e.move is not None and e.move.seat == 1]
    assert [e.move.action for e in mine if e.move is not None] == []


def test_after_continue_the_log_has_the_deal_so_far(app: App) -> None:
    scene = melded_table(app)
    assert scene.play(Move.parse("discard 2C"))
    live = [e.text() for e in scene.session.log]
    again = Session(
        "rummy500",
        [SeatConfig(s.name, s.kind) for s in scene.session.seats],
        {},
        game=Game.from_record(game_of(scene).record()),
        threaded=False,
    )
    assert [e.text() for e in again.log] == live


def test_the_focus_ring_leaves_the_next_card_alone(app: App) -> None:
    from rummy_gui.ui.table.keyboard import RING, focus_rect

    scene = melded_table(app)
    slots = scene.geometry().zones[("hand", scene.viewer)]
    scene.focus.zone, scene.focus.index = "hand", 0
    ring = focus_rect(scene)
    assert ring.right + RING <= slots[1][1].x


def test_the_hand_over_speaks_to_you_and_names_others() -> None:
    from rummy_gui.ui.table.hotseat import pass_to

    assert (pass_to("You"), pass_to("Anna")) == ("Your turn", "Pass the computer to Anna")


def test_the_status_bar_does_not_say_you_your_turn(app: App) -> None:
    seats = [SeatConfig("You", "human"), SeatConfig("Anna", "human")]
    session = Session("rummy500", seats, {}, seed=4, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.bottom.turn_to(game_of(scene).to_act[0])
    scene.bottom.reveal(scene.viewer)
    text = texts.status_text(scene)
    name = session.name(scene.viewer)
    assert not text.startswith("You:"), text
    assert text.startswith(("Your", f"{name}:")), text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", ["rummy500", "liverpool"])
def test_every_table_button_label_fits_at_960x600(app: App, lang: str, preset: str) -> None:
    from rummy_gui import i18n

    i18n.set_language(lang)
    try:
        app.resize((960, 600))
        seats = [
            SeatConfig("You", "human"),
            SeatConfig("Ada", "random"),
            SeatConfig("Bo", "random"),
        ]
        session = Session(preset, seats, {}, seed=2, threaded=False)
        app.session = session
        scene = TableScene(app, session)
        app.push(scene)
        frame(app)
        labels = labels_in(scene)
        assert labels
        for text, img, room in labels:
            assert img.get_width() <= room.w, text
            assert img.get_height() <= room.h, text
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_sort_button_writes_ranks_as_the_cards_do(lang: str) -> None:
    from rummy_gui import i18n
    from rummy_gui.engine.cards import rank_text

    i18n.set_language(lang)
    try:
        label = i18n._("Sort {first}-{last}").format(first=rank_text(1), last=rank_text(13))
    finally:
        i18n.set_language("en")
    ends = (f"{rank_text(1)}\u2013{rank_text(13)}", f"{rank_text(1)}-{rank_text(13)}")
    assert label.endswith(ends), label


def test_dialogs_over_a_waiting_table_rest_until_input(app: App) -> None:

    from rummy_gui.ui.screens.saving import SaveAsScene
    from rummy_gui.ui.screens.settings import SettingsScene
    from rummy_gui.ui.table.hotseat import HandOverScene
    from rummy_gui.ui.table.overlays import DealSummaryScene

    scene = melded_table(app)
    for dialog in (
        SettingsScene(app),
        SaveAsScene(app, scene.session),
        DealSummaryScene(app, scene),
        HandOverScene(app, scene, 0),
    ):
        app.push(dialog)
        frame(app, 3)
        assert app.frame_wait() == math.inf, type(dialog).__name__
        app.pop()
        frame(app, 3)


def test_the_chooser_names_a_meld_by_its_cards(app: App) -> None:
    from rummy_gui.ui.table.drops import describe_choice

    scene = melded_table(app)
    meld = game_of(scene).melds[0]
    text = describe_choice(Move.parse(f"layoff 10H to {meld.id}"), scene.view)
    assert text == "lay off 10♥ on 7♥ 8♥ 9♥"


def rules_button(scene: TableScene) -> Button:
    return next(b for b in scene.buttons if b.label == "Rules")


def test_an_open_dialog_dims_the_table_side_buttons_too(app: App) -> None:
    from rummy_gui.ui.screens.saving import SaveAsScene

    scene = melded_table(app)
    frame(app)
    spot = rules_button(scene).rect.center
    before = sum(app.screen.get_at(spot)[:3])
    app.push(SaveAsScene(app, scene.session))
    frame(app)
    assert sum(app.screen.get_at(spot)[:3]) < before * 0.6


def test_the_buttons_behind_a_dialog_do_not_react(app: App) -> None:
    from rummy_gui.ui.screens.saving import SaveAsScene
    from tests.ui.ui_driver import click

    scene = melded_table(app)
    dialog = SaveAsScene(app, scene.session)
    app.push(dialog)
    frame(app)
    click(app, rules_button(scene).rect.center)
    assert app.stack.top is dialog


def test_right_after_the_contract_the_status_bar_invites_no_lay_off(app: App) -> None:
    from rummy_gui.engine import Action, Move
    from rummy_gui.ui.table.texts import status_text
    from tests.ui.ui_driver import contract_deal, open_table

    game = contract_deal()
    scene = open_table(app, game)
    assert scene.play(Move.parse("draw"))
    for seat in (1, 2):  # the bots decline to buy the discard
        if seat in game.to_act:
            scene.play(Move.parse("pass"), seat)
    assert scene.play(Move.parse("contract 7H 7S 7D / 9C 9S 9D"))
    assert not [m for m in scene.legal() if m.action is Action.LAYOFF]  # the rule: not this turn
    assert "lay off" not in status_text(scene).lower()
    assert "discard" in status_text(scene).lower()


def test_your_cut_tells_how_many_cards_you_lifted(app: App) -> None:
    from tests.ui.ui_driver import open_table

    game = Game.new("liverpool", 3, seed=1)
    scene = open_table(app, game)
    scene.bottom.turn_to(game.to_act[0])  # the cutter sits at the bottom
    scene.moves.cut_at(0.0)
    assert game.phase != "cut"
    assert any(m.text.endswith(" 1 card.") for m in scene.messages.items)


def test_the_status_bar_offers_no_stock_in_pinochles_last_turns(app: App) -> None:
    from tests.ui.ui_driver import open_table

    game = Game.from_layout(
        "pinochle",
        ["3S 4S 5S 6S 7S 2D", "QH QC QD JH 9S 4C 7D", "AH 6C KC 3D 5H 8H 8S"],
        stock="9D",
        discard="4D",
        turn=1,
    )
    for text in ("1: draw", "1: discard 9S", "2: pass", "2: discard 8S"):  # the stock gone
        game.play(text)
    scene = open_table(app, game)
    assert scene.my_turn()
    assert "stock" not in texts.status_text(scene)
    assert "Pass" in texts.status_text(scene)


def test_the_status_bar_says_a_card_taken_may_be_laid_off(app: App) -> None:
    from tests.ui.ui_driver import open_table

    game = Game.from_layout(
        "rummy500-classic",
        ["3S 4S 5S 2D KD", "QH QC 9C JH 7S 4C 7D"],
        stock="9D 3C 2C",
        discard="4D 6S",
    )
    game.play("0: take 1")  # the 6♠: it must be used this turn, here on a run
    game.play("0: meld 3S 4S 5S 6S")
    game.play("0: discard KD")
    game.play("1: draw")
    game.play("1: discard 7S")
    game.play("0: take 1")  # the 7♠ can only be laid off, on the run
    scene = open_table(app, game)
    assert "lay off" in texts.status_text(scene)
