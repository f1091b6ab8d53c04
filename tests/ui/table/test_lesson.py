"""The table in lesson mode (ui/table/lesson): a lesson played through by
mouse, as a player plays it; a move the lesson does not want answered where
the player acted, the game unchanged; the step's callout beside what it
points at; the end screen and where its buttons lead; nothing saved."""

from __future__ import annotations

import pygame
import pytest
from pygame import Rect

from rummy_gui.engine import Action, Move
from rummy_gui.engine.cards import Card
from rummy_gui.play import saves, stats
from rummy_gui.play.lessons import GAMES, same_move
from rummy_gui.play.savelist import list_saves
from rummy_gui.play.session import Session
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.lesson import LessonTable
from rummy_gui.ui.table.lesson_end import LessonEndScene
from rummy_gui.ui.table.overlays import DealSummaryScene
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ink_boxes import inked
from tests.ui.ui_driver import click, drag, frame, game_of, key

# each test its own home (tests/conftest.py), in English
pytestmark = pytest.mark.usefixtures("english")


def open_lesson(app: App, preset: str, size: tuple[int, int] = (960, 600)) -> LessonTable:
    app.resize(size)
    app.rooms.lesson(preset)
    scene = app.stack.top
    assert isinstance(scene, LessonTable)
    frame(app, 3)
    return scene


def _card_at(scene: LessonTable, card: Card) -> tuple[int, int]:
    for c, rect in scene.geometry().zones[("hand", scene.viewer)]:
        if c == card:
            return rect.move(0, -30 if scene.hand.selected else 0).center
    raise AssertionError(f"{card} is not in the hand")


def mouse_move(app: App, scene: LessonTable, move: Move) -> bool:
    """Make `move` by mouse: a claim prompt's answer, drags from the stock or
    the pile, clicks on the cards and the Meld or Pass button, drags onto a
    meld or the pile, a click on the pack's edge to cut it. False when this
    test has no mouse way to it (a contract's slots): then it is played as a
    drop would play it."""
    geo = scene.geometry()
    hand = geo.layout.hand.center
    cards = [t.card for t in move.cards]
    answers = scene.answers
    for button, answer in zip(answers.answer_buttons, answers.answer_moves, strict=True):
        if same_move(answer.with_seat(0), move.with_seat(0)):
            click(app, button.rect.center)
            return True
    if move.action is Action.DRAW:
        drag(app, geo.zones[("stock",)][0][1].center, hand)
    elif move.action is Action.TAKE:
        pile = geo.zones[("discard",)]
        assert move.count is not None
        drag(app, pile[len(pile) - move.count][1].move(4, 0).midleft, hand)
    elif move.action is Action.MELD:
        scene.hand.clear_selection()
        slots = list(geo.zones[("hand", scene.viewer)])
        for card in cards:
            k = next(k for k, (c, _r) in enumerate(slots) if c == card)
            rect = slots.pop(k)[1]  # two alike (jokers): each its own card
            click(app, (rect.x + 8, rect.bottom - 12))
        frame(app)
        click(app, scene.buttons["meld"].rect.center)
    elif move.action in (Action.LAYOFF, Action.SWAP):
        assert move.meld_id is not None
        drag(app, _card_at(scene, cards[0]), geo.meld_area(move.meld_id).center)
    elif move.action is Action.DISCARD:
        drag(app, _card_at(scene, cards[0]), geo.layout.discard.center)
    elif move.action is Action.PASS and scene.buttons["pass"].visible:
        click(app, scene.buttons["pass"].rect.center)
    elif move.action is Action.CUT and scene.my_cut():
        click(app, scene.cut_rect().center)  # a cut by eye: the lesson takes any
    else:
        assert scene.play(move)
        return False
    frame(app)
    return True


def wait_for_learner(app: App, scene: LessonTable) -> None:
    """The script's moves played (at the bots' pace) until the learner acts or
    it ends; a deal's summary is left by its "Next deal", as the player leaves it."""
    for _ in range(400):
        if scene.lesson.over or (
            app.stack.top is scene and not scene.motion.flights and scene.my_turn()
        ):
            return
        summary = app.stack.top
        if isinstance(summary, DealSummaryScene):
            click(app, next(b for b in summary.buttons if b.label == "Next deal").rect.center)
        app.tick(0.5)
    raise AssertionError("the lesson's other seats never gave the turn back")


