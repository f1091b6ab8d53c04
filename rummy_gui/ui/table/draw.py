"""Drawing the table. Reads the scene and the game; never changes either."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from rummy_gui.engine import Game
from rummy_gui.engine.cards import Card
from rummy_gui.engine.enums import Phase
from rummy_gui.i18n import _, language
from rummy_gui.play import palette
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.table import callout
from rummy_gui.ui.table.geometry import Geometry, meld_maker
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import draw_panel, label_image

if TYPE_CHECKING:
    from rummy_gui.ui.table.scene import TableScene

SHADOW = (0, 0, 0, 70)


def draw_table(surface: pygame.Surface, scene: TableScene) -> None:
    geo = scene.geometry()
    hidden = scene.hidden_slots()
    surface.blit(_base_layer(surface, scene, geo, hidden), (0, 0))
    _draw_stock(surface, scene, geo)
    _draw_discard(surface, scene, geo, hidden)
    _draw_thinking(surface, scene, geo)
    _draw_slots(surface, scene, geo)
    _draw_hand(surface, scene, geo, hidden)
    _draw_focus(surface, scene)
    _draw_targets(surface, scene)
    for widget in scene.buttons:
        widget.draw(surface, live=not scene.covered)
    concealed = scene.concealed()
    for flight in scene.flights:
        if flight.t >= flight.delay:
            private = concealed and flight.dest[0] == (
                "hand",
                scene.viewer,
            )  # into a hidden hand: its back
            _card(surface, scene, None if private else flight.card, flight.rect(), shadow=True)
    _draw_drag(surface, scene)
    _draw_messages(surface, scene, geo)


def _base_layer(
    surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]
) -> pygame.Surface:
    """Everything that changes only when a move is made: drawn once per position.

    The felt, the zones, the melds, the badges, the top bar and the log make up
    most of a frame's blits; caching them keeps a frame to a few milliseconds."""
    settings = scene.app.settings
    key = (
        scene.geometry_key(),
        frozenset(hidden),
        settings.four_colour,
        settings.card_back,
        len(scene.session.log),
        scene.status_text(),
        scene.staging(),
        language(),
        high_contrast(scene),
        scene.revealed_for,
        scene.concealed(),
        scene.log_scroll,
    )
    cached = scene.base_cache
    if cached is not None and cached[0] == key and cached[1].get_size() == surface.get_size():
        return cached[1]
    if cached is not None and cached[1].get_size() == surface.get_size():
        base = cached[1]  # reused: allocating a window-sized surface costs milliseconds
    else:
        base = pygame.Surface(surface.get_size()).convert()
    if high_contrast(scene):
        base.fill(palette.HC_FELT)
    else:
        base.blit(scene.app.art.felt(surface.get_size()), (0, 0))
    _draw_zones(base, scene, geo)
    _draw_melds(base, scene, geo, hidden)
    for seat in geo.layout.seats:
        _draw_badge(base, scene, geo, seat, hidden)
    _draw_top_bar(base, scene, geo)
    _draw_panel(base, scene, geo)
    scene.base_cache = (key, base)
    return base


def high_contrast(scene: TableScene) -> bool:
    return scene.app.settings.high_contrast


def focus_colour(scene: TableScene) -> tuple[int, int, int]:
    return palette.HC_FOCUS if high_contrast(scene) else palette.FOCUS


def draw_focus_box(surface: pygame.Surface, scene: TableScene, rect: Rect) -> None:
    """The keyboard focus: a bright double outline that no card colour shares."""
    colour = focus_colour(scene)
    outer = rect.inflate(10, 10)
    pygame.draw.rect(surface, (0, 0, 0), outer.inflate(4, 4), width=2, border_radius=10)
    pygame.draw.rect(surface, colour, outer, width=3, border_radius=9)


