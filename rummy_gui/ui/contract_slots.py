"""Laying down a contract through slots: one slot per set or run of the
round's contract, filled by dragging cards from the hand, confirmed when
every slot holds enough cards. The engine still judges the whole lay-down."""

from __future__ import annotations

from collections import Counter
from typing import Any

from pygame import Rect

from rummy_gui.engine.cards import Card
from rummy_gui.engine.enums import Action
from rummy_gui.i18n import _
from rummy_gui.play.session import MoveText, token_card
from rummy_gui.ui import layout as lay

FALLBACK_CONTRACTS = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))


def contract_shape(game: Any) -> list[str]:
    """The kinds of the round's contract melds: ["set", "set", "run"]."""
    try:
        from rummy_gui.engine.rules import CONTRACTS
    except ImportError:  # pragma: no cover - an engine without the table
        CONTRACTS = FALLBACK_CONTRACTS
    sets, runs = CONTRACTS[max(0, min(len(CONTRACTS), game.round) - 1)]
    return ["set"] * sets + ["run"] * runs


class ContractSlots:
    def __init__(self) -> None:
        self.kinds: list[str] = []
        self.slots: list[list[Card]] = []
        self.round = 0

    def reset(self, kinds: list[str], round_number: int) -> None:
        self.kinds = kinds
        self.slots = [[] for _ in kinds]
        self.round = round_number

    def clear(self) -> None:
        self.slots = [[] for _ in self.kinds]

    @property
    def staged(self) -> list[Card]:
        return [c for slot in self.slots for c in slot]

    def minimum(self, kind: str, game: Any) -> int:
        if kind == "set":
            return 3
        return int(getattr(getattr(game, "rules", None), "min_run", 4) or 4)

    def complete(self, game: Any) -> bool:
        return bool(self.slots) and all(len(s) >= self.minimum(k, game) for s, k in zip(self.slots, self.kinds, strict=True))

    def label(self, k: int, game: Any) -> str:
        kind = self.kinds[k]
        n = self.minimum(kind, game)
        rules = getattr(game, "rules", None)
        last_round = rules is not None and rules.last_round_goes_out_whole(game.round)
        if kind == "set":
            return _("set of {n}").format(n=n)
        return (_("run of {n}+") if last_round else _("run of {n}")).format(n=n)

    def rects(self, area: Rect) -> list[Rect]:
        n = max(1, len(self.kinds))
        gap = 12
        w = (area.w - 150 - gap * (n - 1)) // n
        return [Rect(area.x + k * (w + gap), area.y + 4, w, area.h - 8) for k in range(n)]

    def card_rects(self, slot: Rect, count: int) -> list[Rect]:
        card = lay.card_size(min(slot.h - 30, 110))
        step = min(card[0] * 0.5, (slot.w - 16 - card[0]) / max(1, count - 1)) if count > 1 else 0
        return [Rect(int(slot.x + 8 + i * step), slot.y + 24, *card) for i in range(count)]

    def candidates(self, legal: list[MoveText]) -> list[str]:
        """Legal contract moves whose melds are exactly the slots' cards."""
        want = sorted(tuple(sorted(c.code for c in slot)) for slot in self.slots)
        out = []
        for m in legal:
            if m.action != Action.CONTRACT:
                continue
            groups = sorted(tuple(sorted(token_card(t).code for t in g)) for g in m.groups)
            if groups == want:
                out.append(m.text)
        return out

    def text(self) -> str:
        return "contract " + " / ".join(" ".join(str(c) for c in slot) for slot in self.slots)


def without(cards: list[Card], remove: list[Card]) -> list[Card]:
    """`cards` minus a multiset of cards, order kept."""
    left = Counter(c.code for c in remove)
    out = []
    for c in cards:
        if left[c.code] > 0:
            left[c.code] -= 1
        else:
            out.append(c)
    return out
