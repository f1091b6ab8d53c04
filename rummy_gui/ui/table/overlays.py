"""Scenes drawn over the table: the chooser, the deal summary, game over."""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from functools import partial
from typing import Protocol

import pygame

from rummy_gui.engine import Action, Move, scoring
from rummy_gui.engine.fairness import short
from rummy_gui.i18n import _, ngettext
from rummy_gui.play.narrate import is_you
from rummy_gui.play.table_session import TableSession, reviewable
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.art.motion import Celebration
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerDown
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.table.all_hands import SHOW_KEY
from rummy_gui.ui.table.breakdown import (
    MAX_CARD,
    MIN_CARD,
    draw_breakdown,
    legend,
    rows_height,
)
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.table.score_sheet import SHEET_KEY, ScoreSheetScene
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel, fit_text
from rummy_gui.ui.widgets.dialogs import Overlay
from rummy_gui.ui.widgets.uiscale import px


class TableScene(Protocol):
    """What the deal summary and game over use of the table beneath them
    (rummy_gui.ui.table.scene.TableScene, which opens them: so they need not import it)."""

    @property
    def view(self) -> TableView: ...

    @property
    def session(self) -> TableSession: ...

    def play(self, move: Move, seat: int | None = None, quiet: bool = False) -> bool: ...

    @property
    def viewer(self) -> int: ...

    def geometry(self) -> Geometry: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class DealSummaryScene(Overlay):
    """After a deal: each side's deal score item by item (melds on their cards,
    the hand left, bonuses and penalties), the deal score and the total."""

    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.timer = 0.0
        self.card_cap = MIN_CARD

    def enter(self) -> None:
        if self.table.session.humans():  # a review may be asked for: start its process now
            from rummy_gui.play import review  # the bots' search: not before it is needed

            review.prestart()

    def exit(self) -> None:
        if "rummy_gui.play.review" in sys.modules:  # else no review process was started
            sys.modules["rummy_gui.play.review"].drop_spare()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        # a large window gets larger cards, and the panel only the height its rows need
        self.card_cap = max(MIN_CARD, min(MAX_CARD, h // 13))
        rw = min(px(1360), w - 60)
        need = px(62) + rows_height(self.table.view, self.card_cap) + 8 + px(100)
        rh = min(h - 120, need)
        self.rect = r = pygame.Rect(w // 2 - rw // 2, max(60, (h - rh) // 2), rw, rh)
        label = _("See the result") if self.table.view.game_over else _("Next deal")
        bw, bh, y = min(px(220), (rw - 100) // 3), px(50), r.bottom - px(66)
        self.buttons = [Button((r.centerx - bw // 2, y, bw, bh), label, self._next, primary=True)]
        # a session that keeps no record (a joined network table) offers no replay, and
        # the review only where it keeps the seat's own decisions (`reviewable`)
        kept = self.table.session.record() is not None
        if kept:
            self.buttons.append(
                Button(
                    (r.right - 30 - bw, y, bw, bh),
                    _("Replay last deal"),
                    partial(show_replay, self.app, self.table),
                    size=px(16),
                )
            )
        if reviewable(self.table.session) and self.table.session.humans():  # hot seat: whose
            self.buttons.append(
                Button(
                    (r.x + 30, y, bw, bh),
                    _("Review this deal"),
                    partial(show_review, self.app, self.table),
                    size=px(16),
                )
            )
        self.all_hands = Button(
            (r.right - 24 - px(200), r.y + px(14), px(200), px(36)),
            _("Show all hands"),
            self._show_all_hands,
            size=px(15),
        )
        self.buttons.append(self.all_hands)

    def _show_all_hands(self) -> None:
        from rummy_gui.ui.table.all_hands import AllHandsScene

        self.app.push(AllHandsScene(self.app, self.table))

    def key(self, intent: Key) -> bool:
        """The score sheet's key opens it over the summary too; H shows all hands."""
        if intent.key == SHEET_KEY:
            self.app.push(ScoreSheetScene(self.app, self.table.session))
            return True
        if intent.key == SHOW_KEY:
            self._show_all_hands()
            return True
        return super().key(intent)

    def _next(self) -> None:
        self.app.pop()
        g: TableView = self.table.view
        if not g.game_over:
            self.table.play(Move(Action.DEAL), g.turn)

    def update(self, dt: float) -> None:
        self.timer += dt
        if self.table.session.demo and self.timer > 3.0 and self.app.stack.top is self:
            self._next()

    def frame_wait(self) -> float:
        """A show of bots moves on by itself after 3 s; else only input changes this."""
        return max(0.0, 3.0 - self.timer) if self.table.session.demo else math.inf

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        r = self.rect
        draw_panel(surface, r, alpha=255)
        g: TableView = self.table.view
        s = self.table.session
        title = (_("Round {n} is over") if g.rules.is_contract else _("Deal {n} is over")).format(
            n=g.round
        )
        head = fit_text(title, px(26), theme.GOLD, r.w // 2 - 40, True)
        surface.blit(head, (r.x + 24, r.y + px(18)))
        told = fingerprint_line(g)
        if told:  # between the title and "Show all hands"
            right = self.all_hands.rect.x - 16
            room = right - (r.x + 24 + head.get_width() + 16)
            img = fit_text(told, px(13), theme.TEXT_DIM, min(r.w // 2 - 24, room), min_size=9)
            surface.blit(img, img.get_rect(topright=(right, r.y + px(28))))
        contract = scoring.lowest_total_wins(g.rules)  # penalty points: shown without a sign
        # the rows share the room between the headings and the note: 8 players
        # in a 960x600 window must not run into it
        note_y = r.bottom - px(100)
        top = r.y + px(62)
        area = pygame.Rect(r.x + 24, top, r.w - 48, note_y - 8 - top)
        draw_breakdown(
            surface, area, g, s, self.app.art, self.app.settings.four_colour, self.card_cap
        )
        note = (
            _("Contract family: penalty points, lowest total wins.")
            if contract
            else _("Melded cards count for you, cards left in hand against you.")
        )
        marks = legend(g.deal_breakdown or ())
        note = f"{note}   {marks}" if marks else note
        surface.blit(
            fit_text(note, px(14), theme.TEXT_DIM, r.w - 48, min_size=10), (r.x + 24, note_y)
        )
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)


def celebrates(humans: Sequence[int], winners: Sequence[int]) -> bool:
    """Confetti when a person at the table won, or in a show of bots alone."""
    return bool(winners) and (not humans or any(seat in winners for seat in humans))


def fingerprint_line(g: TableView) -> str:
    """At a deal's end: the fingerprint shown when it was dealt and the seed
    now told, so anyone can check the shuffle (docs/fairness.md)."""
    if g.fingerprint is None or g.deal_seed is None:
        return ""
    return _("Fingerprint {print} · seed {seed}").format(
        print=short(g.fingerprint), seed=g.deal_seed
    )


def show_review(app: App, table: TableScene) -> None:
    """Review this deal: the one human's decisions against the expert's."""
    from rummy_gui.ui.screens.review import show_review as open_review

    if reviewable(table.session):  # nor where a session keeps no record nor decisions
        open_review(app, table.session)


def show_replay(app: App, table: TableScene) -> None:
    """Replay last deal (public: the deal is over), over the summary or game over."""
    from rummy_gui.ui.screens.replay import ReplayScene

    if table.session.record() is not None:  # a session that keeps no record offers no replay
        app.push(ReplayScene(app, table.session))


def score_points(game: TableView) -> list[list[int]]:
    """Running totals per side after each deal, from 0 (g.score_history: per-deal scores)."""
    history = game.score_history
    sides = len(game.sides)
    running = [0] * sides
    out = [[0] for _side in range(sides)]
    for deal in history:
        for i in range(sides):
            running[i] += deal[i] if i < len(deal) else 0
            out[i].append(running[i])
    return out


def draw_score_graph(
    surface: pygame.Surface, rect: pygame.Rect, game: TableView, session: TableSession
) -> None:
    """Score over deals for the finished game: one line per side, in its owner
    colour, each ending in its initials (colour is never the only sign)."""
    lines = score_points(game)
    if not lines or len(lines[0]) < 2 or rect.w < 80 or rect.h < 60:
        return
    draw_panel(surface, rect, alpha=160)
    title = _("Score over the deals")
    surface.blit(fit_text(title, px(15), theme.GOLD, rect.w - 24, True), (rect.x + 12, rect.y + 8))
    plot = pygame.Rect(rect.x + px(52), rect.y + px(36), rect.w - px(110), rect.h - px(70))
    values = [v for line in lines for v in line]
    low, high = min([*values, 0]), max([*values, 0])
    if high == low:
        high = low + 1
    deals = len(lines[0]) - 1

    def point(k: int, v: int) -> tuple[int, int]:
        return (
            plot.x + int(plot.w * k / max(1, deals)),
            plot.bottom - int(plot.h * (v - low) / (high - low)),
        )

    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.bottomright)
    pygame.draw.line(surface, theme.TEXT_DIM, plot.bottomleft, plot.topleft)
    zero = point(0, 0)[1]
    if low < 0 < high:
        pygame.draw.line(surface, theme.PANEL_EDGE, (plot.x, zero), (plot.right, zero))
    for v in (low, high):
        img = fonts.text_cached(str(v), px(12), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midright=(plot.x - 6, point(0, v)[1])))
    for k in range(deals + 1):
        img = fonts.text_cached(str(k), px(12), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midtop=(point(k, low)[0], plot.bottom + 4)))
    label = fonts.text_cached(_("deal"), px(12), theme.TEXT_DIM)
    surface.blit(label, label.get_rect(topright=(plot.right, plot.bottom + px(18))))
    for side_index, line in enumerate(lines):
        seats = game.sides[side_index]
        colour = session.colour(seats[0])
        pts = [point(k, v) for k, v in enumerate(line)]
        pygame.draw.lines(surface, colour, False, pts, 3)
        for p in pts:
            pygame.draw.circle(surface, colour, p, 4)
        tag = "+".join(session.initial(seat) for seat in seats)
        img = fonts.text_cached(tag, px(13), colour, True)
        surface.blit(
            img,
            img.get_rect(
                midleft=(pts[-1][0] + 8, pts[-1][1] + 10 * side_index - 5 * (len(lines) - 1))
            ),
        )


REVIEW_GAP = 18  # between the game-over graph, the review button and the buttons' row


CELEBRATION_SECONDS = 3.0  # at the "normal" animation speed


class GameOverScene(Overlay):
    def __init__(self, app: App, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.timer = 0.0
        # Confetti over the result when someone won; none with animations off.
        factor = app.settings.animation_factor
        game = table.view
        self.celebration: Celebration | None = None
        # While the confetti flies, the rest of the picture stands still: it is
        # kept (`_still`) and only the confetti's rectangles are drawn again.
        self._still: pygame.Surface | None = None
        self._confetti: list[pygame.Rect] = []
        if factor > 0 and celebrates(table.session.humans(), game.winners):
            self.celebration = Celebration(
                app.size,
                seconds=CELEBRATION_SECONDS * min(1.0, factor),
                seed=sum(game.totals) + game.round,
            )

    def handle(self, intent: Intent) -> None:
        if self.celebration is not None and isinstance(intent, (Key, PointerDown, Back)):
            self._end_celebration()  # a key or a click ends the show, and does only that
            return
        super().handle(intent)

    def enter(self) -> None:
        if self.table.session.humans():  # a review may be asked for: start its process now
            from rummy_gui.play import review  # the bots' search: not before it is needed

            review.prestart()

    def exit(self) -> None:
        if "rummy_gui.play.review" in sys.modules:  # else no review process was started
            sys.modules["rummy_gui.play.review"].drop_spare()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        rw = min(px(1100), w - 60)
        self.rect = r = pygame.Rect(w // 2 - rw // 2, 50, rw, h - 100)
        bw, bh, y = min(px(250), (rw - 80) // 3 - 10), px(50), r.bottom - px(70)
        self.buttons = [
            Button((r.x + 30, y, bw, bh), _("New game"), self._new, primary=True),
            Button((r.right - 30 - bw, y, bw, bh), _("Main menu"), self._menu),
        ]
        if self.table.session.record() is not None:  # no replay where no record is kept
            replay = partial(show_replay, self.app, self.table)
            spot = (r.centerx - bw // 2, y, bw, bh)
            self.buttons.insert(1, Button(spot, _("Replay last deal"), replay, size=px(16)))
        if self.table.session.humans() and reviewable(self.table.session):
            # the last deal's review, under the graph (none where nothing is kept for it)
            review_h = px(46)
            self.buttons.append(
                Button(
                    (r.right - 30 - bw, y - px(REVIEW_GAP) - review_h, bw, review_h),
                    _("Review last deal"),
                    partial(show_review, self.app, self.table),
                    size=px(16),
                )
            )

    def review_button(self) -> Button | None:
        """ "Review last deal", under the graph (a table with a human only)."""
        label = _("Review last deal")
        return next((b for b in self.buttons if b.label == label), None)

    def graph_rect(self) -> pygame.Rect:
        """The score graph: the right half, ending a clear gap above the review
        button (it ran down to 2 px above it) or the buttons' row."""
        r = self.rect
        review = self.review_button()
        bottom = (review.rect.y if review else r.bottom - px(70)) - px(REVIEW_GAP)
        top = r.y + px(110)
        return pygame.Rect(r.x + int(r.w * 0.5), top, int(r.w * 0.5) - 30, bottom - top)

    def _new(self) -> None:
        self.app.rooms.new_game()

    def _menu(self) -> None:
        self.table.session.close()
        self.app.session = None
        self.app.rooms.main_menu()
        top = self.app.stack.top
        if top is not None:
            top.layout(self.app.size)

    def update(self, dt: float) -> None:
        self.timer += dt
        if self.celebration is not None:
            self.celebration.update(dt)
            if self.celebration.done:
                self._end_celebration()
        s = self.table.session
        if s.demo and self.timer > 4.0 and self.app.stack.top is self:
            self.app.rooms.start_table(s.preset, s.seats, s.options, demo=True)

    def frame_wait(self) -> float:
        """Every frame while the confetti flies; a show of bots starts its next
        game after 4 s; else only input changes this."""
        if self.celebration is not None:
            return 0.0
        return max(0.0, 4.0 - self.timer) if self.table.session.demo else math.inf

    def _end_celebration(self) -> None:
        self.celebration = None
        self._still = None
        self.opaque = False  # the table beneath is drawn again, and the screen flipped whole
        self.dirty_rects = None

    def draw(self, surface: pygame.Surface) -> None:
        still = self._still
        if self.celebration is not None and still is not None:
            if still.get_size() == surface.get_size():
                for rect in self._confetti:
                    surface.blit(still, rect, rect)
                drawn = self.celebration.draw(surface)
                self.dirty_rects = [*self._confetti, *drawn]
                self._confetti = drawn
                return
            self._end_celebration()  # the window's size changed: the show ends there
        self._draw_result(surface)
        if self.celebration is not None:
            self._still = surface.copy()
            self.opaque = True  # nothing beneath changes while the confetti flies
            self._confetti = self.celebration.draw(surface)

    def _draw_result(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        r = self.rect
        draw_panel(surface, r, alpha=255)
        g: TableView = self.table.view
        s = self.table.session
        winners = [s.name(w) for w in g.winners]
        head = fit_text(_("Game over"), px(30), theme.GOLD, r.w - 60, True)
        surface.blit(head, head.get_rect(midtop=(r.centerx, r.y + px(20))))
        if not winners:
            won = _("No winner")
        elif len(winners) > 1:
            won = _("{names} win!").format(names=_(" and ").join(winners))
        elif is_you(winners[0]):
            won = _("You win!")
        else:
            won = _("{name} wins!").format(name=winners[0])
        img = fit_text(won, px(24), theme.TEXT, r.w - 60, True)
        surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + px(66))))
        y = r.y + px(120)
        table_right = r.x + int(r.w * 0.45)
        contract = scoring.lowest_total_wins(g.rules)
        order = sorted(range(len(g.sides)), key=lambda i: g.totals[i], reverse=not contract)
        settle = g.settlement() if g.rules.settlement else {}
        for rank, side_index in enumerate(order):
            side = g.sides[side_index]
            names = " & ".join(s.name(seat) for seat in side)
            if len(side) > 1:
                names = _("Team {team}: {names}").format(
                    team=catalog.team_letter(side_index), names=names
                )
            colour = theme.GOLD if any(seat in g.winners for seat in side) else theme.TEXT
            total = fonts.text_cached(str(g.totals[side_index]), px(20), colour, True)
            surface.blit(total, total.get_rect(topright=(table_right, y)))
            room = table_right - total.get_width() - px(12) - (r.x + 40)
            line = fit_text(f"{rank + 1}.  {names}", px(20), colour, room, True)
            surface.blit(line, (r.x + 40, y))
            y += px(34)
            for seat in side:
                if seat in settle:
                    pays = _("pays {n} to the winner").format(n=settle[seat])
                    surface.blit(
                        fit_text(pays, px(14), theme.TEXT_DIM, table_right - (r.x + 70)),
                        (r.x + 70, y - px(6)),
                    )
                    y += px(20)
        sub = _("Lowest total wins.") if contract else _("Highest total wins.")
        if len(g.sides) == 2 and any(len(sd) > 1 for sd in g.sides) and len(order) == 2:
            margin = abs(g.totals[0] - g.totals[1])
            if margin:
                sub = ngettext(
                    "The winning team wins by {n} point (the difference of the team totals).",
                    "The winning team wins by {n} points (the difference of the team totals).",
                    margin,
                ).format(n=margin)
        review = self.review_button()
        room = (review.rect.x if review else r.right - 30) - 20 - (r.x + 40)
        surface.blit(
            fit_text(sub, px(14), theme.TEXT_DIM, room, min_size=10), (r.x + 40, r.bottom - px(110))
        )
        graph = self.graph_rect()
        draw_score_graph(surface, graph, g, s)
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
        self.draw_focus(surface)
