"""Review this deal in hot-seat play (whose review, a hand-over, only that
player's decisions and hand) and from the game-over screen."""

from __future__ import annotations

import pygame

from rummy_gui.bots import make_bot
from rummy_gui.engine import Game, Move
from rummy_gui.play.review import decisions, same_move
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.screens.review import ReviewScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.hotseat import HandOverScene
from rummy_gui.ui.table.overlays import DealSummaryScene, GameOverScene
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.dialogs import ChooserScene
from tests.ui.ui_driver import click, finish_review, frame, key, short_deal, spy_faces

HOT_SEAT = [SeatConfig("Ann", "human"), SeatConfig("Bo", "human"), SeatConfig("Cy", "medium")]


def _hot_seat_summary(app: App) -> DealSummaryScene:
    """A Rummy 500 deal already played (Ann and Bo by easy, Cy by medium),
    opened at its summary in a hot-seat session of Ann and Bo."""
    game = Game.new("rummy500", 3, seed=3)
    bots = [make_bot(level, seed=s) for s, level in enumerate(("easy", "easy", "medium"))]
    while not game.deal_over:
        seat = game.to_act[0]
        game.play(bots[seat].choose(game.view(seat)))
    session = Session(game.preset, HOT_SEAT, {}, seed=1, game=game, threaded=False)
    app.session = session
    table = TableScene(app, session)
    app.push(table)
    frame(app)
    top = app.stack.top
    if not isinstance(top, DealSummaryScene):
        top = DealSummaryScene(app, table)
        app.push(top)
    top.layout(app.screen.get_size())
    return top


def test_hot_seat_review_asks_whose_and_hands_over_first(app: App) -> None:
    summary = _hot_seat_summary(app)
    button = next(b for b in summary.buttons if b.label == "Review this deal")
    click(app, button.rect.center)
    chooser = app.stack.top
    assert isinstance(chooser, ChooserScene)
    labels = [b.label for b in chooser.buttons]
    assert labels == ["Review for Ann", "Review for Bo", "Cancel"]  # the humans only
    click(app, chooser.buttons[1].rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.seat == 1
    assert review.waiting
    assert [b.label for b in review.buttons] == ["Ready", "Cancel"]
    job = review.job
    assert job is not None  # computing behind the hand-over screen
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is summary
    assert job._proc.poll() is not None  # cancelled: the review's process is gone


def test_the_chooser_cancels_back_to_the_summary(app: App) -> None:
    summary = _hot_seat_summary(app)
    click(app, next(b for b in summary.buttons if b.label == "Review this deal").rect.center)
    assert isinstance(app.stack.top, ChooserScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is summary


def test_a_hot_seat_review_shows_nothing_before_ready_then_only_that_players_view(
    app: App,
) -> None:
    summary = _hot_seat_summary(app)
    session = summary.table.session
    review = ReviewScene(app, session, 1, budget=24, hand_over=True)
    app.push(review)
    drawn = spy_faces(app)
    finish_review(app, review)
    frame(app, 3)
    assert review.waiting  # the review waits for Bo, however long it took
    assert drawn == []  # no card of any hand is shown before Bo is ready
    assert review.findings  # something to show, so the hand-over had something to hide
    key(app, pygame.K_RETURN)
    assert not review.waiting
    replay = review.replay
    todo = decisions(replay, 1)
    for k, f in enumerate(review.findings):
        drawn.clear()
        frame(app)
        assert review.index == k
        assert f.position in todo  # only Bo's own decisions
        position = replay.positions[f.position]
        assert list(review.view().hand) == position.hand(1)  # type: ignore[union-attr]
        assert same_move(replay.moves[f.position], f.played)
        seen = list(position.hand(1)) + list(position.discard_pile)
        seen += [c for m in position.melds for c in m.cards]
        assert set(drawn) <= set(seen)  # not Ann's hand, not the stock
        key(app, pygame.K_RIGHT)


def test_ready_by_mouse(app: App) -> None:
    summary = _hot_seat_summary(app)
    review = ReviewScene(app, summary.table.session, 0, budget=24, hand_over=True)
    app.push(review)
    frame(app)
    click(app, review.buttons[0].rect.center)  # Ready
    assert not review.waiting
    assert [b.label for b in review.buttons] == ["Cancel"]  # still computing
    review.cancel()
    assert app.stack.top is summary


def _game_over(app: App, seats: list[SeatConfig]) -> GameOverScene:
    """A one-deal game (target 10): Ann goes out with a run of four."""
    game = short_deal({"target": 10})
    session = Session(game.preset, seats, {"target": 10}, seed=1, game=game, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    frame(app)
    for text in ("draw", "meld 7H 8H 9H 10H", "discard KD"):
        assert scene.play(Move.parse(text))
    for _ in range(50):
        top = app.stack.top
        if isinstance(top, GameOverScene):
            return top
        if isinstance(top, DealSummaryScene):
            top._next()
        if isinstance(top, HandOverScene):
            top.ready()
        frame(app)
    raise AssertionError("no game-over screen")


def test_game_over_opens_the_review_of_the_last_deal(app: App) -> None:
    over = _game_over(
        app, [SeatConfig("Ann", "human"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]
    )
    button = next(b for b in over.buttons if b.label == "Review last deal")
    click(app, button.rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.seat == 0
    assert not review.waiting  # one human: no hand-over
    # the last deal's record: its last move is Ann's going out
    assert review.replay is not None
    assert same_move(review.replay.moves[-1], Move.parse("0: discard KD"))
    finish_review(app, review)
    assert review.error is None
    assert review.findings is not None
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is over


def test_game_over_of_a_hot_seat_game_asks_whose_review(app: App) -> None:
    over = _game_over(app, HOT_SEAT)
    click(app, next(b for b in over.buttons if b.label == "Review last deal").rect.center)
    chooser = app.stack.top
    assert isinstance(chooser, ChooserScene)
    assert [b.label for b in chooser.buttons] == ["Review for Ann", "Review for Bo", "Cancel"]


def test_a_show_of_bots_offers_no_review(app: App) -> None:
    game = Game.new("rummy500", 3, seed=4)
    bots = [SeatConfig("Ann", "easy"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]
    session = Session(game.preset, bots, {}, seed=1, game=game, threaded=False)
    app.session = session
    table = TableScene(app, session)
    for scene in (GameOverScene(app, table), DealSummaryScene(app, table)):
        scene.layout(app.screen.get_size())
        labels = [b.label for b in scene.buttons]
        assert "Review last deal" not in labels
        assert "Review this deal" not in labels
