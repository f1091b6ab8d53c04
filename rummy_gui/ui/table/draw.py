"""Drawing the table. Reads the scene and the game; never changes either."""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from rummy_gui.engine import Game
from rummy_gui.engine.cards import Card, Token, rank_text
from rummy_gui.engine.enums import Phase
from rummy_gui.i18n import _, language, pgettext
from rummy_gui.play import palette
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.table import callout, texts
from rummy_gui.ui.table.geometry import Geometry, meld_maker
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import draw_panel, fit_text, label_image
from rummy_gui.ui.widgets.icons import IconButton, KeyedButton, draw_tooltip, tooltip_rect
from rummy_gui.ui.widgets.uiscale import px

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState as TableScene

SHADOW = (0, 0, 0, 70)


def draw_table(surface: pygame.Surface, scene: TableScene) -> None:
    """The table's frame. When nothing moves across the table (no card in
    flight, no drag, no message, no overlay) only the parts whose contents
    changed are drawn again, and `scene.dirty_rects` tells the app to put just
    those on screen; otherwise the whole frame is drawn (dirty_rects None)."""
    geo = scene.geometry()
    hidden = scene.hidden_slots()
    parts = _parts(scene, geo, hidden)
    base = _base_layer(surface, scene, geo, hidden, parts)
    state = _FRAMES.get(scene)
    alone = [id(s) for s in scene.app.stack.visible()] == [id(scene)]
    clean = (
        alone
        and state is not None
        and state.alone
        and state.frame == scene.app.frame - 1
        and state.surface is surface
        and state.size == surface.get_size()
        and _still(scene)
    )
    shown = {name: (rect, (part.base, part.key)) for name, (rect, part) in parts.items()}
    _FRAMES[scene] = _Frame(scene.app.frame, surface, surface.get_size(), alone, shown)
    if not clean or state is None:
        surface.blit(base, (0, 0))
        _draw_moving(surface, scene, geo, hidden)
        scene.dirty_rects = None
        return
    dirty = [r.clip(surface.get_rect()) for r in _changed(state.parts, shown)]
    for rect in dirty:
        surface.set_clip(rect)
        surface.blit(base, rect, rect)
        _draw_moving(surface, scene, geo, hidden, parts)
    surface.set_clip(None)
    scene.dirty_rects = dirty


def _draw_moving(
    surface: pygame.Surface,
    scene: TableScene,
    geo: Geometry,
    hidden: set[Any],
    parts: dict[object, tuple[Rect, _Part]] | None = None,
) -> None:
    """Everything drawn over the base layer, every frame; within a clip, what
    lies outside the clip's part of the table (`parts`) is left out."""
    clip = surface.get_clip()

    def near(name: str) -> bool:
        return parts is None or name not in parts or clip.colliderect(parts[name][0])

    if near("middle"):
        _draw_stock(surface, scene, geo)
        _draw_discard(surface, scene, geo, hidden)
    _draw_thinking(surface, scene, geo)
    _draw_slots(surface, scene, geo)
    if near("hand"):
        _draw_hand(surface, scene, geo, hidden)
    _draw_focus(surface, scene)
    _draw_targets(surface, scene)
    if near("buttons") or near("actions"):
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
    if parts is None or any(
        clip.colliderect(rect)
        for name, (rect, _part) in parts.items()
        if isinstance(name, tuple) and name[0] == "message"
    ):  # a message's callout lies within its part: elsewhere it changes no pixel
        _draw_messages(surface, scene, geo)
    pointed = None if scene.covered else hovered(scene)
    if pointed is not None and near("tooltip"):
        draw_tooltip(surface, pointed)


def hovered(scene: TableScene) -> KeyedButton | None:
    """The table's button under the pointer whose tooltip shows."""
    return next(
        (b for b in scene.buttons if isinstance(b, KeyedButton) and b.hover and b.visible), None
    )


