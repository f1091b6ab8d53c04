"""Named saves: the Save as… prompt at the table and the Load screen.

The files, their format and their safety are `rummy_gui.play.saves`; this module
only asks for a name, lists the saves and opens one at the table."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from rummy_gui.i18n import N_, _
from rummy_gui.play.problems import explain, problem
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerMove
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, TextField, draw_panel, fit_text
from rummy_gui.ui.widgets.dialogs import Overlay, WidgetScene
from rummy_gui.ui.widgets.uiscale import px

if TYPE_CHECKING:
    from rummy_gui.play.table_session import TableSession


def deal_words(preset: str, n: int) -> str:
    """ "Rummy 500, deal 2" (a contract game: "round 2"), counted as the table's title counts."""
    game = catalog.preset_name(preset)
    try:
        contract = catalog.preset(preset).contract
    except KeyError:  # a preset this version does not know: its save says so elsewhere
        contract = False
    if contract:
        return _("{game}, round {n}").format(game=game, n=n)
    return _("{game}, deal {n}").format(game=game, n=n)


class SaveAsScene(Overlay):
    """A name, then Save: the game in progress goes to saves/NAME.json."""

    dims = True

    def __init__(self, app: App, session: TableSession, on_done: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.on_done = on_done
        self.error = ""
        name = deal_words(session.preset, session.round)
        self.field = TextField((0, 0, 10, 10), name, max_len=40)
        self.field.focused = True

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        pw, ph = min(px(520), w - 40), min(px(220), h - 40)
        self.rect = r = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        self.field.rect = pygame.Rect(r.x + px(24), r.y + px(64), r.w - px(48), px(42))
        bw, bh, y = px(136), px(44), r.bottom - px(62)
        self.buttons = [
            Button((r.right - px(24) - bw, y, bw, bh), _("Save"), self._save, primary=True),
            Button((r.right - px(40) - 2 * bw, y, bw, bh), _("Cancel"), self.app.pop),
        ]

    def _save(self) -> None:
        from rummy_gui.play import savelist, saves

        try:
            path = savelist.save_path(self.field.text)
            self.session.save_as(path)
        except saves.SaveError as e:  # a bad name, a read-only folder: say so and stay
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
        draw_panel(surface, self.rect, alpha=255)
        surface.blit(
            fit_text(_("Save the game as…"), px(20), theme.GOLD, self.rect.w - px(48), True),
            (self.rect.x + px(24), self.rect.y + px(20)),
        )
        self.field.draw(surface, live=not self.covered)
        if self.error:
            for i, line in enumerate(fonts.wrap(self.error, px(14), self.rect.w - px(48))[:2]):
                surface.blit(
                    fonts.text_cached(line, px(14), theme.ERROR),
                    (self.rect.x + px(24), self.rect.y + px(112) + i * px(18)),
                )
        for b in self.buttons:
            b.draw(surface, live=not self.covered)


class SaveRow(Button):
    """A save on the Load screen: a button (labelled with the save's name) that
    shows two lines, the game and date, then the players and scores."""

    def __init__(
        self, rect: pygame.Rect, summary: Any, lines: tuple[str, str], on_click: Any
    ) -> None:
        super().__init__(rect, summary.name, on_click, enabled=not summary.error)
        self.summary = summary
        self.lines = lines

    def state(self, live: bool = True) -> tuple[object, ...]:
        return (*super().state(live), self.lines, bool(self.summary.error))

    def draw(self, surface: pygame.Surface, live: bool = True) -> None:
        label, self.label = self.label, ""
        super().draw(surface, live)
        self.label = label
        r = self.rect
        colour = theme.ERROR if self.summary.error else theme.TEXT
        first = fit_text(self.lines[0], px(16), colour, r.w - 24, True)
        surface.blit(first, (r.x + 12, r.y + px(5)))
        dim = colour if self.summary.error else theme.TEXT_DIM
        surface.blit(fit_text(self.lines[1], px(14), dim, r.w - 24), (r.x + 12, r.y + px(28)))


class LoadScene(WidgetScene):
    """The named saves, newest first: each with its game, players, round,
    scores and date; a click opens one at the table, Delete asks first."""

    title = N_("Load a game")
    ROW_H = 58

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.error = ""
        self.saves: list[Any] = []
        self.rows: list[tuple[pygame.Rect, Any]] = []
        self.refresh()

    def refresh(self) -> None:
        from rummy_gui.play import openguard, savelist

        moved = openguard.interrupted_opening()
        if moved is not None:
            from rummy_gui.play.resume import stopped_opening

            self.error = stopped_opening(moved)
        self.saves = list(savelist.list_saves())

    @staticmethod
    def row_lines(summary: Any) -> tuple[str, str]:
        """A save's two lines: name, game, round and date; then players and scores
        (a damaged save: its name and why it can't be loaded)."""
        date = summary.date.astimezone().strftime("%Y-%m-%d %H:%M")
        if summary.error:
            head = _("{name} — can't be loaded").format(name=summary.name)
            return f"{head} · {date}", explain(
                summary.error, N_("the file is damaged or not a save")
            )
        head = _("{name} — {game}").format(
            name=summary.name,
            game=deal_words(summary.preset, summary.round),
        )
        if summary.game_over:
            head += " · " + _("game over")
        names, scores = list(summary.names), list(summary.scores)
        if len(scores) == len(names):
            players = ", ".join(f"{n} {sc}" for n, sc in zip(names, scores, strict=True))
        else:  # teams: one score per side
            players = _("{players}; scores {scores}").format(
                players=", ".join(names), scores=" – ".join(str(sc) for sc in scores)
            )
        return f"{head} · {date}", _("{n} players: {players}").format(
            n=summary.players, players=players
        )

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw = min(px(860), w - 80)
        row_h, delete_w = px(self.ROW_H), px(118)
        rows = max(1, (h - px(220)) // row_h)
        x = w // 2 - bw // 2
        self.widgets = []
        self.rows = []
        for i, summary in enumerate(self.saves[:rows]):
            y = px(90) + i * row_h
            row = pygame.Rect(x, y, bw - delete_w - 10, row_h - 8)
            self.rows.append((row, summary))
            self.widgets.append(
                SaveRow(row, summary, self.row_lines(summary), partial(self._open, summary))
            )
            self.widgets.append(
                Button(
                    (x + bw - delete_w, y + 4, delete_w, row_h - 16),
                    _("Delete"),
                    partial(self._ask_delete, summary),
                    size=px(15),
                )
            )
        back = (w // 2 - px(110), h - px(80), px(220), px(50))
        self.widgets.append(Button(back, _("Back"), self.app.pop))

    def _ask_delete(self, summary: Any) -> None:
        from rummy_gui.ui.widgets.dialogs import ConfirmScene

        question = _("Delete “{name}”?").format(name=summary.name)
        self.app.push(ConfirmScene(self.app, question, partial(self._delete, summary)))

    def _delete(self, summary: Any) -> None:
        from rummy_gui.play import savelist, saves

        self.error = ""
        try:
            savelist.delete_save_file(
                summary.path
            )  # exactly the row's file: "keep .json" is not "keep.json"
        except saves.SaveError as e:  # already gone, or the folder is read-only: say so
            self.error = problem(e)
        self.refresh()
        self.layout(self.app.size)

    def _open(self, summary: Any) -> None:
        from rummy_gui.play.resume import open_save
        from rummy_gui.ui.screens.opening import close_opened, open_in_background

        open_in_background(self.app, partial(open_save, summary.path), self._opened, close_opened)

    def _opened(self, result: tuple[TableSession | None, str]) -> None:
        session, self.error = result
        if session is None:
            return
        if self.app.session is not None:
            self.app.session.close()
        self.app.session = session
        self.app.rooms.main_menu()
        self.app.rooms.table(session)

    def layer_key(self) -> object:
        return (bool(self.saves), self.error, px(100))

    def draw_over(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        if not self.saves:
            img = fit_text(
                _("No saved games yet: use Save as… at the table."),
                px(18),
                theme.TEXT_DIM,
                w - 40,
            )
            surface.blit(img, img.get_rect(center=(w // 2, h // 2)))
        if self.error:
            img = fit_text(self.error[:160], px(15), theme.ERROR, w - 40)
            surface.blit(img, img.get_rect(midbottom=(w // 2, h - px(96))))
