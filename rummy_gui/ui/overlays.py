"""Scenes drawn over the table: the chooser, the deal summary, game over."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from rummy_gui.i18n import _, ngettext
from rummy_gui.ui import fonts, theme
from rummy_gui.ui.intents import Back, Intent, Key, PointerMove
from rummy_gui.ui.scene import Scene
from rummy_gui.ui.widgets import Button, draw_panel

if TYPE_CHECKING:
    from rummy_gui.ui.app import App
    from rummy_gui.ui.table import TableScene


class Overlay(Scene):
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []

    focus = 0  # the button the keyboard is on

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and self.key(intent):
            return
        for b in self.buttons:
            if b.handle(intent) and not isinstance(intent, PointerMove):
                return

    def key(self, intent: Key) -> bool:
        """Arrows / Tab move among the buttons, Enter or Space presses, 1-9 picks."""
        live = [b for b in self.buttons if b.visible and b.enabled]
        if not live:
            return False
        k = intent.key
        if k in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
            self.focus = (self.focus + (-1 if intent.shift else 1)) % len(live)
        elif k in (pygame.K_UP, pygame.K_LEFT):
            self.focus = (self.focus - 1) % len(live)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            live[self.focus % len(live)].on_click()
        elif pygame.K_1 <= k <= pygame.K_9 and k - pygame.K_1 < len(live):
            live[k - pygame.K_1].on_click()
        else:
            return False
        return True

    def draw_focus(self, surface: pygame.Surface) -> None:
        live = [b for b in self.buttons if b.visible and b.enabled]
        if live:
            r = live[self.focus % len(live)].rect.inflate(8, 8)
            pygame.draw.rect(surface, (80, 220, 255), r, width=3, border_radius=10)

    def dim(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))


class ChooserScene(Overlay):
    """Which reading of the cards: set or run, which run, which contract split."""

    def __init__(self, app: App, title: str, options: list[tuple[str, str]], on_pick: Callable[[str], object]) -> None:
        super().__init__(app)
        self.title = title
        self.options = options
        self.on_pick = on_pick

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw = min(640, w - 80)
        bh = 42
        total = 70 + len(self.options) * (bh + 8) + bh + 20
        self.rect = pygame.Rect(w // 2 - bw // 2 - 20, h // 2 - total // 2, bw + 40, total)
        y = self.rect.y + 60
        self.buttons = []
        for label, text in self.options:
            self.buttons.append(Button((self.rect.x + 20, y, bw, bh), label, partial(self._pick, text), primary=True, size=16))
            y += bh + 8
        self.buttons.append(Button((self.rect.centerx - 90, y + 6, 180, bh), _("Cancel"), self.app.pop, size=16))

    def _pick(self, text: str) -> None:
        self.app.pop()
        self.on_pick(text)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.app.pop()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        draw_panel(surface, self.rect, alpha=245)
        img = fonts.text_cached(self.title, 20, theme.GOLD, True)
        surface.blit(img, (self.rect.x + 20, self.rect.y + 18))
        for b in self.buttons:
            b.draw(surface)
        self.draw_focus(surface)


class ConfirmScene(Overlay):
    """A question with Yes and No (Escape: No); `on_yes` runs after it closes."""

    def __init__(self, app: App, question: str, on_yes: Callable[[], object]) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.focus = 1  # the keyboard starts on No: nothing is lost by a stray Enter

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rw = min(560, w - 40)
        self.lines = fonts.wrap(self.question, 19, rw - 48, True)[:4]
        rh = 110 + 26 * len(self.lines)
        self.rect = pygame.Rect(w // 2 - rw // 2, h // 2 - rh // 2, rw, rh)
        self.buttons = [
            Button((self.rect.centerx - 150, self.rect.bottom - 64, 140, 44), _("Yes"), self._yes, primary=True),
            Button((self.rect.centerx + 10, self.rect.bottom - 64, 140, 44), _("No"), self.app.pop),
        ]

    def _yes(self) -> None:
        self.app.pop()
        self.on_yes()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.app.pop()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        draw_panel(surface, self.rect, alpha=245)
        for i, line in enumerate(self.lines):
            img = fonts.text_cached(line, 19, theme.GOLD, True)
            surface.blit(img, img.get_rect(midtop=(self.rect.centerx, self.rect.y + 22 + 26 * i)))
        for b in self.buttons:
            b.draw(surface)
        self.draw_focus(surface)


class DealSummaryScene(Overlay):
    """After a deal: each player's melded points, hand, deal score and total."""

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.timer = 0.0

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.rect = pygame.Rect(w // 2 - min(520, w // 2 - 30), 60, min(1040, w - 60), h - 120)
        label = _("See the result") if self.table.game.game_over else _("Next deal")
        self.buttons = [Button((self.rect.centerx - 110, self.rect.bottom - 66, 220, 50), label, self._next, primary=True),
                        Button((self.rect.right - 250, self.rect.bottom - 66, 220, 50), _("Replay last deal"),
                               partial(show_replay, self.app, self.table), size=16)]

    def _next(self) -> None:
        self.app.pop()
        g = self.table.game
        if not g.game_over:
            from rummy_gui.engine import Action, Move

            self.table.play(Move(Action.DEAL), g.turn)

    def update(self, dt: float) -> None:
        self.timer += dt
        if self.table.session.demo and self.timer > 3.0 and self.app.stack.top is self:
            self._next()

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        r = self.rect
        draw_panel(surface, r, alpha=245)
        g = self.table.game
        s = self.table.session
        title = (_("Round {n} is over") if getattr(g, "contract", None) else _("Deal {n} is over")).format(n=g.round)
        surface.blit(fonts.text_cached(title, 26, theme.GOLD, True), (r.x + 24, r.y + 18))
        scores = g.deal_scores or [0] * len(g.sides)
        contract = bool(getattr(g, "contract", None))
        cols = [r.x + 24, r.x + int(r.w * 0.22), r.right - 380, r.right - 260, r.right - 150, r.right - 70]
        heads = (_("Player"), _("Cards left in hand"), "" if contract else _("Melded"),
                 _("Penalty") if contract else _("Hand"), _("This deal"), _("Total"))
        y = r.y + 70
        for text, x in zip(heads, cols, strict=True):
            img = fonts.text_cached(text, 15, theme.TEXT_DIM, True)
            surface.blit(img, img.get_rect(topright=(x + 40, y)) if x >= cols[2] else (x, y))
        y += 30
        art = self.app.art
        row_h = min(56, (r.h - 220) // max(1, sum(len(sd) for sd in g.sides)))
        card_h = max(30, row_h - 8)
        for side_index, side in enumerate(g.sides):
            top = y
            for seat in side:
                pygame.draw.circle(surface, s.colour(seat), (cols[0] + 8, y + 14), 10)
                mark = fonts.text_cached(s.initial(seat), 12, (15, 15, 15), True)
                surface.blit(mark, mark.get_rect(center=(cols[0] + 8, y + 14)))
                surface.blit(fonts.text_cached(s.name(seat), 18, theme.TEXT, True), (cols[0] + 24, y + 4))
                hand = g.hand(seat)
                x = cols[1]
                for card in hand[:18]:
                    surface.blit(art.face(card, (int(card_h / 1.4), card_h), self.app.settings.four_colour), (x, y))
                    x += int(card_h * 0.42)
                if not hand:
                    surface.blit(fonts.text_cached(_("out!"), 16, theme.GOLD, True), (x, y + 10))
                melded, in_hand = _points(g, seat)
                if not contract and melded is not None:
                    img = fonts.text_cached(f"+{melded}", 17, theme.TEXT)
                    surface.blit(img, img.get_rect(topright=(cols[2] + 40, y + 8)))
                if in_hand is not None:
                    img = fonts.text_cached(f"{in_hand}" if contract or not in_hand else f"-{in_hand}", 17, theme.TEXT)
                    surface.blit(img, img.get_rect(topright=(cols[3] + 40, y + 8)))
                y += row_h
            sc = scores[side_index] if side_index < len(scores) else 0
            mid = (top + y) // 2 - 12
            img = fonts.text_cached(str(sc) if contract else f"{sc:+d}", 22, theme.TEXT, True)
            surface.blit(img, img.get_rect(topright=(cols[4] + 40, mid)))
            img = fonts.text_cached(str(g.totals[side_index]), 22, theme.GOLD, True)
            surface.blit(img, img.get_rect(topright=(cols[5] + 40, mid)))
            pygame.draw.line(surface, theme.PANEL_EDGE, (r.x + 20, y - 2), (r.right - 20, y - 2))
            y += 6
        note = _("Contract family: penalty points, lowest total wins.") if getattr(g, "contract", None) else \
            _("Melded cards count for you, cards left in hand against you.")
        surface.blit(fonts.text_cached(note, 14, theme.TEXT_DIM), (r.x + 24, r.bottom - 100))
        for b in self.buttons:
            b.draw(surface)
        self.draw_focus(surface)


def show_replay(app: App, table: TableScene) -> None:
    """Replay last deal (public: the deal is over), over the summary or game over."""
    from rummy_gui.ui.replay_scene import ReplayScene

    app.push(ReplayScene(app, table.session))


def score_points(game: Any) -> list[list[int]]:
    """Running totals per side after each deal, from 0 (g.score_history: per-deal scores)."""
    history = list(getattr(game, "score_history", []) or [])
    sides = len(game.sides)
    running = [0] * sides
    out = [[0] for _side in range(sides)]
    for deal in history:
        for i in range(sides):
            running[i] += deal[i] if i < len(deal) else 0
            out[i].append(running[i])
    return out


def draw_score_graph(surface: pygame.Surface, rect: pygame.Rect, game: Any, session: Any) -> None:
    """Score over deals for the finished game: one line per side, in its owner
    colour, each ending in its initials (colour is never the only sign)."""
    lines = score_points(game)
    if not lines or len(lines[0]) < 2 or rect.w < 80 or rect.h < 60:
        return
    draw_panel(surface, rect, alpha=160)
    title = _("Score over the deals")
    surface.blit(fonts.text_cached(title, 15, theme.GOLD, True), (rect.x + 12, rect.y + 8))
    plot = pygame.Rect(rect.x + 52, rect.y + 36, rect.w - 110, rect.h - 70)
    values = [v for line in lines for v in line]
    low, high = min(values + [0]), max(values + [0])
    if high == low:
        high = low + 1
    deals = len(lines[0]) - 1

    def point(k: int, v: int) -> tuple[int, int]:
        return (plot.x + int(plot.w * k / max(1, deals)), plot.bottom - int(plot.h * (v - low) / (high - low)))

    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright)
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.topleft)
    zero = point(0, 0)[1]
    if low < 0 < high:
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, zero), (plot.right, zero))
    for v in (low, high):
        img = fonts.text_cached(str(v), 12, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midright=(plot.x - 6, point(0, v)[1])))
    for k in range(deals + 1):
        img = fonts.text_cached(str(k), 12, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midtop=(point(k, low)[0], plot.bottom + 4)))
    label = fonts.text_cached(_("deal"), 12, theme.TEXT_DIM)
    surface.blit(label, label.get_rect(topright=(plot.right, plot.bottom + 18)))
    for side_index, line in enumerate(lines):
        seats = game.sides[side_index]
        colour = session.colour(seats[0])
        pts = [point(k, v) for k, v in enumerate(line)]
        pygame.draw.lines(surface, colour, False, pts, 3)
        for p in pts:
            pygame.draw.circle(surface, colour, p, 4)
        tag = "+".join(session.initial(seat) for seat in seats)
        img = fonts.text_cached(tag, 13, colour, True)
        surface.blit(img, img.get_rect(midleft=(pts[-1][0] + 8, pts[-1][1] + 10 * side_index - 5 * (len(lines) - 1))))


