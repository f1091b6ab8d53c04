"""What a drag carries and where it may land, and the words for the choices
the table offers (chooser and claim prompt)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from rummy_gui.engine.cards import Card
from rummy_gui.engine.enums import Action
from rummy_gui.i18n import _
from rummy_gui.play.session import MoveText, pretty_token
from rummy_gui.ui import theme


@dataclass
class DropTarget:
    rect: Rect
    moves: list[str]
    label: str
    stage: int | None = None  # a contract slot to put the cards in


@dataclass
class Drag:
    source: str  # "hand", "discard" or "stock"
    start: tuple[int, int]
    cards: list[tuple[Card | None, tuple[int, int], tuple[int, int]]]
    hand_indices: list[int] = field(default_factory=list)
    discard_index: int | None = None
    targets: list[DropTarget] = field(default_factory=list)
    active: bool = False


@dataclass
class Message:
    text: str
    ttl: float
    colour: tuple[int, int, int] = theme.TEXT
    pos: tuple[int, int] | None = None  # where it happened (a refusal), else above the hand


def describe_choice(text: str) -> str:
    m = MoveText.parse(text)
    if m.action == Action.CONTRACT:
        return "  /  ".join(" ".join(pretty_token(t) for t in g) for g in m.groups)
    kind = _(" (set)") if " set " in f" {text} " else (_(" (run)") if " run " in f" {text} " else "")
    cards = " ".join(pretty_token(t) for t in m.cards)
    if m.action == Action.LAYOFF:
        return _("lay off {cards} on meld {n}").format(cards=cards, n=m.number)
    if m.action == Action.SWAP:
        return _("swap {cards} for the joker in meld {n}").format(cards=cards, n=m.number)
    if m.action == Action.DISCARD:
        if text.endswith("shanghai"):
            return _("discard {cards} calling Shanghai").format(cards=cards)
        return _("discard {cards}").format(cards=cards)
    if m.action == Action.MELD:
        return _("meld {cards}").format(cards=cards) + kind
    return f"{m.action} {cards}{kind}"


def describe_claim(m: MoveText, game: object) -> str:
    if m.action == Action.PASS:
        return _("Pass")
    if m.action == Action.BUY:
        rules = getattr(game, "rules", None)
        if rules is not None and getattr(rules, "buy_penalty", 1) == 2:  # Shanghai
            return _("Buy it (with two penalty cards from the stock)")
        return _("Buy it (with a penalty card from the stock)")
    if m.action == Action.SHANGHAI:
        return _("Shanghai! Lay it on meld {n}").format(n=m.number)
    pile = list(getattr(game, "discard_pile", []))
    n = m.number or 1
    return _("Rummy! Take {cards}").format(cards=" ".join(c.pretty for c in pile[-n:]))
