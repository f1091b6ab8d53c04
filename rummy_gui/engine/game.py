"""Game: one match of a preset, the engine's public face (ENGINE_API.md).

The work is done by the modules under it: `state` (everything that changes,
one dataclass), `dealing`, `turn`, `claims`, `contracts`, `ending` (scores and
the match's end), `referee` (may this move be played now?), `legal` (every
legal move), `records` and `undo`; the read-only properties are in `reads`.
`play` first prepares a move (every check, no change) and then applies it, so
a refused move leaves the game exactly as it was; a move out of the current
legal-move list is not checked again (`referee.prepare_listed`).

`View` is defined here beside `Game` because each builds the other (a view
of a game, a game determinized from a view), and the engine has no import
cycle; `engine.view` is where bots import it from.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import Card
from .dealing import empty_state, first_dealer, lay_out, start_deal
from .enums import Phase
from .errors import IllegalMove, illegal
from .fairness import check_entries, deal_entries, deal_seed, fingerprint
from .legal import LegalMoves, MoveCache
from .melds import SET, Meld
from .moves import Move
from .public import public_log, public_state
from .reads import GameReads
from .records import make_record, read_record
from .referee import prepare, prepare_listed
from .rules import Rules, get_rules
from .state import Claim, GameState, new_rng
from .table import Table, seat_sides
from .undo import UndoLog

__all__ = ["Claim", "Game", "LegalMoves", "View"]


_DEAL_ENDED = (Phase.DEAL_OVER, Phase.GAME_OVER)


def _illegal(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}"[:200])
    return value


# A game's seed is 0 <= seed < SEED_LIMIT: any deal a player could want, and a
# number every part of the program (a bot process's pipe, a save) carries whole.
SEED_LIMIT = 2**64
PROGRESS_EVERY = 100  # moves between two calls of from_record's progress


def check_seed(seed: object) -> int:
    """The seed, if it is one (ValueError saying why not, never echoing a huge number)."""
    value = _whole(seed, "seed")
    if not 0 <= value < SEED_LIMIT:
        raise ValueError(f"seed must be from 0 to {SEED_LIMIT - 1}")
    return value


class Game(GameReads):
    """One match of a preset: deals or rounds, from the first to game over."""

    # ----------------------------------------------------------- creation
    def __init__(self, rules: Rules, players: int, seed: int) -> None:
        players = _whole(players, "players")
        if not rules.min_players <= players <= rules.max_players:
            span = (
                f"exactly {rules.min_players}"
                if rules.min_players == rules.max_players
                else f"{rules.min_players} to {rules.max_players}"
            )
            raise ValueError(f"{rules.name} is for {span} players, not {players}")
        self.seed = check_seed(seed)
        self.players = players
        nsides = len(seat_sides(rules, players))
        self._table = Table(rules, players, empty_state(players, nsides, seed))
        self._layout: dict[str, Any] | None = None
        self._cache = MoveCache()
        self._legal = LegalMoves(self._table, self._cache)
        self._undo = UndoLog()
        self.undo_enabled = False  # the table turns this on; searches leave it off

    @classmethod
    def new(
        cls, preset: str, players: int, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> Game:
        """A new match; the first deal is dealt (Liverpool: it waits for the cut)."""
        return cls._dealt(get_rules(preset, options), players, seed, one_stream=False)

    @classmethod
    def _dealt(cls, rules: Rules, players: int, seed: int, one_stream: bool) -> Game:
        """A new match dealt; `one_stream`: shuffled as records of version 1 were."""
        g = cls(rules, players, seed)
        g._s.dealer = first_dealer(g._table)
        if not one_stream:
            g._s.seed_base = g.seed
        start_deal(g._table)
        return g

    @classmethod
    def from_layout(
        cls,
        preset: str,
        hands: Sequence[str],
        stock: str = "",
        discard: str = "",
        turn: int = 0,
        round: int = 1,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
    ) -> Game:
        """A game from a given position (tests, puzzles, tutorials)."""
        rules = get_rules(preset, options)
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise ValueError("hands must be a list of strings, one per seat")
        g = cls(rules, len(hands), seed)
        g._layout = lay_out(g._table, hands, stock, discard, turn, round)
        g._s.seed_base = g.seed  # the later deals, each from a seed of its own
        return g

    @classmethod
    def from_record(
        cls, record: Mapping[str, Any], progress: Callable[[int], None] | None = None
    ) -> Game:
        """Replay a record. ValueError (or IllegalMove) says what is wrong with it.
        `progress` is called with the moves replayed so far every PROGRESS_EVERY
        moves; whatever it raises stops the replay."""
        parts = read_record(record)
        options = parts.options_as_played()
        if parts.layout is None:
            rules = get_rules(parts.preset, options)
            g = cls._dealt(rules, parts.players, parts.seed, parts.one_stream)
        else:
            lay = parts.layout
            g = cls.from_layout(
                parts.preset,
                lay.get("hands"),  # type: ignore[arg-type]
                lay.get("stock", ""),
                lay.get("discard", ""),
                lay.get("turn", 0),
                lay.get("round", 1),
                options,
                parts.seed,
            )
            if parts.one_stream:
                g._s.seed_base = None
            if g.players != record.get("players", g.players):
                raise ValueError("the record's player count does not match its layout")
        if parts.before_reshuffle_limit(g.rules):
            g._table.rules = replace(g.rules, reshuffles=None)  # replayed as it was played
        for i, text in enumerate(parts.moves):
            if progress is not None and i % PROGRESS_EVERY == 0:
                progress(i)
            g._replay(i, text)
        if "deals" in record:
            check_entries(record["deals"], g.deal_entries())
        return g

    def _replay(self, i: int, text: str) -> None:
        """Play move number i of a record; its refusal says which move it was."""
        try:
            self.play(text)
        except IllegalMove as e:
            err = _illegal("bad_record", index=i + 1, move=text, reason=str(e))
            raise type(e)(str(err), err.code, **err.params) from None  # keeps its kind

    @classmethod
    def _of_state(cls, rules: Rules, players: int, state: GameState) -> Game:
        """A game holding this state (views' determinized worlds)."""
        g = object.__new__(cls)
        g.seed, g.players, g._layout = 0, players, None
        g._table = Table(rules, players, state)
        g._cache, g._undo, g.undo_enabled = MoveCache(), UndoLog(), False
        g._legal = LegalMoves(g._table, g._cache)
        return g

    # ----------------------------------------------------------- equality, copies
    def _state(self) -> tuple[object, ...]:
        return (self.rules, self.players, self.seed, self._layout, self._s.key())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def copy(self, history: bool = True) -> Game:
        """An independent copy (for bots' searches). Without `history` the
        copy keeps no past moves or deal scores: cheaper, but its record is
        not the game's."""
        g = Game._of_state(self.rules, self.players, self._s.copy(history))
        g.seed, g._layout = self.seed, self._layout
        return g

    # ----------------------------------------------------------- records and views
    def record(self) -> dict[str, Any]:
        """A JSON-ready record: replaying its moves rebuilds this game exactly.
        `deals` lists each shuffled deal's fingerprint and, once it ended, its
        scores: replaying checks both (engine/fairness.py)."""
        one_stream = self._s.seed_base is None
        out = make_record(
            self.rules, self.players, self.seed, self._layout, self._s.moves, one_stream
        )
        out["deals"] = self.deal_entries()
        return out

    # ----------------------------------------------------------- deals anyone can check
    def _first_shuffled(self) -> int:
        """The first deal shuffled from a seed (a layout's own deal is given)."""
        return int(self._layout["round"]) + 1 if self._layout is not None else 1

    @property
    def deal_seed(self) -> int | None:
        """The seed this deal was shuffled from (the referee's; never in a view):
        None for a layout's given deal and for games recorded before deals had seeds."""
        base, deal = self._s.seed_base, self._s.round
        return None if base is None or deal < self._first_shuffled() else deal_seed(base, deal)

    @property
    def fingerprint(self) -> str | None:
        """This deal's commitment (SHA-256 hex), shown before it is played."""
        seed = self.deal_seed
        if seed is None:
            return None
        return fingerprint(seed, self.rules.preset, self.rules.options(), self._s.round)

    def deal_entries(self) -> list[dict[str, Any]]:
        """Per deal shuffled from a seed so far: its number, fingerprint and
        (once it has ended) scores."""
        first = self._first_shuffled()
        return deal_entries(
            self.rules.preset,
            self.rules.options(),
            self._s.seed_base,
            first,
            self._s.round,
            self._s.history,
            0 if self._layout is None else 1,
        )

    def view(self, seat: int) -> View:
        """What `seat` may know now (bots see only this)."""
        return View.of(self, seat)

    # ----------------------------------------------------------- playing
    def play(self, move: Move | str) -> Move:
        """Play a move (a Move or its text). IllegalMove if it is refused;
        the game is then unchanged. Returns the move as played, with its seat."""
        cache, table = self._cache, self._table
        listed = cache.moves
        m: Move | None = None
        if listed is not None and isinstance(move, Move):
            if len(listed) < 48:
                # MoveCache.listed, its short lists written out: identity, never
                # Move.__eq__ (a plain loop of `is` beats map(id) in 3.11)
                for x in listed:
                    if x is move:
                        m = x
                        break
            elif cache.listed(move):
                m = move
        if m is not None:
            apply = prepare_listed(table, m)  # legal by construction
        else:
            m, apply = prepare(table, move)
        s = table.s  # moves change the state in place, never replace it
        if self.undo_enabled:
            self._undo.remember(s, m)
        apply()
        s.moves.append(m)
        cache.clear()
        if s.phase in _DEAL_ENDED:
            self._undo.undo.clear()  # the hands are shown: nothing before this can be taken back
        return m

    @property
    def can_undo(self) -> bool:
        return bool(self._undo.undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._undo.redo)

    def undo(self) -> Move:
        """Take back the last move of the player who is moving (engine/undo.py).
        Only the moves that stand are kept in the record."""
        if not self._undo.undo:
            raise _illegal("nothing_to_undo")
        snapshot, m = self._undo.undo.pop()
        self._table.s = snapshot.copy()
        self._undo.redo.append(m)
        self._cache.clear()
        return m

    def redo(self) -> Move:
        """Play again the move last undone."""
        if not self._undo.redo:
            raise _illegal("nothing_to_redo")
        redo = list(self._undo.redo)
        m = redo.pop()
        self.play(m)
        self._undo.redo = redo
        return m

    def is_legal(self, move: Move | str) -> bool:
        return self.why_illegal(move) is None

    def why_illegal(self, move: Move | str) -> str | None:
        """None if the move is legal, otherwise the reason in words."""
        try:
            prepare(self._table, move)
        except IllegalMove as e:
            return str(e)
        return None


@dataclass(frozen=True)
class View:
    """A seat's knowledge of the game at one moment (ENGINE_API.md: bots see
    only this). It holds no Game: `determinize` builds one from the public
    state and a guess of the hidden cards."""

    seat: int
    rules: Rules
    players: int
    phase: Phase
    turn: int
    to_act: tuple[int, ...]
    dealer: int
    round: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard_pile: tuple[Card, ...]
    stock_count: int
    melds: tuple[Meld, ...]
    totals: tuple[int, ...]
    deal_scores: tuple[int, ...] | None
    sides: tuple[tuple[int, ...], ...]
    claim: Claim | None
    target: Card | None  # the card this seat took and must still meld
    restricted: tuple[Card, ...]  # cards this seat may not discard this turn
    laid_down: tuple[bool, ...]  # contract family: who has laid down the contract
    buys_left: tuple[int | None, ...]
    protected: bool  # the top discard is protected by a Shanghai call
    final_turns: int | None  # Pinochle: turns left after the stock ran out
    turn_number: int
    upcard: Card | None  # the deal's first discard
    log: tuple[Move, ...]  # every move of this deal, in order (all public)
    reshuffled_at: tuple[
        int, ...
    ]  # log indexes of the moves during which the pile became the stock
    legal_moves: tuple[Move, ...]  # this seat's legal moves now (none that tell a hidden card)
    _public: GameState  # the state with every hidden card (other hands, stock) removed
    # Pinochle's face-down lay-offs (RULES.md 3.9): per seat, each card it laid
    # off face down, with its meld's id where everyone was told it, else None
    face_down: tuple[tuple[int | None, ...], ...] = ()
    discard_face_down: bool = False  # the going-out card lies face down on the pile

    @classmethod
    def of(cls, game: Game, seat: int) -> View:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
            raise ValueError(f"there is no seat {seat}")
        s = game._s
        public = public_state(game.rules, s)
        public.hands = [list(h) if i == seat else [] for i, h in enumerate(s.hands)]
        public.stock = []
        public.rng = new_rng()  # the seed would let a bot re-deal the hidden cards
        public.seed_base = None  # so would the deal's seed
        restricted: list[Card] = []
        if seat == s.turn:
            for c in set(s.hands[seat]):
                restricted.extend([c] * min(s.restricted[c.code], s.hands[seat].count(c)))
        return cls(
            seat=seat,
            rules=game.rules,
            players=game.players,
            phase=s.phase,
            turn=s.turn,
            to_act=game.to_act,
            dealer=s.dealer,
            round=s.round,
            hand=tuple(s.hands[seat]),
            hand_sizes=tuple(len(h) for h in s.hands),
            discard_pile=tuple(public.discard),
            stock_count=len(s.stock),
            melds=tuple(m.copy() for m in public.melds),
            totals=tuple(s.totals),
            deal_scores=None if s.deal_scores is None else tuple(s.deal_scores),
            sides=game.sides,
            claim=None if s.claim is None else s.claim.copy(),
            target=s.target if seat == s.turn else None,
            restricted=tuple(restricted),
            laid_down=tuple(t is not None for t in s.contract_turn),
            buys_left=tuple(game.buys_left(i) for i in range(game.players)),
            protected=s.protected,
            final_turns=s.final_turns,
            turn_number=s.turn_no,
            upcard=s.upcard,
            log=tuple(public_log(game.rules, s)),
            reshuffled_at=tuple(s.reshuffles),
            legal_moves=tuple(game.offered_moves(seat)),
            _public=public,
            face_down=game.face_down,
            discard_face_down=s.discard_face_down,
        )

    @property
    def preset(self) -> str:
        return self.rules.preset

    @property
    def my_turn(self) -> bool:
        return self.seat in self.to_act

    def unseen_count(self) -> int:
        """How many cards this seat cannot see (other hands and the stock)."""
        return self.stock_count + sum(n for s, n in enumerate(self.hand_sizes) if s != self.seat)

    @property
    def face_down_count(self) -> int:
        """How many laid-off cards lie face down on the table (not in `melds`)."""
        return sum(len(x) for x in self.face_down)

    def face_down_on(self, meld_id: int) -> int:
        """How many face-down cards everyone was told lie on this meld (more
        may, untold: `face_down` entries of None)."""
        return sum(x.count(meld_id) for x in self.face_down)

    def shown_face_down(self, meld: Meld) -> bool:
        """A set of three made four while lay-offs are face down: shown face
        down whole, complete (its fourth card is not in `meld.cards`)."""
        return meld.kind == SET and any(meld.id in x for x in self.face_down)

    def determinize(
        self, hands: Mapping[int, Sequence[Card]], stock: Sequence[Card], seed: int = 0
    ) -> Game:
        """A full game consistent with this view: `hands` for the other seats
        (their sizes must match), `stock` top card last. For bots' searches."""
        state = self._public.copy(history=False)
        for s, cards in hands.items():
            if s == self.seat:
                continue
            if len(cards) != self.hand_sizes[s]:
                raise ValueError(f"seat {s} holds {self.hand_sizes[s]} cards, not {len(cards)}")
            state.hands[s] = list(cards)
        if len(stock) != self.stock_count:
            raise ValueError(f"the stock holds {self.stock_count} cards, not {len(stock)}")
        state.stock = list(stock)
        state.rng = random.Random(seed)
        state.moves, state.deal_moves = list(self.log), 0  # the deal's public log, for memories
        return Game._of_state(self.rules, self.players, state)
