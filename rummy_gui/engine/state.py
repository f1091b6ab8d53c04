"""Everything that changes as a game is played, as one dataclass.

`GameState` holds the cards, the turn, the claim window, the deal's and the
turn's facts, and the match's scores. Each field declares how it is copied
and compared, so `copy()` and `==` (and the undo snapshots made from copies)
follow the fields: a new field is copied and compared with the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from .cards import Card
from .enums import Action, ClaimKind, Phase
from .melds import Meld
from .moves import Move
from .scoring import SideScore

_PASS = Action.PASS  # a module name: an enum member read off its class costs more (3.11)


@dataclass
class Claim:
    """An open claim window: who may claim what, and who has answered."""

    kind: ClaimKind
    origin: int  # the discarder (rummy, shanghai) or the player in turn (buy)
    claimants: tuple[int, ...]  # priority order
    card: Card  # the top card on offer
    answers: dict[int, Move] = field(default_factory=dict)
    depths: tuple[int, ...] = ()  # rummy: how deep a call may take

    def waiting(self) -> tuple[int, ...]:
        out = []
        for seat in self.claimants:
            ans = self.answers.get(seat)
            if ans is None:
                out.append(seat)
            elif ans.action is not _PASS:
                break
        return tuple(out)

    def winner(self) -> Move | bool | None:
        """The winning claim, None if all passed, False while undecided."""
        for seat in self.claimants:
            ans = self.answers.get(seat)
            if ans is None:
                return False
            if ans.action is not _PASS:
                return ans
        return None

    def winning_seat(self) -> int | None:
        """The seat whose claim won the window (None: all passed, or undecided)."""
        win = self.winner()
        return win.seat if isinstance(win, Move) else None

    def copy(self) -> Claim:
        return Claim(
            self.kind, self.origin, self.claimants, self.card, dict(self.answers), self.depths
        )


class FaceDown(NamedTuple):
    """A card laid off face down (RULES.md 3.9): the referee's whole truth.
    `named`: whether everyone was told the meld (the card could have gone to
    more than one, or it turned a set of three face down); `place`: its run
    position (rank, 14 for a high ace), 0 on a set."""

    seat: int
    meld: int
    card: Card
    named: bool
    place: int


def _same(value: Any) -> Any:
    return value


def _list(value: Any) -> Any:
    return None if value is None else list(value)


def _lists(value: Any) -> Any:
    return [list(x) for x in value]


def _melds(value: Any) -> Any:
    return [m.copy() for m in value]


def _claim(value: Any) -> Any:
    return None if value is None else value.copy()


def _none() -> None:
    return None


_ZERO_STATE = random.Random(0).getstate()


def new_rng(state: tuple[Any, ...] = _ZERO_STATE) -> random.Random:
    """A `random.Random` in this state (by default `Random(0)`'s), made four
    times faster: `Random()` first seeds itself from the system's entropy."""
    rng = random.Random.__new__(random.Random)
    rng.setstate(state)
    return rng


def _rng(value: Any) -> Any:
    return new_rng(value.getstate())


def _tuple(value: Any) -> Any:
    return None if value is None else tuple(value)


def _tuples(value: Any) -> Any:
    return tuple(tuple(x) for x in value)


def _claim_key(value: Any) -> Any:
    if value is None:
        return None
    return (
        value.kind,
        value.origin,
        value.claimants,
        value.card,
        tuple(sorted(value.answers.items())),
        value.depths,
    )


def _meld_key(value: Any) -> Any:
    return tuple(m.state() for m in value)


def _rng_key(value: Any) -> Any:
    return value.getstate()


Empty = Callable[[], Any] | None


def _f(
    factory: Callable[[], Any],
    copy: Callable[[Any], Any] = _list,
    key: Callable[[Any], Any] = _tuple,
    history: Empty = None,
) -> Any:
    """A field made by `factory`, copied by `copy` and compared by `key`;
    `history`: what a copy without history holds instead (None: copied)."""
    return field(default_factory=factory, metadata={"copy": copy, "key": key, "history": history})


def _v(
    default: Any,
    copy: Callable[[Any], Any] = _same,
    key: Callable[[Any], Any] = _same,
    history: Empty = None,
) -> Any:
    """A field with a plain default (immutable values are copied as they are)."""
    return field(default=default, metadata={"copy": copy, "key": key, "history": history})


@dataclass(eq=False)
class GameState:
    """The state of a game in play (rules and seats are the Game's)."""

    rng: random.Random = _f(random.Random, _rng, _rng_key)
    # the game's seed when each deal is shuffled from a seed of its own
    # (engine/fairness.py); None in games recorded before that (one stream)
    seed_base: int | None = _v(None)
    # the cards
    hands: list[list[Card]] = _f(list, _lists, _tuples)
    stock: list[Card] = _f(list)  # top card last
    discard: list[Card] = _f(list)  # top card last
    melds: list[Meld] = _f(list, _melds, _meld_key)
    # whose move
    phase: Phase = _v(Phase.DRAW)
    turn: int = _v(0)
    dealer: int = _v(0)
    round: int = _v(1)
    claim: Claim | None = _v(None, _claim, _claim_key)
    # the match
    totals: list[int] = _f(list)
    deal_scores: list[int] | None = _v(None, _list, _tuple)
    # the deal scores item by item (for the screens: not in a copy without history, nor a view)
    breakdown: tuple[SideScore, ...] | None = _v(None, history=_none)
    history: list[list[int]] = _f(list, _lists, _tuples, history=list)
    winners: tuple[int, ...] = _v(())
    moves: list[Move] = _f(list, history=list)
    deal_moves: int = _v(0, history=int)  # index in `moves` where this deal began
    # this deal
    upcard: Card | None = _v(None)
    turn_no: int = _v(0)
    contract_turn: list[int | None] = _f(list)
    first_meld_turn: list[int | None] = _f(list)
    buys: list[int] = _f(list)
    last_claimer: int | None = _v(None)
    protected: bool = _v(False)  # the top discard is protected by a Shanghai call
    final_turns: int | None = _v(None)  # Pinochle: turns left after the stock ran out
    final_pending: bool = _v(False)
    went_out: int | None = _v(None)
    bonus: list[int] = _f(list)  # Liverpool cut bonus, per side, shown in the deal score
    next_meld: int = _v(1)
    reshuffles: list[int] = _f(list)  # index in this deal's moves of each reshuffle
    facedown: list[FaceDown] = _f(list)  # Pinochle's face-down lay-offs, in order
    called: list[tuple[int, int]] = _f(list)  # (meld id, seat) put down in a Rummy! call's turn
    discard_face_down: bool = _v(False)  # the going-out card lies face down on the pile
    # this turn
    target: Card | None = _v(None)
    restricted: list[int] = _f(lambda: [0] * 53)  # taken copies per card code
    pending_jokers: int = _v(0)
    calling: bool = _v(False)  # this turn began with a Rummy! call that won (the breakdown says so)

    def copy(self, history: bool = True) -> GameState:
        """An independent copy; without `history`, no past moves or deal scores."""
        out = object.__new__(GameState)
        for name, copier, empty in _COPY:
            value = empty() if empty is not None and not history else copier(getattr(self, name))
            setattr(out, name, value)
        return out

    def key(self) -> tuple[object, ...]:
        """What equality compares: every field, by its declared key (an immutable snapshot)."""
        return tuple(key(getattr(self, name)) for name, key in _KEYS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]

    def reset_deal(self, players: int, sides: int) -> None:
        """The facts of a new deal (cards are dealt by the caller)."""
        self.turn_no = 0
        self.contract_turn = [None] * players
        self.first_meld_turn = [None] * players
        self.buys = [0] * players
        self.last_claimer = None
        self.protected = False
        self.final_turns = None
        self.final_pending = False
        self.went_out = None
        self.bonus = [0] * sides
        self.next_meld = 1
        self.reshuffles = []
        self.facedown = []
        self.called = []
        self.discard_face_down = False
        self.reset_turn()

    def reset_turn(self) -> None:
        self.target = None
        self.restricted = [0] * 53
        self.pending_jokers = 0
        self.calling = False


_COPY: list[tuple[str, Callable[[Any], Any], Empty]] = [
    (f.name, f.metadata["copy"], f.metadata["history"]) for f in fields(GameState)
]
_KEYS: list[tuple[str, Callable[[Any], Any]]] = [
    (f.name, f.metadata["key"]) for f in fields(GameState)
]
