"""Named saves: the Save as… prompt at the table and the Load screen.

The files, their format and their safety are `rummy_gui.saves`; this module
only asks for a name, lists the saves and opens one at the table."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from rummy_gui.i18n import N_, _
from rummy_gui.ui import catalog, fonts, theme
from rummy_gui.ui.intents import Back, Intent, Key, PointerMove
from rummy_gui.ui.menus import WidgetScene, explain
from rummy_gui.ui.overlays import Overlay
from rummy_gui.ui.widgets import Button, TextField, draw_panel, fit_text

if TYPE_CHECKING:
    from rummy_gui.ui.app import App
    from rummy_gui.ui.session import Session

# What went wrong with a save file, by `rummy_gui.saves.SaveError.kind`: the
# player's language gets these, English the error's own exact sentence.
PROBLEMS = {
    "missing": N_("The file is not there any more."),
    "damaged": N_("The file is damaged."),
    "not_a_save": N_("The file is not a rummy-gui save."),
    "newer_version": N_("The game was saved by a newer rummy-gui."),
    "invalid": N_("The save holds something it should not."),
    "tampered": N_("The saved game does not add up: it was changed outside the game."),
    "saving_off": N_("Saving is off: the folder is read-only or the disk is full."),
    "bad_name": N_("Choose another name: not empty, none of < > : \" / \\ | ? *, "
                   "not starting or ending with a dot."),
    "io": N_("The file could not be read or written."),
}


def problem(e: Exception) -> str:
    """An error of the saves module in the player's language."""
    return explain(str(e), PROBLEMS.get(str(getattr(e, "kind", "")), N_("Something went wrong with the file.")))


class SaveAsScene(Overlay):
    """A name, then Save: the game in progress goes to saves/NAME.json."""

    def __init__(self, app: App, session: Session, on_done: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.on_done = on_done
        self.error = ""
        name = _("{game}, round {round}").format(game=catalog.preset_name(session.preset), round=session.game.round)
        self.field = TextField((0, 0, 10, 10), name, max_len=40)
        self.field.focused = True

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(w // 2 - 260, h // 2 - 110, 520, 220)
        self.field.rect = pygame.Rect(self.rect.x + 24, self.rect.y + 64, self.rect.w - 48, 42)
        self.buttons = [
            Button((self.rect.right - 160, self.rect.bottom - 62, 136, 44), _("Save"), self._save, primary=True),
            Button((self.rect.right - 310, self.rect.bottom - 62, 136, 44), _("Cancel"), self.app.pop),
        ]

    def _save(self) -> None:
        try:
            from rummy_gui import saves

            path = saves.save_path(self.field.text)
            saves.write(path, self.session.game, self.session.seats)
        except Exception as e:  # a bad name, a read-only folder: say so and stay
            self.error = problem(e)
            return
        self.app.pop()
        if self.on_done is not None:
            self.on_done(_("Saved as “{name}”.").format(name=self.field.text.strip()))

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
        surface.blit(fit_text(_("Save the game as…"), 20, theme.GOLD, self.rect.w - 48, True),
                     (self.rect.x + 24, self.rect.y + 20))
        self.field.draw(surface)
        if self.error:
            for i, line in enumerate(fonts.wrap(self.error, 14, self.rect.w - 48)[:2]):
                surface.blit(fonts.text_cached(line, 14, theme.ERROR), (self.rect.x + 24, self.rect.y + 112 + i * 18))
        for b in self.buttons:
            b.draw(surface)


class LoadScene(WidgetScene):
    """The named saves, newest first; a click opens one at the table."""

    title = N_("Load a game")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.error = ""
        try:
            from rummy_gui import saves

            self.saves: list[Any] = list(saves.list_saves())
        except Exception as e:
            self.saves = []
            self.error = problem(e)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw = min(760, w - 80)
        rows = max(1, (h - 220) // 52)
        self.widgets = []
        for i, summary in enumerate(self.saves[:rows]):
            if summary.error:
                label = _("{name} — can't be loaded: {reason}").format(
                    name=summary.name, reason=explain(summary.error, N_("the file is damaged or not a save")))
            else:
                label = _("{name} — {game}, round {round}, {players}").format(
                    name=summary.name, game=catalog.preset_name(summary.preset), round=summary.round,
                    players=", ".join(summary.names))
            self.widgets.append(Button((w // 2 - bw // 2, 96 + i * 52, bw, 44), label, partial(self._open, summary),
                                       enabled=not summary.error, size=15))
        self.widgets.append(Button((w // 2 - 110, h - 80, 220, 50), _("Back"), self.app.pop))

    def _open(self, summary: Any) -> None:
        from rummy_gui import saves
        from rummy_gui.ui.menus import MainMenu
        from rummy_gui.ui.session import SeatConfig, Session
        from rummy_gui.ui.table import TableScene

        try:
            saved = saves.read_with_fallback(summary.path)
        except Exception as e:
            self.error = problem(e)
            return
        game = saved.game
        session = Session(game.preset, [SeatConfig(s.name, s.kind, s.colour) for s in saved.seats],
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
            img = fit_text(_("No saved games yet: use Save as… at the table."), 18, theme.TEXT_DIM, w - 40)
            surface.blit(img, img.get_rect(center=(w // 2, h // 2)))
        if self.error:
            img = fit_text(self.error[:160], 15, theme.ERROR, w - 40)
            surface.blit(img, img.get_rect(midbottom=(w // 2, h - 96)))
