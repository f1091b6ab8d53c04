"""The score sheet over the table: every deal (or round) of the game so far,
each side's score in it and the totals, with what the game is played to
(the target, the two deals, the seven rounds and their contracts). Every
figure is the engine's: `Game.score_history`, `totals`, `ask.melded_so_far`
for the deal in play. Opened by a key or the side panel's button; Esc, the
same key or Close shuts it."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rummy_gui.engine import ask, catalog, scoring
from rummy_gui.i18n import _, ngettext
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.screens import catalog as screen_catalog
from rummy_gui.ui.shell.intents import Back, Intent, Key, Wheel
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import theme
from rummy_gui.ui.widgets.controls import Button, draw_panel, fit_text
from rummy_gui.ui.widgets.dialogs import Overlay
from rummy_gui.ui.widgets.uiscale import px

SHEET_KEY = pygame.K_c  # the table's key for the sheet (and to shut it again)
ROW_H = 26  # at 960x600: every size on the sheet goes through px
_SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -5, pygame.K_PAGEDOWN: 5}


def goal_text(session: TableSession) -> str:
    """What the game is played to, from the rules in force."""
    rules = session.public_view().rules
    if rules.is_contract and rules.rounds:
        return ngettext(
            "{n} round, each with its contract; the lowest total wins.",
            "{n} rounds, each with its contract; the lowest total wins.",
            rules.rounds,
        ).format(n=rules.rounds)
    if rules.deals:
        text = ngettext(
            "{n} deal; the highest total wins.", "{n} deals; the highest total wins.", rules.deals
        ).format(n=rules.deals)
        if rules.match_bonus:
            text += " " + _("After the last deal the side ahead scores {n} more.").format(
                n=rules.match_bonus
            )
        return text
    return _("Played to {n} points; the highest total wins.").format(n=rules.target)


def side_label(session: TableSession, side: int) -> str:
    """A side's heading: the player's name, or the team's letter."""
    seats = session.public_view().sides[side]
    if len(seats) > 1:
        return _("Team {team}").format(team=screen_catalog.team_letter(side))
    return session.name(seats[0])


def rows(session: TableSession) -> list[tuple[str, list[str], bool]]:
    """The sheet's rows: (the deal's label, a cell per side, finished?). Every
    finished deal, then the deal in play (its melded points so far in the 500
    family), then the contract family's rounds still to come."""
    g = session.public_view()
    rules = g.rules
    contracts = [_(name) for _sets, _runs, name in catalog.contracts(rules)]
    penalty = scoring.lowest_total_wins(rules)

    def label(n: int) -> str:
        if contracts:
            return _("Round {n}: {contract}").format(n=n, contract=contracts[n - 1])
        return _("Deal {n}").format(n=n)

    out: list[tuple[str, list[str], bool]] = []
    for n, deal in enumerate(g.score_history, start=1):
        out.append((label(n), [str(v) if penalty else f"{v:+d}" for v in deal], True))
    if not g.deal_over and len(g.score_history) < g.round:
        if penalty:
            cells = ["…"] * len(g.sides)
        else:
            cells = [
                _("{n} so far").format(n=f"{ask.melded_so_far(g, side):+d}")
                for side in range(len(g.sides))
            ]
        out.append((label(g.round), cells, False))
    out.extend(
        (label(n), [""] * len(g.sides), False) for n in range(len(out) + 1, len(contracts) + 1)
    )
    return out


