"""The read-only face of a game: whose move, the cards anyone may count,
scores and the deal's facts (ENGINE_API.md). `Game` inherits these; they
read its table and change nothing."""

from __future__ import annotations

from .cards import Card
from .enums import Phase
from .legal import LegalMoves, MoveCache
from .melds import Meld
from .moves import Move
from .public import face_down, offered_moves, public_discard, public_melds, told_meld
from .rules import CONTRACT_NAMES, Rules
from .scoring import SideScore
from .state import Claim, GameState
from .table import Table

# Enum members as module names (read per move; an enum class's attribute costs more).
_GAME_OVER = Phase.GAME_OVER
_DEAL_ENDED = (Phase.DEAL_OVER, Phase.GAME_OVER)


class GameReads:
    """Reads of a game's state (the base of `Game`)."""

    _table: Table
    _cache: MoveCache
    _legal: LegalMoves
    players: int

    @property
    def _s(self) -> GameState:
        return self._table.s

    @property
    def rules(self) -> Rules:
        return self._table.rules

    @property
    def phase(self) -> Phase:
        return self._s.phase

    @property
    def turn(self) -> int:
        return self._s.turn

    @property
    def dealer(self) -> int:
        return self._s.dealer

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def claim(self) -> Claim | None:
        return self._s.claim

    @property
    def winners(self) -> tuple[int, ...]:
        return self._s.winners

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._table.to_act

    @property
    def legal_moves(self) -> LegalMoves:
        return self._legal  # a live view: one serves the game's whole life

    def hand(self, seat: int) -> list[Card]:
        """A seat's cards, in the order the player keeps them."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat!r} at this table")
        return list(self._s.hands[seat])

    @property
    def discard_pile(self) -> list[Card]:
        return list(self._s.discard)

    @property
    def stock_count(self) -> int:
        return len(self._s.stock)

    @property
    def _stock(self) -> list[Card]:
        """The stock, top card last (for invariant tests; bots never see it)."""
        return list(self._s.stock)

    @property
    def melds(self) -> list[Meld]:
        return list(self._s.melds)

    @property
    def public_melds(self) -> list[Meld]:
        """The melds as every player sees them: Pinochle's face-down lay-offs
        (RULES.md 3.9) left out until the deal ends; otherwise `melds`."""
        return public_melds(self.rules, self._s)

    @property
    def face_down(self) -> tuple[tuple[int | None, ...], ...]:
        """Per seat, the cards it laid off face down (RULES.md 3.9), in order:
        the meld's id where everyone was told it, else None."""
        return face_down(self.rules, self._s, self.players)

    @property
    def discard_face_down(self) -> bool:
        """The last card went out face down: the pile shows a back on top."""
        return self._s.discard_face_down

    @property
    def public_discard_pile(self) -> list[Card]:
        """The discard pile's face-up cards (without a card that went out face down)."""
        return public_discard(self._s)

    def told_meld(self, move: Move) -> int | None:
        """For a lay-off played now with lay-offs face down: the meld everyone
        is told (RULES.md 3.9: the cards fit several, or a set turns over),
        else None."""
        return told_meld(self.rules, self._s, move)

    def offered_moves(self, seat: int) -> list[Move]:
        """The legal moves of `seat` that a player is offered: all of them,
        except, while cards lie face down, those whose legality hangs on a
        hidden card (engine/public.py). A view's `legal_moves`."""
        return offered_moves(self._table, self.legal_moves, seat)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self._table.sides

    def side_of(self, seat: int) -> int:
        return self._table.side_of(seat)

    @property
    def deal_scores(self) -> list[int] | None:
        return None if self._s.deal_scores is None else list(self._s.deal_scores)

    @property
    def deal_breakdown(self) -> tuple[SideScore, ...] | None:
        """The last finished deal's score per side, item by item (melds,
        hands, bonuses); each side's `total` is its `deal_scores` entry."""
        return self._s.breakdown

    @property
    def totals(self) -> list[int]:
        return list(self._s.totals)

    @property
    def score_history(self) -> list[list[int]]:
        """Deal scores of every finished deal, per side."""
        return [list(h) for h in self._s.history]

    @property
    def deal_over(self) -> bool:
        return self._s.phase in _DEAL_ENDED

    @property
    def game_over(self) -> bool:
        return self._table.s.phase is _GAME_OVER

    @property
    def moves(self) -> list[Move]:
        return list(self._s.moves)

    @property
    def preset(self) -> str:
        return self.rules.preset

    @property
    def contract(self) -> str | None:
        """The current round's contract, in words (contract family)."""
        return CONTRACT_NAMES[self.round - 1] if self.rules.is_contract else None

    @property
    def target(self) -> Card | None:
        """The card the player in turn took and must still meld (500 family)."""
        return self._s.target

    def has_laid_down(self, seat: int) -> bool:
        return self._s.contract_turn[seat] is not None

    def buys_left(self, seat: int) -> int | None:
        limit = self.rules.buy_limit
        return None if limit is None else limit - self._s.buys[seat]

    def may_discard(self, seat: int, card: Card) -> bool:
        return self._table.may_discard(seat, card)

    @property
    def reshuffles_left(self) -> int | None:
        """How often the stock may still be rebuilt this round (None: no limit)."""
        return self._table.reshuffles_left()

    def settlement(self) -> dict[int, int]:
        """Rum 500 classic: what each player settles with the winner (total difference)."""
        if not self.winners:
            return {}
        best = self._s.totals[self.side_of(self.winners[0])]
        return {
            s: best - self._s.totals[self.side_of(s)]
            for s in range(self.players)
            if s not in self.winners
        }

    def all_cards(self) -> list[Card]:
        """Every physical card of the game wherever it is (for invariant checks)."""
        s = self._s
        out = [c for h in s.hands for c in h] + s.stock + s.discard
        for m in s.melds:
            out.extend(m.cards)
        return out

    @property
    def went_out(self) -> int | None:
        """The seat that went out in the deal just ended (None: nobody did)."""
        return self._s.went_out if self.deal_over else None

    @property
    def upcard(self) -> Card | None:
        return self._s.upcard

    @property
    def turn_number(self) -> int:
        return self._s.turn_no

    def __repr__(self) -> str:
        return (
            f"<Game {self.rules.preset} players={self.players} round={self.round} "
            f"phase={self.phase} turn={self.turn}>"
        )
