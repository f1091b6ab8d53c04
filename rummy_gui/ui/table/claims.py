"""The claim prompt: while a claim window is open and a human may answer,
a panel by the hand, where the other actions stand (its bottom right at the
action column's), with one button per answer the engine allows (Rummy!,
buy, Shanghai!, and Pass): side by side when they fit, else one under
another. The stock and the pile, with the card on offer, stay in view."""

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
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel, fit_text
from rummy_gui.ui.widgets.uiscale import px

PROMPT_W = 460  # the panel's widest, at a UI scale of 1
PAD = 12
BUTTON_H = 36
GAP = 8
TITLE_SIZE, LINE_SIZE, BUTTON_SIZE = 19, 15, 15


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
        answers = self.answers() if t.session.phase is Phase.CLAIM and t.my_turn() else []
        labels = [describe_claim(m, t.view) for m in answers]
        rects = self._button_rects(labels) if answers else []
        shown = t.answers.answer_buttons
        if answers == t.answers.answer_moves and [(b.label, b.rect) for b in shown] == list(
            zip(labels, rects, strict=True)
        ):
            return  # the same answers where they stood (another seat passed): a press still counts
        t.focus.first_answer()
        if answers:
            for m, label, rect in zip(answers, labels, rects, strict=True):
                buttons.append(
                    Button(
                        rect,
                        label,
                        partial(self.play, m),
                        primary=m.action is not Action.PASS,
                        size=px(BUTTON_SIZE),
                    )
                )
                moves.append(m)
        t.answers.offer(buttons, moves, self.rect() if buttons else None)

    def _width(self) -> int:
        lt = self.t.geometry().layout
        badge = lt.seats[self.t.viewer].badge
        return min(px(PROMPT_W), lt.actions.right - badge.right - px(10))

    def _head_h(self) -> int:
        """The title's and the line's height, with the padding above them."""
        title = fonts.font(px(TITLE_SIZE), True).get_linesize()
        return px(PAD) + title + fonts.font(px(LINE_SIZE)).get_linesize() + px(GAP)

    def _in_a_row(self, labels: list[str], width: int) -> list[int] | None:
        """The buttons' widths when they stand side by side in `width`, else None."""
        face = fonts.font(px(BUTTON_SIZE), True)
        widths = [max(px(90), face.size(label)[0] + px(28)) for label in labels]
        room = width - 2 * px(PAD) - px(GAP) * (len(labels) - 1)
        if sum(widths) > room:
            return None
        extra = (room - sum(widths)) // max(1, len(labels))  # share what is left
        return [w + extra for w in widths]

    def rect(self) -> Rect:
        """By the hand: the panel's bottom right at the action column's."""
        labels = [describe_claim(m, self.t.view) for m in self.answers()]
        w = self._width()
        rows = 1 if self._in_a_row(labels, w) is not None else max(1, len(labels))
        h = self._head_h() + rows * px(BUTTON_H) + (rows - 1) * px(GAP) + px(PAD)
        actions = self.t.geometry().layout.actions
        return Rect(actions.right - w, actions.bottom - h, w, h)

    def _button_rects(self, labels: list[str]) -> list[Rect]:
        rect = self.rect()
        x, y = rect.x + px(PAD), rect.y + self._head_h()
        row = self._in_a_row(labels, rect.w)
        out = []
        for k in range(len(labels)):
            if row is not None:
                out.append(Rect(x, y, row[k], px(BUTTON_H)))
                x += row[k] + px(GAP)
            else:
                out.append(Rect(x, y, rect.w - 2 * px(PAD), px(BUTTON_H)))
                y += px(BUTTON_H) + px(GAP)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        buttons = t.answers.answer_buttons
        if not buttons:
            return
        from rummy_gui.ui.table.draw_common import draw_focus_box

        rect = self.rect()
        title, line = claim_title(t)
        draw_panel(surface, rect, alpha=238)
        room = rect.w - 2 * px(PAD)
        y = rect.y + px(PAD)
        for text, size, colour, bold in (
            (title, TITLE_SIZE, theme.GOLD, True),
            (line, LINE_SIZE, theme.TEXT, False),
        ):
            img = fit_text(text, px(size), colour, room, bold)
            surface.blit(img, (rect.x + px(PAD), y))
            y += fonts.font(px(size), bold).get_linesize()
        for b in buttons:
            b.draw(surface, live=not t.covered)
        if t.focus.keyboard_used:
            draw_focus_box(surface, t, buttons[t.focus.answer % len(buttons)].rect)
