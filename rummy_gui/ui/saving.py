"""Named saves: the Save as… prompt at the table and the Load screen.

The files, their format and their safety are `rummy_gui.saves`; this module
only asks for a name, lists the saves and opens one at the table."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from rummy_gui.ui import fonts, theme
from rummy_gui.ui.intents import Back, Intent, Key, PointerMove
from rummy_gui.ui.menus import WidgetScene
from rummy_gui.ui.overlays import Overlay
from rummy_gui.ui.widgets import Button, TextField, draw_panel

if TYPE_CHECKING:
    from rummy_gui.ui.app import App
    from rummy_gui.ui.session import Session


class SaveAsScene(Overlay):
    """A name, then Save: the game in progress goes to saves/NAME.json."""

    def __init__(self, app: App, session: Session, on_done: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.on_done = on_done
        self.error = ""
        self.field = TextField((0, 0, 10, 10), f"{session.preset} round {session.game.round}", max_len=40)
        self.field.focused = True

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(w // 2 - 260, h // 2 - 110, 520, 220)
        self.field.rect = pygame.Rect(self.rect.x + 24, self.rect.y + 64, self.rect.w - 48, 42)
        self.buttons = [
            Button((self.rect.right - 160, self.rect.bottom - 62, 136, 44), "Save", self._save, primary=True),
            Button((self.rect.right - 310, self.rect.bottom - 62, 136, 44), "Cancel", self.app.pop),
        ]

    def _save(self) -> None:
        try:
            from rummy_gui import saves

            path = saves.save_path(self.field.text)
            saves.write(path, self.session.game, self.session.seats)
        except Exception as e:  # a bad name, a read-only folder: say so and stay
            self.error = str(e)
            return
        self.app.pop()
        if self.on_done is not None:
            self.on_done(f"Saved as “{self.field.text.strip()}”.")

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.app.pop()
            return
        if isinstance(intent, Key) and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._save()
            return
        if self.field.handle(intent) and not isinstance(intent, PointerMove):
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        draw_panel(surface, self.rect, alpha=245)
        surface.blit(fonts.text_cached("Save the game as…", 20, theme.GOLD, True), (self.rect.x + 24, self.rect.y + 20))
        self.field.draw(surface)
        if self.error:
            for i, line in enumerate(fonts.wrap(self.error, 14, self.rect.w - 48)[:2]):
                surface.blit(fonts.text_cached(line, 14, theme.ERROR), (self.rect.x + 24, self.rect.y + 112 + i * 18))
        for b in self.buttons:
            b.draw(surface)


class LoadScene(WidgetScene):
    """The named saves, newest first; a click opens one at the table."""

    title = "Load a game"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.error = ""
        try:
            from rummy_gui import saves

            self.saves: list[Any] = list(saves.list_saves())
        except Exception as e:
            self.saves = []
            self.error = str(e)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw = min(760, w - 80)
        rows = max(1, (h - 220) // 52)
        self.widgets = []
        for i, summary in enumerate(self.saves[:rows]):
            label = summary.name
            if summary.error:
                label += f" — can't be loaded: {summary.error}"
            else:
                label += f" — {summary.preset_name}, round {summary.round}, {', '.join(summary.names)}"
            self.widgets.append(Button((w // 2 - bw // 2, 96 + i * 52, bw, 44), label, partial(self._open, summary),
                                       enabled=not summary.error, size=15))
        self.widgets.append(Button((w // 2 - 110, h - 80, 220, 50), "Back", self.app.pop))

    def _open(self, summary: Any) -> None:
        from rummy_gui import saves
        from rummy_gui.ui.menus import MainMenu
        from rummy_gui.ui.session import SeatConfig, Session
        from rummy_gui.ui.table import TableScene

        try:
            saved = saves.read_with_fallback(summary.path)
        except Exception as e:
            self.error = str(e)
            return
        game = saved.game
        session = Session(game.preset, [SeatConfig(s.name, s.kind) for s in saved.seats],
                          dict(game.rules.options()), game=game, autosave_enabled=True)
        old = self.app.session
        close = getattr(old, "close", None)
        if close is not None:
            close()
        self.app.session = session
        self.app.pop_to(MainMenu)
        self.app.push(TableScene(self.app, session))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        if not self.saves:
            img = fonts.text_cached("No saved games yet: use Save as… at the table.", 18, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=(w // 2, h // 2)))
        if self.error:
            img = fonts.text_cached(self.error[:120], 15, theme.ERROR)
            surface.blit(img, img.get_rect(midbottom=(w // 2, h - 96)))
