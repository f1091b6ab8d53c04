"""Undo turn, hints, "why not?" at the place, a language switch, replays and
the score graph (issue 7)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.engine import Move, Phase
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.play.table_view import table_view
from rummy_gui.ui.screens.replay import ReplayScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import callout, draw_overlays
from rummy_gui.ui.table.hotseat import HandOverScene
from rummy_gui.ui.table.overlays import DealSummaryScene, GameOverScene, score_points
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.controls import Button
from tests.engine._helpers import five_hundred_deal
from tests.ui.table.played_deals import played_to_the_end
from tests.ui.ui_driver import (
    click,
    drag,
    frame,
    game_of,
    local,
    short_deal,
    spy_faces,
)


def table(app: App, game: Any, seats: list[SeatConfig] | None = None) -> TableScene:
    seats = seats or [
        SeatConfig("Ann", "human"),
        SeatConfig("Bo", "easy"),
        SeatConfig("Cy", "easy"),
    ]
    session = Session(game.preset, seats, {}, game=game, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    frame(app)
    return scene


def test_undo_turn_holds_the_next_bot_and_takes_the_whole_turn_back(app: App) -> None:
    app.settings.animation = "normal"
    game = five_hundred_deal()
    scene = table(app, game)
    before = game.copy()
    assert scene.play(Move.parse("take 3"))
    assert scene.play(Move.parse("meld 10C 10S 10D"))
    assert scene.play(Move.parse("discard KD"))
    assert game.turn == 1
    frame(app, 5)  # the bot waits: Undo turn is still possible
    assert len(game.moves) == 3
    assert scene.may_undo()
    assert scene.buttons["undo"].label == "Undo turn"
    click(app, scene.buttons["undo"].rect.center)
    assert game.turn == 0
    assert game.hand(0) == before.hand(0)
    assert game.discard_pile == before.discard_pile
    assert not any(e.move is not None and e.move.action == "meld" for e in scene.session.log)


def test_undo_in_one_human_game_ends_when_the_bot_moves(app: App) -> None:
    app.settings.animation = "fast"
    game = five_hundred_deal()
    scene = table(app, game)
    assert scene.play(Move.parse("draw"))
    assert scene.play(Move.parse("discard KD"))
    for _ in range(200):
        frame(app)
        if len(game.moves) > 2:
            break
    assert len(game.moves) > 2
    assert not scene.may_undo()


def test_undo_never_takes_back_another_humans_move(app: App) -> None:
    game = five_hundred_deal()
    seats = [SeatConfig("Ann", "human"), SeatConfig("Ben", "human"), SeatConfig("Cy", "easy")]
    scene = table(app, game, seats)
    assert isinstance(app.stack.top, HandOverScene)
    app.stack.top.ready()
    assert scene.play(Move.parse("take 1"))
    assert scene.play(Move.parse("discard KD"))
    top = app.stack.top
    assert isinstance(top, HandOverScene)
    assert top.seat == 1
    assert not scene.may_undo()  # Ann's discard is hidden behind Ben's hand-over
    top.ready()
    moves = len(game.moves)
    scene.undo()
    assert len(game.moves) == moves
    assert scene.viewer == 1
    assert not scene.may_undo()


def test_hint_lifts_its_cards_says_it_and_is_counted(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = five_hundred_deal()
    scene = table(app, game)
    assert scene.play(Move.parse("draw"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    frame(app)
    assert scene.session.hints[0] == 1
    assert scene.messages
    assert scene.messages[-1].text.startswith("Hint: ")
    from rummy_gui.hints import hint

    advice = hint(game, 0, seed=scene.session.version)
    assert advice is not None
    lifted = sorted(str(scene.shown_hand()[i]) for i in scene.hand.selected)
    assert lifted == sorted(str(c) for c in advice.cards if c in game.hand(0))
    seen: dict[str, Any] = {}
    monkeypatch.setattr(
        "rummy_gui.play.stats.record_game",
        lambda _g, _seats, hints=None, coached=None: seen.update(hints=hints, coached=coached),
    )
    local(scene)._record_statistics()
    assert seen["hints"] == {0: 1}


def test_a_refused_drop_says_why_in_the_stack_of_messages(app: App) -> None:
    game = five_hundred_deal()
    scene = table(app, game)
    assert scene.play(Move.parse("draw"))
    slots = scene.geometry().zones[("hand", 0)]
    start = (slots[0][1].x + 6, slots[0][1].y + 40)
    own = scene.geometry().layout.seats[0].melds
    drop = (own.centerx, own.centery)
    drag(app, start, drop)
    msg = scene.messages[-1]
    room = draw_overlays.message_room(scene, scene.geometry())
    assert callout.layout_messages(scene.messages.items, *room)[0][0] is msg  # the newest
    refused = game.why_illegal(f"meld {slots[0][0]}")
    assert refused is not None
    assert msg.text


def test_switching_language_redraws_the_table(app: App) -> None:
    game = five_hundred_deal()
    scene = table(app, game)
    bar = scene.geometry().layout.top_bar
    frame(app)
    before = pygame.image.tobytes(app.screen.subsurface(bar), "RGB")
    try:
        i18n.set_language("fi")
        frame(app)
        assert scene.buttons["pass"].label == i18n._("Pass") != "Pass"
        assert scene.buttons["menu"].label == i18n._("Menu") != "Menu"  # its tooltip's
        after = pygame.image.tobytes(app.screen.subsurface(bar), "RGB")
        assert before != after
    finally:
        i18n.set_language("en")
    frame(app)
    assert scene.buttons["pass"].label == "Pass"


def finish_deal(app: App) -> TableScene:
    game = short_deal()
    scene = table(app, game)
    assert scene.play(Move.parse("draw"))
    assert scene.play(Move.parse("meld 7H 8H 9H 10H"))
    assert scene.play(Move.parse("discard KD"))
    frame(app)
    return scene


def test_replay_last_deal_steps_forward_and_back_with_every_hand_face_up(app: App) -> None:
    scene = finish_deal(app)
    summary = app.stack.top
    assert isinstance(summary, DealSummaryScene)
    click(app, summary.buttons[1].rect.center)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    drawn = spy_faces(app)
    frame(app)
    first = game_of(scene.session).hand(0)  # nothing: Ann went out; the start shows her four cards
    assert not first
    assert {"7H", "8H", "9H", "KD", "3S", "2D"} <= {str(c) for c in drawn}
    moves = list(game_of(scene.session).moves)
    for k in range(1, len(moves) + 1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        frame(app)
        assert replay.replay.index == k
    assert replay.replay.game.hand(0) == []
    assert replay.replay.game.deal_over
    replay.back()
    assert replay.replay.game.hand(0)
    assert replay.replay.last_move == moves[-2]
    click(app, replay.buttons[-1].rect.center)  # Close
    assert app.stack.top is summary


def test_game_over_draws_the_score_over_the_deals(app: App) -> None:
    scene = played_to_the_end(app)
    game = game_of(scene)
    top = app.stack.top
    assert isinstance(top, GameOverScene)
    points = score_points(table_view(game, 0))
    assert len(points) == 2
    assert len(points[0]) == len(game.score_history) + 1 >= 2
    frame(app)
    graph = pygame.Rect(
        top.rect.x + int(top.rect.w * 0.5),
        top.rect.y + 110,
        int(top.rect.w * 0.5) - 30,
        top.rect.h - 240,
    )
    colour = scene.session.colour(game.sides[0][0])
    pixels = pygame.image.tobytes(app.screen.subsurface(graph), "RGB")
    assert bytes(colour) in pixels


def test_settings_from_the_table_change_card_size_and_contrast(app: App) -> None:
    from rummy_gui.ui.screens.settings import SettingsScene

    scene = table(app, five_hundred_deal())
    small = scene.geometry().layout.hand_card
    felt = app.screen.get_at((500, 300))
    click(app, next(b for b in scene.buttons if b.label == "Settings").rect.center)
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    size = settings.by_name["card_scale"].rect
    for _ in range(6):  # 100 % -> 160 %
        click(app, (size.right - 10, size.centery))
    click(app, settings.by_name["high_contrast"].rect.center)
    click(app, next(w for w in settings.widgets if isinstance(w, Button)).rect.center)  # Back
    assert app.stack.top is scene
    frame(app)
    assert app.settings.card_scale == 1.6
    assert app.settings.high_contrast
    assert scene.geometry().layout.hand_card[1] > small[1] * 1.3
    assert app.screen.get_at((500, 300)) != felt


def test_settings_from_the_table_by_keyboard(app: App) -> None:
    from rummy_gui.ui.screens.settings import SettingsScene

    scene = table(app, five_hundred_deal())
    scene.show_options()
    settings = app.stack.top
    assert isinstance(settings, SettingsScene)
    order = list(settings.by_name)
    down = [pygame.K_DOWN] * order.index("four_colour")
    up = [pygame.K_UP] * (order.index("four_colour") - order.index("card_scale"))
    down2 = [pygame.K_DOWN] * (order.index("high_contrast") - order.index("card_scale"))
    for k in (*down, pygame.K_SPACE, *up, pygame.K_LEFT, *down2, pygame.K_SPACE):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        frame(app)
    s: Any = app.settings
    assert s.four_colour
    assert s.card_scale == 0.9
    assert s.high_contrast
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    frame(app)
    assert app.stack.top is scene


def test_nothing_under_an_open_dialog_looks_or_acts_enabled(app: App) -> None:
    """Under a dialog in the draw phase the table's side buttons were
    drawn live: the one under the pointer with a gold edge, Sort, Hint, Menu
    enabled. Now the table beneath a dialog looks the same whatever its
    buttons' states, the same as with every button greyed out, and a click
    where a table button is does nothing to the table."""
    from rummy_gui.ui.screens.saving import SaveAsScene

    scene = table(app, five_hundred_deal())
    assert game_of(scene).phase == Phase.DRAW
    click(app, next(b for b in scene.buttons if b.label == "Save as…").rect.center)
    assert isinstance(app.stack.top, SaveAsScene)
    assert scene.covered
    frame(app, 2)
    column = scene.geometry().layout.buttons
    area = column.union(scene.buttons["menu"].rect).clip(app.screen.get_rect())

    def shot(enabled: bool, hover: bool) -> bytes:
        for b in scene.buttons:
            b.enabled, b.hover = enabled, hover
        app.draw()
        return pygame.image.tobytes(app.screen.subsurface(area), "RGB")

    greyed = shot(False, False)
    assert shot(True, False) == greyed
    assert shot(True, True) == greyed
    menu = next(b for b in scene.buttons if b.label == "Menu")
    if not app.stack.top.rect.collidepoint(menu.rect.center):  # type: ignore[union-attr]
        click(app, menu.rect.center)
        assert app.stack.scenes[-2] is scene
        assert isinstance(app.stack.top, SaveAsScene)
    app.pop()
    assert not scene.covered
    frame(app)
    assert next(b for b in scene.buttons if b.label == "Menu").enabled


def test_undo_brings_back_the_hands_own_order(app: App) -> None:
    game = five_hundred_deal()
    scene = table(app, game)
    mine = list(reversed(scene.shown_hand()))  # an order no sort and no deal gives
    scene.hand.arrange(mine, [])
    assert scene.play(Move.parse("take 3"))
    assert scene.play(Move.parse("meld 10C 10S 10D"))
    click(app, scene.buttons["undo"].rect.center)
    frame(app)
    click(app, scene.buttons["undo"].rect.center)
    frame(app)
    assert [c.code for c in scene.shown_hand()] == [c.code for c in mine]
