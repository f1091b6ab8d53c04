"""The table as one seat sees it: what `Game.view(seat)` holds and the
public facts of the game, as plain data. The screens read only this (through
`table_session.TableSession.view`), never the engine's Game, so that a
session whose game runs elsewhere (on a host over the network) can drive
the same screens.

A `TableView` answers the reads the table makes with the names the engine's
Game uses (`hand`, `public_melds`, `to_act`, ...), and the engine's own
questions (`rummy_gui.engine.ask`) accept it, since it has what they read:
the viewer's offered moves, the public melds, the rules and the phase.

What stays hidden: another seat's hand (only its size) until the deal ends
(every hand is then public: it is counted against its player), the stock,
the cards laid off face down in Pinochle (`face_down` says who laid them and
where everyone was told), the card that went out face down, and the deal's
seed until the deal is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from rummy_gui.engine import Action, Card, Claim, Game, Meld, Move, Phase, Rules
from rummy_gui.engine.scoring import SideScore

_ENDED = (Phase.DEAL_OVER, Phase.GAME_OVER)


@dataclass(frozen=True)
class TableView:
    """The table as seat `seat` may know it now (see the module's docstring)."""

    seat: int  # the viewer: the seat whose hand this view holds
    rules: Rules
    players: int
    phase: Phase
    turn: int
    to_act: tuple[int, ...]  # the seats that may move now (a claim window's in priority order)
    dealer: int
    round: int
    contract: str | None  # the round's contract in words (contract family)
    hands: tuple[tuple[Card, ...] | None, ...]  # per seat: the cards where the viewer may see them
    hand_sizes: tuple[int, ...]
    discard_pile: tuple[Card, ...]  # face up, bottom first (a card gone out face down left off)
    discard_face_down: bool  # the going-out card lies face down on the pile
    stock_count: int
    public_melds: tuple[Meld, ...]  # as everyone sees them (face-down lay-offs left out)
    face_down: tuple[tuple[int | None, ...], ...]  # per seat, its face-down lay-offs' melds
    claim: Claim | None
    target: Card | None  # the card the viewer took and must still meld (on their turn)
    laid_down: tuple[bool, ...]  # contract family: who has laid down the contract
    buys: tuple[int | None, ...]  # buys left per seat (None: no limit)
    sides: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    deal_scores: tuple[int, ...] | None
    deal_breakdown: tuple[SideScore, ...] | None  # the last finished deal, item by item
    score_history: tuple[tuple[int, ...], ...]  # every finished deal's scores per side
    deal_over: bool
    game_over: bool
    winners: tuple[int, ...]
    move_count: int  # how many moves the game has had (a key for caches)
    last_move: Move | None  # the game's last move, unless another seat's face-down lay-off
    fingerprint: str | None  # the deal's commitment, shown before it is played
    deal_seed: int | None  # the deal's seed: only once the deal is over
    legal_moves: tuple[Move, ...]  # the viewer's offered moves now (`Game.offered_moves`)
    settled: Mapping[int, int] = field(default_factory=dict)  # `Game.settlement()`

    # --- the reads of the engine's Game, by the same names ----------------
    @property
    def preset(self) -> str:
        return self.rules.preset

    @property
    def public_discard_pile(self) -> tuple[Card, ...]:
        return self.discard_pile

    @property
    def melds(self) -> tuple[Meld, ...]:
        """The melds the viewer sees (a view has no other)."""
        return self.public_melds

    def sees_hand(self, seat: int) -> bool:
        return 0 <= seat < len(self.hands) and self.hands[seat] is not None

    def hand(self, seat: int) -> list[Card]:
        """A seat's cards where the viewer may see them: its own, and every
        hand once the deal is over; ValueError for a hidden hand."""
        cards = self.hands[seat] if 0 <= seat < len(self.hands) else None
        if cards is None:
            raise ValueError(f"seat {seat}'s hand is hidden from seat {self.seat}")
        return list(cards)

    def hand_size(self, seat: int) -> int:
        return self.hand_sizes[seat]

    def offered_moves(self, seat: int) -> list[Move]:
        """The legal moves `seat` is offered now: the viewer's; none for another seat."""
        return list(self.legal_moves) if seat == self.seat else []

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def has_laid_down(self, seat: int) -> bool:
        return self.laid_down[seat]

    def buys_left(self, seat: int) -> int | None:
        return self.buys[seat]

    def public(self) -> TableView:
        """This view as everyone sees it: seat -1, no hand but at a deal's
        end (when all are public), no moves, no taken card."""
        hands = self.hands if self.deal_over else (None,) * len(self.hands)
        return replace(self, seat=-1, hands=hands, legal_moves=(), target=None)

    def settlement(self) -> dict[int, int]:
        """Rum 500 classic, at game over: what each player settles with the winner."""
        return dict(self.settled)


def table_view(game: Game, seat: int) -> TableView:
    """The table as `seat` sees it in `game` now (`Game.view(seat)` and the public facts)."""
    view = game.view(seat)
    ended = game.phase in _ENDED
    last = game.moves[-1] if game.moves else None
    hiding = game.rules.hidden_layoffs and not ended
    if hiding and last is not None and last.seat != seat and last.action is Action.LAYOFF:
        last = None  # another seat's lay-off went face down: not told (RULES.md 3.9)
    hands = tuple(tuple(game.hand(s)) if ended or s == seat else None for s in range(game.players))
    return TableView(
        seat=seat,
        rules=game.rules,
        players=game.players,
        phase=view.phase,
        turn=view.turn,
        to_act=view.to_act,
        dealer=view.dealer,
        round=view.round,
        contract=game.contract,
        hands=hands,
        hand_sizes=view.hand_sizes,
        discard_pile=view.discard_pile,
        discard_face_down=view.discard_face_down,
        stock_count=view.stock_count,
        public_melds=view.melds,
        face_down=view.face_down,
        claim=view.claim,
        target=view.target,
        laid_down=view.laid_down,
        buys=view.buys_left,
        sides=view.sides,
        totals=view.totals,
        deal_scores=view.deal_scores,
        deal_breakdown=game.deal_breakdown,
        score_history=tuple(tuple(h) for h in game.score_history),
        deal_over=game.deal_over,
        game_over=game.game_over,
        winners=tuple(game.winners),
        move_count=len(game.moves),
        last_move=last,
        fingerprint=game.fingerprint,
        deal_seed=game.deal_seed if ended else None,
        legal_moves=view.legal_moves,
        settled=game.settlement() if game.game_over and game.rules.settlement else {},
    )


class Views:
    """Each seat's `TableView` of one game, made once per version of it."""

    def __init__(self) -> None:
        self._version = -1
        self._made: dict[int, TableView] = {}

    def get(self, game: Game, version: int, seat: int) -> TableView:
        if version != self._version:
            self._version, self._made = version, {}
        made = self._made.get(seat)
        if made is None:
            made = self._made[seat] = table_view(game, seat)
        return made