def _draw_focus(surface: pygame.Surface, scene: TableScene) -> None:
    """Where the keys act: always shown while the player may act (thin until keys are used)."""
    if (
        scene.covered
        or not scene.my_turn()
        or scene.prompt_buttons
        or (scene.drag and scene.drag.active)
    ):
        return
    from rummy_gui.ui.table.keyboard import focus_rect

    rect = focus_rect(scene)
    if scene.keyboard_used:
        draw_focus_box(surface, scene, rect)
    else:
        pygame.draw.rect(surface, focus_colour(scene), rect.inflate(8, 8), width=1, border_radius=9)


def _draw_slots(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    """The contract's slots while the player lays it down."""
    if not scene.staging():
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    rects = scene.slot_rects()
    for rect in rects:
        pygame.draw.rect(layer, (0, 0, 0, 50), rect, border_radius=10)
        pygame.draw.rect(layer, (*theme.GOLD, 150), rect, width=2, border_radius=10)
    surface.blit(layer, (0, 0))
    for k, rect in enumerate(rects):
        slot = scene.slots.slots[k] if k < len(scene.slots.slots) else []
        label = fonts.text_cached(
            scene.slots.status(k, scene.game, scene.viewer), 14, theme.GOLD, True
        )
        surface.blit(label, (rect.x + 10, rect.y + 5))
        for card, r in geo.zones.get(("staged", k), []):
            _card(surface, scene, card, r, shadow=True)
        if not slot:
            hint = fonts.text_cached(_("drag cards here"), 13, theme.TEXT_DIM)
            surface.blit(hint, hint.get_rect(center=rect.center))
    if scene.slots.staged:
        for b in scene.slot_buttons:
            b.draw(surface, live=not scene.covered)
    else:
        own = geo.layout.seats[scene.viewer].melds
        y = own.y + 14
        for text in (_("Lay down the contract:"), _("fill every slot")):  # wrapped in the zone
            tip = label_image(text, 13, theme.TEXT_DIM, (132, 48), centred=False)
            surface.blit(tip, (own.right - 140, y))
            y += tip.get_height() + 2


def _draw_thinking(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    session = scene.session
    g: Game = session.game
    if not (session.bot_thinking() and g.to_act) or session.is_human(g.to_act[0]):
        return
    place = geo.layout.seats.get(g.to_act[0])
    if place is None:
        return
    dots = "." * (1 + int(scene.clock * 3) % 3)
    surface.blit(
        fonts.text_cached(_("thinking") + dots, 12, theme.GOLD),
        (place.badge.x + 10, place.badge.bottom - 16),
    )


def _card(
    surface: pygame.Surface, scene: TableScene, card: Card | None, rect: Rect, shadow: bool = False
) -> None:
    size = (rect.w, rect.h)
    if shadow:
        sh = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(sh, SHADOW, sh.get_rect(), border_radius=max(3, rect.w // 12))
        surface.blit(sh, (rect.x + 3, rect.y + 4))
    if card is None:
        img = scene.app.art.back(scene.app.settings.card_back, size)
    else:
        img = scene.app.art.face(card, size, scene.app.settings.four_colour)
    surface.blit(img, rect.topleft)


_ZONES: dict[tuple[object, ...], pygame.Surface] = {}


def _draw_zones(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    """The shaded areas of the players and the pile: they move only on resize."""
    hc = high_contrast(scene)
    session = scene.session
    key = (
        surface.get_size(),
        tuple(
            (seat, tuple(p.zone), session.colour(seat))
            for seat, p in sorted(geo.layout.seats.items())
        ),
        tuple(geo.layout.discard),
        hc,
    )
    zone_layer = _ZONES.get(key)
    if zone_layer is None:
        _ZONES.clear()
        zone_layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for seat, place in geo.layout.seats.items():
            if hc:
                pygame.draw.rect(
                    zone_layer, (*session.colour(seat), 255), place.zone, width=3, border_radius=14
                )
                continue
            colour = (*session.colour(seat), 90)
            pygame.draw.rect(zone_layer, (0, 0, 0, 38), place.zone, border_radius=14)
            pygame.draw.rect(zone_layer, colour, place.zone, width=2, border_radius=14)
        if hc:
            pygame.draw.rect(
                zone_layer, (*palette.HC_ZONE, 255), geo.layout.discard, width=2, border_radius=14
            )
        else:
            pygame.draw.rect(zone_layer, (0, 0, 0, 30), geo.layout.discard, border_radius=14)
        zone_layer = _ZONES[key] = zone_layer.convert_alpha()
    surface.blit(zone_layer, (0, 0))
    g: Game = scene.session.game
    if not g.melds and not scene.staging():
        own = geo.layout.seats[scene.viewer].melds
        hint = fonts.text_cached(
            _("Your melds go here: drag a selection of cards onto the felt"), 15, theme.TEXT_DIM
        )
        surface.blit(hint, hint.get_rect(center=own.center))
    if not g.discard_pile and not scene.cutting():
        img = fonts.text_cached(_("discard pile"), 15, theme.TEXT_DIM)
        surface.blit(
            img, img.get_rect(midleft=(geo.layout.discard.x + 12, geo.layout.discard.centery))
        )


def _draw_melds(
    surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]
) -> None:
    g: Game = scene.session.game
    for meld in g.melds:
        rects = geo.meld_rects.get(meld.id)
        if not rects:
            continue
        maker = meld_maker(meld)
        tokens = str(meld).split()
        for j, (card, rect) in enumerate(zip(meld.cards, rects, strict=True)):
            if (("meld", meld.id), j) in hidden:
                continue
            _card(surface, scene, card, rect, shadow=(j == 0))
            owner = meld.owners[j]
            if owner != maker:
                _owner_mark(surface, scene, owner, rect)
            if card.is_joker and j < len(tokens) and "=" in tokens[j]:
                _joker_tag(surface, tokens[j].split("=")[1], rect, scene.app.settings.four_colour)
        if meld.complete:
            tick = fonts.text_cached("✓", 14, theme.GOLD, True)
            surface.blit(tick, (rects[-1].right - 14, rects[-1].y - 14))


def _owner_mark(surface: pygame.Surface, scene: TableScene, owner: int, rect: Rect) -> None:
    """A laid-off card: its owner's colour and initial (colour is never the only sign)."""
    r = max(7, min(11, rect.w // 5))
    centre = (rect.x + r + 2, rect.bottom - r - 3)
    pygame.draw.circle(surface, scene.session.colour(owner), centre, r)
    pygame.draw.circle(surface, (20, 20, 20), centre, r, width=1)
    initial = fonts.text_cached(scene.session.initial(owner), int(r * 1.3), (15, 15, 15), True)
    surface.blit(initial, initial.get_rect(center=centre))


def _joker_tag(surface: pygame.Surface, meaning: str, rect: Rect, four: bool) -> None:
    from rummy_gui.ui.art.cards import suit_colour

    text = meaning
    colour = (40, 40, 40)
    if meaning and meaning[-1] in "CDHS":
        text = meaning[:-1] + "♣♦♥♠"["CDHS".index(meaning[-1])]
        colour = suit_colour(meaning[-1], four)
    size = max(9, rect.h // 7)
    img = fonts.text_cached(text, size, colour, True)
    box = img.get_rect(topleft=(rect.x + 3, rect.y + rect.h * 0.62))
    pygame.draw.rect(surface, (255, 244, 200), box.inflate(4, 2), border_radius=3)
    pygame.draw.rect(surface, (120, 40, 150), box.inflate(4, 2), width=1, border_radius=3)
    surface.blit(img, box)


def _draw_stock(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    g: Game = scene.session.game
    top = geo.zones[("stock",)][0][1]
    n = g.stock_count
    if scene.cutting():
        _draw_cut(surface, scene, geo)
        return
    layers = min(4, (n + 9) // 10)
    for i in range(layers, 0, -1):
        r = top.move(-2 * i, -2 * i)
        _card(surface, scene, None, r, shadow=(i == layers))
    if n:
        _card(surface, scene, None, top, shadow=layers == 0)
    else:
        pygame.draw.rect(surface, (255, 255, 255), top, width=2, border_radius=8)
    count = fonts.text_cached(_("stock {n}").format(n=n), 15, theme.TEXT, True)
    surface.blit(count, count.get_rect(midtop=(top.centerx, top.bottom + 6)))
    if scene.hover_stock and scene.can_draw():
        pygame.draw.rect(surface, theme.HIGHLIGHT, top.inflate(6, 6), width=3, border_radius=9)


def _draw_cut(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    """The pack seen from its long edge: click anywhere along it to cut there."""
    edge = scene.cut_rect()
    shadow = pygame.Surface(edge.size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=6)
    surface.blit(shadow, edge.move(4, 6))
    pygame.draw.rect(surface, (236, 232, 220), edge, border_radius=6)
    for x in range(edge.x + 3, edge.right - 3, 3):
        shade = 180 + (x * 37 % 40)
        pygame.draw.line(surface, (shade, shade, shade - 10), (x, edge.y + 3), (x, edge.bottom - 4))
    pygame.draw.rect(surface, (90, 90, 80), edge, width=2, border_radius=6)
    if scene.pointer and edge.collidepoint(scene.pointer):
        x = scene.pointer[0]
        pygame.draw.line(surface, theme.HIGHLIGHT, (x, edge.y - 8), (x, edge.bottom + 8), 3)
    msg = (
        _("Cut the pack: click a point along its edge")
        if scene.my_cut()
        else _("{name} cuts the pack…").format(
            name=scene.session.name(scene.session.game.to_act[0])
        )
    )
    img = fonts.text_cached(msg, 18, theme.GOLD, True)
    surface.blit(img, img.get_rect(midbottom=(edge.centerx, edge.y - 12)))


def _draw_discard(
    surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]
) -> None:
    slots = geo.zones[("discard",)]
    lift_from = scene.hover_discard
    dragging_from = scene.drag.discard_index if scene.drag else None
    for i, (card, rect) in enumerate(slots):
        if (("discard",), i) in hidden:
            continue
        if dragging_from is not None and scene.drag and scene.drag.active and i >= dragging_from:
            continue
        r = rect
        if lift_from is not None and i >= lift_from and dragging_from is None:
            r = rect.move(0, -16)
        _card(surface, scene, card, r, shadow=True)
    if lift_from is not None and dragging_from is None and lift_from < len(slots):
        n = len(slots) - lift_from
        tip = fonts.text_cached(
            _("take {n}").format(n=n) if n > 1 else _("take the top card"), 14, theme.GOLD, True
        )
        r = slots[lift_from][1]
        surface.blit(tip, tip.get_rect(midbottom=(r.centerx, r.y - 20)))


def _draw_badge(
    surface: pygame.Surface, scene: TableScene, geo: Geometry, seat: int, hidden: set[Any]
) -> None:
    session = scene.session
    g: Game = session.game
    place = geo.layout.seats[seat]
    badge = place.badge
    to_act = seat in g.to_act
    bg = pygame.Surface(badge.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, (8, 28, 18, 215), bg.get_rect(), border_radius=10)
    surface.blit(bg, badge.topleft)
    edge = theme.HIGHLIGHT if to_act else session.colour(seat)
    pygame.draw.rect(surface, edge, badge, width=3 if to_act else 1, border_radius=10)
    if to_act:
        glow = pygame.Surface(badge.inflate(14, 14).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*theme.HIGHLIGHT, 60), glow.get_rect(), width=6, border_radius=14)
        surface.blit(glow, badge.inflate(14, 14).topleft)
    x = badge.x + 10
    chip_centre = (x + 7, badge.y + 16)
    pygame.draw.circle(surface, session.colour(seat), chip_centre, 9)
    pygame.draw.circle(surface, (20, 20, 20), chip_centre, 9, width=1)
    mark = fonts.text_cached(session.initial(seat), 12, (15, 15, 15), True)
    surface.blit(mark, mark.get_rect(center=chip_centre))
    name = fonts.text_cached(session.name(seat), 16, theme.TEXT, True)
    surface.blit(name, (x + 20, badge.y + 6))
    cfg = session.seats[seat]
    if seat == scene.viewer and session.is_human(seat) and not scene.hot_seat():
        level = _("you")
    else:
        level = (
            _("human")
            if cfg.is_human
            else _("bot: {level}").format(level=catalog.level_name(cfg.kind))
        )
    side = g.side_of(seat)
    total = g.totals[side] if side < len(g.totals) else 0
    if len(g.sides) == 2 and any(len(s) > 1 for s in g.sides):
        level += " · " + _("team {team}").format(team="AB"[side])
    surface.blit(fonts.text_cached(level, 13, theme.TEXT_DIM), (x, badge.y + 25))
    line3 = _("{n} pts").format(n=total)
    buys = g.buys_left(seat)
    if buys is not None:
        line3 += "   " + _("buys") + " " + "●" * max(0, buys) + "○" * max(0, 2 - max(0, buys))
    surface.blit(fonts.text_cached(line3, 13, theme.GOLD), (x, badge.y + 40))
    if seat == g.dealer:
        chip = (
            (badge.right - 16, badge.y + 14)
            if seat == scene.viewer
            else (x + 18 + name.get_width() + 14, badge.y + 15)
        )
        pygame.draw.circle(surface, (240, 240, 235), chip, 10)
        pygame.draw.circle(surface, (40, 40, 40), chip, 10, width=2)
        d = fonts.text_cached("D", 12, (30, 30, 30), True)
        surface.blit(d, d.get_rect(center=chip))
    if seat != scene.viewer:
        slots = geo.zones.get(("hand", seat), [])
        for i, (_back, rect) in enumerate(slots):
            if (("hand", seat), i) not in hidden:
                _card(surface, scene, None, rect)
        if slots:
            n = fonts.text_cached(str(len(slots)), 14, theme.TEXT, True)
            last = slots[-1][1]
            surface.blit(n, n.get_rect(midtop=(last.centerx, last.bottom + 1)))


def _draw_hand(surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]) -> None:
    slots = geo.zones[("hand", scene.viewer)]
    if scene.concealed():  # hot seat: nobody's cards face up while the machine changes hands
        for i, (_card_value, rect) in enumerate(slots):
            if (("hand", scene.viewer), i) not in hidden:
                _card(surface, scene, None, rect, shadow=True)
        return
    dragging = set(scene.drag.hand_indices) if scene.drag and scene.drag.active else set()
    # The card taken from deep in the pile must be melded this turn: mark one copy of it.
    target = scene.game.target if scene.my_turn() else None
    marked = next((i for i, (c, _) in enumerate(slots) if target is not None and c == target), None)
    for i, (card, rect) in enumerate(slots):
        if (("hand", scene.viewer), i) in hidden or i in dragging:
            continue
        r = rect.move(0, -24) if i in scene.selected else rect
        if i == scene.hover_hand and i not in scene.selected:
            r = r.move(0, -8)
        _card(surface, scene, card, r, shadow=True)
        if i in scene.selected:
            pygame.draw.rect(surface, theme.HIGHLIGHT, r, width=3, border_radius=max(3, r.w // 12))
        if i == marked:
            pygame.draw.rect(surface, theme.ERROR, r, width=3, border_radius=max(3, r.w // 12))
            tag = fonts.text_cached(_("meld me"), 12, theme.ERROR, True)
            surface.blit(tag, tag.get_rect(bottomleft=(r.x + 2, r.y - 2)))
    if not slots and scene.session.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER, Phase.CUT):
        img = fonts.text_cached(_("no cards in hand"), 16, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(center=geo.layout.hand.center))


def _draw_targets(surface: pygame.Surface, scene: TableScene) -> None:
    if not scene.drag or not scene.drag.active:
        return
    layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pulse = 90 + int(50 * abs((scene.clock * 2) % 2 - 1))
    for target in scene.drag.targets:
        over = target.rect.collidepoint(scene.pointer or (-1, -1))
        pygame.draw.rect(layer, (*theme.LEGAL, 60 if over else 26), target.rect, border_radius=12)
        pygame.draw.rect(
            layer, (*theme.LEGAL, 255 if over else pulse), target.rect, width=3, border_radius=12
        )
    surface.blit(layer, (0, 0))
    for target in scene.drag.targets:
        img = fonts.text_cached(_(target.label), 14, theme.LEGAL, True)
        surface.blit(img, img.get_rect(midbottom=(target.rect.centerx, target.rect.y - 2)))


def _draw_drag(surface: pygame.Surface, scene: TableScene) -> None:
    d = scene.drag
    if d and d.active and scene.pointer:
        for i, (card, offset, size) in enumerate(d.cards):
            x = scene.pointer[0] + offset[0]
            y = scene.pointer[1] + offset[1]
            _card(surface, scene, card, Rect(x, y, *size), shadow=(i == 0))
    for back in scene.returning:
        _card(surface, scene, back.card, back.rect(), shadow=True)


def _draw_top_bar(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    bar = geo.layout.top_bar
    pygame.draw.rect(surface, (6, 22, 14), bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, bar.bottomright, 2)
    title = fonts.text_cached(scene.title_text(), 17, theme.GOLD, True)
    surface.blit(title, (14, bar.y + 10))
    x = 14 + title.get_width() + 24
    size = 16
    status = fonts.text_cached(scene.status_text(), size, theme.TEXT)
    while x + status.get_width() > bar.right - 12 and size > 11:  # a narrow window: smaller type
        size -= 1
        status = fonts.text_cached(scene.status_text(), size, theme.TEXT)
    x = max(x, min(int(bar.w * 0.36), bar.right - 12 - status.get_width()))
    surface.blit(status, status.get_rect(midleft=(x, bar.centery)))


def _draw_panel(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    lt = geo.layout
    pygame.draw.rect(surface, (8, 30, 18), lt.panel)
    pygame.draw.line(surface, theme.PANEL_EDGE, lt.panel.topleft, lt.panel.bottomleft, 2)
    log = lt.log
    surface.blit(fonts.text_cached(_("Game log"), 14, theme.GOLD, True), (log.x, log.y))
    lines: list[tuple[str, bool]] = []
    entries = scene.session.log
    keep = 40 + scene.log_scroll  # enough entries for the lines shown
    for entry in entries[-keep:]:
        lines.extend((line, entry.is_deal) for line in fonts.wrap(entry.text(), 13, log.w - 6))
    visible = max(1, (log.h - 22) // 18)
    scroll = min(scene.log_scroll, max(0, len(lines) - visible))
    if scroll:
        lines = lines[: len(lines) - scroll]
        more = fonts.text_cached(_("▲ scrolled back — wheel down for the latest"), 11, theme.GOLD)
        surface.blit(more, (log.x, log.bottom - 4))
    y = log.bottom - 18
    for line, is_deal in reversed(lines):
        if y < log.y + 22:
            break
        surface.blit(
            fonts.text_cached(line, 13, theme.GOLD if is_deal else theme.TEXT_DIM), (log.x, y)
        )
        y -= 18


def _draw_messages(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    zone = geo.layout.seats[scene.viewer].zone
    callout.draw_messages(surface, scene.messages, geo.layout.table, zone.y - 8)


def draw_prompt(surface: pygame.Surface, rect: Rect, title: str, lines: list[str]) -> None:
    draw_panel(surface, rect, alpha=238)
    surface.blit(fonts.text_cached(title, 20, theme.GOLD, True), (rect.x + 18, rect.y + 14))
    y = rect.y + 46
    for line in lines:
        surface.blit(fonts.text_cached(line, 16, theme.TEXT), (rect.x + 18, y))
        y += 22
