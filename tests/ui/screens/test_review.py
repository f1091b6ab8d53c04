"""Review this deal: from the deal summary, computed in a bot process with a
progress bar and Cancel, then stepped by keys and mouse, the position drawn as
the reviewed player saw it."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.bots import make_bot
from rummy_gui.engine import Game, Move
from rummy_gui.play.review import same_move
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.screens.review import ReviewScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.overlays import DealSummaryScene
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import click, drawn, finish_review, frame, key, short_deal, spy_faces


def _played_deal(app: App) -> TableScene:
    """A Rummy 500 deal played to its summary, Ann (the human) by easy."""
    game = Game.new("rummy500", 3, seed=3)
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "medium"), SeatConfig("Cy", "medium")]
    # the seed fixes the bots too (without it the session draws one at random)
    session = Session(game.preset, seats, {}, seed=1, game=game, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    frame(app)
    bot = make_bot("easy", 1)
    for _ in range(3000):
        if isinstance(app.stack.top, DealSummaryScene):
            break
        if scene.my_turn() and not scene.motion.flights:
            scene.play(bot.choose(game.view(0)))
            continue
        frame(app)
    assert isinstance(app.stack.top, DealSummaryScene)
    return scene


def test_the_summary_opens_a_review_that_cancels_with_escape(app: App) -> None:
    _played_deal(app)
    summary = app.stack.top
    assert isinstance(summary, DealSummaryScene)
    button = next(b for b in summary.buttons if b.label == "Review this deal")
    click(app, button.rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.computing
    assert [b.label for b in review.buttons] == ["Cancel"]
    job = review.job
    assert job is not None
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is summary
    assert job._proc.poll() is not None  # the review's process is gone


def test_the_summary_starts_the_review_process_that_the_review_takes(app: App) -> None:
    from rummy_gui.play import review as review_module

    _played_deal(app)
    summary = app.stack.top
    assert isinstance(summary, DealSummaryScene)
    spare = review_module._spare
    assert spare is not None  # started as the deal ended, before anyone asked
    button = next(b for b in summary.buttons if b.label == "Review this deal")
    click(app, button.rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.job is not None
    assert review.job._proc is spare
    assert review_module._spare is None
    key(app, pygame.K_ESCAPE)


def test_leaving_the_summary_kills_the_unused_review_process(app: App) -> None:
    from rummy_gui.play import review as review_module

    _played_deal(app)
    spare = review_module._spare
    assert spare is not None
    app.pop()  # the summary: the next deal begins
    assert review_module._spare is None
    assert spare.wait(timeout=10) is not None


def test_hot_seat_play_offers_the_review(app: App) -> None:
    """(Each player then reviews their own: tests/ui/screens/test_review_hotseat.py.)"""
    game = short_deal()
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "human"), SeatConfig("Cy", "easy")]
    session = Session(game.preset, seats, {}, game=game, threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    frame(app)
    assert scene.play(Move.parse("draw"))
    assert scene.play(Move.parse("meld 7H 8H 9H 10H"))
    assert scene.play(Move.parse("discard KD"))
    assert game.deal_over
    summary = DealSummaryScene(app, scene)
    summary.layout(app.screen.get_size())
    assert "Review this deal" in [b.label for b in summary.buttons]


def test_the_review_steps_with_keys_and_mouse_and_shows_the_players_view(app: App) -> None:
    table = _played_deal(app)
    review = ReviewScene(app, table.session, 0, budget=24)
    app.push(review)
    frame(app)
    finish_review(app, review)
    findings = review.findings
    assert findings  # easy gives something away in a whole deal
    assert review.index == 0
    drawn = spy_faces(app)
    for k in range(len(findings)):
        drawn.clear()
        frame(app)
        f = findings[k]
        assert review.index == k
        assert review.replay is not None  # a local game: the review replays its record
        position = review.replay.positions[f.position]
        # the position shown is the record's, as seat 0 saw it
        assert list(review.view().hand) == position.hand(0)  # type: ignore[union-attr]
        assert same_move(review.replay.moves[f.position], f.played)
        seen = list(position.hand(0)) + list(position.discard_pile)
        seen += [c for m in position.melds for c in m.cards]
        assert set(drawn) <= set(seen)  # no other hand, no stock card drawn
        key(app, pygame.K_RIGHT)
    assert review.index == len(findings) - 1
    labels = [b.label for b in review.buttons]
    if len(findings) == 1:
        assert labels == ["Close"]  # nothing to step through
    else:
        nav = {b.label: b for b in review.buttons}
        assert not nav["Next ▶"].enabled  # the last finding
        assert nav["◀ Previous"].enabled
        key(app, pygame.K_LEFT)
        assert review.index == len(findings) - 2
        assert nav["Next ▶"].enabled
        click(app, nav["Next ▶"].rect.center)
        assert review.index == len(findings) - 1
        while review.index:
            click(app, nav["◀ Previous"].rect.center)
        assert not nav["◀ Previous"].enabled  # the first finding
        click(app, nav["◀ Previous"].rect.center)
        assert review.index == 0
    click(app, next(b for b in review.buttons if b.label == "Close").rect.center)
    assert isinstance(app.stack.top, DealSummaryScene)
    # one finding: nothing to step through, so Close alone
    review.findings, review.index = findings[:1], 0
    review.layout(app.screen.get_size())
    assert [b.label for b in review.buttons] == ["Close"]


def test_a_review_of_a_deal_that_ended_before_the_players_turn_says_there_is_nothing(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Bo goes out at his first turn: "the expert would have played every
    # decision the same way" would be said of no decision at all.
    from rummy_gui.ui.screens.review import NOTHING_TO_REVIEW

    game = Game.from_layout(
        "rummy500",
        hands=["2C 9D KD", "5H 6H 7H", "3S 4S JC"],
        stock="8H AD 2S 3C",
        discard="4H",
        turn=1,
    )
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]
    session = Session(game.preset, seats, {}, seed=1, game=game, threaded=False)
    app.session = session
    app.push(TableScene(app, session))
    for _ in range(600):
        if isinstance(app.stack.top, DealSummaryScene):
            break
        frame(app)
    assert isinstance(app.stack.top, DealSummaryScene)
    review = ReviewScene(app, session, 0)
    app.push(review)
    finish_review(app, review)
    assert review.findings == []
    assert review.reviewed == 0
    texts = [text for text, _box in drawn(monkeypatch, app.screen.get_size(), review.draw)]
    assert NOTHING_TO_REVIEW in texts
    assert not any(t and t.startswith("The expert would have played") for t in texts)
