"""Drawing the table. Reads the scene and the game; never changes either.

This module puts a frame together: the base layer kept between frames, the
regions (parts) of the table redrawn when what they show changes, and what is
drawn over it every frame. What each thing looks like is drawn by the
modules named after it: draw_seats (the badges, the top bar, the log, the
felt), draw_melds, draw_piles, draw_hand (and the drag), draw_overlays (focus,
messages) and draw_common (a card, the focus box, a prompt)."""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
from pygame import Rect

from rummy_gui.i18n import language
from rummy_gui.ui.table import draw_common, fingerprint, texts
from rummy_gui.ui.table.card_paint import reach
from rummy_gui.ui.table.draw_common import high_contrast
from rummy_gui.ui.table.draw_hand import (
    draw_drag,
    draw_hand,
    draw_targets,
    marked_card,
    meld_me_tag,
)
from rummy_gui.ui.table.draw_melds import draw_melds, draw_slots
from rummy_gui.ui.table.draw_overlays import draw_focus, draw_messages, message_boxes
from rummy_gui.ui.table.draw_piles import PILE_LIFT, draw_discard, draw_stock, pile_lifted, pile_tip
from rummy_gui.ui.table.draw_seats import (
    badge_lines,
    draw_badge,
    draw_log,
    draw_thinking,
    draw_top_bar,
    draw_zone_hints,
    static_layer,
    thinking_spot,
    turn_text,
)
from rummy_gui.ui.table.geometry import Geometry
from rummy_gui.ui.table.hand_stack import HAND_HOVER_LIFT, focus_shown
from rummy_gui.ui.table.hand_stack import hovered as hand_hovered
from rummy_gui.ui.table.seat_figures import hand_figure
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.icons import IconButton, KeyedButton, draw_tooltip, tooltip_rect
from rummy_gui.ui.widgets.uiscale import px

if TYPE_CHECKING:
    from rummy_gui.ui.table.state import TableState as TableScene


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
        and state.still
        and state.frame == scene.app.frame - 1
        and state.surface is surface
        and state.size == surface.get_size()
        and _still(scene)
    )
    shown = {name: (rect, (part.base, part.key)) for name, (rect, part) in parts.items()}
    _FRAMES[scene] = _Frame(
        scene.app.frame, surface, surface.get_size(), alone, _still(scene), shown
    )
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


def hovered(scene: TableScene) -> KeyedButton | None:
    """The table's button under the pointer whose tooltip shows."""
    return next(
        (b for b in scene.buttons if isinstance(b, KeyedButton) and b.hover and b.visible), None
    )


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
        draw_stock(surface, scene, geo)
        draw_discard(surface, scene, geo, hidden)
    draw_thinking(surface, scene, geo)
    draw_slots(surface, scene, geo)
    if near("hand"):
        draw_hand(surface, scene, geo, hidden)
    draw_focus(surface, scene)
    draw_targets(surface, scene)
    if near("buttons") or near("actions"):
        for widget in scene.buttons:
            widget.draw(surface, live=not scene.covered)
    concealed = scene.concealed()
    for flight in scene.motion.flights:
        if flight.t >= flight.delay:
            private = concealed and flight.dest[0] == (
                "hand",
                scene.viewer,
            )  # into a hidden hand: its back
            draw_common.draw_flight(surface, scene, flight, private)
    draw_drag(surface, scene)
    if parts is None or any(
        clip.colliderect(rect)
        for name, (rect, _part) in parts.items()
        if isinstance(name, tuple) and name[0] == "message"
    ):  # a message's callout lies within its part: elsewhere it changes no pixel
        draw_messages(surface, scene, geo)
    pointed = None if scene.covered else hovered(scene)
    if pointed is not None and near("tooltip"):
        draw_tooltip(surface, pointed)
    if not scene.covered and near("fingerprint tip"):
        fingerprint.draw_tip(surface, scene, geo)