@dataclass
class _Frame:
    """What the last frame of a table showed, part by part."""

    frame: int
    surface: pygame.Surface
    size: tuple[int, int]
    alone: bool  # no other scene was drawn over it
    parts: dict[object, tuple[Rect, tuple[object, object]]]


_FRAMES: weakref.WeakKeyDictionary[TableScene, _Frame] = weakref.WeakKeyDictionary()


def _still(scene: TableScene) -> bool:
    """Nothing that crosses the table's parts is being drawn: no card in flight,
    no drag, no claim prompt, no contract slots, no cut."""
    return not (
        scene.flights
        or scene.returning
        or (scene.drag is not None and scene.drag.active)
        or scene.prompt_buttons
        or scene.covered
        or scene.staging()
        or scene.cutting()
    )


@dataclass
class _Part:
    """One region of the table: what its base layer shows (`base`) and what the
    whole frame shows there (`key`); a region is drawn again when its key changes."""

    base: object
    key: object


def _parts(scene: TableScene, geo: Geometry, hidden: set[Any]) -> dict[object, tuple[Rect, _Part]]:
    """The table cut into regions, each with the state its pixels depend on.

    The regions may overlap and together cover everything the base layer and
    the still frame draw; a region's rect includes its shadows, lifts and labels."""
    session = scene.session
    g: Game = session.game
    lt = geo.layout
    w, h = lt.size
    window = Rect(0, 0, w, h)
    parts: dict[object, tuple[Rect, _Part]] = {}
    parts["top"] = (lt.top_bar, _Part((texts.title_text(scene), texts.status_text(scene)), None))
    panel_base = (len(session.log), session.log[-1].text() if session.log else "", scene.log_scroll)
    buttons = tuple(
        (tuple(b.rect), b.label, b.enabled, b.primary, b.hover, b.visible, b.size)
        for b in scene.buttons
    )
    log_rect = Rect(lt.panel.x, lt.panel.y, lt.panel.w, lt.buttons.y - lt.panel.y)
    parts["log"] = (log_rect, _Part(panel_base, None))
    # the action column and the icon bar: two parts, far apart
    icons = [b for b in scene.buttons if isinstance(b, IconButton)]
    actions = [b for b in scene.buttons if not isinstance(b, IconButton)]
    for name, group in (("buttons", icons), ("actions", actions)):
        if group:
            spread = [b.rect.inflate(6, 12) for b in group]
            parts[name] = (spread[0].unionall(spread[1:]).clip(window), _Part(None, buttons))
    pointed = None if scene.covered else hovered(scene)
    if pointed is not None:
        parts["tooltip"] = (tooltip_rect(pointed, window), _Part(None, pointed.tooltip()))
    thinking = None
    if session.bot_thinking() and g.to_act and not session.is_human(g.to_act[0]):
        thinking = (g.to_act[0], int(scene.clock * 3) % 3)
    frozen = frozenset(hidden)
    for seat, place in lt.seats.items():
        rects = [place.zone.inflate(20, 20)]
        melds: list[object] = [g.face_down[seat]]
        rects.extend(r.inflate(20, 24) for _c, r in geo.zones.get(("face down", seat), []))
        for meld in g.public_melds:
            if geo.meld_zone_of.get(meld.id) == seat:
                melds.append((meld.id, meld.tokens(), tuple(meld.owners), meld.complete))
                rects.extend(r.inflate(20, 24) for r in geo.meld_rects.get(meld.id, []))
        hint = seat == scene.viewer and not g.melds
        base = (
            badge_lines(scene, seat),
            seat in g.to_act,
            seat == g.dealer,
            session.seats[seat].colour,
            len(g.hand(seat)),
            tuple(melds),
            hint,
            frozen,
        )
        here = thinking if thinking is not None and thinking[0] == seat else None
        spot = thinking_spot(scene, geo) if here is not None else None
        if spot is not None:
            rects.append(Rect(spot[0], spot[1], 120, 18))
        area = rects[0].unionall(rects[1:]).clip(window)
        parts[("seat", seat)] = (area, _Part(base, here))
    middle = lt.stock.unionall([lt.discard]).inflate(24, 24)
    fan = [r for _c, r in geo.zones[("discard",)]]
    if fan:
        middle = middle.unionall([r.inflate(12, 12).move(0, -20) for r in fan])
    middle.y -= 40  # a lifted card and its "take" tip
    middle.h += 40
    pile = (g.stock_count, tuple(c.code for c in g.discard_pile), frozen)
    parts["middle"] = (middle.clip(window), _Part(not g.discard_pile, pile))
    # The pointer over the pile lifts cards and moves the "take" tip: each card
    # and the tip are parts of their own, so a hover redraws only what moved.
    for i, rect in enumerate(fan):
        lifted = _lifted(scene, i)
        area = rect.union(rect.move(0, -PILE_LIFT)).inflate(12, 12)
        parts[("pile card", i)] = (area.clip(window), _Part(None, lifted))
    tip = _pile_tip(scene, geo)
    if tip is not None:
        parts["pile tip"] = (tip[1].inflate(8, 8).clip(window), _Part(None, id(tip[0])))
    stock_top = geo.zones[("stock",)][0][1]
    parts["stock hover"] = (
        stock_top.inflate(14, 14).clip(window),
        _Part(None, scene.hover_stock and scene.can_draw()),
    )
    hand = lt.hand.inflate(20, 0)
    hand.y -= 60  # selected and hovered cards rise, the "meld me" tag above them
    hand.h += 60 + 12
    shown = geo.zones[("hand", scene.viewer)]
    target = g.target if scene.my_turn() else None
    hand_key = (
        tuple((c.code if c is not None else "", tuple(r)) for c, r in shown),
        frozenset(scene.selected),
        target.code if target is not None else None,
        scene.concealed(),
        g.phase,
        frozen,
    )
    parts["hand"] = (hand.clip(window), _Part(None, hand_key))
    # As with the pile: the pointer raises one card of the hand, so each card's
    # place (raised or not, its "meld me" tag above) is a part of its own.
    marked = _marked(scene, shown)
    for i, (_c, rect) in enumerate(shown):
        area = rect.union(rect.move(0, -HAND_HOVER_LIFT)).inflate(12, 12)
        if i == marked:
            tag = _meld_me_tag()
            area.union_ip(tag.get_rect(bottomleft=(rect.x + 2, rect.y - HAND_HOVER_LIFT - 2)))
        parts[("hand card", i)] = (area.clip(window), _Part(None, _hand_hovered(scene, i)))
    if _focus_shown(scene):
        from rummy_gui.ui.table.keyboard import focus_rect

        rect = focus_rect(scene)
        parts["focus"] = (rect.inflate(20, 20).clip(window), _Part(None, scene.keyboard_used))
    for k, (img, box, alpha) in enumerate(_message_boxes(scene, geo)):
        parts[("message", k)] = (box.inflate(26, 14).clip(window), _Part(None, (id(img), alpha)))
    return parts


