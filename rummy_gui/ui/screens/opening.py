"""Opening a saved game without freezing the window: the work runs on a
thread of its own (`rummy_gui.play.opening`); a game that opens quickly
shows no overlay at all, a long one an "Opening… 45 %" panel with Cancel
(Escape too). A quit cancels it at once (`opening.cancel_all`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame

from rummy_gui.i18n import _
from rummy_gui.play import openguard
from rummy_gui.play.opening import Cancelled, Opening
from rummy_gui.play.session import Session
from rummy_gui.ui.shell.intents import Back, Intent
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel
from rummy_gui.ui.widgets.dialogs import Overlay
from rummy_gui.ui.widgets.uiscale import px

T = TypeVar("T")


def close_opened(result: tuple[Session | None, str]) -> None:
    """An opened game nobody will see (cancelled too late): its guard note and its session go."""
    openguard.opened()
    if result[0] is not None:
        result[0].close()


GRACE = 0.5  # seconds an opening may take before the overlay shows (most take far less)
REDRAW = 0.1  # seconds between two frames of the overlay (its percentage moves)


def open_in_background(
    app: App,
    work: Callable[[], T],
    done: Callable[[T], None],
    discard: Callable[[T], None] | None = None,
) -> None:
    """Run `work` off the frame thread; `done(result)` on the frame thread once
    it is ready (at once if it is within GRACE). A cancel gives no `done`;
    `discard` closes a result that came too late to be wanted."""
    job = Opening(work, discard)
    if job.wait(GRACE):
        try:
            result = job.take()
        except Cancelled:
            return
        done(result)
        return
    app.push(OpeningScene(app, job, done))


class OpeningScene(Overlay):
    """The panel shown while a long saved game opens: its progress and Cancel."""

    def __init__(self, app: App, job: Opening[T], done: Callable[[T], None]) -> None:
        super().__init__(app)
        self.job = job
        self.done: Callable[[object], None] = done  # type: ignore[assignment]
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rw, rh = min(px(480), w - 40), min(px(180), h - 20)
        self.rect = pygame.Rect(w // 2 - rw // 2, h // 2 - rh // 2, rw, rh)
        bw, bh = px(140), px(44)
        spot = (self.rect.centerx - bw // 2, self.rect.bottom - bh - px(16), bw, bh)
        self.buttons = [Button(spot, _("Cancel"), self.cancel)]

    def cancel(self) -> None:
        self.job.cancel()
        if self.app.stack.top is self:
            self.app.pop()

    def exit(self) -> None:
        self.job.cancel()  # popped by another way than `update`: nothing wants the game

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.cancel()
            return
        super().handle(intent)

    def update(self, _dt: float) -> None:
        if not self.job.done or self.job.cancelled:
            return
        try:
            result = self.job.take()
        except Cancelled:
            result = None
        if self.app.stack.top is self:
            self.app.pop()
        if result is not None:
            self.done(result)

    def frame_wait(self) -> float:
        return 0.0 if self.job.done else REDRAW

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        draw_panel(surface, self.rect, alpha=255)
        title = fonts.text_cached(_("Opening the saved game…"), px(20), theme.GOLD, True)
        surface.blit(title, title.get_rect(midtop=(self.rect.centerx, self.rect.y + px(18))))
        bar = pygame.Rect(self.rect.x + 30, self.rect.y + px(56), self.rect.w - 60, px(24))
        draw_panel(surface, bar, alpha=160)
        fill = bar.inflate(-6, -6)
        fill.width = max(1, int(fill.width * self.job.progress))
        pygame.draw.rect(surface, theme.GOLD, fill, border_radius=6)
        label = _("{percent}%").format(percent=int(self.job.progress * 100))
        text = fonts.text_cached(label, px(15), theme.TEXT)
        surface.blit(text, text.get_rect(midtop=(bar.centerx, bar.bottom + 4)))
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)
