"""Show all hands: at a deal's end, every seat's remaining cards face up on
the table, each hand in a band at its own seat (under the badge; the
player's own over their hand), the cards drawn as the table draws them.

Opened from the deal summary ("Show all hands", key H); "Back to the
scores", Esc or H again goes back to it. The deal is over, so no card is
secret any more (the engine's `Game.hand` of every seat). Read-only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

import pygame
from pygame import Rect

from rummy_gui.engine import Card
from rummy_gui.i18n import _, ngettext
from rummy_gui.play.table_session import TableSession
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.shell.intents import Back, Intent, Key
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.table import layout as lay
from rummy_gui.ui.table.card_paint import draw_card
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.widgets import theme
from rummy_gui.ui.widgets.controls import Button, draw_panel, fit_text
from rummy_gui.ui.widgets.dialogs import Overlay
from rummy_gui.ui.widgets.uiscale import px

SHOW_KEY = pygame.K_h  # on the deal summary: show all hands (and here: back)
LABEL = 13
PAD = 6


class Table(Protocol):
    """What the view uses of the table beneath (the table scene)."""

    def draw(self, surface: pygame.Surface) -> None: ...

    @property
    def view(self) -> TableView: ...

    @property
    def session(self) -> TableSession: ...

    @property
    def viewer(self) -> int: ...

    def geometry(self) -> Geometry: ...


@dataclass(frozen=True)
class ShownHand:
    seat: int
    band: Rect  # the panel the hand lies in
    cards: tuple[tuple[Card, Rect], ...]


def hand_band(geo: Geometry, seat: int, viewer: int, size: tuple[int, int]) -> Rect:
    """Where a seat's hand is shown: the player's over their hand; another's
    under its badge, over the top of its meld area."""
    lt = geo.layout
    if seat == viewer:
        return Rect(lt.hand)
    place = lt.seats[seat]
    card_h = max(40, min(int(size[1] * 0.13), place.melds.h - 2 * PAD - px(LABEL) - 4))
    h = card_h + 2 * PAD + px(LABEL) + 4
    return Rect(
        place.melds.x, place.melds.y, place.melds.w, min(h, place.zone.bottom - place.melds.y)
    )


def shown_hands(t: Table) -> list[ShownHand]:
    """Every seat's remaining cards and where each is drawn."""
    geo = t.geometry()
    size = geo.layout.size
    out = []
    for seat in sorted(geo.layout.seats):
        band = hand_band(geo, seat, t.viewer, size)
        area = Rect(band.x + PAD, band.y + PAD + px(LABEL) + 4, band.w - 2 * PAD, 0)
        area.h = band.bottom - PAD - area.y
        cards = list(t.view.hand(seat))
        card = lay.card_size(area.h - 16)  # room for the fan's rise: under the label
        rects = lay.hand_positions(area, len(cards), card)
        out.append(ShownHand(seat, band, tuple(zip(cards, rects, strict=True))))
    return out


def label(t: Table, seat: int) -> str:
    n = t.view.hand_size(seat)
    if not n:
        return _("{name}: went out").format(name=t.session.name(seat))
    return ngettext("{name}: {n} card left", "{name}: {n} cards left", n).format(
        name=t.session.name(seat), n=n
    )


class AllHandsScene(Overlay):
    # The table is drawn here, without the deal summary between: the hands lie
    # where the summary's panel stood.
    opaque = True

    def __init__(self, app: App, table: Table) -> None:
        super().__init__(app)
        self.table = table

    def layout(self, size: tuple[int, int]) -> None:
        bar = self.table.geometry().layout.top_bar
        w = min(px(260), size[0] // 3)
        self.buttons = [
            Button(
                (bar.right - w - 8, bar.y + 3, w, bar.h - 6),
                _("Back to the scores"),
                self.app.pop,
                primary=True,
                size=px(15),
            )
        ]

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back) or (isinstance(intent, Key) and intent.key == SHOW_KEY):
            self.app.pop()
            return
        super().handle(intent)

    def frame_wait(self) -> float:
        return math.inf

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        bar = self.table.geometry().layout.top_bar
        pygame.draw.rect(surface, (6, 22, 14), bar)
        title = fit_text(
            _("All hands, face up"), px(17), theme.GOLD, self.buttons[0].rect.x - 30, True
        )
        surface.blit(title, title.get_rect(midleft=(14, bar.centery)))
        settings = self.app.settings
        for shown in shown_hands(self.table):
            draw_panel(surface, shown.band, alpha=255)  # the melds beneath do not show through
            text = fit_text(label(self.table, shown.seat), px(LABEL), theme.TEXT, shown.band.w - 12)
            surface.blit(text, (shown.band.x + PAD, shown.band.y + PAD - 2))
            for card, rect in shown.cards:
                draw_card(
                    surface, self.app.art, settings.card_back, settings.four_colour, card, rect
                )
        for b in self.buttons:
            b.draw(surface, live=not self.covered)
