"""Drawing the players' places: the felt with their zones, each seat's badge,
"thinking…", the top bar and the game log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from rummy_gui.i18n import _, pgettext
from rummy_gui.play import palette
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.art.felt import soft_area
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.table import draw_common, texts
from rummy_gui.ui.table.draw_common import high_contrast
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.table.seat_figures import deal_figure, hand_figure
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import draw_outlined, fit_text
from rummy_gui.ui.widgets.uiscale import px

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState as TableScene


def draw_thinking(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    session = scene.session
    g = scene.view
    if not (session.bot_thinking() and g.to_act) or session.is_human(g.to_act[0]):
        return
    place = geo.layout.seats.get(g.to_act[0])
    if place is None:
        return
    text = turn_text(scene, g.to_act[0])
    img = fonts.text_cached(text, px(12), theme.GOLD)
    at = thinking_spot(scene, geo, text)
    if at[1] >= place.badge.bottom:  # under the badge, over its melds: on a dark backing
        back = img.get_rect(topleft=at).inflate(12, 4)
        draw_outlined(surface, back, THINKING_BACK, (*theme.GOLD, 110), 1, back.h // 2)
    surface.blit(img, at)


THINKING_BACK = (10, 30, 20, 220)  # the felt's darkest green, nearly opaque


def turn_text(scene: TableScene, seat: int) -> str:
    """What the badge of a seat that is to move but not played here says: a
    bot (or the stand-in of a player away) thinks; a person on another
    computer has the turn, or is waited for while their seat is kept."""
    from rummy_gui.play.net.tables import AWAY, CONNECTED

    status = getattr(scene.session, "seat_status", lambda _seat: None)(seat)
    name = scene.session.name(seat)
    if status == CONNECTED:
        return _("{name}'s turn").format(name=name)
    if status == AWAY:
        return _("waiting for {name}").format(name=name)
    return _("thinking") + "." * (1 + int(scene.motion.clock * 3) % 3)


def thinking_spot(scene: TableScene, geo: Geometry, text: str | None = None) -> tuple[int, int]:
    """Where "thinking…" (or `text`, the seat's `turn_text`) goes: after the
    points on the badge's third line when there is room (never over them),
    else just under the badge."""
    seat = scene.view.to_act[0]
    badge = geo.layout.seats[seat].badge
    x = badge.x + 10
    line3 = fit_text(
        badge_lines(scene, seat)[2],
        px(13),
        theme.GOLD,
        badge_text_right(scene, geo, seat) - x,
        min_size=10,
    )
    room = badge_text_right(scene, geo, seat) - (x + line3.get_width() + 10)
    thinking = _("thinking") + "..."
    widest = thinking if text is None or text.startswith(_("thinking")) else text
    width = fonts.text_cached(widest, px(12), theme.GOLD).get_width()
    if room >= width:
        return x + line3.get_width() + 10, badge.y + px(40)
    # else after the name (and the dealer's chip), off the melds beneath the badge
    right = badge_text_right(scene, geo, seat)
    name_end = x + px(20) + name_image(scene, seat, right - x).get_width()
    if seat == scene.view.dealer and seat != scene.viewer:
        name_end += px(28)
    if right - (name_end + 10) >= width:
        return name_end + 10, badge.y + px(8)
    return x, badge.bottom + 3


_STATIC: dict[tuple[object, ...], pygame.Surface] = {}


def static_layer(size: tuple[int, int], scene: TableScene, geo: Geometry) -> pygame.Surface:
    """The felt with the shaded areas of the players and the pile, one opaque
    surface: they change only on resize (or with the contrast setting)."""
    hc = high_contrast(scene)
    session = scene.session
    key = (
        size,
        tuple((seat, tuple(p.zone)) for seat, p in sorted(geo.layout.seats.items())),
        tuple(geo.layout.discard),
        hc,
        id(session),
        tuple(cfg.colour for cfg in session.seats),
    )
    static = _STATIC.get(key)
    if static is not None:
        return static
    _STATIC.clear()
    if hc:
        static = pygame.Surface(size)
        if pygame.display.get_surface() is not None:
            static = static.convert()
        static.fill(palette.HC_FELT)
    else:
        static = scene.app.art.take_felt(size)
    # Each zone through a layer of its own size: a window-sized alpha layer
    # costs more to make and to blit than all the zones together.
    for seat, place in geo.layout.seats.items():
        if hc:
            _zone_layer(static, place.zone, (*session.colour(seat), 255), None, 3)
        else:
            _zone_layer(static, place.zone, (*session.colour(seat), 70), (0, 0, 0, 38), 2)
    if hc:
        _zone_layer(static, geo.layout.discard, (*palette.HC_ZONE, 255), None, 2)
    else:
        _zone_layer(static, geo.layout.discard, None, (0, 0, 0, 30), 0)
    _STATIC[key] = static
    return static


def _zone_layer(
    surface: pygame.Surface,
    zone: Rect,
    edge: tuple[int, int, int, int] | None,
    shade: tuple[int, int, int, int] | None,
    width: int,
) -> None:
    """A zone's shade and edge, blended onto the felt: a soft area with a faint
    rim of the seat's colour (art/felt.py), or in high contrast a plain one."""
    if edge is not None and edge[3] == 255:  # high contrast keeps its plain, strong edges
        layer = pygame.Surface(zone.size, pygame.SRCALPHA)
        local = layer.get_rect()
        if shade is not None:
            pygame.draw.rect(layer, shade, local, border_radius=14)
        pygame.draw.rect(layer, edge, local, width=width, border_radius=14)
        surface.blit(layer, zone.topleft)
        return
    surface.blit(soft_area(zone.size, shade, edge), zone.topleft)


def draw_zones(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    """The shaded areas of the players and the pile, and their hints."""
    surface.blit(static_layer(surface.get_size(), scene, geo), (0, 0))
    draw_zone_hints(surface, scene, geo)


def draw_zone_hints(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    g: TableView = scene.view
    if not g.melds and not scene.staging():
        lt = geo.layout
        own = lt.seats[scene.viewer].melds
        # between your badge and the action column where they stand in the zone, wrapped
        left, right = own.x + px(10), own.right - px(10)
        badge = lt.seats[scene.viewer].badge
        if badge.colliderect(own):
            left = max(left, badge.right + px(10))
        if lt.actions.colliderect(own):
            right = min(right, lt.actions.x - px(10))
        if scene.answers.answer_buttons and scene.answers.panel.colliderect(own):
            right = min(right, scene.answers.panel.x - px(10))  # the claim prompt by the hand
        text = _("Your melds go here: drag a selection of cards onto the felt")
        lines = fonts.wrap(text, px(15), max(px(80), right - left))
        y = own.centery - len(lines) * px(19) // 2
        for line in lines:
            img = fonts.text_cached(line, px(15), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=((left + right) // 2, y)))
            y += px(19)
    if not g.discard_pile and not scene.cutting():
        img = fonts.text_cached(_("discard pile"), px(15), theme.TEXT_DIM)
        surface.blit(
            img, img.get_rect(midleft=(geo.layout.discard.x + 12, geo.layout.discard.centery))
        )


def badge_lines(scene: TableScene, seat: int) -> tuple[str, str, str]:
    """The three lines of a seat's badge: name, level (and team), points: the
    total and this deal's figure (and buys)."""
    session = scene.session
    g = scene.view
    level = badge_level(scene, seat)
    side = g.side_of(seat)
    total = g.totals[side] if side < len(g.totals) else 0
    # the total, and this deal so far as the engine scores it (issue 47, defect 3)
    line3 = _("{n} pts").format(n=total) + " · " + deal_figure(g, seat)
    buys = g.buys_left(seat)
    if buys is not None:
        line3 += "   " + _("buys") + " " + "●" * max(0, buys) + "○" * max(0, 2 - max(0, buys))
    return session.name(seat), level, line3


def badge_level(scene: TableScene, seat: int, short: bool = False) -> str:
    """A badge's second line: who plays the seat (and the team); `short`,
    a person on another computer's state in fewer words, for a narrow badge."""
    session = scene.session
    g = scene.view
    cfg = session.seats[seat]
    note = remote_note(session, seat, short)
    if seat == scene.viewer and session.is_human(seat) and not scene.hot_seat():
        level = _("you")
    elif note is not None:  # a player on another computer, and their connection
        level = note
    else:
        level = (
            _("human")
            if cfg.is_human
            else _("bot: {level}").format(level=catalog.level_name(cfg.kind))
        )
    side = g.side_of(seat)
    if len(g.sides) == 2 and any(len(s) > 1 for s in g.sides):
        level += " · " + _("team {team}").format(team=catalog.team_letter(side))
    return level


def remote_note(session: Any, seat: int, short: bool = False) -> str | None:
    """A remote seat's state for its badge (None: a seat played here)."""
    if getattr(session, "seat_status", None) is None:
        return None
    from rummy_gui.ui.screens.waiting_room import seat_note

    return seat_note(session, seat, short)


def score_line(line3: str, room: int) -> pygame.Surface:
    """A badge's score line within `room`. Where even small type can't hold it
    (a narrow badge in a long language) the buys keep their dots, not the
    word, and then the deal's figure goes: a seat with buys is one whose
    cards in hand the fan of backs beside the badge counts already."""
    img = fit_text(line3, px(13), theme.GOLD, room, min_size=10)
    word = _("buys") + " "
    if img.get_width() <= room or word not in line3:
        return img
    scores, _gap, buys = line3.replace(word, "").rpartition("   ")
    for text in (scores + " " + buys, scores.split(" · ")[0] + " " + buys):
        img = fit_text(text, px(13), theme.GOLD, room, min_size=10)
        if img.get_width() <= room:
            break
    return img


def badge_split(line3: str, room: int) -> tuple[str, str]:
    """A badge's score line as ("", line) when it fits its room at its size,
    else (the total, the rest): the total then stands beside the level, so
    the line is never drawn smaller than its neighbours on the other badges."""
    if fonts.text_cached(line3, px(13), theme.GOLD).get_width() <= room or " · " not in line3:
        return "", line3
    head, rest = line3.split(" · ", 1)
    return head, rest


def badge_text_right(scene: TableScene, geo: Geometry, seat: int) -> int:
    """Where a badge's texts must end: before the opponent's fan of backs, or
    before the dealer chip of the player's own badge."""
    badge = geo.layout.seats[seat].badge
    slots = geo.zones.get(("hand", seat), []) if seat != scene.viewer else []
    if slots:
        return min(r.x for _c, r in slots) - 6
    if seat == scene.view.dealer:
        return badge.right - 30
    return badge.right - 8


_BADGE_BACKS: dict[tuple[int, int, bool], pygame.Surface] = {}


def _badge_back(size: tuple[int, int], glow: bool) -> pygame.Surface:
    """A badge's see-through ground, or the glow around the badge of the seat to act."""
    key = (size[0], size[1], glow)
    img = _BADGE_BACKS.get(key)
    if img is None:
        if len(_BADGE_BACKS) > 32:
            _BADGE_BACKS.clear()
        if glow:
            img = pygame.Surface((size[0] + 14, size[1] + 14), pygame.SRCALPHA)
            pygame.draw.rect(img, (*theme.HIGHLIGHT, 60), img.get_rect(), width=6, border_radius=14)
        else:
            img = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(img, (8, 28, 18, 215), img.get_rect(), border_radius=10)
        _BADGE_BACKS[key] = img
    return img


def name_image(scene: TableScene, seat: int, room: int) -> pygame.Surface:
    """The badge's name, made smaller to leave room for the dealer's chip."""
    g = scene.view
    dealer_room = px(26) if seat == g.dealer and seat != scene.viewer else 0
    name_text = badge_lines(scene, seat)[0]
    return fit_text(name_text, px(16), theme.TEXT, room - px(20) - dealer_room, True, min_size=11)


def draw_badge(
    surface: pygame.Surface, scene: TableScene, geo: Geometry, seat: int, hidden: set[Any]
) -> None:
    session = scene.session
    g = scene.view
    place = geo.layout.seats[seat]
    badge = place.badge
    to_act = seat in g.to_act
    surface.blit(_badge_back(badge.size, False), badge.topleft)
    edge = theme.HIGHLIGHT if to_act else session.colour(seat)
    pygame.draw.rect(surface, edge, badge, width=3 if to_act else 1, border_radius=10)
    if to_act:
        surface.blit(_badge_back(badge.size, True), badge.inflate(14, 14).topleft)
    x = badge.x + 10
    right = badge_text_right(scene, geo, seat)
    chip_centre = (x + px(7), badge.y + px(16))
    pygame.draw.circle(surface, session.colour(seat), chip_centre, px(9))
    pygame.draw.circle(surface, (20, 20, 20), chip_centre, px(9), width=1)
    mark = fonts.text_cached(session.initial(seat), px(12), (15, 15, 15), True)
    surface.blit(mark, mark.get_rect(center=chip_centre))
    _name_text, level, line3 = badge_lines(scene, seat)
    name = name_image(scene, seat, right - x)
    surface.blit(name, (x + px(20), badge.y + px(4)))
    head, rest = badge_split(line3, right - x)
    level_room = right - x
    total = fonts.text_cached(head, px(13), theme.GOLD) if head else None
    beside = right - x - (total.get_width() + px(8) if total else 0)
    if total is not None and fonts.text_cached(level, 10, theme.TEXT_DIM).get_width() <= beside:
        # a narrow badge: the total goes right of the level, at the same size
        surface.blit(total, total.get_rect(topright=(right, badge.y + px(23))))
        level_room, line3 = beside, rest
    level_img = fit_text(level, px(13), theme.TEXT_DIM, level_room, min_size=10)
    if level_img.get_width() > level_room:  # a narrow badge: the fewer words
        level_img = fit_text(
            badge_level(scene, seat, True), px(13), theme.TEXT_DIM, level_room, min_size=10
        )
    surface.blit(level_img, (x, badge.y + px(23)))
    surface.blit(score_line(line3, right - x), (x, badge.y + px(39)))
    if seat == scene.viewer and not scene.concealed():  # your own hand, face up
        own = fit_text(hand_figure(g, seat), px(13), theme.TEXT, right - x, min_size=10)
        surface.blit(own, (x, badge.y + px(55)))
    if seat == g.dealer:
        chip = (
            (badge.right - px(16), badge.y + px(14))
            if seat == scene.viewer
            else (x + px(20) + name.get_width() + px(14), badge.y + px(15))  # clear of the name
        )
        pygame.draw.circle(surface, (240, 240, 235), chip, px(10))
        pygame.draw.circle(surface, (40, 40, 40), chip, px(10), width=2)
        # the dealer's letter in each language (fi J for jakaja, ru С for сдающий)
        d = fonts.text_cached(pgettext("dealer chip", "D"), px(12), (30, 30, 30), True)
        surface.blit(d, d.get_rect(center=chip))
    if seat != scene.viewer:
        slots = geo.zones.get(("hand", seat), [])
        for i, (_back, rect) in enumerate(slots):
            if (("hand", seat), i) not in hidden:
                draw_common.draw_card(surface, scene, None, rect)
        if slots:
            n = fonts.text_cached(str(len(slots)), px(14), theme.TEXT, True)
            # on the last back, inside the badge (under the fan it ran over the badge's edge)
            last = slots[-1][1]
            at = n.get_rect(center=(last.centerx, last.bottom - 8))
            pygame.draw.rect(surface, (16, 22, 30), at.inflate(8, 2), border_radius=6)
            surface.blit(n, at)


def draw_top_bar(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    bar = geo.layout.top_bar
    pygame.draw.rect(surface, (6, 22, 14), bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, 2)
    title = fonts.text_cached(texts.title_text(scene), px(17), theme.GOLD, True)
    surface.blit(title, title.get_rect(midleft=(14, bar.centery)))
    x = 14 + title.get_width() + px(24)
    size = px(16)
    text = texts.status_text(scene)
    status = fonts.text_cached(text, size, theme.TEXT)
    while x + status.get_width() > bar.right - 12 and size > 11:  # a narrow window: smaller type
        size -= 1
        status = fonts.text_cached(text, size, theme.TEXT)
    room = bar.right - 12 - x
    if status.get_width() > room:
        # still too long at the smallest type: two lines, each fitted to the room
        lines = fonts.wrap(text, px(12), room)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        rows = [fit_text(line, px(12), theme.TEXT, room, min_size=9) for line in lines]
        y = bar.centery - sum(r.get_height() for r in rows) // 2
        for row in rows:
            surface.blit(row, (x, y))
            y += row.get_height()
        return
    x = max(x, min(int(bar.w * 0.36), bar.right - 12 - status.get_width()))
    surface.blit(status, status.get_rect(midleft=(x, bar.centery)))


_WRAPPED: dict[tuple[str, int], list[str]] = {}


def wrapped_lines(text: str, width: int) -> list[str]:
    """A log entry's lines: measured once, not on every redraw of the log."""
    key = (text, width)
    lines = _WRAPPED.get(key)
    if lines is None:
        if len(_WRAPPED) > 4000:
            _WRAPPED.clear()
        lines = _WRAPPED[key] = fonts.wrap(text, px(13), width)
    return lines


LOG_TOP = 22  # the log's heading, above its first line
LOG_LINE = 18  # the log's line height


def draw_log(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    lt = geo.layout
    pygame.draw.rect(surface, (8, 30, 18), lt.panel)
    pygame.draw.line(surface, theme.PANEL_EDGE, lt.panel.topleft, lt.panel.bottomleft, 2)
    log = lt.log
    surface.blit(fonts.text_cached(_("Game log"), px(14), theme.GOLD, True), (log.x, log.y))
    lines: list[tuple[str, bool, bool]] = []  # text, a deal's line, an entry's first line
    entries = scene.session.log
    visible = max(1, (log.h - px(LOG_TOP)) // px(LOG_LINE))
    keep = visible + scene.pointer.log_scroll  # enough entries for the lines shown
    for entry in entries[-keep:]:
        wrapped = wrapped_lines(entry.text(), log.w - 6)
        lines.extend((line, entry.is_deal, k == 0) for k, line in enumerate(wrapped))
    scroll = min(scene.pointer.log_scroll, max(0, len(lines) - visible))
    if scroll:
        lines = lines[: len(lines) - scroll]
        more = fonts.text_cached(
            _("▲ scrolled back — wheel down for the latest"), px(11), theme.GOLD
        )
        surface.blit(more, (log.x, log.bottom - 4))
    # Read from the top, under the heading, as a page is: a short log sits there,
    # not at the foot of a tall empty column; a long one shows its newest lines,
    # the latest last.
    shown = lines[-visible:]
    # An entry cut by the column's top is left out whole: its second half alone
    # reads as nonsense. The rest keep their places, the newest at the foot.
    cut = next((k for k, line in enumerate(shown) if line[2]), len(shown))
    for k, (line, is_deal, _first) in enumerate(shown):
        if k < cut:
            continue
        surface.blit(
            fonts.text_cached(line, px(13), theme.GOLD if is_deal else theme.TEXT_DIM),
            (log.x, log.y + px(LOG_TOP) + k * px(LOG_LINE)),
        )
