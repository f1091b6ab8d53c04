"""Playing by mouse: what the pointer picks up (hand cards, the discard pile,
the stock), where the dragged cards may land, and what a drop or a click
plays.

While a drag is on, the drop targets are the places where some legal move
(asked of the engine, filtered by the cards held) fits the dragged cards; a
drop elsewhere sends the move the place means anyway, so the engine's reason
can be shown.
"""

from __future__ import annotations

from pygame import Rect

from rummy_gui.engine import Move, ask
from rummy_gui.engine.cards import Card
from rummy_gui.engine.enums import Action, Phase
from rummy_gui.i18n import N_
from rummy_gui.ui.table import geometry as geom
from rummy_gui.ui.table import hand_stack
from rummy_gui.ui.table.drops import Drag, DropTarget, tokens
from rummy_gui.ui.table.state import Commands, TableState

DRAG_THRESHOLD = 6  # pixels the pointer moves before a press becomes a drag


class DragDrop:
    def __init__(self, t: TableState, do: Commands) -> None:
        self.t = t
        self.do = do
        self.drag: Drag | None = None  # what the pointer holds

    def cancel(self) -> None:
        """Let go of whatever the pointer holds (Escape, or another player sits down)."""
        self.drag = None

    def targets_for_hand(self, cards: list[Card]) -> list[DropTarget]:
        geo = self.t.geometry()
        out: list[DropTarget] = []
        if self.t.staging():
            for k, rect in enumerate(self.t.slot_rects()):
                out.append(DropTarget(rect, [], self.t.slots.label(k), stage=k))
        if len(cards) == 1 and self.t.may_discard(cards[0]):
            out.append(
                DropTarget(geo.layout.discard, [self.t.discard_move(cards[0])], N_("discard"))
            )
        # Melds before the melding zone: a drop on a meld inside one's own zone lays off.
        joinable = ask.joinable_melds(self.t.view, self.t.viewer, cards)
        for meld in self.t.view.public_melds:
            moves = joinable.get(meld.id, [])
            if moves:
                label = (
                    N_("swap for the joker") if moves[0].action is Action.SWAP else N_("lay off")
                )
                out.append(DropTarget(geo.meld_area(meld.id), moves, label))
        melds = self.t.legal_with(cards, Action.MELD, Action.CONTRACT)
        if melds:
            label = (
                N_("lay down the contract")
                if any(m.action is Action.CONTRACT for m in melds)
                else N_("meld")
            )
            out.append(DropTarget(geo.layout.seats[self.t.viewer].melds, melds, label))
        return out

    def targets_for_take(self, index: int) -> list[DropTarget]:
        n = len(self.t.view.discard_pile) - index
        moves = self.t.takes(n)
        return [DropTarget(self.t.geometry().layout.hand, moves, N_("take"))] if moves else []

    def targets_for_stock(self) -> list[DropTarget]:
        moves = [m for m in self.t.legal() if m.action is Action.DRAW]
        return [DropTarget(self.t.geometry().layout.hand, moves, N_("draw"))] if moves else []

    def hit_hand(self, pos: tuple[int, int]) -> int | None:
        return hand_stack.hit(self.t, self.t.geometry().zones[("hand", self.t.viewer)], pos)

    def hit_discard(self, pos: tuple[int, int]) -> int | None:
        slots = self.t.geometry().zones[("discard",)]
        for i in range(len(slots) - 1, -1, -1):
            r = slots[i][1]
            if r.collidepoint(pos) or (
                self.t.pointer.hover_discard is not None
                and i >= self.t.pointer.hover_discard
                and r.move(0, -16).collidepoint(pos)
            ):
                return i
        return None

    def hit_stock(self, pos: tuple[int, int]) -> bool:
        return self.t.geometry().zones[("stock",)][0][1].inflate(12, 12).collidepoint(pos)

    def pointer_down(self, pos: tuple[int, int]) -> None:
        if self.t.motion.flights or self.t.session.demo:
            return
        if self.t.my_cut() and self.t.cut_rect().collidepoint(pos):
            edge = self.t.cut_rect()
            self.do.cut_at((pos[0] - edge.x) / max(1, edge.w))
            return
        geo = self.t.geometry()
        for k in range(len(self.t.slots.groups)):
            for card, rect in reversed(geo.zones.get(("staged", k), [])):
                if rect.collidepoint(pos) and card is not None:
                    self.t.slots.take(k, card)  # a click takes a card back to the hand
                    return
        i = self.hit_hand(pos)
        if i is not None:
            selected = self.t.hand.selected
            indices = sorted(selected) if i in selected and len(selected) > 1 else [i]
            base = geo.zones[("hand", self.t.viewer)][i][1]
            cards = []
            for j in indices:
                card, rect = geo.zones[("hand", self.t.viewer)][j]
                lifted = rect.move(0, -geom.SELECTED_LIFT) if j in selected else rect
                cards.append(
                    (
                        card,
                        (lifted.x - base.x + (j - i) * 0 - (pos[0] - base.x), lifted.y - pos[1]),
                        rect.size,
                    )
                )
            # A dragged selection travels as one tidy strip.
            step = int(geo.layout.hand_card[0] * 0.45)
            first = indices.index(i)
            cards = [
                (c, (-(pos[0] - base.x) + (k - first) * step, off[1]), size)
                for k, (c, off, size) in enumerate(cards)
            ]
            self.drag = Drag("hand", pos, cards, hand_indices=indices)
            return
        hit = self.hit_discard(pos)
        if hit is not None:
            j = hit
            slots = geo.zones[("discard",)]
            base = slots[j][1]
            cards = [
                (c, (r.x - pos[0], r.y - base.y - (pos[1] - base.y) - 16), r.size)
                for c, r in slots[j:]
            ]
            self.drag = Drag("discard", pos, cards, discard_index=j)
            return
        if self.hit_stock(pos) and not self.t.cutting():
            r = geo.zones[("stock",)][0][1]
            self.drag = Drag("stock", pos, [(None, (r.x - pos[0], r.y - pos[1]), r.size)])

    def pointer_move(self, pos: tuple[int, int]) -> None:
        d = self.drag
        if (
            d
            and not d.active
            and (abs(pos[0] - d.start[0]) + abs(pos[1] - d.start[1])) > DRAG_THRESHOLD
        ):
            d.active = True
            if d.source == "hand":
                d.targets = self.targets_for_hand([c for c, _, _ in d.cards if c is not None])
            elif d.source == "discard" and d.discard_index is not None:
                d.targets = self.targets_for_take(d.discard_index)
            else:
                d.targets = self.targets_for_stock()
        if not (d and d.active):
            discard = self.hit_discard(pos)
            if discard is not None and not self._may_take_from(discard):
                discard = None  # nothing to lift: only the top card, or no take now (drawn already)
            self.t.pointer.hover(discard, self.hit_hand(pos), self.hit_stock(pos))

    def _may_take_from(self, i: int) -> bool:
        """The player at the bottom is to draw now and the rules let cards be taken from deep
        in the pile (whether the take from card `i` is legal the drop says, with the reason)."""
        t = self.t
        return t.deep_takes() and i < len(t.view.discard_pile) and t.can_draw()

    def pointer_up(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        self.t.pointer.unhover()
        if d is None:
            return
        if not d.active:
            self._click(d)
            return
        for target in d.targets:
            if target.rect.collidepoint(pos):
                if target.stage is not None:
                    self.t.slots.put(target.stage, [c for c, _, _ in d.cards if c is not None])
                    self.t.hand.clear_selection()
                elif self.t.my_turn():
                    self.do.play_one_of(target.moves, N_("Which do you mean?"))
                return
        tried = self._try_drop(d, pos)
        if tried is None and d.source == "hand" and self.t.geometry().layout.hand.collidepoint(pos):
            self._reorder(d, pos)
            return
        if tried is not True:  # an accepted move has already animated the cards to their place
            self._fly_back(d, pos)

    def _click(self, d: Drag) -> None:
        if d.source == "hand":
            i = d.hand_indices[0] if len(d.hand_indices) == 1 else self.hit_hand(d.start)
            if i is not None:
                self.t.hand.toggle(i)
        elif (
            d.source == "stock"
            and self.t.my_turn()
            and (self.t.can_draw() or self.t.session.phase is Phase.DRAW)
        ):
            self.do.play(Move(Action.DRAW))  # refused, the engine says why

    def _try_drop(self, d: Drag, pos: tuple[int, int]) -> bool | None:
        """A drop on a place where no lit target fits: send the move the place
        means, so the engine says why it is refused. None: the place means no
        move; True: accepted after all (a reading we missed); False: refused."""
        if not self.t.my_turn():
            return None
        geo = self.t.geometry()
        move = None
        cards = [c for c, _, _ in d.cards if c is not None]
        if d.source == "hand" and cards:
            if geo.layout.discard.collidepoint(pos) and len(cards) == 1:
                move = self.t.discard_move(cards[0])
            else:
                for meld in self.t.view.public_melds:
                    if geo.meld_area(meld.id).collidepoint(pos):
                        move = Move(Action.LAYOFF, cards=tokens(cards), number=meld.id)
                        break
                if move is None and geo.layout.seats[self.t.viewer].melds.collidepoint(pos):
                    move = Move(Action.MELD, cards=tokens(cards))
        elif geo.layout.hand.collidepoint(pos) or geo.layout.seats[self.t.viewer].zone.collidepoint(
            pos
        ):
            if d.source == "stock":
                move = Move(Action.DRAW)
            elif d.discard_index is not None:
                move = self.t.take_move(len(self.t.view.discard_pile) - d.discard_index)
        if move is None:
            return None
        return self.do.play(move)  # refused: the message says why

    def _reorder(self, d: Drag, pos: tuple[int, int]) -> None:
        slots = self.t.geometry().zones[("hand", self.t.viewer)]
        shown = self.t.shown_hand()
        if any(i >= len(shown) for i in d.hand_indices) or [shown[i] for i in d.hand_indices] != [
            c for c, _, _ in d.cards
        ]:
            return  # the hand changed under the drag (a move was played meanwhile): keep its order
        moving = [shown[i] for i in d.hand_indices]
        rest = [c for i, c in enumerate(shown) if i not in d.hand_indices]
        rest_slots = [r for i, (_, r) in enumerate(slots) if i not in d.hand_indices]
        drop_x = pos[0] + d.cards[0][1][0]
        insert = sum(1 for r in rest_slots if r.x < drop_x)
        self.t.hand.arrange(
            rest[:insert] + moving + rest[insert:] + self.t.slots.staged,
            range(insert, insert + len(moving)) if len(moving) > 1 else (),
        )

    def _fly_back(self, d: Drag, pos: tuple[int, int]) -> None:
        geo = self.t.geometry()
        homes: list[Rect] = []
        dests: list[tuple[geom.Zone, int]] = []
        if d.source == "hand":
            hand = ("hand", self.t.viewer)
            for i, (_, r) in enumerate(geo.zones[hand]):
                if i in d.hand_indices:  # a selected card goes back to its lifted place
                    homes.append(r.move(0, -geom.SELECTED_LIFT) if i in self.t.hand.selected else r)
                    dests.append((hand, i))
        elif d.source == "discard" and d.discard_index is not None:
            homes = [r for _, r in geo.zones[("discard",)][d.discard_index :]]
        else:
            homes = [geo.zones[("stock",)][0][1]]
        duration = 0.25 * max(0.3, self.t.app.settings.animation_factor)
        for k, ((card, off, size), home) in enumerate(zip(d.cards, homes, strict=False)):
            start = Rect(pos[0] + off[0], pos[1] + off[1], *size)
            dest = dests[k] if k < len(dests) else (("back",), 0)
            self.t.motion.fly_home(geom.Flight(card, start, Rect(home), dest, 0.0, duration))
