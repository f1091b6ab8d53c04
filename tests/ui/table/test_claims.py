"""The claim prompt (ui/table/claims): its answers stay the same buttons
while they stay the same answers, so a press on one still counts when the
table changed meanwhile (another seat answered the claim first)."""

from __future__ import annotations

from rummy_gui.engine import Move
from rummy_gui.engine.enums import Action
from rummy_gui.ui.shell.app import App
from tests.ui.table.test_claim_prompt_place import _offered
from tests.ui.ui_driver import frame, game_of, open_table, press, release


def test_a_press_on_an_answer_counts_though_the_table_changed_meanwhile(app: App) -> None:
    scene = open_table(app, _offered(10))
    frame(app)
    answers = list(scene.answers.answer_moves)
    passing = next(
        b
        for b, m in zip(scene.answers.answer_buttons, answers, strict=True)
        if m.action is Action.PASS
    )
    moves = len(game_of(scene).moves)
    press(app, passing.rect.center)
    scene.session.version += 1  # another seat's answer between the press and the release
    frame(app)
    assert scene.answers.answer_moves == answers
    release(app, passing.rect.center)
    assert [m for m in game_of(scene).moves[moves:] if m.seat == 0] == [Move(Action.PASS, 0)]
