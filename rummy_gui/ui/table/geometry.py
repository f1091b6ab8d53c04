"""Where each card of the current position is drawn, and card flights.

`Geometry` maps every visible card slot (zone, index) to a rect for one
position of the game; `flights_between` compares two such pictures and makes
the flights that carry each card from where it was to where it is now. This
works for every move kind, the engine's own shuffles and penalty cards too,
without the table knowing what a move does.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pygame import Rect

from rummy_gui.engine import Meld
from rummy_gui.engine.cards import Card
from rummy_gui.engine.melds import SET
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.table import layout as lay

# ("stock",), ("discard",), ("hand", seat), ("meld", id), ("face down", seat)
Zone = tuple[Any, ...]
Slot = tuple[Card | None, Rect]  # None: a card seen from the back
SELECTED_LIFT = 24  # how far a selected card of the hand stands above its place


@dataclass
class Geometry:
    layout: lay.TableLayout
    hand_order: list[Card]
    zones: dict[Zone, list[Slot]] = field(default_factory=dict)
    pile_card: tuple[int, int] = (60, 84)
    meld_cards: dict[int, tuple[int, int]] = field(default_factory=dict)  # per seat zone
    meld_rects: dict[int, list[Rect]] = field(default_factory=dict)  # meld id -> its card rects
    meld_zone_of: dict[int, int] = field(
        default_factory=dict
    )  # meld id -> seat whose zone shows it

    def meld_area(self, meld_id: int) -> Rect:
        rects = self.meld_rects.get(meld_id, [])
        if not rects:
            return Rect(0, 0, 0, 0)
        return rects[0].unionall(rects[1:]).inflate(14, 14)


def meld_maker(meld: Meld) -> int:
    """The seat whose meld this is (its cards are drawn in that seat's area)."""
    return meld.maker


def build(
    game: TableView, size: tuple[int, int], viewer: int, hand_order: list[Card], scale: float = 1.0
) -> Geometry:
    players = _players(game)
    lt = lay.table_layout(size, players, viewer, scale)
    geo = Geometry(lt, hand_order)
    geo.zones[("stock",)] = [(None, Rect(lt.stock.x + 8, lt.stock.y + 4, *lt.pile_card))]
    # a card that went out face down (RULES.md 3.9) lies on the pile as a back
    pile: list[Card | None] = [*game.public_discard_pile, *[None] * game.discard_face_down]
    rects, geo.pile_card = lay.fan_positions(lt.discard, len(pile), lt.pile_card)
    geo.zones[("discard",)] = list(zip(pile, rects, strict=True))
    hand_rects = lay.hand_positions(lt.hand, len(hand_order), lt.hand_card)
    geo.zones[("hand", viewer)] = list(zip(hand_order, hand_rects, strict=True))
    for seat, place in lt.seats.items():
        if seat == viewer:
            continue
        n = game.hand_size(seat)
        geo.zones[("hand", seat)] = [(None, r) for r in opponent_fan(place.badge, n)]
    for seat, groups in shown_melds(game).items():
        zone_place = lt.seats.get(seat)
        if zone_place is None:
            continue
        place = zone_place
        max_h = min(lay.meld_card_height(size, seat == viewer, scale), int(place.melds.h * 0.8))
        packed, card = lay.meld_packing(place.melds, [len(g) for _z, g in groups], max_h)
        geo.meld_cards[seat] = card
        for (zone, cards), card_rects in zip(groups, packed, strict=True):
            geo.zones[zone] = list(zip(cards, card_rects, strict=True))
            if zone[0] == "meld":
                geo.meld_rects[zone[1]] = card_rects
                geo.meld_zone_of[zone[1]] = seat
    return geo


def shown_melds(game: TableView) -> dict[int, list[tuple[Zone, list[Card | None]]]]:
    """What each seat's meld area shows, group by group (None: a card's back):
    the public melds and Pinochle's face-down lay-offs, never a hidden card."""
    by_zone: dict[int, list[tuple[Zone, list[Card | None]]]] = {}
    for meld in game.public_melds:
        by_zone.setdefault(meld_maker(meld), []).append((("meld", meld.id), [*meld.cards]))
    _face_down(game, by_zone)
    return by_zone


def _face_down(game: TableView, by_zone: dict[int, list[tuple[Zone, list[Card | None]]]]) -> None:
    """Pinochle's face-down lay-offs (RULES.md 3.9): a set made four shows
    four backs; every other card laid off lies face down in its layer's
    area, after the layer's melds (zone ("face down", seat))."""
    sets = {m.id for m in game.public_melds if m.kind == SET}
    for seat, laid in enumerate(game.face_down):
        loose = 0
        for meld_id in laid:
            if meld_id not in sets:
                loose += 1
                continue
            for groups in by_zone.values():
                for zone, cards in groups:
                    if zone == ("meld", meld_id):
                        cards[:] = [None] * (len(cards) + 1)
        if loose:
            by_zone.setdefault(seat, []).append((("face down", seat), [None] * loose))


def _players(game: TableView) -> int:
    return game.players


def opponent_fan(badge: Rect, count: int) -> list[Rect]:
    """A small fan of backs at the right end of an opponent's badge."""
    narrow = badge.w < 220  # the name and level keep most of a narrow badge
    ch = 30 if narrow else max(28, min(44, badge.h - 14))
    cw = int(ch / lay.CARD_RATIO)
    width = min(badge.w * (0.28 if narrow else 0.36), cw + 7 * max(0, count - 1))
    step = 0 if count <= 1 else (width - cw) / (count - 1)
    x0 = badge.right - 8 - (cw + step * max(0, count - 1))
    y = badge.centery - ch // 2
    return [Rect(int(x0 + i * step), y, cw, ch) for i in range(count)]


# --- flights ----------------------------------------------------------------


@dataclass
class Flight:
    card: Card | None
    start: Rect
    end: Rect
    dest: tuple[Zone, int]
    delay: float
    duration: float
    t: float = 0.0
    flip: bool = False  # it leaves face down and lands face up: it turns over on the way

    @property
    def done(self) -> bool:
        return self.t >= self.delay + self.duration

    def progress(self) -> float:
        """How far along its way, 0 to 1 (before easing)."""
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.t - self.delay) / self.duration))

    def rect(self) -> Rect:
        p = max(0.0, min(1.0, (self.t - self.delay) / self.duration)) if self.duration > 0 else 1.0
        p = 1 - (1 - p) ** 3  # ease out: fast start, gentle landing
        x = self.start.x + (self.end.x - self.start.x) * p
        y = self.start.y + (self.end.y - self.start.y) * p
        w = self.start.w + (self.end.w - self.start.w) * p
        h = self.start.h + (self.end.h - self.start.h) * p
        return Rect(int(x), int(y), int(w), int(h))


