"""The end-of-deal screen's rows: each side's deal score item by item, as the
engine scored it (`Game.deal_breakdown`): the melds on their own cards, each
with the points it brought, the cards left in hand and what they cost, the
bonuses and penalties, the deal score and the total. Nothing is computed
here but where things go."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from rummy_gui.engine import Card
from rummy_gui.engine.scoring import DOUBLED_FACTOR, Extra, ExtraPart, HandPart, MeldPart, SideScore
from rummy_gui.i18n import _
from rummy_gui.play.table_session import TableSession
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.art.cache import ArtCache
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import fit_text, label_image
from rummy_gui.ui.widgets.uiscale import px

CARD_RATIO = 1.4  # a card's height over its width
GAP = 10  # between two melds on a line
LABEL = 13  # the points beside a meld or a hand
FACE_DOWN = "▼"  # beside a meld some of whose cards were laid off face down (Pinochle)
HAND_STEP = 0.5  # a hand's cards overlap to this share of a card's width, room allowing


def extra_text(part: ExtraPart) -> str:
    """A bonus or penalty in words, with its points."""
    words = {
        Extra.OUT_IN_ONE_TURN: _("Out in one turn"),
        Extra.MATCH: _("Game bonus"),
        Extra.CUT: _("Exact cut"),
    }[part.kind]
    return f"{words} {part.points:+d}"


def meld_label(part: MeldPart) -> str:
    """A meld's points, and why they are what they are (doubled, a Rummy! call,
    cards that lay face down: `legend` says what the mark means)."""
    text = f"{part.points:+d}"
    if part.doubled:
        text += " " + _("×{factor}").format(factor=DOUBLED_FACTOR)
    if part.called:
        text += " " + _("Rummy!")
    if any(part.face_down):
        text += " " + FACE_DOWN
    return text


def legend(parts: Sequence[SideScore]) -> str:
    """What the marks beside the melds mean, for those the deal has."""
    if any(any(m.face_down) for p in parts for m in p.melds):
        return _("{mark} laid off face down, turned up at the deal's end").format(mark=FACE_DOWN)
    return ""


def hand_label(part: HandPart, contract: bool) -> str:
    """What the cards left count: a penalty (contract) or points off (500)."""
    if not part.cards:
        return _("out!")
    return str(part.points) if contract else f"{part.points:+d}"


@dataclass(frozen=True)
class Columns:
    """Where each of a row's items goes (x and width)."""

    name: tuple[int, int]
    melds: tuple[int, int]  # width 0 in the contract family: melds score nothing
    hand: tuple[int, int]
    extras: tuple[int, int]  # width 0 when nobody has a bonus or penalty
    deal: tuple[int, int]
    total: tuple[int, int]


