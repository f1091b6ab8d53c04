"""The main menu: Continue, New game, Join a table, Learn to play, Load, Rules,
Settings, Statistics, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummy_gui.engine.cards import JOKER, parse_card
from rummy_gui.i18n import _
from rummy_gui.ui.screens.new_game import NewGameScene
from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.screens.settings import SettingsScene
from rummy_gui.ui.shell.intents import Back, Intent, Key
from rummy_gui.ui.widgets import fonts, theme, uiscale
from rummy_gui.ui.widgets.controls import Button, fit_text
from rummy_gui.ui.widgets.dialogs import WidgetScene
from rummy_gui.ui.widgets.uiscale import px


def subtitle() -> str:
    """The menu's line under the title: the short names of all the games, one per preset."""
    return _("Rummy 500 · Rum 500 classic · Persian · Pinochle · Contract · Liverpool · Shanghai")


if TYPE_CHECKING:
    from rummy_gui.play.session import Session


class MainMenu(WidgetScene):
    autosave_problem = ""  # why Continue could not open the autosave (shown; Continue greys out)
    notice = ""  # news that leaves Continue as it is (another copy of the game is open)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh, gap = px(320), (px(46) if h >= px(760) else px(38)), px(10)
        rows, room = 9, h - px(190)  # the title and the subtitle keep the rest
        if rows * (bh + gap) > room:  # a low window, or large text: the buttons come closer
            bh, gap = (
                max(px(26), room * bh // (rows * (bh + gap))),
                max(4, room * gap // (rows * (bh + gap))),
            )
        x = w // 2 - bw // 2
        y = min(int(h * 0.44), h - rows * (bh + gap) - px(12))
        from rummy_gui.play.resume import autosave_exists

        has_game = (self.app.session is not None and not self.app.session.finished) or (
            autosave_exists() and not self.autosave_problem
        )
        items = [
            (_("Continue"), self._continue, has_game),
            (_("New game"), self._new_game, True),
            (_("Join a table"), self._join, True),
            (_("Learn to play"), self._learn, True),
            (_("Load"), self._load, True),
            (_("Rules"), lambda: self.app.push(RulesScene(self.app)), True),
            (_("Settings"), lambda: self.app.push(SettingsScene(self.app)), True),
            (_("Statistics"), self._statistics, True),
            (_("Quit"), self._quit, True),
        ]
        default = 0 if has_game else 1  # a game in progress: Continue is what Enter does
        self.widgets = [
            Button((x, y + i * (bh + gap), bw, bh), label, fn, enabled=en, primary=(i == default))
            for i, (label, fn, en) in enumerate(items)
        ]

    def _fan(
        self, bottom: int, card_h: int, centre: int
    ) -> list[tuple[pygame.Rect, pygame.Surface]]:
        """The menu's five cards fanned out, as large as `card_h` and wholly above
        `bottom` (and below the window's top)."""
        cards = [parse_card(t) for t in ("AS", "KH", "QC", "JD")] + [JOKER]

        def placed(ch: int) -> list[tuple[pygame.Rect, pygame.Surface]]:
            cw, step = ch * 110 // 154, ch * 52 // 154
            out = []
            for i, card in enumerate(cards):
                img = self.app.art.face(card, (cw, ch), self.app.settings.four_colour)
                rot = pygame.transform.rotozoom(img, (2 - i) * 11, 1.0)
                centre_y = abs(i - 2) * ch * 9 // 154
                out.append((rot.get_rect(center=(centre + (i - 2) * step, centre_y)), rot))
            return out

        fan = placed(card_h)
        span = fan[0][0].unionall([r for r, _img in fan])
        room = bottom - 10
        if span.h > room > 40:
            fan = placed(max(30, card_h * room // span.h))
            span = fan[0][0].unionall([r for r, _img in fan])
        return [(r.move(0, bottom - span.bottom), img) for r, img in fan]

    def resume(self) -> None:
        if self.app.session is not None:  # another game since: its autosave is a new file
            self.autosave_problem = ""
        self.layout(self.app.size)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            return  # Escape on the main menu does not quit by accident
        if isinstance(intent, Key) and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for wd in self.widgets:
                if isinstance(wd, Button) and wd.primary and wd.enabled:
                    wd.on_click()
                    return
        super().handle(intent)

    def _continue(self) -> None:
        from rummy_gui.play.resume import open_autosave
        from rummy_gui.ui.screens.opening import close_opened, open_in_background

        session = self.app.session
        if session is not None and not session.finished:
            self.app.rooms.table(session)
            return
        if session is not None:
            session.close()
            self.app.session = None
        open_in_background(self.app, open_autosave, self._opened, close_opened)

    def _opened(self, result: tuple[Session | None, str]) -> None:
        session, self.autosave_problem = result
        self.app.session = session
        if session is not None:
            self.app.rooms.table(session)
        else:
            self.layout(self.app.size)  # the autosave could not be read: Continue greys out

    def _statistics(self) -> None:
        from rummy_gui.ui.screens.statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))

    def _learn(self) -> None:
        from rummy_gui.ui.screens.learn import LearnScene

        self.app.push(LearnScene(self.app))

    def _load(self) -> None:
        from rummy_gui.ui.screens.saving import LoadScene

        self.app.push(LoadScene(self.app))

    def _join(self) -> None:
        from rummy_gui.ui.screens.join import JoinScene

        self.app.push(JoinScene(self.app))

    def _new_game(self) -> None:
        self.app.push(NewGameScene(self.app))

    def _quit(self) -> None:
        self.app.running = False

    def layer_key(self) -> object:
        top = self.widgets[0].rect.y if self.widgets else None
        return (top, self.autosave_problem, self.app.settings.four_colour)

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w, h = surface.get_size()
        scale = min(1.0, h / px(800)) * uiscale.scale()
        # From the buttons up: the subtitle, the title, and the card fan in the
        # room left above the title (smaller cards in a low window), none over another.
        top = self.widgets[0].rect.y if self.widgets else int(h * 0.44)
        sub = fit_text(
            subtitle(),
            px(18),
            theme.TEXT_DIM,
            w - 40,
        )
        sub_rect = sub.get_rect(midbottom=(w // 2, top - px(10)))
        title = fonts.text_cached(_("Rummy"), int(64 * scale), theme.GOLD, True)
        shadow = fonts.text_cached(_("Rummy"), int(64 * scale), (8, 30, 18), True)
        title_rect = title.get_rect(midbottom=(w // 2, sub_rect.y - 2))  # the shadow clear of it
        for card_rect, img in self._fan(title_rect.y - 2, int(154 * scale), w // 2):
            surface.blit(img, card_rect)
        surface.blit(shadow, title_rect.move(3, 3))
        surface.blit(title, title_rect)
        surface.blit(sub, sub_rect)

    def draw_over(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        said = [
            (line, colour)
            for text, colour in ((self.notice, theme.GOLD), (self.autosave_problem, theme.ERROR))
            for line in (fonts.wrap(text, px(15), min(px(900), w - 40))[:3] if text else [])
        ]
        y = h - 8 - px(19) * len(said)
        for line, colour in said:
            img = fonts.text_cached(line, px(15), colour)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += px(19)
