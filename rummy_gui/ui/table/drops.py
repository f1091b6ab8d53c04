"""What a drag carries and where it may land, and the words for the choices
the table offers (chooser and claim prompt)."""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from rummy_gui.engine import Move
from rummy_gui.engine.cards import Card, Token, card_token
from rummy_gui.engine.enums import Action
from rummy_gui.engine.notation import token_pretty
from rummy_gui.i18n import _, ngettext
from rummy_gui.play.table_view import TableView
from rummy_gui.ui.widgets import theme


@dataclass
class DropTarget:
    rect: Rect
    moves: list[Move]
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


def tokens(cards: list[Card]) -> tuple[Token, ...]:
    """The cards as a move plays them (no joker saying what it stands for)."""
    return tuple(card_token(c) for c in cards)


def pretty_token(token: Token) -> str:
    """A card of a move as shown: a joker standing for 8♠ is "★=8♠"."""
    return token_pretty(token)


def meld_words(game: TableView | None, meld_id: int | None) -> str:
    """A meld as a player names it: by its cards ("Q♠ K♠ A♠")."""
    for meld in game.public_melds if game is not None else ():
        if meld.id == meld_id:
            return meld.pretty()
    return str(meld_id)


def describe_choice(m: Move, game: TableView | None = None) -> str:
    """One reading of the cards, in words, for the chooser (with the game, a
    meld is named by its cards)."""
    if m.action is Action.CONTRACT:
        return "  /  ".join(" ".join(pretty_token(t) for t in g) for g in m.groups)
    kind = {"set": _(" (set)"), "run": _(" (run)")}.get(m.kind or "", "")
    cards = " ".join(pretty_token(t) for t in m.cards)
    if m.action is Action.LAYOFF:
        return _("lay off {cards} on {meld}").format(cards=cards, meld=meld_words(game, m.meld_id))
    if m.action is Action.SWAP:
        return _("swap {cards} for the joker in {meld}").format(
            cards=cards, meld=meld_words(game, m.meld_id)
        )
    if m.action is Action.DISCARD:
        if m.call:
            return _("discard {cards} calling Shanghai").format(cards=cards)
        return _("discard {cards}").format(cards=cards)
    if m.action is Action.MELD:
        return _("meld {cards}").format(cards=cards) + kind
    return f"{m.action} {cards}{kind}"


def describe_claim(m: Move, game: TableView) -> str:
    """A claim prompt's button: what answering with `m` does."""
    if m.action is Action.PASS:
        return _("Pass")
    if m.action is Action.BUY:
        n = game.rules.buy_penalty
        return ngettext(
            "Buy it (with {n} penalty card from the stock)",
            "Buy it (with {n} penalty cards from the stock)",
            n,
        ).format(n=n)
    if m.action is Action.SHANGHAI:
        return _("Shanghai! Lay it on {meld}").format(meld=meld_words(game, m.meld_id))
    pile = game.discard_pile
    n = m.count or 1
    return _("Rummy! Take {cards}").format(cards=" ".join(c.pretty for c in pile[-n:]))