def _changed(
    before: Mapping[object, tuple[Rect, object]], after: Mapping[object, tuple[Rect, object]]
) -> list[Rect]:
    """The rects to draw again: where a part's contents changed, both where it
    was and where it is now; where a part went away, where it was."""
    out = []
    for name, (rect, key) in after.items():
        old = before.get(name)
        if old != (rect, key):
            out.append(rect)
            if old is not None and old[0] != rect:
                out.append(old[0])
    out.extend(rect for name, (rect, _key) in before.items() if name not in after)
    return out


_BASES: weakref.WeakKeyDictionary[TableScene, dict[object, tuple[Rect, object]]] = (
    weakref.WeakKeyDictionary()
)


def _base_layer(
    surface: pygame.Surface,
    scene: TableScene,
    geo: Geometry,
    hidden: set[Any],
    parts: dict[object, tuple[Rect, _Part]],
) -> pygame.Surface:
    """Everything that changes only when a move is made, kept between frames.

    The felt, the zones, the melds, the badges, the top bar and the log make up
    most of a frame's blits. A move changes a few of the table's parts (the
    mover's badge and melds, the pile, the log, the status line): only those
    are drawn again into the layer."""
    settings = scene.app.settings
    key = (
        surface.get_size(),
        tuple(geo.layout.table),
        tuple((s, tuple(p.zone)) for s, p in sorted(geo.layout.seats.items())),
        settings.four_colour,
        settings.card_back,
        language(),
        high_contrast(scene),
        scene.revealed_for,
        scene.concealed(),
        scene.staging(),
    )
    cached = scene.base_cache
    drawn = _BASES.get(scene)
    # a part whose pixels are all drawn over the base (base None) never changes it
    bases = {
        name: (rect, part.base) for name, (rect, part) in parts.items() if part.base is not None
    }
    if cached is not None and cached[0] == key and drawn is not None:
        base = cached[1]
        for rect in _changed(drawn, bases):
            base.set_clip(rect)
            _paint_base(base, scene, geo, hidden)
        base.set_clip(None)
    else:
        if cached is not None and cached[1].get_size() == surface.get_size():
            base = cached[1]  # reused: allocating a window-sized surface costs milliseconds
        else:
            base = pygame.Surface(surface.get_size(), 0, surface)  # the display's format
        _paint_base(base, scene, geo, hidden)
    scene.base_cache = (key, base)
    _BASES[scene] = dict(bases)
    return base


