"""The claim prompt: while a claim window is open and a human may answer,
a panel over the discard pile with one button per answer the engine allows
(Rummy!, buy, Shanghai!, and Pass)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame
from pygame import Rect

from rummy_gui.engine import Move
from rummy_gui.engine.enums import Action, Phase
from rummy_gui.ui.table.drops import describe_claim
from rummy_gui.ui.table.state import TableState
from rummy_gui.ui.table.texts import claim_title
from rummy_gui.ui.widgets.controls import Button

PROMPT_W = 460
PROMPT_MIN_W = 400  # narrower, the longest answers' labels would not fit


class ClaimPrompt:
    def __init__(self, t: TableState, play: Callable[[Move], bool]) -> None:
        self.t = t
        self.play = play
        self._version = -1

    def refresh(self) -> None:
        """Ask again at the next update (the layout or who looks changed)."""
        self._version = -1

    def answers(self) -> list[Move]:
        """The viewer's legal moves in a claim window: each is an answer to it."""
        return self.t.legal() if self.t.session.phase is Phase.CLAIM else []

    def update(self) -> None:
        """The buttons for what the human may claim now, with Pass (none: no claim of theirs)."""
        t = self.t
        if self._version == t.session.version:
            return
        self._version = t.session.version
        buttons: list[Button] = []
        moves: list[Move] = []
        t.focus.first_answer()
        if t.session.phase is Phase.CLAIM and t.my_turn():
            rect = self.rect()
            y = rect.y + 84
            for m in self.answers():
                buttons.append(
                    Button(
                        (rect.x + 18, y, rect.w - 36, 38),
                        describe_claim(m, t.view),
                        partial(self.play, m),
                        primary=m.action is not Action.PASS,
                        size=15,
                    )
                )
                moves.append(m)
                y += 44
        t.answers.offer(buttons, moves)

    def rect(self) -> Rect:
        """Over the middle of the table, beside the card on offer (the pile's top
        card, which the player decides on) where there is room, else centred."""
        geo = self.t.geometry()
        d, table = geo.layout.discard, geo.layout.table
        h = 96 + 44 * len(self.answers())
        box = Rect(d.centerx - PROMPT_W // 2, max(50, d.centery - h // 2), PROMPT_W, h)
        fan = geo.zones[("discard",)]
        if fan:
            top = fan[-1][1]
            room_right = table.right - 8 - (top.right + 16)
            if room_right >= PROMPT_MIN_W:
                return Rect(top.right + 16, box.y, min(PROMPT_W, room_right), h)
            room_left = top.left - 16 - (table.left + 8)
            if room_left >= PROMPT_MIN_W:
                w = min(PROMPT_W, room_left)
                return Rect(top.left - 16 - w, box.y, w, h)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        buttons = t.answers.answer_buttons
        if not buttons:
            return
        from rummy_gui.ui.table.draw_common import draw_focus_box, draw_prompt

        title, line = claim_title(t)
        draw_prompt(surface, self.rect(), title, [line])
        for b in buttons:
            b.draw(surface, live=not t.covered)
        if t.focus.keyboard_used:
            draw_focus_box(surface, t, buttons[t.focus.answer % len(buttons)].rect)