def flights_between(before: Geometry, after: Geometry, duration: float) -> list[Flight]:
    """Flights for every card that appeared somewhere new between two pictures."""
    departures: list[Slot] = []
    arrivals: list[tuple[Zone, int, Card | None, Rect]] = []
    for zone in set(before.zones) | set(after.zones):
        if zone == ("stock",):
            continue
        b = before.zones.get(zone, [])
        a = after.zones.get(zone, [])
        hidden = any(c is None for c, _ in a) or any(c is None for c, _ in b)
        if hidden:
            arrivals.extend((zone, i, None, a[i][1]) for i in range(len(b), len(a)))
            departures.extend((None, b[i][1]) for i in range(len(a), len(b)))
            continue
        have = Counter(c.code for c, _ in b if c is not None)
        for i, (card, rect) in enumerate(a):
            if card is not None and have[card.code] > 0:
                have[card.code] -= 1
            else:
                arrivals.append((zone, i, card, rect))
        left = Counter(c.code for c, _ in a if c is not None)
        for card, rect in b:
            if card is not None and left[card.code] > 0:
                left[card.code] -= 1
            else:
                departures.append((card, rect))
    stock_rect = before.zones[("stock",)][0][1]
    flights = []
    used = [False] * len(departures)

    def take(pred: Any) -> Slot | None:
        for i, (card, rect) in enumerate(departures):
            if not used[i] and pred(card):
                used[i] = True
                return card, rect
        return None

    arrivals.sort(key=lambda a: a[2] is None)  # known cards pick their departures first
    for n, (zone, index, card, rect) in enumerate(arrivals):
        if card is not None:
            found = take(lambda c, card=card: c is not None and c.code == card.code) or take(
                lambda c: c is None
            )
        else:
            found = take(lambda c: c is not None) or take(lambda c: c is None)
        shown, start = card, stock_rect
        if found is not None:
            start = found[1]
            if shown is None:
                shown = found[0]  # a public card going into a hidden hand is seen on its way
        # a card that was face down (in a hidden hand, in the stock) lands face up: it turns
        turns = card is not None and (found is None or found[0] is None)
        flights.append(
            Flight(shown, Rect(start), Rect(rect), (zone, index), 0.05 * n, duration, flip=turns)
        )
    return flights


DEAL_SECONDS = 1.6  # the whole deal at the "normal" speed, however many cards
DEAL_CARD_SECONDS = 0.3  # one card's flight from the stock at that speed


def deal_flights(geo: Geometry, dealer: int, players: int, factor: float) -> list[Flight]:
    """The deal as a dealer makes it: one card at a time from the stock to each
    seat in turn, the dealer's left first, then the pile's first card. The
    viewer's cards and the pile's turn face up on the way. `factor` is the
    animation speed's (1 at "normal"): the whole deal takes DEAL_SECONDS times it."""
    stock = geo.zones[("stock",)][0][1]
    seats = [(dealer + 1 + k) % players for k in range(players)]
    hands = [geo.zones.get(("hand", seat), []) for seat in seats]
    order: list[tuple[Zone, int, Card | None, Rect]] = []
    for i in range(max((len(h) for h in hands), default=0)):
        for seat, hand in zip(seats, hands, strict=True):
            if i < len(hand):
                order.append((("hand", seat), i, hand[i][0], hand[i][1]))
    pile = geo.zones.get(("discard",), [])
    order.extend((("discard",), i, card, rect) for i, (card, rect) in enumerate(pile))
    if not order or factor <= 0:
        return []
    gap = min(0.06, (DEAL_SECONDS - DEAL_CARD_SECONDS) / len(order)) * factor
    return [
        Flight(
            card,
            Rect(stock),
            Rect(rect),
            (zone, i),
            n * gap,
            DEAL_CARD_SECONDS * factor,
            flip=card is not None,
        )
        for n, (zone, i, card, rect) in enumerate(order)
    ]