def _paint_base(base: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]) -> None:
    """The base layer's contents (within the surface's clip, if one is set)."""
    clip = base.get_clip()
    base.blit(_static_layer(base.get_size(), scene, geo), clip, clip)
    _draw_zone_hints(base, scene, geo)
    _draw_melds(base, scene, geo, hidden)
    for seat in geo.layout.seats:
        if clip.colliderect(geo.layout.seats[seat].zone.inflate(20, 20)):
            _draw_badge(base, scene, geo, seat, hidden)
    if clip.colliderect(geo.layout.top_bar):
        _draw_top_bar(base, scene, geo)
    if clip.colliderect(geo.layout.panel):
        _draw_panel(base, scene, geo)


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


def _focus_shown(scene: TableScene) -> bool:
    return not (
        scene.covered
        or not scene.my_turn()
        or scene.prompt_buttons
        or (scene.drag and scene.drag.active)
    )


def _draw_focus(surface: pygame.Surface, scene: TableScene) -> None:
    """Where the keys act: always shown while the player may act (thin until keys are used)."""
    if not _focus_shown(scene):
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
            scene.slots.status(k, scene.game, scene.viewer), px(14), theme.GOLD, True
        )
        surface.blit(label, (rect.x + 10, rect.y + 5))
        for card, r in geo.zones.get(("staged", k), []):
            _card(surface, scene, card, r, shadow=True)
        if not slot:
            hint = fonts.text_cached(_("drag cards here"), px(13), theme.TEXT_DIM)
            surface.blit(hint, hint.get_rect(center=rect.center))
    if scene.slots.staged:
        for b in scene.slot_buttons:
            b.draw(surface, live=not scene.covered)
    else:
        own = geo.layout.seats[scene.viewer].melds
        y = own.y + 14
        for text in (_("Lay down the contract:"), _("fill every slot")):  # wrapped in the zone
            tip = label_image(text, px(13), theme.TEXT_DIM, (132, 48), centred=False)
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
        fonts.text_cached(_("thinking") + dots, px(12), theme.GOLD), thinking_spot(scene, geo)
    )


def thinking_spot(scene: TableScene, geo: Geometry) -> tuple[int, int]:
    """Where "thinking…" goes: after the points on the badge's third line when
    there is room (never over them), else just under the badge."""
    seat = scene.session.game.to_act[0]
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
    if room >= fonts.text_cached(_("thinking") + "...", px(12), theme.GOLD).get_width():
        return x + line3.get_width() + 10, badge.y + px(40)
    return x, badge.bottom + 3


