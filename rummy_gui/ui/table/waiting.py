"""The table waits for a game played elsewhere: the host is slow, gone or
closing (`TableSession.waiting` says which, in words). The table is dimmed
under a panel that says so, and the frame loop goes on (the client tries
to reach the host again by itself, with the seat's token). The player may
leave the table; the panel goes once the host answers."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rummy_gui.i18n import _
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.shell.intents import Back, Intent
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel
from rummy_gui.ui.widgets.dialogs import Overlay
from rummy_gui.ui.widgets.uiscale import px

LOOK_AGAIN = 0.1  # seconds between looks at the host while waiting


def watch(app: App, session: TableSession, let_go: Callable[[], None]) -> None:
    """Put the waiting panel over the table when its session waits (`let_go`:
    drop what the pointer holds)."""
    if session.waiting is None or any(
        isinstance(s, WaitingScene) and s.session is session for s in app.stack.scenes
    ):
        return
    let_go()
    app.push(WaitingScene(app, session))


class WaitingScene(Overlay):
    """ "Waiting for the host…" over the dimmed table, with a way out."""

    def __init__(self, app: App, session: TableSession) -> None:
        super().__init__(app)
        self.session = session
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rw, rh = min(px(620), w - 40), px(180)
        self.rect = pygame.Rect(w // 2 - rw // 2, h // 2 - rh // 2, rw, rh)
        bw, bh = px(220), px(46)
        self.buttons = [
            Button(
                (self.rect.centerx - bw // 2, self.rect.bottom - bh - px(18), bw, bh),
                _("Leave the table"),
                self._leave,
            )
        ]

    def _leave(self) -> None:
        """The game is left for good: the connection closes (the host keeps the seat a while)."""
        self.session.close()
        if self.app.session is self.session:
            self.app.session = None
        self.app.rooms.main_menu()

    def frame_wait(self) -> float:
        return LOOK_AGAIN

    def update(self, dt: float) -> None:  # noqa: ARG002
        if self.session.waiting is None and self.app.stack.top is self:
            self.app.pop()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):  # to the menu; Continue comes back to the table
            self.app.rooms.main_menu()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        draw_panel(surface, self.rect, alpha=255)
        text = self.session.waiting or ""
        lines = fonts.wrap(text, px(20), self.rect.w - px(48), True)[:3]
        y = self.rect.y + px(22)
        for line in lines:
            img = fonts.text_cached(line, px(20), theme.GOLD, True)
            surface.blit(img, img.get_rect(midtop=(self.rect.centerx, y)))
            y += px(28)
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)