@dataclass
class _Frame:
    """What the last frame of a table showed, part by part."""

    frame: int
    surface: pygame.Surface
    size: tuple[int, int]
    alone: bool  # no other scene was drawn over it
    still: bool  # nothing moving was drawn over its parts (a flight's last place stays otherwise)
    parts: dict[object, tuple[Rect, tuple[object, object]]]


_FRAMES: weakref.WeakKeyDictionary[TableScene, _Frame] = weakref.WeakKeyDictionary()


def _still(scene: TableScene) -> bool:
    """Nothing that crosses the table's parts is being drawn: no card in flight,
    no drag, no claim prompt, no coach's callout, no contract slots, no cut."""
    return not (
        scene.motion.flights
        or scene.motion.returning
        or (scene.drag is not None and scene.drag.active)
        or scene.answers.answer_buttons
        or scene.callout_open
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
    g = scene.view
    lt = geo.layout
    w, h = lt.size
    window = Rect(0, 0, w, h)
    parts: dict[object, tuple[Rect, _Part]] = {}
    parts["top"] = (lt.top_bar, _Part((texts.title_text(scene), texts.status_text(scene)), None))
    panel_base = (
        g.fingerprint,
        len(session.log),
        session.log[-1].text() if session.log else "",
        scene.pointer.log_scroll,
    )
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
    explained = None if scene.covered else fingerprint.tip(scene, geo)
    if explained is not None:
        parts["fingerprint tip"] = (explained[1].inflate(4, 4), _Part(None, tuple(explained[0])))
    thinking = None
    if session.bot_thinking() and g.to_act and not session.is_human(g.to_act[0]):
        thinking = (g.to_act[0], turn_text(scene, g.to_act[0]))

    def hidden_in(*zones: object) -> frozenset[Any]:
        """The places still awaiting a card in flight among these zones: a card
        landing elsewhere (a deal lands one a frame) leaves this part as it is."""
        return frozenset(h for h in hidden if h[0] in zones)

    for seat, place in lt.seats.items():
        rects = [place.zone.inflate(20, 20)]
        melds: list[object] = [g.face_down[seat]]
        rects.extend(r.inflate(20, 24) for _c, r in geo.zones.get(("face down", seat), []))
        for meld in g.public_melds:
            if geo.meld_zone_of.get(meld.id) == seat:
                melds.append((meld.id, meld.tokens(), tuple(meld.owners)))
                rects.extend(r.inflate(20, 24) for r in geo.meld_rects.get(meld.id, []))
        hint = seat == scene.viewer and not g.melds
        prompt = tuple(scene.answers.panel) if hint and scene.answers.answer_buttons else None
        face_up = seat == scene.viewer and not scene.concealed()
        own = [("hand", seat), ("face down", seat)]
        own.extend(("meld", m.id) for m in g.public_melds if geo.meld_zone_of.get(m.id) == seat)
        base = (
            badge_lines(scene, seat),
            hand_figure(g, seat) if face_up else "",  # a joker swap keeps the count, not the value
            seat in g.to_act,
            seat == g.dealer,
            session.seats[seat].colour,
            g.hand_size(seat),
            tuple(melds),
            hint,
            prompt,  # the melds' hint wraps beside the claim prompt
            hidden_in(*own),
        )
        here = thinking if thinking is not None and thinking[0] == seat else None
        spot = thinking_spot(scene, geo, here[1]) if here is not None else None
        if here is not None and spot is not None:
            wide = fonts.text_cached(here[1], px(12), theme.GOLD).get_width()
            rects.append(Rect(spot[0], spot[1], max(120, wide + 8), 18))
        area = rects[0].unionall(rects[1:]).clip(window)
        parts[("seat", seat)] = (area, _Part(base, here))
    middle = lt.stock.unionall([lt.discard]).inflate(24, 24)
    fan = [r for _c, r in geo.zones[("discard",)]]
    if fan:
        middle = middle.unionall([r.inflate(12, 12).move(0, -20) for r in fan])
    middle.y -= 40  # a lifted card and its "take" tip
    middle.h += 40
    pile = (g.stock_count, tuple(c.code for c in g.discard_pile), hidden_in(("discard",)))
    parts["middle"] = (middle.clip(window), _Part(not g.discard_pile, pile))
    # The pointer over the pile lifts cards and moves the "take" tip: each card
    # and the tip are parts of their own, so a hover redraws only what moved.
    for i, rect in enumerate(fan):
        lifted = pile_lifted(scene, i)
        area = reach(rect).union(reach(rect.move(0, -PILE_LIFT), True))
        parts[("pile card", i)] = (area.clip(window), _Part(None, lifted))
    tip = pile_tip(scene, geo)
    if tip is not None:
        parts["pile tip"] = (tip[1].inflate(8, 8).clip(window), _Part(None, id(tip[0])))
    stock_top = geo.zones[("stock",)][0][1]
    parts["stock hover"] = (
        stock_top.inflate(14, 14).clip(window),
        _Part(None, scene.pointer.hover_stock and scene.can_draw()),
    )
    hand = lt.hand.inflate(20, 0)
    hand.y -= 60  # selected and hovered cards rise, the "meld me" tag above them
    hand.h += 60 + 12
    shown = geo.zones[("hand", scene.viewer)]
    target = g.target if scene.my_turn() else None
    hand_key = (
        tuple((c.code if c is not None else "", tuple(r)) for c, r in shown),
        frozenset(scene.hand.selected),
        target.code if target is not None else None,
        scene.concealed(),
        g.phase,
        hidden_in(("hand", scene.viewer)),
    )
    parts["hand"] = (hand.clip(window), _Part(None, hand_key))
    # As with the pile: the pointer raises one card of the hand, so each card's
    # place (raised or not, its "meld me" tag above) is a part of its own.
    marked = marked_card(scene, shown)
    for i, (_c, rect) in enumerate(shown):
        area = reach(rect).union(reach(rect.move(0, -HAND_HOVER_LIFT), True))
        if i == marked:
            tag = meld_me_tag()
            area.union_ip(tag.get_rect(bottomleft=(rect.x + 2, rect.y - HAND_HOVER_LIFT - 2)))
        parts[("hand card", i)] = (area.clip(window), _Part(None, hand_hovered(scene, i)))
    if focus_shown(scene):
        from rummy_gui.ui.table.keyboard import focus_rect

        rect = focus_rect(scene)
        parts["focus"] = (rect.inflate(20, 20).clip(window), _Part(None, scene.focus.keyboard_used))
    for k, (img, box, alpha) in enumerate(message_boxes(scene, geo)):
        parts[("message", k)] = (box.inflate(26, 14).clip(window), _Part(None, (id(img), alpha)))
    for k, (rect, shows) in enumerate(scene.over_parts(geo)):
        parts[("over", k)] = (rect.clip(window), _Part(None, shows))
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
        scene.bottom.revealed_for,
        scene.concealed(),
        scene.staging(),
    )
    cached = scene.base_layer.layer
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
    scene.base_layer.store(key, base)
    _BASES[scene] = dict(bases)
    return base


def _paint_base(base: pygame.Surface, scene: TableScene, geo: Geometry, hidden: set[Any]) -> None:
    """The base layer's contents (within the surface's clip, if one is set)."""
    clip = base.get_clip()
    base.blit(static_layer(base.get_size(), scene, geo), clip, clip)
    draw_zone_hints(base, scene, geo)
    draw_melds(base, scene, geo, hidden)
    for seat in geo.layout.seats:
        if clip.colliderect(geo.layout.seats[seat].zone.inflate(20, 20)):
            draw_badge(base, scene, geo, seat, hidden)
    if clip.colliderect(geo.layout.top_bar):
        draw_top_bar(base, scene, geo)
    if clip.colliderect(geo.layout.panel):
        draw_log(base, scene, geo)
        fingerprint.draw_fingerprint(base, scene, geo)
