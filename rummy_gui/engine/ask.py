"""Questions a table asks about the rules, answered by the engine itself.

A user interface should never decide a rule on its own: it asks here. Every
answer comes from the game's legal moves (`Game.legal_moves`) or from the
meld checks `Game.play` uses, so the table and the referee cannot disagree.
The functions are pure: they read the game and change nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .cards import Card, Token, card_token
from .dealing import cut_range as _cut_range
from .dealing import exact_cut as _exact_cut
from .enums import Action, Phase
from .game import Game
from .melds import RUN, SET, Meld, layoff_fits
from .moves import Move
from .referee import PHASE_MOVES
from .rules import CONTRACT_RUN_SIZE, CONTRACT_SET_SIZE, CONTRACTS, Rules
from .scoring import hand_value, meld_points
from .state import Claim

__all__ = [
    "ContractSlot",
    "Position",
    "cards_of",
    "contract_moves",
    "contract_slots",
    "cut_range",
    "deep_takes",
    "draw_ends_deal",
    "exact_cut",
    "fills_contract_slot",
    "hand_points",
    "joinable_melds",
    "keeps_turn",
    "may_lay_off",
    "melded_so_far",
    "melds_card_fits",
    "moves_with_cards",
    "pile_take",
    "pile_takes",
    "plays_cards",
    "round_contract",
    "seat_moves",
]


class Position(Protocol):
    """What these questions read of a game: the engine's `Game`, or the table
    as one seat sees it (a view that offers only that seat's moves: asked
    about another seat, it answers as for a seat with no moves)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> int: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def round(self) -> int: ...
    @property
    def claim(self) -> Claim | None: ...
    @property
    def stock_count(self) -> int: ...
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def public_melds(self) -> Sequence[Meld]: ...
    def offered_moves(self, seat: int) -> list[Move]: ...
    def hand(self, seat: int) -> list[Card]: ...


@dataclass(frozen=True, slots=True)
class ContractSlot:
    """One meld of the round's contract, as a place to fill.

    `kind` is "set" or "run"; `size` the cards it needs; `more` says whether
    it may hold more than `size` (the whole-hand round's runs)."""

    kind: str
    size: int
    more: bool = False


def cards_of(move: Move) -> list[Card]:
    """The physical cards a move plays (a "JK=8S" token is a joker), its
    contract groups included, in the move's order."""
    return [t.card for t in move.cards] + [t.card for g in move.groups for t in g]


def plays_cards(move: Move, cards: Iterable[Card]) -> bool:
    """Whether the move plays exactly these physical cards (as a multiset)."""
    return Counter(c.code for c in cards_of(move)) == Counter(c.code for c in cards)


def seat_moves(game: Position, seat: int, actions: Iterable[Action] | None = None) -> list[Move]:
    """The legal moves `seat` is offered now, of the given actions (all when
    None): while Pinochle's lay-offs lie face down, none whose legality hangs
    on a hidden card (`Game.offered_moves`)."""
    wanted = None if actions is None else frozenset(actions)
    return [m for m in game.offered_moves(seat) if wanted is None or m.action in wanted]


def moves_with_cards(
    game: Position, seat: int, cards: Sequence[Card], actions: Iterable[Action]
) -> list[Move]:
    """The legal moves of `seat` of these actions that play exactly `cards`
    (what a player holds on the pointer): e.g. every reading of a meld."""
    return [m for m in seat_moves(game, seat, actions) if plays_cards(m, cards)]


def joinable_melds(game: Position, seat: int, cards: Sequence[Card]) -> dict[int, list[Move]]:
    """Which melds on the table `seat` may add these cards to now: meld id ->
    the legal lay-offs (and joker swaps) of exactly these cards onto it."""
    out: dict[int, list[Move]] = {}
    for m in moves_with_cards(game, seat, cards, (Action.LAYOFF, Action.SWAP)):
        assert m.meld_id is not None
        out.setdefault(m.meld_id, []).append(m)
    if game.rules.hidden_layoffs and cards and may_lay_off(game, seat):
        # RULES.md 3.9: every meld is offered and the engine decides, so that
        # nothing lit tells a face-down card
        tokens = tuple(card_token(c) for c in cards)
        for meld in game.public_melds:
            if not meld.complete and meld.id not in out:
                out[meld.id] = [Move(Action.LAYOFF, seat, tokens, number=meld.id)]
    return out


def may_lay_off(game: Position, seat: int) -> bool:
    """Is it `seat`'s turn to meld and lay off (after its draw)?"""
    phase = game.phase
    if phase is Phase.RUMMY_LAYOFF:
        return seat in game.to_act
    return phase is Phase.PLAY and seat == game.turn and game.claim is None


def melds_card_fits(game: Position, card: Card) -> list[int]:
    """The ids of the melds on the table this card would fit on by the
    rules of play, whoever holds it and whatever the phase (a guess any
    player can make from the table: the melds as everyone sees them)."""
    token = card_token(card)
    return [meld.id for meld in game.public_melds if layoff_fits(game.rules, meld, [token])]


def deep_takes(game: Position) -> bool:
    """Whether a take may lift more than the top card of the discard pile in
    this game (RULES.md 3.4: the 500 family takes from any depth; 4.4: the
    contract family only the top card), whoever is to move."""
    return not game.rules.is_contract


def pile_takes(game: Position, seat: int, n: int) -> list[Move]:
    """The legal moves of `seat` now that pick up the top `n` cards of the
    discard pile: a take in the draw, a Rummy! call in a claim window."""
    return [m for m in seat_moves(game, seat, _PILE_ACTIONS) if m.count == n]


