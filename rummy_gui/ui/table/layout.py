"""Where everything on the table goes, for a window size and a seating.

Pure geometry: no drawing, no game rules. Recomputed on every resize (and
when the number of melds changes, for the meld zones' packing).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from rummy_gui.ui.widgets.uiscale import px

CARD_RATIO = 1.4  # height / width of every card
BADGE_H = 58  # a seat's badge at a UI scale of 1
OWN_LINE = 16  # the player's own badge has a fourth line: what the hand would cost now
ICONS_PER_ROW = 5  # the icon bar under the log: two rows
ACTIONS_W = 132  # the column of actions over the hand's right end, at a UI scale of 1
COMPACT_BELOW = 96  # card height under which the art draws the compact face (a big index)
GAP = 0.08  # the space between cards laid side by side, in card widths


def index_width(card: tuple[int, int]) -> int:
    """How much of a card's left edge must stay in view for its corner index
    (rank over suit, "10" the widest) to be read whole: the art's compact face
    has a big index, the full face a small one."""
    cw, ch = card
    share = 0.56 if ch < COMPACT_BELOW else 0.36
    return int(cw * share) + 2


def card_size(height: float) -> tuple[int, int]:
    h = int(height)
    return (round(h / CARD_RATIO), h)


@dataclass
class SeatPlace:
    seat: int
    zone: Rect  # the whole area of this player
    badge: Rect  # name, level, score, dealer mark
    melds: Rect  # where their melds go
    side: str  # "bottom", "top", "left" or "right"


@dataclass
class TableLayout:
    size: tuple[int, int]
    top_bar: Rect
    panel: Rect  # the right-hand column: the log and the icon bar
    log: Rect
    buttons: Rect  # the icon bar
    table: Rect
    stock: Rect
    discard: Rect
    hand: Rect
    hand_card: tuple[int, int]
    pile_card: tuple[int, int]
    seats: dict[int, SeatPlace] = field(default_factory=dict)
    actions: Rect = field(default_factory=Rect)  # the actions that apply now, over the hand


def table_layout(
    size: tuple[int, int], players: int, viewer: int, scale: float = 1.0
) -> TableLayout:
    """The table for a window size; `scale` (0.8-1.6) is the player's card size.

    Every band of the table (the opponents' zones, the middle with the stock and
    the pile, the player's own zone, the hand) is a share of the window's
    height, so the cards grow with the window instead of stopping at a size
    made for a small one."""
    w, h = size
    panel_w = max(220, min(px(300), int(w * 0.2)))
    top_bar = Rect(0, 0, w, px(40))
    panel = Rect(w - panel_w, top_bar.bottom, panel_w, h - top_bar.bottom)
    gap = px(6)
    icon = min(px(46), (panel_w - 20 - (ICONS_PER_ROW - 1) * gap) // ICONS_PER_ROW)
    buttons_h = 2 * icon + gap + 16
    buttons = Rect(panel.x + 10, panel.bottom - buttons_h, panel.w - 20, buttons_h - 8)
    log = Rect(panel.x + 10, panel.y + 10, panel.w - 20, buttons.y - panel.y - 20)
    table = Rect(0, top_bar.bottom, w - panel_w, h - top_bar.bottom)

    hand_card = card_size(min(h * 0.32, max(80, h * 0.19) * scale))
    hand = Rect(table.x + 14, h - hand_card[1] - 12, table.w - 28, hand_card[1] + 8)
    own_h = int(max(110, h * 0.19))
    own = Rect(table.x + 10, hand.y - 28 - own_h, table.w - 20, own_h)
    seats: dict[int, SeatPlace] = {}
    badge_w = max(150, min(px(240), own.w // 5))
    # the actions that apply now: at the right end of the player's own zone, over the hand
    actions_w = px(ACTIONS_W)
    actions = Rect(own.right - actions_w, own.y, actions_w, own.h)
    seats[viewer] = SeatPlace(
        viewer,
        own,
        Rect(own.x, own.y, badge_w, px(BADGE_H + OWN_LINE)),  # a line more: your hand's value
        Rect(own.x + badge_w + 10, own.y, actions.x - 10 - (own.x + badge_w + 10), own.h),
        "bottom",
    )

    others = [(viewer + i) % players for i in range(1, players)]
    k = len(others)
    top_h = int(max(150, h * 0.25))
    top = Rect(table.x + 10, table.y + 8, table.w - 20, top_h)
    middle = Rect(table.x + 10, top.bottom + 8, table.w - 20, own.y - top.bottom - 16)
    if k >= 5:
        side_w = max(170, min(int(table.w * 0.2), table.w // 5))
        left_zone = Rect(middle.x, middle.y, side_w, middle.h)
        right_zone = Rect(middle.right - side_w, middle.y, side_w, middle.h)
        top_seats = others[1:-1]
        _place(seats, others[0], left_zone, "left")
        _place(seats, others[-1], right_zone, "right")
        middle = Rect(left_zone.right + 10, middle.y, right_zone.x - left_zone.right - 20, middle.h)
    else:
        top_seats = others
    if top_seats:
        col_w = top.w // len(top_seats)
        for i, seat in enumerate(top_seats):
            _place(seats, seat, Rect(top.x + i * col_w + 4, top.y, col_w - 8, top.h), "top")

    pile_card = card_size(min(middle.h * 0.8, max(80, min(middle.h * 0.62, h * 0.14)) * scale))
    stock = Rect(
        middle.x + 8, middle.centery - pile_card[1] // 2 - 8, pile_card[0] + 16, pile_card[1] + 28
    )
    discard = Rect(stock.right + 24, middle.y + 4, middle.right - stock.right - 32, middle.h - 8)
    return TableLayout(
        size,
        top_bar,
        panel,
        log,
        buttons,
        table,
        stock,
        discard,
        hand,
        hand_card,
        pile_card,
        seats,
        actions,
    )


def meld_card_height(size: tuple[int, int], own: bool, scale: float = 1.0) -> int:
    """The tallest meld card for a window: a share of its height, like the hand's."""
    return int(size[1] * (0.15 if own else 0.13) * scale)


def _place(seats: dict[int, SeatPlace], seat: int, zone: Rect, side: str) -> None:
    badge_h = px(BADGE_H)
    badge = Rect(zone.x, zone.y, min(zone.w, px(380)), badge_h)  # a wide zone: room for melds
    melds = Rect(zone.x, zone.y + badge_h + 4, zone.w, zone.h - badge_h - 4)
    seats[seat] = SeatPlace(seat, zone, badge, melds, side)


# --- fans and packings --------------------------------------------------------


def hand_positions(area: Rect, count: int, card: tuple[int, int]) -> list[Rect]:
    """The player's hand, centred: side by side while the strip has room, else
    overlapping, but never so far that a card's corner index is covered; a hand
    too long for that gets smaller cards. The middle of an overlapping fan
    stands a little higher."""
    if count == 0:
        return []
    cw, ch = card
    while True:
        step = float(cw) if count == 1 else min(cw * (1 + GAP), (area.w - cw) / (count - 1))
        if count == 1 or step >= index_width((cw, ch)) or ch <= 48:
            break
        cw, ch = card_size(ch * 0.92)
    total = cw + step * (count - 1)
    x0 = area.centerx - total / 2
    arc = count > 3 and step < cw
    out = []
    for i in range(count):
        t = 0.0 if count == 1 else (2 * i / (count - 1) - 1)
        rise = int(10 * (1 - t * t)) if arc else 0
        out.append(Rect(int(x0 + i * step), area.bottom - ch - 4 - rise, cw, ch))
    return out


def fan_positions(
    area: Rect, count: int, card: tuple[int, int]
) -> tuple[list[Rect], tuple[int, int]]:
    """The discard pile: left to right, oldest first, wrapping into rows.

    Side by side while there is room, else overlapping down to each card's
    corner index; more rows when one is not enough, and smaller cards when the
    rows would not fit. Returns the rects and the card size used."""
    cw, ch = card
    while True:
        least = index_width((cw, ch))
        step = max(least, min(cw * (1 + GAP), (area.w - cw) / max(1, count - 1)))
        per_row = max(1, int((area.w - cw) / step + 1e-6) + 1)
        rows = (count + per_row - 1) // per_row if count else 1
        row_step = int(ch * 0.64) + 2  # the row above keeps its corner indices
        if rows == 1 or ch + (rows - 1) * row_step <= area.h or ch <= 40:
            break
        cw, ch = card_size(ch * 0.9)
    out = []
    for i in range(count):
        r, c = divmod(i, per_row)
        out.append(Rect(int(area.x + c * step), area.y + r * row_step, cw, ch))
    return out, (cw, ch)


def meld_packing(
    area: Rect, lengths: list[int], max_h: int
) -> tuple[list[list[Rect]], tuple[int, int]]:
    """Melds flowed in rows inside `area`, each as an overlapping strip of cards
    that shows every card's corner index.

    The biggest card size (up to max_h tall) at which everything fits is used:
    rows well apart down to a comfortable minimum, then rows close together
    and smaller cards down to a readable one (a crowded zone: 8 players in a
    small window); only when even that does not fit do the rows overlap, each
    still showing the corner indices of the row above."""
    ch = max(MELD_MIN_H, max_h)
    cw = ch
    out: list[list[Rect]] = []
    for row_gap, floor in ((ROW_GAP, MELD_MIN_H), (TIGHT_ROW_GAP, MELD_TIGHT_H)):
        ch = min(ch, max(floor, max_h))
        for height in _heights(ch, floor):
            cw, ch = card_size(height)
            out, bottom = _flow(area, lengths, (cw, ch), row_gap)
            if bottom <= area.bottom:
                break
        if bottom <= area.bottom:
            return _spread(area, lengths, (cw, ch), row_gap, out), (cw, ch)
    rows = 1 + max((r[0].y - area.y) // (ch + TIGHT_ROW_GAP) for r in out) if out else 1
    if rows > 1:
        least = int(ch * 0.64) + 2  # the compact face's index, rank over suit
        row_step = max(least, (area.h - ch - 2) // (rows - 1))
        out, _bottom = _flow(area, lengths, (cw, ch), row_step - ch)
    return out, (cw, ch)


def _heights(top: int, floor: int) -> list[int]:
    """The meld card heights to try, largest first, in steps of 4 %, with the
    smallest full face among them: just under it the compact face's wider
    index makes every meld longer, so a fixed ratio that steps over it drops
    to cards half the height when the full face would have fitted."""
    out = [top]
    while out[-1] > floor:
        out.append(max(floor, min(out[-1] - 1, int(out[-1] * 0.96))))
    if floor <= COMPACT_BELOW <= top:
        out = sorted({*out, COMPACT_BELOW}, reverse=True)
    return out


MELD_MIN_H = 34  # the smallest meld card while rows can stand well apart
MELD_TIGHT_H = 22  # the smallest at all: the compact face's index still reads
ROW_GAP = 14  # between rows of melds (room for a meld's highlight)
TIGHT_ROW_GAP = 4


MELD_SPREAD = 0.5  # at most this share of a meld card's width shows beside the next


def _spread(
    area: Rect, lengths: list[int], card: tuple[int, int], row_gap: int, tight: list[list[Rect]]
) -> list[list[Rect]]:
    """The melds that fit with their cards as close as the corner index allows,
    spread wider while the zone still holds them: more of each card in view."""
    least = index_width(card)
    widest = max(least, int(card[0] * MELD_SPREAD))
    for k in range(4, 0, -1):  # the widest spacing that fits, in four steps down
        step = least + (widest - least) * k // 4
        if step <= least:
            break
        out, bottom = _flow(area, lengths, card, row_gap, step)
        if bottom <= area.bottom:
            return out
    return tight


def _flow(
    area: Rect, lengths: list[int], card: tuple[int, int], row_gap: int, step: int = 0
) -> tuple[list[list[Rect]], int]:
    """Melds left to right, wrapping into rows `row_gap` apart (negative: the
    rows overlap), their cards `step` apart (0: as close as the corner index
    allows); and the bottom used, with a margin under the last row."""
    cw, ch = card
    step = max(step, index_width(card))
    gap = max(6, cw // 5)
    margin = max(2, min(12, row_gap - 2))
    out: list[list[Rect]] = []
    x, y = area.x, area.y
    bottom = area.y + ch + margin
    for n in lengths:
        width = cw + step * (n - 1)
        if x > area.x and x + width > area.right:
            x, y = area.x, y + ch + row_gap
        bottom = max(bottom, y + ch + margin, area.bottom + 1 if width > area.w else 0)
        out.append([Rect(x + j * step, y, cw, ch) for j in range(n)])
        x += width + gap
    return out, bottom
