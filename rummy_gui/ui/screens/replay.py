"""Replay last deal: step through it forward and back with every hand face up,
from the game's record (`rummy_gui.play.replay`). Public by nature: it is offered
only once the deal is over. The melds and the pile are shown as the table
showed them at each step: Pinochle's face-down lay-offs (RULES.md 3.9) as backs."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from rummy_gui.engine.cards import Card
from rummy_gui.i18n import _
from rummy_gui.play.replay import Replay
from rummy_gui.play.table_session import recorded
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerMove
from rummy_gui.ui.shell.scene import App, Scene
from rummy_gui.ui.table.geometry import shown_melds
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel

if TYPE_CHECKING:
    from rummy_gui.play.table_session import TableSession


class ReplayScene(Scene):
    def __init__(self, app: App, session: TableSession, deal: int | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.replay = Replay(recorded(session), deal)
        self.buttons: list[Button] = []
        self.pile_rects: list[pygame.Rect] = []  # where the discard pile's cards were drawn

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        y = h - 64
        specs = [
            (_("|◀ Start"), self.start),
            (_("◀ Back"), self.back),
            (_("Forward ▶"), self.forward),
            (_("End ▶|"), self.end),
            (_("Close"), self.app.pop),
        ]
        bw = min(170, (w - 60) // len(specs) - 10)
        x = w // 2 - (len(specs) * (bw + 10)) // 2
        self.buttons = []
        for label, fn in specs:
            self.buttons.append(
                Button((x, y, bw, 46), label, fn, primary=fn == self.forward, size=16)
            )
            x += bw + 10

    def frame_wait(self) -> float:
        """A replay is stepped by the player: nothing moves between clicks."""
        return math.inf

    def start(self) -> None:
        self.replay.seek(0)

    def end(self) -> None:
        self.replay.seek(len(self.replay) - 1)

    def back(self) -> None:
        self.replay.back()

    def forward(self) -> None:
        self.replay.forward()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.app.pop()
            return
        if isinstance(intent, Key):
            actions = {
                pygame.K_RIGHT: self.forward,
                pygame.K_SPACE: self.forward,
                pygame.K_LEFT: self.back,
                pygame.K_HOME: self.start,
                pygame.K_END: self.end,
                pygame.K_RETURN: self.app.pop,
            }
            action = actions.get(intent.key)
            if action is not None:
                action()
            return
        for b in self.buttons:
            if b.handle(intent) and not isinstance(intent, PointerMove):
                return

    def last_words(self) -> str:
        r = self.replay
        move = r.last_move
        if move is None:
            return _("The deal as dealt")
        from rummy_gui.play.narrate import describe

        return describe(move, r.positions[r.index - 1], self.session.name(int(move.seat or 0)))

    def _card(self, card: Card | None, size: tuple[int, int]) -> pygame.Surface:
        """A card's face, or its back where the table showed it face down."""
        art, settings = self.app.art, self.app.settings
        if card is None:
            return art.back(settings.card_back, size)
        return art.face(card, size, settings.four_colour)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.art.felt((w, h)), (0, 0))
        r = self.replay
        g: Any = r.game
        title = _("Replay of deal {n}: step {k} of {m}").format(n=r.deal, k=r.index, m=len(r) - 1)
        surface.blit(fonts.text_cached(title, 22, theme.GOLD, True), (24, 14))
        words = fonts.text_cached(self.last_words(), 18, theme.TEXT)
        surface.blit(words, (24, 46))
        players = len(self.session.seats)
        top = 84
        pile_h = 100
        row_h = max(40, (h - top - pile_h - 90) // players)
        card_h = max(30, min(112, row_h - 10))
        card_w = int(card_h / 1.4)
        step = int(card_w * 0.55)
        four = self.app.settings.four_colour
        art = self.app.art
        shown = shown_melds(g)  # what the table showed then: face-down lay-offs stay backs
        for seat in range(players):
            y = top + seat * row_h
            panel = pygame.Rect(16, y, w - 32, row_h - 6)
            draw_panel(surface, panel, alpha=120)
            colour = self.session.colour(seat)
            pygame.draw.circle(surface, colour, (34, y + 18), 9)
            mark = fonts.text_cached(self.session.initial(seat), 12, (15, 15, 15), True)
            surface.blit(mark, mark.get_rect(center=(34, y + 18)))
            name = self.session.name(seat) + ("  ▶" if seat in g.to_act else "")
            surface.blit(
                fonts.text_cached(
                    name, 16, theme.HIGHLIGHT if seat in g.to_act else theme.TEXT, True
                ),
                (50, y + 8),
            )
            x = 200
            for card in g.hand(seat):
                surface.blit(art.face(card, (card_w, card_h), four), (x, y + 2))
                x += step
            x += card_w + 24
            for _zone, cards in shown.get(seat, []):
                for card in cards:
                    if x + card_w > w - 24:
                        break
                    surface.blit(self._card(card, (card_w, card_h)), (x, y + 2))
                    x += int(card_w * 0.4)
                x += card_w
        y = top + players * row_h + 6
        label = _("Discard pile") + "  ·  " + _("stock {n}").format(n=g.stock_count)
        surface.blit(fonts.text_cached(label, 15, theme.TEXT_DIM, True), (24, y))
        x = 24
        pile: list[Card | None] = [*g.public_discard_pile, *[None] * g.discard_face_down]
        # the pile's cards end above the step buttons: smaller cards if the rows left little room
        foot = min((b.rect.y for b in self.buttons), default=h) - 8
        pile_h = max(24, min(card_h, foot - (y + 22)))
        pile_w = int(pile_h / 1.4)
        pstep = max(8, min(int(pile_w * 0.55), (w - 60 - pile_w) // max(1, len(pile))))
        self.pile_rects = []
        for top_card in pile:
            surface.blit(self._card(top_card, (pile_w, pile_h)), (x, y + 22))
            self.pile_rects.append(pygame.Rect(x, y + 22, pile_w, pile_h))
            x += pstep
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
