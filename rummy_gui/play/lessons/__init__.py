"""Lessons: one game taught at the table on a prepared deal (issue 51).

A lesson is data: a layout (`Game.from_layout`) and steps. Each step says
one thing (a catalog text whose rules numbers come from the engine, see
words.py), names the move it wants — an exact move, or any
move of one kind — and what the table should point at; the other seats'
moves between the player's steps are written out too, so a lesson plays the
same every time. A step after the end of a deal waits, as any game does, for
the next deal to be started (`deal`, by the seat in turn: the table's "Next
deal"); Liverpool's lesson goes on so to the cut. `LessonRun` judges the
player's moves: the wanted move plays on; another legal move is answered
with why the lesson wants the other (the game unchanged); an illegal move
with the engine's own reason.

One module a game, each holding `LESSON`; `lesson(preset)` finds it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from rummy_gui.engine import Action, Game, IllegalMove, Move
from rummy_gui.i18n import reason
from rummy_gui.play.lessons.words import Text, facts, say

# The games with a lesson, in menu order (a module of this package each).
GAMES = ("rummy500", "rummy500-classic", "persian", "pinochle", "contract", "liverpool", "shanghai")


@dataclass(frozen=True)
class Step:
    """One moment of a lesson: what the table says, the move it waits for
    (`move`, exact text, or `kind`, any move of that action), what to point
    at ("stock", "discard", "hand", "melds", a card such as "7H", or ""),
    why another legal move is not the one (`why`), the other seats' moves
    that follow (exact texts), and the cards whose points the texts name
    (`scored`, their {points})."""

    say: Text
    move: str = ""
    kind: str = ""
    point: str = ""
    why: Text = ""
    then: tuple[str, ...] = ()
    scored: str = ""


@dataclass(frozen=True)
class Lesson:
    preset: str
    title: str
    hands: tuple[str, ...]
    stock: str
    discard: str
    steps: tuple[Step, ...]
    end: Text = ""  # said at the end: {mine}, {theirs} the last deal's scores, {total} yours
    turn: int = 0
    round: int = 1
    options: dict[str, Any] = field(default_factory=dict)
    opening: tuple[str, ...] = ()  # the other seats' moves before the first step (exact texts)
    # The `Rules` values the words take for granted where they say a rule
    # without a number ("lay-offs wait for a later turn"); the tests hold the
    # engine to them, so a preset that changes one fails its lesson.
    assumes: dict[str, Any] = field(default_factory=dict)

    def game(self) -> Game:
        g = Game.from_layout(
            self.preset,
            list(self.hands),
            self.stock,
            self.discard,
            turn=self.turn,
            round=self.round,
            options=self.options or None,
        )
        for text in self.opening:
            g.play(text)
        return g


def lesson(preset: str) -> Lesson:
    """The lesson of a game; ValueError naming the games that have one."""
    if preset not in GAMES:
        raise ValueError(f"no lesson for {preset!r} (lessons: {', '.join(GAMES)})")
    found: Lesson = importlib.import_module(f"{__name__}.{preset.replace('-', '_')}").LESSON
    return found


def same_move(a: Move, b: Move) -> bool:
    """The same move, whatever the order its cards are named in (the table
    sends the engine's order, "meld 7D 7H 7S", a lesson may say "meld 7H 7S 7D")."""

    def shape(m: Move) -> tuple[object, ...]:
        groups = sorted(sorted(str(t) for t in g) for g in m.groups)
        return (m.action, m.seat, sorted(str(t) for t in m.cards), m.number, groups, m.call)

    kinds_agree = a.kind is None or b.kind is None or a.kind == b.kind
    return kinds_agree and shape(a) == shape(b)


@dataclass(frozen=True)
class Verdict:
    """The table's answer to a move: played or not, and what to say."""

    played: bool
    text: str


class LessonRun:
    """A lesson being played: the game, the step it is at, and the judge."""

    SEAT = 0  # the learner

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.game = lesson.game()
        self.index = 0

    @property
    def step(self) -> Step | None:
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    def text(self) -> str:
        """What the table says now, in the player's language."""
        step = self.step
        if step is not None:
            return say(step.say, facts(self.lesson, scored=step.scored))
        scores = self.game.deal_scores or []
        mine = scores[self.SEAT] if scores else 0
        theirs = max((v for i, v in enumerate(scores) if i != self.SEAT), default=0)
        total = self.game.totals[self.SEAT]
        end = self.lesson.end
        values = {**facts(self.lesson), "mine": mine, "theirs": theirs, "total": total}
        return say(end, values) if end else ""

    def why(self) -> str:
        """Why the step wants its move and not another, in the player's language."""
        step = self.step
        return say(step.why, facts(self.lesson, scored=step.scored)) if step is not None else ""

    def wanted(self, move: Move) -> bool:
        step = self.step
        if step is None:
            return False
        if step.move:
            return same_move(move, Move.parse(step.move))
        return move.action == Action(step.kind)

    def try_move(self, move: Move) -> Verdict:
        """Judge and, when it is the step's move, play `move` and the other
        seats' moves after it. The game is unchanged otherwise."""
        step = self.step
        if step is None:
            return Verdict(False, self.text())
        if not self.wanted(move):
            if move not in self.game.legal_moves:
                try:
                    self.game.copy().play(move)  # on a copy: only the engine's reason is wanted
                except IllegalMove as refused:
                    return Verdict(False, reason(refused))
            return Verdict(False, self.why())
        self.game.play(move)  # the lesson's own moves are legal (tests/play/test_lessons.py)
        for text in step.then:
            self.game.play(text)
        self.index += 1
        return Verdict(True, self.text())