def columns(area: Rect, contract: bool, extras: bool, hand_need: int = 0) -> Columns:
    """The row's columns in `area`: fixed room for the names and the two
    scores, the rest shared by the melds, the hand (what its longest hand
    needs, `hand_need`, within bounds) and the bonuses."""
    name_w = max(110, min(190, area.w // 6))
    score_w = max(56, min(90, area.w // 11))
    flex = area.w - name_w - 2 * score_w - 3 * GAP
    extras_w = max(100, flex // 6) if extras else 0
    share = flex - extras_w
    hand_w = share if contract else max(share * 3 // 10, min(share // 2, hand_need))
    melds_w = share - hand_w
    x = area.x
    name = (x, name_w)
    x += name_w + GAP
    melds = (x, melds_w)
    x += melds_w
    hand = (x, hand_w)
    x += hand_w
    ex = (x, extras_w)
    x += extras_w + GAP
    deal = (x, score_w)
    total = (x + score_w + GAP, score_w)
    return Columns(name, melds, hand, ex, deal, total)


def _card_w(card_h: int) -> int:
    return int(card_h / CARD_RATIO)


def _step(room: int, counts: Sequence[int], card_w: int) -> int | None:
    """How far apart the cards of each group may be drawn so that the groups
    fit `room` (each group a whole card plus its overlaps), or None."""
    overlaps = sum(n - 1 for n in counts)
    left = room - card_w * len(counts)
    if left < 0:
        return None
    if overlaps == 0:
        return card_w
    return min(int(card_w * 0.55), left // overlaps) if left // overlaps >= 4 else None


class RowPainter:
    """Draws a deal's rows on one surface with the table's card art."""

    def __init__(self, surface: pygame.Surface, art: ArtCache, four_colour: bool) -> None:
        self.surface = surface
        self.art = art
        self.four = four_colour
        self.label = LABEL  # the points' type size, larger beside larger cards

    def cards(self, cards: Sequence[Card], x: int, y: int, card_h: int, step: int) -> int:
        """A group of cards fanned left to right from x; where it ends."""
        size = (_card_w(card_h), card_h)
        for card in cards:
            self.surface.blit(self.art.face(card, size, self.four), (x, y))
            x += step
        return x - step + size[0] if cards else x

    def text(self, text: str, x: int, mid_y: int, colour: theme.Colour, size: int = 0) -> int:
        img = fonts.text_cached(text, size or self.label, colour)
        self.surface.blit(img, img.get_rect(midleft=(x, mid_y)))
        return x + img.get_width()

    def melds(self, parts: Sequence[MeldPart], col: tuple[int, int], y: int, card_h: int) -> None:
        """The seat's melds, each on its cards with its points after it; when
        they do not fit, the points are summed once after all the cards."""
        if not parts:
            return
        x0, width = col
        labels = [meld_label(p) for p in parts]
        widths = [
            fonts.text_cached(t, self.label, theme.TEXT).get_width() + 4 + GAP for t in labels
        ]
        counts = [len(p.cards) for p in parts]
        mid = y + card_h // 2
        # smaller cards, then cards packed past their index, before the points go
        tries = [(scale, seen) for seen in (0.3, 0.0) for scale in (1.0, 0.85, 0.7)]
        for scale, seen in tries:
            h = int(card_h * scale)
            step = _step(width - sum(widths), counts, _card_w(h))
            if step is None or step < seen * _card_w(h):
                continue
            x, top = x0, mid - h // 2
            for part, label, w in zip(parts, labels, widths, strict=True):
                x = self.cards(part.cards, x, top, h, step) + 4
                self.text(label, x, mid, theme.GOLD if part.doubled or part.called else theme.TEXT)
                x += w - 4
            return
        card_w = _card_w(card_h)
        total = f"{sum(p.points for p in parts):+d}"
        tail = fonts.text_cached(total, self.label, theme.TEXT).get_width() + 4 + GAP
        flat = [c for p in parts for c in p.cards]
        step = max(1, (width - tail - card_w) // max(1, len(flat) - 1))
        step = min(step, int(card_w * 0.55))
        x = self.cards(flat, x0, y, card_h, step) + 4
        self.text(total, x, mid, theme.TEXT)

    def hand(
        self, part: HandPart, col: tuple[int, int], y: int, card_h: int, contract: bool
    ) -> None:
        """The cards left in a hand and what they count."""
        x0, width = col
        label = hand_label(part, contract)
        mid = y + card_h // 2
        if not part.cards:
            self.text(label, x0, mid, theme.GOLD, 15)
            return
        tail = fonts.text_cached(label, self.label, theme.TEXT).get_width() + 4 + GAP
        card_w = _card_w(card_h)
        n = len(part.cards)
        step = min(int(card_w * HAND_STEP), max(1, (width - tail - card_w) // max(1, n - 1)))
        x = self.cards(part.cards, x0, y, card_h, step) + 4
        self.text(label, x, mid, theme.TEXT)

    def extras(self, parts: Sequence[ExtraPart], col: tuple[int, int], y: int, h: int) -> None:
        """The bonuses and penalties, one under another in their column."""
        x0, width = col
        if not parts or width <= 0:
            return
        each = max(14, h // len(parts))
        for k, part in enumerate(parts):
            img = label_image(extra_text(part), 14, theme.GOLD, (width - 4, each), centred=False)
            self.surface.blit(img, img.get_rect(midleft=(x0, y + k * each + each // 2)))


MIN_CARD, MAX_CARD = 48, 84  # the tallest a row's cards may be, by the window's size
HEADS = 34  # the headings' line


def _hand_width(part: HandPart, contract: bool, card_h: int, label: int) -> int:
    """The room a hand's cards and points take at their usual spacing."""
    text = fonts.text_cached(hand_label(part, contract), label, theme.TEXT).get_width()
    if not part.cards:
        return text + GAP
    card_w = _card_w(card_h)
    return card_w + (len(part.cards) - 1) * int(card_w * HAND_STEP) + 4 + text + GAP


def row_heights(game: TableView, room: int, card_cap: int = MIN_CARD) -> tuple[int, int]:
    """A seat's line height and its cards' height, sharing `room` among the
    seats (and a thin rule under each side); the cards at most `card_cap` tall."""
    lines = max(1, game.players)
    line = min(card_cap + 12, (room - 6 * len(game.sides)) // lines)
    return line, max(20, min(card_cap, line - 6))


def rows_height(game: TableView, card_cap: int) -> int:
    """The height the headings and every row want when nothing is squeezed."""
    return px(HEADS) + game.players * (card_cap + 12) + 6 * len(game.sides)


def draw_breakdown(
    surface: pygame.Surface,
    area: Rect,
    game: TableView,
    session: TableSession,
    art: ArtCache,
    four_colour: bool,
    card_cap: int = MIN_CARD,
) -> None:
    """The headings and a row per seat (grouped by side) of the last deal's
    breakdown, inside `area`, the cards at most `card_cap` tall."""
    parts: Sequence[SideScore] = game.deal_breakdown or ()
    contract = game.rules.is_contract
    # the cards' size first (the headings take at most two lines), so that the
    # hand's column is as wide as its longest hand needs and the melds get the rest
    _line, guess = row_heights(game, area.h - 44, card_cap)
    label = max(LABEL, min(18, guess // 4))
    need = max((_hand_width(h, contract, guess, label) for p in parts for h in p.hands), default=0)
    cols = columns(area, contract, any(p.extras for p in parts), need)
    heads = (
        (cols.name, _("Player")),
        (cols.melds, _("Melds")),
        (cols.hand, _("Cards left in hand")),
        (cols.extras, _("Bonuses")),
        (cols.deal, _("This deal")),
        (cols.total, _("Total")),
    )
    tallest = 0
    for (x, w), text in heads:
        if w <= 0:
            continue
        img = label_image(text, px(15), theme.TEXT_DIM, (w - 4, px(40)), True, centred=False)
        surface.blit(img, (x, area.y))
        tallest = max(tallest, img.get_height())
    y = area.y + max(px(HEADS) - 10, tallest + 8)
    line, card_h = row_heights(game, area.bottom - y, card_cap)
    paint = RowPainter(surface, art, four_colour)
    paint.label = max(LABEL, min(18, card_h // 4))
    for part in parts:
        top = y
        side_extras = [e for e in part.extras if e.seat is None]
        for k, hand in enumerate(part.hands):
            seat = hand.seat
            _name(surface, session, seat, cols.name, y, card_h)
            cy = y + max(0, (line - card_h) // 2) - 2
            paint.melds([m for m in part.melds if m.seat == seat], cols.melds, cy, card_h)
            paint.hand(hand, cols.hand, cy, card_h, contract)
            mine = [e for e in part.extras if e.seat == seat] + (side_extras if k == 0 else [])
            paint.extras(mine, cols.extras, y, line)
            y += line
        mid = (top + y) // 2
        deal = str(part.total) if contract else f"{part.total:+d}"
        total = game.totals[part.side] if part.side < len(game.totals) else 0
        for (x, w), text, colour in (
            (cols.deal, deal, theme.TEXT),
            (cols.total, str(total), theme.GOLD),
        ):
            img = fit_text(text, px(22), colour, w, True, min_size=12)
            surface.blit(img, img.get_rect(midright=(x + w, mid)))
        pygame.draw.line(surface, theme.PANEL_EDGE, (area.x, y + 1), (area.right, y + 1))
        y += 6


def _name(
    surface: pygame.Surface, session: TableSession, seat: int, col: tuple[int, int], y: int, h: int
) -> None:
    """The seat's colour chip with its initial, and its name beside it."""
    x, w = col
    r = px(9)
    mid = y + max(r + 1, h // 2)
    pygame.draw.circle(surface, session.colour(seat), (x + r, mid), r)
    mark = fonts.text_cached(session.initial(seat), px(12), (15, 15, 15), True)
    surface.blit(mark, mark.get_rect(center=(x + r, mid)))
    name = fit_text(session.name(seat), px(17), theme.TEXT, w - 2 * r - 6, True, min_size=10)
    surface.blit(name, name.get_rect(midleft=(x + 2 * r + 6, mid)))
