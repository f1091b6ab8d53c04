"""A lesson at the table: a `Session` over the lesson's prepared deal whose
learner's moves are judged by the lesson (`lessons.LessonRun`).

The table sends the learner's moves to `play` as in any game. The step's
move is played; another move is refused with `LessonAnswer` (why the lesson
wants the other, or the engine's reason for an illegal one), the game
unchanged, so the table shows it as it shows any refusal. The other seats
play the lesson's scripted moves (`Step.then`) through `poll_bot`, at the
bots' pace; with no script left, the seats' bots decide as in a game,
except while the learner is to act on a step (a claim window open to
several seats: the step is the learner's to answer first). The learner is
asked about every claim (none is passed for them by the setting "ask about
claims"), and the coach keeps silent. A lesson is never saved (no
autosave, no save) and never counted in the statistics, and nothing of it
can be taken back (the steps would lose their place).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_gui.engine import Move
from rummy_gui.hints import Hint
from rummy_gui.levels import DEFAULT_LEVEL
from rummy_gui.play.lessons import Lesson, LessonRun
from rummy_gui.play.narrate import advise
from rummy_gui.play.session import SeatConfig, Session


class LessonAnswer(ValueError):
    """A move the lesson does not take, and why (the game is unchanged)."""


class LessonSession(Session):
    coach_allowed = False  # the lesson teaches: the coach keeps silent
    claims_asked: str | None = (
        "always"  # the lesson asks for its claims: none is passed for the learner
    )

    def __init__(self, lesson: Lesson, names: Sequence[str], *, threaded: bool = True) -> None:
        self.run = LessonRun(lesson)
        game = self.run.game
        seats = [
            SeatConfig(names[s], "human" if s == LessonRun.SEAT else DEFAULT_LEVEL)
            for s in range(game.players)
        ]
        super().__init__(
            lesson.preset,
            seats,
            dict(lesson.options),
            game=game,
            threaded=threaded,
            bot_process=False,  # the script plays for the bots: no process to start
            autosave_enabled=False,
        )
        self.script: list[Move] = []  # the other seats' moves the lesson has written out
        self.answer = ""  # the last answer to a move the lesson did not take

    @property
    def lesson(self) -> Lesson:
        return self.run.lesson

    @property
    def over(self) -> bool:
        """Every step played and every scripted move after them."""
        return self.run.done and not self.script

    def step_meld(self) -> int | None:
        """The meld the step's move plays to (a lay-off's), for the table to point at."""
        step = self.run.step
        return Move.parse(step.move).meld_id if step is not None and step.move else None

    def step_move(self) -> Move | None:
        """The exact move the step wants (None: any move of a kind, or no step left)."""
        step = self.run.step
        return Move.parse(step.move) if step is not None and step.move else None

    def step_hint(self) -> Hint | None:
        """The step's exact move as a hint, in the hint's words (None: the step
        wants any move of a kind, or no step is left)."""
        move = self.step_move()
        return None if move is None else Hint((move,), advise([move], self.game))

    def text(self) -> str:
        """What the lesson says now (the step's words, or its end)."""
        return self.run.text()

    def play(self, seat: int, move: Move) -> None:
        """The learner's move is judged first (`LessonAnswer` if it is not the
        step's); the others' moves are played as in any game."""
        if seat != LessonRun.SEAT or self.run.done:
            super().play(seat, move)
            return
        step = self.run.step
        mine = move.with_seat(seat)
        if step is None or not self.run.wanted(mine):
            verdict = self.run.try_move(mine)  # not the step's move: judged, never played
            self.answer = verdict.text
            raise LessonAnswer(verdict.text)
        super().play(seat, move)
        self.run.index += 1
        self.answer = ""
        self.script.extend(Move.parse(text) for text in step.then)

    def poll_bot(self) -> tuple[int, Move] | None:
        """The next scripted move when its seat is to act; with none left, the bots'."""
        if self.script:
            move = self.script[0]
            if move.seat is None or move.seat not in self.game.to_act:
                return None  # the learner acts first (a claim to answer)
            self.script.pop(0)
            return move.seat, move
        if not self.run.done and LessonRun.SEAT in self.game.to_act:
            return None  # a bot's claim would race the learner's step (a Rummy! call)
        return super().poll_bot()

    def undo_owner(self) -> int | None:
        return None  # a lesson is played forward only

    def autosave(self) -> None:
        """Never: a lesson is not a game to continue or to count."""