def step_move(scene: LessonTable) -> Move:
    """The move the step wants, as the table has it: among the offered moves,
    else (a face-down lay-off, which the view never offers, RULES.md 3.9) the
    step's own move, which the table sends on a drop for the engine to judge."""
    run = scene.lesson.run
    offered = next((m for m in scene.legal() if run.wanted(m)), None)
    if offered is not None:
        return offered
    wanted = scene.lesson.step_move()
    assert wanted is not None, run.step
    return wanted


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("preset", GAMES)
def test_a_lesson_plays_through_by_mouse(app: App, preset: str, size: tuple[int, int]) -> None:
    scene = open_lesson(app, preset, size)
    run = scene.lesson.run
    not_by_mouse: list[Action] = []
    while not run.done:
        wait_for_learner(app, scene)
        step = run.step
        assert step is not None
        index = run.index
        wanted = step_move(scene)
        if not mouse_move(app, scene, wanted):
            not_by_mouse.append(wanted.action)
        assert run.index == index + 1, (step.say, [m.text for m in scene.messages])
    frame(app, 20)
    assert isinstance(app.stack.top, LessonEndScene)
    assert set(not_by_mouse) <= {Action.CONTRACT, Action.CUT}


def _table_area(scene: LessonTable) -> Rect:
    return scene.geometry().layout.table


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_callout_stands_beside_what_it_points_at(app: App, size: tuple[int, int]) -> None:
    scene = open_lesson(app, "rummy500", size)
    run = scene.lesson.run
    while not run.done:
        wait_for_learner(app, scene)
        c = scene.callout()
        assert c is not None
        assert _table_area(scene).contains(c.box)  # never over the log or off the window
        assert not c.box.colliderect(scene.geometry().layout.panel)
        assert run.step is not None
        if run.step.point:
            assert c.place is not None, run.step.point
            assert not c.box.colliderect(c.place), run.step.point
            gap = max(c.place.x - c.box.right, c.box.x - c.place.right)
            gap = max(gap, c.place.y - c.box.bottom, c.box.y - c.place.bottom)
            assert gap < 240  # beside it, not across the table
        assert c.lines
        assert " ".join(c.lines).split() == run.text().split()
        assert not any(b.visible and c.box.colliderect(b.rect) for b in scene.buttons.actions())
        scene.play(next(m for m in scene.legal() if run.wanted(m)))
        frame(app)


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize(("preset", "call"), [("persian", "0: rummy 3"), ("shanghai", "shanghai")])
def test_the_callout_leaves_the_claim_prompt_in_view(
    app: App, preset: str, call: str, size: tuple[int, int]
) -> None:
    scene = open_lesson(app, preset, size)
    run = scene.lesson.run
    while run.step is not None and call not in run.step.move:
        wait_for_learner(app, scene)
        assert scene.play(step_move(scene))
        frame(app)
    wait_for_learner(app, scene)
    frame(app)
    c = scene.callout()
    assert c is not None
    assert scene.answers.answer_buttons  # the prompt is up
    assert not c.box.colliderect(scene.answers.panel)


def test_a_card_the_step_names_is_what_the_callout_points_at(app: App) -> None:
    scene = open_lesson(app, "rummy500")
    mouse_move(app, scene, Move.parse("draw"))
    c = scene.callout()
    assert c is not None
    assert c.place is not None
    seven = next(r for card, r in scene.geometry().zones[("hand", 0)] if str(card) == "7H")
    assert c.place == seven


def test_another_legal_move_is_answered_by_the_lesson_and_changes_nothing(app: App) -> None:
    scene = open_lesson(app, "rummy500")
    before = game_of(scene).record()
    pile = scene.geometry().zones[("discard",)]
    drag(app, pile[-1][1].center, scene.geometry().layout.hand.center)  # take 1: legal
    frame(app)
    step = scene.lesson.run.step
    assert step is not None
    assert step.move == "0: draw"
    assert game_of(scene).record() == before
    assert [m.text for m in scene.messages] == [scene.lesson.run.why()]


def test_an_illegal_move_is_answered_with_the_engines_reason(app: App) -> None:
    scene = open_lesson(app, "rummy500")
    before = game_of(scene).record()
    nine = _card_at(scene, next(c for c in scene.hand.order if str(c) == "9S"))
    drag(app, nine, scene.geometry().layout.discard.center)  # a discard before the draw
    frame(app)
    assert game_of(scene).record() == before
    step = scene.lesson.run.step
    assert step is not None
    said = [m.text for m in scene.messages]
    assert said
    assert said[-1] != scene.lesson.run.why()


def _finish(app: App, scene: LessonTable) -> LessonEndScene:
    run = scene.lesson.run
    while not run.done:
        wait_for_learner(app, scene)
        scene.play(next(m for m in scene.legal() if run.wanted(m)))
    frame(app, 20)
    end = app.stack.top
    assert isinstance(end, LessonEndScene)
    return end