SHADOW_OFFSET = (3, 4)  # a card's shadow lies this far right and down of it


def _card(
    surface: pygame.Surface, scene: TableScene, card: Card | None, rect: Rect, shadow: bool = False
) -> None:
    size = (rect.w, rect.h)
    # Outside the clip (a frame drawn in parts) a card's blits change no pixel.
    dx, dy = SHADOW_OFFSET
    if not surface.get_clip().colliderect(rect.x, rect.y, rect.w + dx, rect.h + dy):
        return
    if shadow:
        surface.blit(_shadow(size), (rect.x + dx, rect.y + dy))
    if card is None:
        img = scene.app.art.back(scene.app.settings.card_back, size)
    else:
        img = scene.app.art.face(card, size, scene.app.settings.four_colour)
    surface.blit(img, rect.topleft)


_SHADOWS: dict[tuple[int, int], pygame.Surface] = {}


def _shadow(size: tuple[int, int]) -> pygame.Surface:
    """A card's shadow, made once per card size."""
    sh = _SHADOWS.get(size)
    if sh is None:
        if len(_SHADOWS) > 64:  # many resizes: drop the old sizes
            _SHADOWS.clear()
        sh = _SHADOWS[size] = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(sh, SHADOW, sh.get_rect(), border_radius=max(3, size[0] // 12))
    return sh


_STATIC: dict[tuple[object, ...], pygame.Surface] = {}


def _static_layer(size: tuple[int, int], scene: TableScene, geo: Geometry) -> pygame.Surface:
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
        static = scene.app.art.felt(size).copy()
    # Each zone through a layer of its own size: a window-sized alpha layer
    # costs more to make and to blit than all the zones together.
    for seat, place in geo.layout.seats.items():
        if hc:
            _zone_layer(static, place.zone, (*session.colour(seat), 255), None, 3)
        else:
            _zone_layer(static, place.zone, (*session.colour(seat), 90), (0, 0, 0, 38), 2)
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
    """A zone's shade and edge, blended onto the felt."""
    layer = pygame.Surface(zone.size, pygame.SRCALPHA)
    local = layer.get_rect()
    if shade is not None:
        pygame.draw.rect(layer, shade, local, border_radius=14)
    if edge is not None:
        pygame.draw.rect(layer, edge, local, width=width, border_radius=14)
    surface.blit(layer, zone.topleft)


def _draw_zones(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    """The shaded areas of the players and the pile, and their hints."""
    surface.blit(_static_layer(surface.get_size(), scene, geo), (0, 0))
    _draw_zone_hints(surface, scene, geo)


def _draw_zone_hints(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    g: Game = scene.session.game
    if not g.melds and not scene.staging():
        own = geo.layout.seats[scene.viewer].melds
        hint = fonts.text_cached(
            _("Your melds go here: drag a selection of cards onto the felt"), px(15), theme.TEXT_DIM
        )
        surface.blit(hint, hint.get_rect(center=own.center))
    if not g.discard_pile and not scene.cutting():
        img = fonts.text_cached(_("discard pile"), px(15), theme.TEXT_DIM)
        surface.blit(
            img, img.get_rect(midleft=(geo.layout.discard.x + 12, geo.layout.discard.centery))
        )


def _draw_melds(
    surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]
) -> None:
    g: Game = scene.session.game
    for seat in range(g.players):  # Pinochle's face-down lay-offs (RULES.md 3.9): backs
        zone = ("face down", seat)
        for j, (_c, rect) in enumerate(geo.zones.get(zone, [])):
            if (zone, j) not in hidden:
                _card(surface, scene, None, rect, shadow=(j == 0))
    for meld in g.public_melds:
        rects = geo.meld_rects.get(meld.id)
        if not rects:
            continue
        maker = meld_maker(meld)
        tokens = meld.tokens()
        for j, (card, rect) in enumerate(geo.zones[("meld", meld.id)]):
            if (("meld", meld.id), j) in hidden:
                continue
            _card(surface, scene, card, rect, shadow=(j == 0))
            if card is None:
                continue  # a set made four lies face down whole
            owner = meld.owners[j]
            mark_top = rect.bottom
            if owner != maker:
                mark_top = _owner_mark(surface, scene, owner, rect)
            if card.is_joker and j < len(tokens) and tokens[j].rank:
                four = scene.app.settings.four_colour
                _joker_tag(surface, tokens[j], rect, four, mark_top)
        if meld.complete:  # in the last card's empty top-right corner, on no other text
            tick = fonts.text_cached("✓", px(14), theme.GOLD, True)
            surface.blit(tick, tick.get_rect(topright=(rects[-1].right - 3, rects[-1].y + 2)))


def _owner_mark(surface: pygame.Surface, scene: TableScene, owner: int, rect: Rect) -> int:
    """A laid-off card: its owner's colour and initial (colour is never the only sign).
    Returns the top of the mark."""
    r = max(7, min(11, rect.w // 5))
    centre = (rect.x + r + 2, rect.bottom - r - 3)
    pygame.draw.circle(surface, scene.session.colour(owner), centre, r)
    pygame.draw.circle(surface, (20, 20, 20), centre, r, width=1)
    initial = fonts.text_cached(scene.session.initial(owner), int(r * 1.3), (15, 15, 15), True)
    surface.blit(initial, initial.get_rect(center=centre))
    return centre[1] - r - 1


def _joker_tag(surface: pygame.Surface, token: Token, rect: Rect, four: bool, below: int) -> None:
    """What a joker stands for (a run's card, or a set's rank), on its
    visible strip, above `below` (an owner's mark)."""
    from rummy_gui.ui.art.cards import suit_colour

    text = rank_text(token.rank)
    colour = (40, 40, 40)
    if token.suit:
        text = Card(token.rank, token.suit).pretty
        colour = suit_colour(token.suit, four)
    size = max(9, rect.h // 7)
    img = fonts.text_cached(text, size, colour, True)
    box = img.get_rect(topleft=(rect.x + 3, rect.y + rect.h * 0.62))
    box.bottom = min(box.bottom, below - 2)
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
    count = fonts.text_cached(_("stock {n}").format(n=n), px(15), theme.TEXT, True)
    at = count.get_rect(midtop=(top.centerx, top.bottom + 6))
    at.left = max(4, at.left)  # "nostopakka 29" is wider than the stock near the window's edge
    surface.blit(count, at)
    if scene.hover_stock and scene.can_draw():
        pygame.draw.rect(surface, theme.HIGHLIGHT, top.inflate(6, 6), width=3, border_radius=9)


def _draw_cut(surface: pygame.Surface, scene: TableScene, _geo: Geometry) -> None:
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
    img = fonts.text_cached(msg, px(18), theme.GOLD, True)
    surface.blit(img, img.get_rect(midbottom=(edge.centerx, edge.y - 12)))


def _draw_discard(
    surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]
) -> None:
    slots = geo.zones[("discard",)]
    dragging_from = scene.drag.discard_index if scene.drag else None
    for i, (card, rect) in enumerate(slots):
        if (("discard",), i) in hidden:
            continue
        if dragging_from is not None and scene.drag and scene.drag.active and i >= dragging_from:
            continue
        r = rect.move(0, -PILE_LIFT) if _lifted(scene, i) else rect
        _card(surface, scene, card, r, shadow=True)
    tip = _pile_tip(scene, geo)
    if tip is not None:
        surface.blit(*tip)


PILE_LIFT = 16  # how far the pointer lifts the pile's cards it would take


def _lifted(scene: TableScene, i: int) -> bool:
    """Whether the pile's card `i` is lifted: the pointer is over it or a card below it."""
    lift_from = scene.hover_discard
    return (
        lift_from is not None
        and i >= lift_from
        and not (scene.drag and scene.drag.discard_index is not None)
    )


def _pile_tip(scene: TableScene, geo: Geometry) -> tuple[pygame.Surface, Rect] | None:
    """The "take n" tip over the lifted cards, and where it goes."""
    slots = geo.zones[("discard",)]
    lift_from = scene.hover_discard
    if lift_from is None or lift_from >= len(slots) or not _lifted(scene, lift_from):
        return None
    n = len(slots) - lift_from
    tip = fonts.text_cached(
        _("take {n}").format(n=n) if n > 1 else _("take the top card"), px(14), theme.GOLD, True
    )
    r = slots[lift_from][1]
    return tip, tip.get_rect(midbottom=(r.centerx, r.y - 20))


def badge_lines(scene: TableScene, seat: int) -> tuple[str, str, str]:
    """The three lines of a seat's badge: name, level (and team), points (and buys)."""
    session = scene.session
    g: Game = session.game
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
        level += " · " + _("team {team}").format(team=catalog.team_letter(side))
    line3 = _("{n} pts").format(n=total)
    buys = g.buys_left(seat)
    if buys is not None:
        line3 += "   " + _("buys") + " " + "●" * max(0, buys) + "○" * max(0, 2 - max(0, buys))
    return session.name(seat), level, line3


def badge_text_right(scene: TableScene, geo: Geometry, seat: int) -> int:
    """Where a badge's texts must end: before the opponent's fan of backs, or
    before the dealer chip of the player's own badge."""
    badge = geo.layout.seats[seat].badge
    slots = geo.zones.get(("hand", seat), []) if seat != scene.viewer else []
    if slots:
        return min(r.x for _c, r in slots) - 6
    if seat == scene.session.game.dealer:
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


def _draw_badge(
    surface: pygame.Surface, scene: TableScene, geo: Geometry, seat: int, hidden: set[Any]
) -> None:
    session = scene.session
    g: Game = session.game
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
    name_text, level, line3 = badge_lines(scene, seat)
    dealer_room = px(26) if seat == g.dealer and seat != scene.viewer else 0
    name = fit_text(
        name_text, px(16), theme.TEXT, right - x - px(20) - dealer_room, True, min_size=11
    )
    surface.blit(name, (x + px(20), badge.y + px(4)))
    level_img = fit_text(level, px(13), theme.TEXT_DIM, right - x, min_size=10)
    surface.blit(level_img, (x, badge.y + px(23)))
    surface.blit(fit_text(line3, px(13), theme.GOLD, right - x, min_size=10), (x, badge.y + px(39)))
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
                _card(surface, scene, None, rect)
        if slots:
            n = fonts.text_cached(str(len(slots)), px(14), theme.TEXT, True)
            # on the last back, inside the badge (under the fan it ran over the badge's edge)
            last = slots[-1][1]
            at = n.get_rect(center=(last.centerx, last.bottom - 8))
            pygame.draw.rect(surface, (16, 22, 30), at.inflate(8, 2), border_radius=6)
            surface.blit(n, at)


def _draw_hand(surface: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]) -> None:
    slots = geo.zones[("hand", scene.viewer)]
    if scene.concealed():  # hot seat: nobody's cards face up while the machine changes hands
        for i, (_card_value, rect) in enumerate(slots):
            if (("hand", scene.viewer), i) not in hidden:
                _card(surface, scene, None, rect, shadow=True)
        return
    dragging = set(scene.drag.hand_indices) if scene.drag and scene.drag.active else set()
    marked = _marked(scene, slots)
    for i, (card, rect) in enumerate(slots):
        if (("hand", scene.viewer), i) in hidden or i in dragging:
            continue
        r = rect.move(0, -24) if i in scene.selected else rect
        if _hand_hovered(scene, i):
            r = r.move(0, -HAND_HOVER_LIFT)
        _card(surface, scene, card, r, shadow=True)
        if i in scene.selected:
            pygame.draw.rect(surface, theme.HIGHLIGHT, r, width=3, border_radius=max(3, r.w // 12))
        if i == marked:
            pygame.draw.rect(surface, theme.ERROR, r, width=3, border_radius=max(3, r.w // 12))
            tag = _meld_me_tag()
            surface.blit(tag, tag.get_rect(bottomleft=(r.x + 2, r.y - 2)))
    if not slots and scene.session.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER, Phase.CUT):
        img = fonts.text_cached(_("no cards in hand"), px(16), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(center=geo.layout.hand.center))


HAND_HOVER_LIFT = 8  # how far the pointer raises a card of the hand


def _marked(scene: TableScene, slots: Sequence[tuple[Card | None, Rect]]) -> int | None:
    """The card taken from deep in the pile must be melded this turn: the index
    of the one copy of it in the hand that is marked."""
    target = scene.game.target if scene.my_turn() else None
    if target is None:
        return None
    return next((i for i, (c, _) in enumerate(slots) if c == target), None)


def _meld_me_tag() -> pygame.Surface:
    return fonts.text_cached(_("meld me"), px(12), theme.ERROR, True)


def _hand_hovered(scene: TableScene, i: int) -> bool:
    """Whether the pointer raises the hand's card `i` (a selected card is up already)."""
    return i == scene.hover_hand and i not in scene.selected


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
        img = fonts.text_cached(_(target.label), px(14), theme.LEGAL, True)
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


def _wrapped(text: str, width: int) -> list[str]:
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


def _draw_panel(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    lt = geo.layout
    pygame.draw.rect(surface, (8, 30, 18), lt.panel)
    pygame.draw.line(surface, theme.PANEL_EDGE, lt.panel.topleft, lt.panel.bottomleft, 2)
    log = lt.log
    surface.blit(fonts.text_cached(_("Game log"), px(14), theme.GOLD, True), (log.x, log.y))
    lines: list[tuple[str, bool, bool]] = []  # text, a deal's line, an entry's first line
    entries = scene.session.log
    visible = max(1, (log.h - px(LOG_TOP)) // px(LOG_LINE))
    keep = visible + scene.log_scroll  # enough entries for the lines shown
    for entry in entries[-keep:]:
        wrapped = _wrapped(entry.text(), log.w - 6)
        lines.extend((line, entry.is_deal, k == 0) for k, line in enumerate(wrapped))
    scroll = min(scene.log_scroll, max(0, len(lines) - visible))
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


def _message_boxes(scene: TableScene, geo: Geometry) -> list[tuple[pygame.Surface, Rect, int]]:
    """The messages shown (newest last): their text, the region their callout
    covers, and their opacity."""
    zone = geo.layout.seats[scene.viewer].zone
    window = Rect((0, 0), geo.layout.size)
    shown = callout.layout_messages(
        scene.messages, geo.layout.table, zone.y - 8, window, pile_cards(geo)
    )
    return [(text, region, alpha) for _msg, text, _box, region, alpha in shown]


def _draw_messages(surface: pygame.Surface, scene: TableScene, geo: Geometry) -> None:
    zone = geo.layout.seats[scene.viewer].zone
    callout.draw_messages(surface, scene.messages, geo.layout.table, zone.y - 8, pile_cards(geo))


def pile_cards(geo: Geometry) -> list[Rect]:
    """Where the stock and the pile's cards are drawn (lifted ones too): a
    message over the table is kept off them."""
    fan = [r.union(r.move(0, -PILE_LIFT)) for _c, r in geo.zones[("discard",)]]
    return [geo.layout.stock, *fan]


def draw_prompt(surface: pygame.Surface, rect: Rect, title: str, lines: list[str]) -> None:
    draw_panel(surface, rect, alpha=238)
    surface.blit(fonts.text_cached(title, px(20), theme.GOLD, True), (rect.x + 18, rect.y + 14))
    y = rect.y + 46
    for line in lines:
        surface.blit(fonts.text_cached(line, px(16), theme.TEXT), (rect.x + 18, y))
        y += 22