def pile_take(game: Position, seat: int, n: int) -> Move:
    """The move that picks up the top `n` cards of the discard pile now: the
    legal one when there is one, else the move a player would mean there (a
    Rummy! call in a claim window, a take otherwise), for the engine to refuse
    with its reason."""
    legal = pile_takes(game, seat, n)
    if legal:
        return legal[0]
    return Move(Action.RUMMY if game.phase is Phase.CLAIM else Action.TAKE, number=n)


def draw_ends_deal(game: Game) -> bool:
    """Whether a draw from the stock now ends the deal: the stock is empty and
    may not be rebuilt (RULES.md 3.5 in the 500 family; 4.7 once the contract
    family's rebuilds are spent)."""
    return game.stock_count == 0 and not game._table.may_rebuild_stock()


def cut_range(game: Position) -> range:
    """How many cards the cut may lift from the pack now (Liverpool, RULES.md 4.1)."""
    return _cut_range(game.stock_count)


def exact_cut(game: Position) -> int:
    """The number of cards a cut must lift now to earn the cut bonus (Liverpool, RULES.md 4.1)."""
    return _exact_cut(game.players, game.rules.hand_size(game.players, game.round))


def keeps_turn(game: Position, move: Move) -> bool:
    """Whether this move, played now, leaves its player to go on in the same
    phase: a meld, a lay-off, a joker swap or the contract in the play phase.
    Every other move (a draw or take, the discard, a pass, a claim, the lay-off
    of a Rummy! call, the cut, the deal) ends what its player decides now."""
    return game.phase is Phase.PLAY and move.action in _GOING_ON


_PILE_ACTIONS = (Action.TAKE, Action.RUMMY)
# The play phase's moves but the discard, which ends the turn (docs/engine.md,
# "Phases and who acts").
_GOING_ON = frozenset(PHASE_MOVES[Phase.PLAY]) - {Action.DISCARD}


def contract_slots(game: Position) -> tuple[ContractSlot, ...]:
    """The melds of this round's contract, sets first (empty outside the
    contract family). A contract move's groups come in this order."""
    return round_contract(game.rules, game.round)


def round_contract(rules: Rules, round_number: int) -> tuple[ContractSlot, ...]:
    """The melds of a round's contract under these rules, sets first (empty
    outside the contract family): what `contract_slots` answers for a game
    in that round, for a player (a bot) that plans with the rules alone."""
    if not rules.is_contract:
        return ()
    sets, runs = CONTRACTS[max(1, min(len(CONTRACTS), round_number)) - 1]
    # RULES.md 4.3: in a whole-hand round (round 7) the runs may be longer
    whole = rules.last_round_goes_out_whole(round_number)
    run = ContractSlot(RUN, CONTRACT_RUN_SIZE, more=whole)
    return (ContractSlot(SET, CONTRACT_SET_SIZE),) * sets + (run,) * runs


def _kinds(game: Position) -> list[str]:
    return [slot.kind for slot in contract_slots(game)]


def _same(group: Iterable[Token], cards: Counter[int]) -> bool:
    return Counter(t.card.code for t in group) == cards


def fills_contract_slot(game: Position, seat: int, index: int, cards: Sequence[Card]) -> bool:
    """Does this group of cards fill slot `index` of the contract? True when
    some lay-down of the contract the engine accepts from `seat` now has
    exactly these cards as a meld of that slot's kind (10♣ 10♣ Q♥ is never
    a set; a set that could not go down with the rest of the hand is not
    shown as filling its slot either)."""
    kinds = _kinds(game)
    if not cards or not 0 <= index < len(kinds):
        return False
    want = Counter(c.code for c in cards)
    for m in seat_moves(game, seat, (Action.CONTRACT,)):
        for kind, group in zip(kinds, m.groups, strict=False):
            if kind == kinds[index] and _same(group, want):
                return True
    return False


def contract_moves(game: Position, seat: int, groups: Sequence[Sequence[Card]]) -> list[Move]:
    """The legal contract lay-downs of `seat` whose melds are exactly these
    groups of cards, each in a slot of its kind (several when jokers may be
    read more than one way). Empty: the engine would refuse this lay-down."""
    kinds = _kinds(game)
    if len(groups) != len(kinds):
        return []
    wanted = [(kind, Counter(c.code for c in g)) for kind, g in zip(kinds, groups, strict=True)]
    out = []
    for m in seat_moves(game, seat, (Action.CONTRACT,)):
        left = list(zip(kinds, m.groups, strict=False))
        for kind, want in wanted:
            hit = next((i for i, (k, g) in enumerate(left) if k == kind and _same(g, want)), None)
            if hit is None:
                break
            del left[hit]
        else:
            out.append(m)
    return out


def melded_so_far(game: Position, side: int) -> int:
    """What a side's melds and lay-offs of this deal score so far, as the
    table shows them (500 family, RULES.md 3.2, 3.8: Persian's doubled
    four-sets counted double; 0 in the contract family, where melds score
    nothing). Cards laid off face down (3.9) count once the deal turns them
    up: until then nobody knows their value."""
    rules = game.rules
    if rules.is_contract:
        return 0
    seats = game.sides[side]
    return sum(
        pts
        for meld in game.public_melds
        for owner, pts in meld_points(rules, meld).items()
        if owner in seats
    )


def hand_points(game: Position, seat: int) -> int:
    """What `seat`'s hand would count if the deal ended now: the value of its
    cards, taken off its score in the 500 family (RULES.md 3.7) and scored
    as penalty points in the contract family (4.7)."""
    return hand_value(game.rules, game.hand(seat))
