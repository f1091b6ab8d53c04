"""Moves in plain words, in the current language: the game log ("Anna melds
7♥ 8♥ 9♥") and advice ("Meld 7♥ 8♥ 9♥, then discard K♣").

A move's words may need the game as it was just before the move (which
cards `take 3` picked up, which meld number 3 is).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_gui.engine import Action, Game, Move, ask
from rummy_gui.engine.cards import Token
from rummy_gui.engine.notation import token_pretty
from rummy_gui.i18n import _, ngettext

_LOG = {
    "draw": "{name} draws from the stock.",
    "draw_empty": "{name} finds the stock empty: the deal ends.",
    "take": "{name} takes {cards} from the discard pile.",
    "meld": "{name} melds {cards}.",
    "layoff": "{name} lays off {cards} on {meld}.",
    "layoff_hidden": "{name} lays off a card face down.",
    "layoff_hidden_on": "{name} lays off a card face down on {meld}.",
    "swap": "{name} swaps {cards} for the joker in {meld}.",
    "contract": "{name} lays down the contract: {cards}.",
    "discard": "{name} discards {cards}.",
    "discard_hidden": "{name} discards the last card face down.",
    "discard_call": "{name} discards {cards} and calls Shanghai!",
    "rummy": "{name} calls Rummy! and takes {cards}.",
    "buy": "{name} buys {cards}.",
    "shanghai": "{name} calls Shanghai! and lays {cards} on {meld}.",
    "pass": "{name} passes.",
    "cut": "{name} cuts the pack.",
    "deal": "{name} deals the next hand.",
}

# The same lines for the player who sits at this screen ("You draw …").
_LOG_YOU = {
    "draw": "You draw from the stock.",
    "draw_empty": "You find the stock empty: the deal ends.",
    "take": "You take {cards} from the discard pile.",
    "meld": "You meld {cards}.",
    "layoff": "You lay off {cards} on {meld}.",
    "layoff_hidden": "You lay off a card face down.",
    "layoff_hidden_on": "You lay off a card face down on {meld}.",
    "swap": "You swap {cards} for the joker in {meld}.",
    "contract": "You lay down the contract: {cards}.",
    "discard": "You discard {cards}.",
    "discard_hidden": "You discard your last card face down.",
    "discard_call": "You discard {cards} and call Shanghai!",
    "rummy": "You call Rummy! and take {cards}.",
    "buy": "You buy {cards}.",
    "shanghai": "You call Shanghai! and lay {cards} on {meld}.",
    "pass": "You pass.",
    "cut": "You cut the pack.",
    "deal": "You deal the next hand.",
}

_ADVICE = {
    "draw": "Draw from the stock",
    "draw_empty": "Draw: the stock is empty, which ends the deal",
    "take": "Take {cards} from the discard pile",
    "meld": "meld {cards}",
    "layoff": "lay off {cards} on {meld}",
    "swap": "swap {cards} for the joker in {meld}",
    "contract": "lay down your contract: {cards}",
    "discard": "discard {cards}",
    "discard_call": "discard {cards} calling Shanghai!",
    "rummy": "Call Rummy! and take {cards}",
    "buy": "Buy {cards}",
    "shanghai": "Call Shanghai! on {meld}",
    "pass": "Pass",
    "cut": "Cut the pack",
    "deal": "Deal the next hand",
}

# Mark the templates for the catalogs (their ids are the English text).
_MARKED = [
    _("{name} draws from the stock."),
    _("{name} finds the stock empty: the deal ends."),
    _("{name} takes {cards} from the discard pile."),
    _("{name} melds {cards}."),
    _("{name} lays off {cards} on {meld}."),
    _("{name} lays off a card face down."),
    _("{name} lays off a card face down on {meld}."),
    _("{name} swaps {cards} for the joker in {meld}."),
    _("{name} lays down the contract: {cards}."),
    _("{name} discards {cards}."),
    _("{name} discards the last card face down."),
    _("{name} discards {cards} and calls Shanghai!"),
    _("{name} calls Rummy! and takes {cards}."),
    _("{name} buys {cards}."),
    _("{name} calls Shanghai! and lays {cards} on {meld}."),
    _("{name} passes."),
    _("{name} cuts the pack."),
    _("{name} deals the next hand."),
    _("Draw from the stock"),
    _("Draw: the stock is empty, which ends the deal"),
    _("Take {cards} from the discard pile"),
    _("meld {cards}"),
    _("lay off {cards} on {meld}"),
    _("swap {cards} for the joker in {meld}"),
    _("lay down your contract: {cards}"),
    _("discard {cards}"),
    _("discard {cards} calling Shanghai!"),
    _("Call Rummy! and take {cards}"),
    _("Buy {cards}"),
    _("Call Shanghai! on {meld}"),
    _("Pass"),
    _("Cut the pack"),
    _("Deal the next hand"),
    _(", then "),
    _("You draw from the stock."),
    _("You find the stock empty: the deal ends."),
    _("You take {cards} from the discard pile."),
    _("You meld {cards}."),
    _("You lay off {cards} on {meld}."),
    _("You lay off a card face down."),
    _("You lay off a card face down on {meld}."),
    _("You swap {cards} for the joker in {meld}."),
    _("You lay down the contract: {cards}."),
    _("You discard {cards}."),
    _("You discard your last card face down."),
    _("You discard {cards} and call Shanghai!"),
    _("You call Rummy! and take {cards}."),
    _("You buy {cards}."),
    _("You call Shanghai! and lay {cards} on {meld}."),
    _("You pass."),
    _("You cut the pack."),
    _("You deal the next hand."),
]


# A face-down lay-off of several cards (a chain on a run's end) tells how many.
_LOG_CARDS = {
    "layoff_hidden": (
        "{name} lays off {n} card face down.",
        "{name} lays off {n} cards face down.",
    ),
    "layoff_hidden_on": (
        "{name} lays off {n} card face down on {meld}.",
        "{name} lays off {n} cards face down on {meld}.",
    ),
}
_LOG_CARDS_YOU = {
    "layoff_hidden": ("You lay off {n} card face down.", "You lay off {n} cards face down."),
    "layoff_hidden_on": (
        "You lay off {n} card face down on {meld}.",
        "You lay off {n} cards face down on {meld}.",
    ),
}
_MARKED_CARDS = [
    ngettext("{name} lays off {n} card face down.", "{name} lays off {n} cards face down.", 2),
    ngettext(
        "{name} lays off {n} card face down on {meld}.",
        "{name} lays off {n} cards face down on {meld}.",
        2,
    ),
    ngettext("You lay off {n} card face down.", "You lay off {n} cards face down.", 2),
    ngettext(
        "You lay off {n} card face down on {meld}.",
        "You lay off {n} cards face down on {meld}.",
        2,
    ),
]


def _tokens_text(tokens: Sequence[Token]) -> str:
    # what a joker stands for, written as the table writes cards: ★=3♦, or ★=7 in a set
    return " ".join(token_pretty(t) for t in tokens)


def _parts(move: Move, before: Game | None, log: bool = False) -> tuple[str, dict[str, str]]:
    """The template key and its values for a move (`log`: a line of the game
    log, which tells of a face-down lay-off only what everyone saw)."""
    a = move.action
    meld_text = f"#{move.number}"
    if (
        before is not None
        and move.number is not None
        and a in (Action.LAYOFF, Action.SWAP, Action.SHANGHAI)
    ):
        for m in before.public_melds:  # a face-down card is named nowhere (RULES.md 3.9)
            if m.id == move.number:
                meld_text = m.pretty()
    if log and a == Action.LAYOFF and before is not None and before.rules.hidden_layoffs:
        told = before.told_meld(move)
        return ("layoff_hidden", {}) if told is None else ("layoff_hidden_on", {"meld": meld_text})
    if log and a == Action.DISCARD and _goes_out_face_down(move, before):
        return "discard_hidden", {}
    cards = _tokens_text(move.cards)
    if a == Action.DRAW:
        return ("draw_empty" if before is not None and ask.draw_ends_deal(before) else "draw"), {}
    if a in (Action.TAKE, Action.RUMMY):
        n = move.number or 1
        if before is not None and before.discard_pile:
            cards = " ".join(c.pretty for c in before.discard_pile[-n:])
        else:
            cards = str(n)
        return a, {"cards": cards}
    if a == Action.BUY:
        if before is not None and before.discard_pile:
            cards = before.discard_pile[-1].pretty
        return a, {"cards": cards}
    if a == Action.SHANGHAI:
        if before is not None and before.claim is not None:
            cards = before.claim.card.pretty
        return a, {"cards": cards, "meld": meld_text}
    if a == Action.CONTRACT:
        return a, {"cards": " / ".join(_tokens_text(g) for g in move.groups)}
    if a == Action.DISCARD and move.call:
        return "discard_call", {"cards": cards}
    return a, {"cards": cards, "meld": meld_text}


def _goes_out_face_down(move: Move, before: Game | None) -> bool:
    """The last card, discarded face down (RULES.md 3.9)."""
    return (
        before is not None
        and before.rules.hidden_layoffs
        and move.seat is not None
        and len(before.hand(move.seat)) == 1
    )


def is_you(name: str | None) -> bool:
    """Is this the default name of the player at the screen ("You")?"""
    return name is not None and name in ("You", _("You"))


def describe(move: Move, before: Game | None = None, name: str | None = None) -> str:
    """One log line: what a player did, in the current language. A player
    named "You" gets the second person ("You discard K♣")."""
    if move.action == Action.CUT and move.number is not None:
        return _cut_words(move, move.number, before, name)
    key, values = _parts(move, before, log=True)
    n = len(move.cards)
    if key in _LOG_CARDS and n > 1:
        one, many = (_LOG_CARDS_YOU if is_you(name) else _LOG_CARDS)[key]
        who = name if name is not None else f"{_('Seat')} {move.seat}"
        return ngettext(one, many, n).format(name=who, n=n, **values)
    if is_you(name):
        return _(_LOG_YOU[key]).format(**values)
    who = name if name is not None else f"{_('Seat')} {move.seat}"
    return _(_LOG[key]).format(name=who, **values)


def cut_words(move: Move, before: ask.Position, name: str | None) -> str:
    """A cut's words (`describe`) from the table as seen just before it
    (a game or a seat's view: the cut bonus needs only its public facts)."""
    return _cut_words(move, move.number or 0, before, name)


def _cut_words(move: Move, n: int, before: ask.Position | None, name: str | None) -> str:
    """The cut with its count, and the bonus when it was exactly the deal (RULES.md 4.1)."""
    if is_you(name):
        line = ngettext("You cut {n} card.", "You cut {n} cards.", n).format(n=n)
    else:
        who = name if name is not None else f"{_('Seat')} {move.seat}"
        line = ngettext("{name} cuts {n} card.", "{name} cuts {n} cards.", n).format(name=who, n=n)
    if before is not None and before.rules.cut_bonus and n == ask.exact_cut(before):
        line += " " + _("Exactly the deal: −{points}!").format(points=before.rules.cut_bonus)
    return line


def advise(moves: Sequence[Move], before: Game | None = None) -> str:
    """Advice for a sequence of moves by one player: "Meld …, then discard …"."""
    parts = []
    game = before.copy() if before is not None else None
    for m in moves:
        key, values = _parts(m, game)
        parts.append(_(_ADVICE[key]).format(**values))
        if game is not None:
            try:
                game.play(m)
            except ValueError:
                game = None
    text = _(", then ").join(parts)
    return text[:1].upper() + text[1:] + "."