def _points(game: Any, seat: int) -> tuple[int | None, int | None]:
    """Melded points and hand value of one player at the end of a deal, from
    the engine's scoring (None where the engine does not say)."""
    try:
        from rummy_gui.engine import scoring

        rules = game.rules
        in_hand = scoring.hand_value(rules, game.hand(seat))
        melded = scoring.melded_points(rules, game.melds, seat)
        return melded, in_hand
    except Exception:  # an engine without these helpers: show the deal score only
        return None, None


class GameOverScene(Overlay):
    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.timer = 0.0

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rw = min(1100, w - 60)
        self.rect = pygame.Rect(w // 2 - rw // 2, 50, rw, h - 100)
        bw = min(250, (rw - 80) // 3 - 10)
        self.buttons = [
            Button((self.rect.x + 30, self.rect.bottom - 70, bw, 50), _("New game"), self._new, primary=True),
            Button((self.rect.centerx - bw // 2, self.rect.bottom - 70, bw, 50), _("Replay last deal"),
                   partial(show_replay, self.app, self.table), size=16),
            Button((self.rect.right - 30 - bw, self.rect.bottom - 70, bw, 50), _("Main menu"), self._menu),
        ]

    def _new(self) -> None:
        from rummy_gui.ui.menus import MainMenu, NewGameScene

        self.app.pop_to(MainMenu)
        self.app.push(NewGameScene(self.app))

    def _menu(self) -> None:
        from rummy_gui.ui.menus import MainMenu

        self.table.session.close()
        self.app.session = None
        self.app.pop_to(MainMenu)
        top = self.app.stack.top
        if top is not None:
            top.layout(self.app.size)

    def update(self, dt: float) -> None:
        self.timer += dt
        s = self.table.session
        if s.demo and self.timer > 4.0 and self.app.stack.top is self:
            from rummy_gui.ui.session import start_table

            start_table(self.app, s.preset, s.seats, s.options, demo=True)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        r = self.rect
        draw_panel(surface, r, alpha=248)
        g = self.table.game
        s = self.table.session
        winners = [s.name(w) for w in g.winners]
        head = _("Game over")
        surface.blit(fonts.text_cached(head, 30, theme.GOLD, True), fonts.text_cached(head, 30, theme.GOLD, True).get_rect(midtop=(r.centerx, r.y + 20)))
        if not winners:
            won = _("No winner")
        elif len(winners) > 1:
            won = _("{names} win!").format(names=_(" and ").join(winners))
        else:
            won = _("{name} wins!").format(name=winners[0])
        img = fonts.text_cached(won, 24, theme.TEXT, True)
        surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + 66)))
        y = r.y + 120
        table_right = r.x + int(r.w * 0.45)
        contract = bool(getattr(g, "contract", None))
        order = sorted(range(len(g.sides)), key=lambda i: g.totals[i], reverse=not contract)
        rules = getattr(g, "rules", None)
        settle = g.settlement() if getattr(rules, "settlement", False) else {}
        for rank, side_index in enumerate(order):
            side = g.sides[side_index]
            names = " & ".join(s.name(seat) for seat in side)
            if len(side) > 1:
                names = _("Team {team}: {names}").format(team="AB"[side_index], names=names)
            colour = theme.GOLD if any(seat in g.winners for seat in side) else theme.TEXT
            surface.blit(fonts.text_cached(f"{rank + 1}.  {names}", 20, colour, True), (r.x + 40, y))
            total = fonts.text_cached(str(g.totals[side_index]), 20, colour, True)
            surface.blit(total, total.get_rect(topright=(table_right, y)))
            y += 34
            for seat in side:
                if seat in settle:
                    surface.blit(fonts.text_cached(_("pays {n} to the winner").format(n=settle[seat]), 14, theme.TEXT_DIM),
                                 (r.x + 70, y - 6))
                    y += 20
        sub = _("Lowest total wins.") if contract else _("Highest total wins.")
        if len(g.sides) == 2 and any(len(sd) > 1 for sd in g.sides) and len(order) == 2:
            margin = abs(g.totals[0] - g.totals[1])
            if margin:
                sub = ngettext("The winning team wins by {n} point (the difference of the team totals).",
                               "The winning team wins by {n} points (the difference of the team totals).",
                               margin).format(n=margin)
        surface.blit(fonts.text_cached(sub, 14, theme.TEXT_DIM), (r.x + 40, r.bottom - 110))
        graph = pygame.Rect(r.x + int(r.w * 0.5), r.y + 110, int(r.w * 0.5) - 30, r.h - 240)
        draw_score_graph(surface, graph, g, s)
        for b in self.buttons:
            b.draw(surface)
        self.draw_focus(surface)
