"""The lesson's callout (ui/table/lesson_callout) at every step of every
lesson: on the table, and off everything the step's move needs — the cards
it names in the hand (as high as a selected card stands), the stock it draws,
the pile cards it takes, the pile it discards on, the meld it lays off to,
the pack it cuts, the contract's slots, the claim's answers — and off the
place it points at."""

from __future__ import annotations

import pytest
from pygame import Rect

from rummy_gui.engine import Action, Move
from rummy_gui.play.lessons import GAMES
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.geometry import SELECTED_LIFT
from rummy_gui.ui.table.lesson import LessonTable
from tests.ui.table.test_lesson import open_lesson, step_move, wait_for_learner
from tests.ui.ui_driver import frame

# each test its own home (tests/conftest.py), in English
pytestmark = pytest.mark.usefixtures("english")


def needed(scene: LessonTable, move: Move) -> dict[str, Rect]:
    """What the player must see and reach to make `move` by mouse, by name."""
    geo = scene.geometry()
    lt = geo.layout
    out: dict[str, Rect] = {}
    named = [t.card for t in move.cards] + [t.card for g in move.groups for t in g]
    for card, rect in geo.zones.get(("hand", scene.viewer), []):
        if card in named:
            named.remove(card)
            out[f"hand {card}"] = rect.union(rect.move(0, -SELECTED_LIFT))
    pile = geo.zones.get(("discard",), [])
    if move.action is Action.DRAW:
        out["stock"] = Rect(geo.zones[("stock",)][0][1])
    elif move.action is Action.TAKE and move.count:
        for k, (card, rect) in enumerate(pile[-move.count :]):
            out[f"pile {k} {card}"] = Rect(rect)
    elif move.action is Action.DISCARD:
        out["pile"] = Rect(pile[-1][1]) if pile else Rect(lt.discard.topleft, geo.pile_card)
    elif move.action in (Action.LAYOFF, Action.SWAP) and move.meld_id is not None:
        out["meld"] = geo.meld_area(move.meld_id)
    elif move.action is Action.CUT:
        out["pack"] = scene.cut_rect()
    elif move.action is Action.CONTRACT:
        for k, rect in enumerate(scene.slot_rects()):
            out[f"slot {k}"] = rect
    if scene.answers.answer_buttons:
        out["answers"] = Rect(scene.answers.panel)
    return out


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("preset", GAMES)
def test_the_callout_never_covers_what_the_step_needs(
    app: App, preset: str, size: tuple[int, int]
) -> None:
    scene = open_lesson(app, preset, size)
    run = scene.lesson.run
    covered = []
    while not run.done:
        wait_for_learner(app, scene)
        frame(app)
        step = run.step
        assert step is not None
        c = scene.callout()
        assert c is not None
        assert scene.geometry().layout.table.contains(c.box), step.say  # on the table
        move = step_move(scene)
        parts = needed(scene, move)
        if c.place is not None:
            parts["place"] = c.place
        covered += [(run.index + 1, name) for name, r in parts.items() if c.box.colliderect(r)]
        assert scene.play(move)
        frame(app)
    assert covered == [], covered


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_outline_rises_with_the_selected_card_and_the_box_stays_clear(
    app: App, size: tuple[int, int]
) -> None:
    scene = open_lesson(app, "rummy500", size)
    assert scene.play(step_move(scene))  # drawn: the next step points at the 7♥ of the hand
    frame(app)
    before = scene.callout()
    assert before is not None
    assert before.place is not None
    slots = scene.geometry().zones[("hand", scene.viewer)]
    i = next(k for k, (_c, r) in enumerate(slots) if r == before.place)
    scene.hand.selected.add(i)
    frame(app)
    after = scene.callout()
    assert after is not None
    assert after.place == before.place.move(0, -SELECTED_LIFT)  # round the card as drawn
    assert not after.box.colliderect(after.place)
    assert after.box == before.box  # the box does not jump when the card is picked


def test_the_callout_is_searched_once_until_the_table_or_the_step_changes(app: App) -> None:
    scene = open_lesson(app, "rummy500", (960, 600))
    first = scene.callout()
    assert first is not None
    assert scene.callout() is first  # asked twice a frame: one search
    assert scene.play(step_move(scene))
    frame(app)
    moved = scene.callout()
    assert moved is not None
    assert moved is not first
    assert moved.head != first.head  # the next step's
    app.resize((1920, 1080))
    frame(app)
    wider = scene.callout()
    assert wider is not moved
    assert wider is not None
    assert wider.head == moved.head