class ScoreSheetScene(Overlay):
    """Every deal, every side, the totals and the goal, over the table."""

    dims = True

    def __init__(self, app: App, session: TableSession, on_close: Callable[[], None] | None = None):
        super().__init__(app)
        self.session = session
        self.on_close = on_close
        self.scroll: int | None = None  # the first row shown; None: the latest rows
        self.count = 0  # the rows the panel was made for

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rw = min(px(1000), w - 40)
        # the panel is as tall as its rows (the contract family's seven, or at
        # least as many) want, and never taller than the window allows
        self.count = len(rows(self.session))
        need = px(86) + (max(7, self.count) + 2) * px(ROW_H) + px(16) + px(76)
        rh = min(h - 60, need)
        self.rect = pygame.Rect(w // 2 - rw // 2, max(30, (h - rh) // 2), rw, rh)
        self.buttons = [
            Button(
                (self.rect.centerx - px(90), self.rect.bottom - px(60), px(180), px(44)),
                _("Close"),
                self.close,
                primary=True,
                size=px(16),
            )
        ]

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()
        if self.on_close is not None:
            self.on_close()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back) or (isinstance(intent, Key) and intent.key == SHEET_KEY):
            self.close()
            return
        if isinstance(intent, Wheel):
            self._scroll_by(-intent.dy)
            return
        if isinstance(intent, Key) and intent.key in _SCROLL_KEYS:
            self._scroll_by(_SCROLL_KEYS[intent.key])
            return
        super().handle(intent)

    # --- where things go ------------------------------------------------
    def table_rect(self) -> pygame.Rect:
        """The grid: from under the goal line to above the Close button."""
        r = self.rect
        return pygame.Rect(r.x + 20, r.y + px(86), r.w - 40, r.h - px(86) - px(76))

    def columns(self) -> tuple[int, list[int]]:
        """The width of the deal column and the x of each side's column."""
        t = self.table_rect()
        sides = len(self.session.public_view().sides)
        first = max(px(150), min(px(330), t.w * 2 // 5, t.w - sides * px(70)))
        col = (t.w - first) // sides
        return first, [t.x + first + i * col for i in range(sides)]

    def fit_rows(self) -> int:
        """How many rows fit between the heading row and the totals."""
        return max(3, (self.table_rect().h - 2 * px(ROW_H) - px(16)) // px(ROW_H))

    def window(self, count: int) -> tuple[int, int]:
        """The first row shown and how many: all when they fit, else a
        scrolled window with a line above and below it saying what is hidden
        (the latest deals at first; the contract family's rounds from the top)."""
        room = self.fit_rows()
        if count <= room:
            return 0, count
        room -= 2
        last = count - room
        if self.scroll is None:
            start = 0 if self.session.public_view().rules.is_contract else last
        else:
            start = max(0, min(self.scroll, last))
        return start, room

    def _scroll_by(self, step: int) -> None:
        self.scroll = self.window(len(rows(self.session)))[0] + step

    # --- drawing --------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if len(rows(self.session)) != self.count:  # a deal ended beneath the sheet
            self.layout(surface.get_size())
        self.dim(surface)
        r = self.rect
        draw_panel(surface, r, alpha=255)
        s = self.session
        g = s.public_view()
        title = fit_text(_("Score sheet"), px(26), theme.GOLD, r.w - 48, True)
        surface.blit(title, (r.x + 24, r.y + px(16)))
        goal = fit_text(goal_text(s), px(15), theme.TEXT_DIM, r.w - 48, min_size=11)
        surface.blit(goal, (r.x + 24, r.y + px(54)))
        t = self.table_rect()
        first, xs = self.columns()
        col = (t.right - xs[0]) // max(1, len(xs))
        y = t.y
        head = _("Round") if g.rules.is_contract else _("Deal")
        surface.blit(fit_text(head, px(15), theme.TEXT_DIM, first - 12, True), (t.x, y + px(4)))
        for side, x in enumerate(xs):
            seats = g.sides[side]
            pygame.draw.circle(surface, s.colour(seats[0]), (x + px(10), y + px(13)), px(7))
            name = fit_text(
                side_label(s, side), px(15), theme.TEXT, col - px(26), True, min_size=10
            )
            surface.blit(name, (x + px(22), y + px(4)))
        y += px(ROW_H) + px(4)
        pygame.draw.line(surface, theme.PANEL_EDGE, (t.x, y - px(3)), (t.right, y - px(3)))
        all_rows = rows(s)
        start, room = self.window(len(all_rows))
        hidden = room < len(all_rows)
        if hidden:
            self._more(surface, _("▲ {n} more").format(n=start) if start else "", t.x, y)
            y += px(ROW_H)
        for label, cells, done in all_rows[start : start + room]:
            colour = theme.TEXT if done else theme.TEXT_DIM
            surface.blit(fit_text(label, px(15), colour, first - 12, min_size=10), (t.x, y + px(4)))
            for x, cell in zip(xs, cells, strict=False):
                if cell:
                    img = fit_text(cell, px(16), colour, col - 12, min_size=10)
                    surface.blit(img, img.get_rect(topright=(x + col - 12, y + px(3))))
            y += px(ROW_H)
        below = len(all_rows) - start - room
        if hidden:
            self._more(surface, _("▼ {n} more").format(n=below) if below else "", t.x, y)
        y = t.bottom - px(ROW_H) - px(4)
        pygame.draw.line(surface, theme.GOLD, (t.x, y - px(4)), (t.right, y - px(4)))
        surface.blit(fit_text(_("Total"), px(17), theme.GOLD, first - 12, True), (t.x, y + px(2)))
        for side, x in enumerate(xs):
            img = fit_text(str(g.totals[side]), px(18), theme.GOLD, col - 12, True, min_size=10)
            surface.blit(img, img.get_rect(topright=(x + col - 12, y + px(2))))
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)

    def _more(self, surface: pygame.Surface, text: str, x: int, y: int) -> None:
        """A line saying how many rows are hidden that way (the wheel and the arrows show them)."""
        if text:
            first, _xs = self.columns()
            surface.blit(fit_text(text, px(13), theme.TEXT_DIM, first - 12), (x, y + px(5)))