def test_the_end_screen_says_the_lesson_is_complete_and_leads_to_a_game(app: App) -> None:
    scene = open_lesson(app, "rummy500")
    end = _finish(app, scene)
    labels = [b.label for b in end.buttons]
    assert labels == ["Play a game of Rummy 500", "Back to menu"]
    scores = game_of(scene).deal_scores
    assert scores is not None
    assert str(scores[0]) in " ".join(end.lines())
    click(app, end.buttons[0].rect.center)
    frame(app)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert not isinstance(table, LessonTable)
    assert table.session.preset == "rummy500"
    assert app.session is table.session
    assert not game_of(table).moves or game_of(table).round == 1


def test_back_to_menu_from_the_end_screen(app: App) -> None:
    end = _finish(app, open_lesson(app, "rummy500"))
    click(app, end.buttons[1].rect.center)
    frame(app)
    assert isinstance(app.stack.top, MainMenu)
    assert app.session is None  # the lesson was never the game in progress


def test_a_lesson_is_not_saved_nor_counted(app: App) -> None:
    scene = open_lesson(app, "rummy500")
    click(app, scene.buttons["save"].rect.center)
    frame(app)
    assert isinstance(app.stack.top, LessonTable)  # no save dialog: a message says why
    assert any("not saved" in m.text for m in scene.messages)
    _finish(app, scene)
    app.rooms.main_menu()
    frame(app)
    assert not saves.autosave_path().exists()
    assert list_saves() == []
    recorded, _problems = stats.load_stats()
    assert recorded.rows() == []
    assert recorded.recorded == []


def test_the_keys_play_a_lesson_as_they_play_a_game(app: App) -> None:
    scene = open_lesson(app, "rummy500")
    run = scene.lesson.run
    before = game_of(scene).record()
    key(app, pygame.K_d)  # discard the focused card before drawing: the rules refuse it
    step = run.step
    assert step is not None
    assert run.index == 0
    assert game_of(scene).record() == before
    assert [m.text for m in scene.messages][-1] not in ("", step.why)  # the engine's reason
    key(app, pygame.K_s)  # draw from the stock: the lesson's move
    assert run.index == 1
    assert len(game_of(scene).hand(0)) == 9


def test_the_coach_keeps_silent_at_a_lesson(app: App) -> None:
    app.settings.coach = "strict"
    scene = open_lesson(app, "rummy500")
    assert scene.coach.level == "off"
    assert scene.coach.coach is None
    run = scene.lesson.run
    while not run.done:  # the lesson's stock draw is not the expert's choice: never a word
        wait_for_learner(app, scene)
        assert scene.play(step_move(scene))
        frame(app)
        assert scene.coach.verdict is None
    # the same setting at a game's table: the coach speaks there, so the check above can fail
    game = Session("rummy500", scene.session.seats, {}, game=scene.lesson.lesson.game())
    table = TableScene(app, game)
    assert table.coach.level == "strict"
    table.coach.close()
    game.close()


def test_the_hint_gives_the_lessons_step_not_the_bots_advice(app: App) -> None:
    scene = open_lesson(app, "rummy500")
    wanted = scene.lesson.step_move()
    assert wanted == Move.parse("0: draw")  # the bots would take the 9♥ (a different move)
    click(app, scene.buttons["hint"].rect.center)
    frame(app)
    advice = scene.hint
    assert advice is not None
    assert [str(m) for m in advice.moves] == ["0: draw"]
    assert any(m.text == f"Hint: {advice.text}" for m in scene.messages)
    assert scene.session.hints[0] == 1


def test_the_hint_at_a_step_of_any_move_of_a_kind_says_the_lessons_words(app: App) -> None:
    scene = open_lesson(app, "liverpool")
    run = scene.lesson.run
    while run.step is not None and run.step.kind != Action.CUT.value:
        wait_for_learner(app, scene)
        assert scene.play(step_move(scene))
        frame(app)
    wait_for_learner(app, scene)
    assert run.step is not None
    hint = scene.buttons["hint"]
    assert hint.visible
    assert hint.enabled
    click(app, hint.rect.center)
    assert [m.text for m in scene.messages][-1] == run.why()
    assert scene.hint is None


def test_the_end_screen_grows_with_the_window_and_keeps_its_words_inside(app: App) -> None:
    heights = []
    for size in [(960, 600), (2560, 1440)]:
        end = _finish(app, open_lesson(app, "rummy500", size))
        words = inked(app.size, end.draw)
        assert [t for t, r in words if not end.rect.contains(r)] == []
        title = next(r.h for t, r in words if t == "Lesson complete")
        heights.append((title, end.buttons[0].label_image().get_height()))
        app.rooms.main_menu()
    assert heights[1][0] >= heights[0][0] * 1.4
    assert heights[1][1] >= heights[0][1] * 1.4
