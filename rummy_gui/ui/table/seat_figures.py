"""The running figures beside each seat, in words: what the seat's side has
melded this deal so far (the 500 family: the number a player watches all
deal long) or how many cards it still holds (the contract family), and the
value of the player's own hand now. The engine computes each figure
(`ask.melded_so_far`, `ask.hand_points`); this module only words them."""

from __future__ import annotations

from rummy_gui.engine import ask
from rummy_gui.i18n import _, ngettext
from rummy_gui.play.table_view import TableView


def deal_figure(game: TableView, seat: int) -> str:
    """This deal so far for the seat's side: melded points, or cards left."""
    if game.rules.is_contract:
        n = game.hand_size(seat)
        return ngettext("{n} card left", "{n} cards left", n).format(n=n)
    points = ask.melded_so_far(game, game.side_of(seat))
    return _("melded {n}").format(n=f"{points:+d}")


def hand_figure(game: TableView, seat: int) -> str:
    """What the seat's own hand would count if the deal ended now."""
    value = ask.hand_points(game, seat)
    if game.rules.is_contract:
        return _("your hand: {n} penalty").format(n=value)
    return _("your hand: {n}").format(n=f"-{value}" if value else "0")
