"""The table in lesson mode: a `TableScene` over a `LessonSession`.

The player plays by mouse or keys as in any game; the session judges each
move (a move the lesson does not want is refused with the reason, shown
where the player acted, as any refusal is). The step's words stand in a
callout beside what the step points at (lesson_callout). When the last step
is played the lesson's end screen comes (lesson_end) instead of the deal
summary. The Hint button gives the step's move (`LessonHints`), not the
bots' advice, and the coach keeps silent. Nothing of a lesson is saved or
counted.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from rummy_gui.hints import Hint
from rummy_gui.i18n import _
from rummy_gui.play.lesson_session import LessonSession
from rummy_gui.play.lessons import lesson as find_lesson
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.table import draw_overlays
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.table.hint_steps import HintSteps
from rummy_gui.ui.table.lesson_callout import Callout, callout, draw_callout, step_head
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets import theme


def lesson_session(preset: str) -> LessonSession:
    """A lesson's session, the seats named as a new game names them (ValueError:
    no lesson for that game)."""
    from rummy_gui.ui.screens.new_game import seat_name

    found = find_lesson(preset)
    players = len(found.hands)
    return LessonSession(found, [seat_name(s) for s in range(players)])


class LessonHints(HintSteps):
    """The hint at a lesson: the move the step wants, in the hint's words
    and with its cards lifted; a step that takes any move of a kind (the
    cut) is hinted with the lesson's own words for it."""

    def __init__(self, t: LessonTable) -> None:
        super().__init__(t)
        self.lesson = t.lesson

    def ask(self) -> None:
        step = self.lesson.run.step
        if step is not None and not step.move and self.t.my_turn():
            self.t.message_at(self.lesson.run.why())
            return
        super().ask()

    def _advice(self) -> Hint | None:
        return self.lesson.step_hint()


class LessonTable(TableScene):
    def __init__(self, app: App, session: LessonSession) -> None:
        super().__init__(app, session)
        self.lesson = session
        self.ended = False  # the end screen was shown
        self.hints = self.moves.hints = LessonHints(self)
        # the last callout, with the geometry and the inputs it was made for
        self._callout: tuple[Geometry, tuple[object, ...], Callout] | None = None

    def exit(self) -> None:
        self.lesson.close()  # the lesson is not the game in progress: it goes with its table

    def save_as(self) -> None:
        self.message(_("A lesson is not saved: open it again from Learn to play."), theme.GOLD)

    def callout(self, geo: Geometry | None = None) -> Callout | None:
        """The step's callout (None once the lesson is over)."""
        run = self.lesson.run
        step = run.step
        if step is None:
            return None
        head = step_head(run.index, len(run.lesson.steps))
        meld = self.lesson.step_meld()
        # a step that takes any move of a kind (the cut) needs what one of them needs
        move = self.lesson.step_move() or next((m for m in self.legal() if run.wanted(m)), None)
        geo = geo or self.geometry()
        text = run.text()
        answers = tuple(self.answers.panel) if self.answers.answer_buttons else None
        key = (head, text, step.point, meld, move, frozenset(self.hand.selected), answers)
        # asked twice a frame (the parts drawn over, then the drawing): the box search once
        if self._callout is not None and self._callout[0] is geo and self._callout[1] == key:
            return self._callout[2]
        made = callout(self, geo, head, text, step.point, meld, move)
        self._callout = (geo, key, made)
        return made

    def over_parts(self, geo: Geometry) -> list[tuple[Rect, object]]:
        c = None if self.motion.flights else self.callout(geo)
        return [] if c is None else [(c.region.inflate(8, 8), (c.head, c.lines, tuple(c.box)))]

    def _deal_screens(self) -> bool:
        """The lesson's end screen when its steps are played, not the deal summary."""
        if not self.lesson.over:
            return super()._deal_screens()
        if not self.ended:
            from rummy_gui.ui.table.lesson_end import LessonEndScene

            self.ended = True
            self.app.push(LessonEndScene(self.app, self))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.motion.flights:
            return  # the cards land first: the words point at where they lie
        geo = self.geometry()
        c = self.callout(geo)
        if c is None:
            return
        draw_callout(surface, c)
        boxes = [box for _img, box, _alpha in draw_overlays.message_boxes(self, geo)]
        if any(box.colliderect(c.region) for box in boxes):
            draw_overlays.draw_messages(surface, self, geo)  # a refusal reads over the callout
