"""Dealing: the first dealer, shuffling and dealing each deal (RULES.md 3.1,
4.1), the Liverpool cut, the `deal` move, and positions given as a layout."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .cards import card_from_code, count_cards, make_pack, parse_cards
from .enums import Phase
from .errors import IllegalMove, illegal
from .fairness import deal_seed
from .moves import Move
from .state import GameState
from .table import Apply, Table


def _illegal(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


def first_dealer(t: Table) -> int:
    """Every seat draws a card, lowest deals (ace lowest); ties redraw."""
    rng = t.s.rng
    deck = make_pack(1, 0)
    rng.shuffle(deck)
    seats = list(range(t.players))
    while True:
        draws = {seat: deck.pop() for seat in seats}
        low = min(c.rank for c in draws.values())
        seats = [seat for seat in seats if draws[seat].rank == low]
        if len(seats) == 1:
            return seats[0]
        if len(deck) < len(seats):
            deck = make_pack(1, 0)
            rng.shuffle(deck)


def start_deal(t: Table) -> None:
    r, s = t.rules, t.s
    s.reset_deal(t.players, len(t.sides))
    s.hands = [[] for _ in range(t.players)]
    s.melds = []
    s.discard = []
    s.claim = None
    s.deal_moves = len(s.moves)
    if s.seed_base is not None:
        s.rng = random.Random(deal_seed(s.seed_base, s.round))
    pack = make_pack(r.decks(t.players), r.joker_count(t.players))
    s.rng.shuffle(pack)
    s.stock = pack
    if r.liverpool_cut:
        s.phase = Phase.CUT
        s.turn = (s.dealer - 1) % t.players
        return
    deal_cards(t)


def deal_cards(t: Table) -> None:
    n, s = t.players, t.s
    size = t.rules.hand_size(n, s.round)
    for _ in range(size):
        for i in range(1, n + 1):
            s.hands[(s.dealer + i) % n].append(s.stock.pop())
    s.discard.append(s.stock.pop())
    s.upcard = s.discard[-1]
    t.begin_turn(t.next_seat(s.dealer))


def cut_range(stock_size: int) -> range:
    """How many cards a cut may lift from a pack of this size (RULES.md 4.1):
    at least one, and at least one is left."""
    return range(1, stock_size)


def exact_cut(players: int, hand_size: int) -> int:
    """The cut that earns the cutter the bonus (RULES.md 4.1): as many cards as
    the deal and the upcard need."""
    return players * hand_size + 1


def prepare_cut(t: Table, seat: int, m: Move) -> Apply:
    size = len(t.s.stock)
    n = m.number or 0
    if n not in cut_range(size):
        raise _illegal("bad_cut", most=size - 1)

    def apply() -> None:
        s = t.s
        needed = exact_cut(t.players, t.rules.hand_size(t.players, s.round))
        s.stock = s.stock[-n:] + s.stock[:-n]
        if n == needed:
            side = t.side_of(seat)
            s.totals[side] -= t.rules.cut_bonus
            s.bonus[side] -= t.rules.cut_bonus
        s.turn_no = 0
        deal_cards(t)

    return apply


def prepare_deal(t: Table, _seat: int, _m: Move) -> Apply:
    def apply() -> None:
        s = t.s
        s.dealer = t.next_seat(s.dealer)
        s.round += 1
        start_deal(t)  # deal_scores keep showing the last finished deal

    return apply


def lay_out(
    t: Table, hands: Sequence[str], stock: str, discard: str, turn: int, round: int
) -> dict[str, Any]:
    """Put a given position on the table (Game.from_layout); ValueError names
    what is wrong. Returns the layout as the record keeps it."""
    r, n, s = t.rules, t.players, t.s
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < n:
        raise ValueError(f"turn must be a seat from 0 to {n - 1}, not {turn!r}")
    max_round = r.rounds or 10**9
    if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= max_round:
        raise ValueError(f"round must be from 1 to {r.rounds or 'any'}, not {round!r}")
    s.hands = [parse_cards(h) for h in hands]
    s.stock = list(reversed(parse_cards(stock)))
    s.discard = parse_cards(discard)
    pack = count_cards(make_pack(r.decks(n), r.joker_count(n)))
    have = count_cards([c for h in s.hands for c in h] + s.stock + s.discard)
    for code in range(53):
        if have[code] > pack[code]:
            card = card_from_code(code)
            raise ValueError(
                f"{card}: {have[code]} in this layout, but this game's pack holds {pack[code]}"
            )
    s.round = round
    s.turn = turn
    s.dealer = (turn - 1) % n
    s.phase = Phase.DRAW
    s.upcard = s.discard[-1] if s.discard else None
    s.turn_no = 1
    return {
        "hands": [str(h) for h in hands],
        "stock": stock,
        "discard": discard,
        "turn": turn,
        "round": round,
    }


def empty_state(players: int, sides: int, seed: int) -> GameState:
    """A state with the seats' lists sized and the seed's random numbers, before any deal."""
    s = GameState(rng=random.Random(seed))
    s.hands = [[] for _ in range(players)]
    s.totals = [0] * sides
    s.reset_deal(players, sides)
    return s
