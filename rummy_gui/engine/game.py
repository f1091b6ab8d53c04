"""Game: the state machine of every preset (phases, claims, deals, match).

`play` first prepares a move (every check, no change) and then applies it, so
a refused move leaves the game exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import JOKER, Card, count_cards, make_pack, parse_cards
from .combos import could_use, target_uses, usable_depths
from .melds import RUN, SET, Meld, Reading, Token, joker_fits_somewhere, layoff_fits, readings
from .messages import message
from .moves import IllegalMove, Move, parse_move
from .rules import CONTRACT_NAMES, CONTRACTS, Rules, get_rules
from .scoring import hand_value, meld_points

RECORD_FORMAT = "rummy-gui-record"
RECORD_VERSION = 1

CUT = "cut"
DRAW = "draw"
PLAY = "play"
CLAIM = "claim"
RUMMY_LAYOFF = "rummy_layoff"
DEAL_OVER = "deal_over"
GAME_OVER = "game_over"

Apply = Callable[[], None]


@dataclass
class Claim:
    """An open claim window: who may claim what, and who has answered."""

    kind: str  # "rummy", "buy" or "shanghai"
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
            elif ans.action != "pass":
                break
        return tuple(out)

    def winner(self) -> Move | None | bool:
        """The winning claim, None if all passed, False while undecided."""
        for seat in self.claimants:
            ans = self.answers.get(seat)
            if ans is None:
                return False
            if ans.action != "pass":
                return ans
        return None

    def copy(self) -> Claim:
        return Claim(self.kind, self.origin, self.claimants, self.card, dict(self.answers),
                     self.depths)


def _illegal(code: str, **params: object) -> IllegalMove:
    return IllegalMove(message(code, **params), code, **params)


class Game:
    """One match of a preset: deals or rounds, from the first to game over."""

    # ----------------------------------------------------------- creation
    def __init__(self, rules: Rules, players: int, seed: int) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players must be a whole number, not {players!r}")
        if not rules.min_players <= players <= rules.max_players:
            span = (f"exactly {rules.min_players}" if rules.min_players == rules.max_players
                    else f"{rules.min_players} to {rules.max_players}")
            raise ValueError(f"{rules.name} is for {span} players, not {players}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self._rng = random.Random(seed)
        self._layout: dict[str, Any] | None = None
        self._hands: list[list[Card]] = [[] for _ in range(players)]
        self._stock: list[Card] = []  # top card last
        self._discard: list[Card] = []  # top card last
        self._melds: list[Meld] = []
        self.phase = DRAW
        self.turn = 0
        self.dealer = 0
        self.round = 1
        nsides = 2 if rules.partnerships else players
        self._totals = [0] * nsides
        self._deal_scores: list[int] | None = None
        self._history: list[list[int]] = []
        self.winners: tuple[int, ...] = ()
        self.claim: Claim | None = None
        self._moves: list[Move] = []
        self._deal_moves = 0  # index in _moves where this deal began
        self._upcard: Card | None = None
        self._version = 0
        self.undo_enabled = False  # the table turns this on; searches leave it off
        self._undo: list[tuple[Game, Move]] = []
        self._redo: list[Move] = []
        self._legal_cache: tuple[int, list[Move]] | None = None
        self._prepared: dict[Move, Apply] = {}  # moves the last generation already checked
        self._reset_deal_state()

    def _reset_deal_state(self) -> None:
        n = self.players
        self._turn_no = 0
        self._contract_turn: list[int | None] = [None] * n
        self._first_meld_turn: list[int | None] = [None] * n
        self._buys = [0] * n
        self._last_claimer: int | None = None
        self._protected = False
        self._final_turns: int | None = None
        self._final_pending = False
        self._went_out: int | None = None
        self._bonus = [0] * len(self._totals)
        self._next_meld = 1
        self._reshuffles: list[int] = []  # index in this deal's moves of each reshuffle
        self._reset_turn_state()

    def _reset_turn_state(self) -> None:
        self._target: Card | None = None
        self._restricted = [0] * 53
        self._pending_jokers = 0
        self._drew: str | None = None

    @classmethod
    def new(cls, preset: str, players: int, seed: int = 0,
            options: Mapping[str, Any] | None = None) -> Game:
        """A new match; the first deal is dealt (Liverpool: it waits for the cut)."""
        g = cls(get_rules(preset, options), players, seed)
        g.dealer = g._first_dealer()
        g._start_deal()
        return g

    @classmethod
    def from_layout(cls, preset: str, hands: Sequence[str], stock: str = "", discard: str = "",
                    turn: int = 0, round: int = 1, options: Mapping[str, Any] | None = None,
                    seed: int = 0) -> Game:
        """A game from a given position (tests, puzzles, tutorials)."""
        rules = get_rules(preset, options)
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise ValueError("hands must be a list of strings, one per seat")
        g = cls(rules, len(hands), seed)
        n = g.players
        if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < n:
            raise ValueError(f"turn must be a seat from 0 to {n - 1}, not {turn!r}")
        max_round = rules.rounds or 10**9
        if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= max_round:
            raise ValueError(f"round must be from 1 to {rules.rounds or 'any'}, not {round!r}")
        g._hands = [parse_cards(h) for h in hands]
        g._stock = list(reversed(parse_cards(stock)))
        g._discard = parse_cards(discard)
        pack = count_cards(make_pack(rules.decks(n), rules.joker_count(n)))
        have = count_cards([c for h in g._hands for c in h] + g._stock + g._discard)
        for code in range(53):
            if have[code] > pack[code]:
                card = Card(code % 13 + 1, "CDHS"[code // 13]) if code < 52 else JOKER
                raise ValueError(
                    f"{card} appears {have[code]} times, but this game's pack holds {pack[code]}"
                )
        g.round = round
        g.turn = turn
        g.dealer = (turn - 1) % n
        g.phase = DRAW
        g._upcard = g._discard[-1] if g._discard else None
        g._layout = {"hands": [str(h) for h in hands], "stock": stock, "discard": discard,
                     "turn": turn, "round": round}
        g._turn_no = 1
        return g

    def _first_dealer(self) -> int:
        """Every seat draws a card, lowest deals (ace lowest); ties redraw."""
        deck = make_pack(1, 0)
        self._rng.shuffle(deck)
        seats = list(range(self.players))
        while True:
            draws = {s: deck.pop() for s in seats}
            low = min(c.rank for c in draws.values())
            seats = [s for s in seats if draws[s].rank == low]
            if len(seats) == 1:
                return seats[0]
            if len(deck) < len(seats):
                deck = make_pack(1, 0)
                self._rng.shuffle(deck)

    def _start_deal(self) -> None:
        self._reset_deal_state()
        self._hands = [[] for _ in range(self.players)]
        self._melds = []
        self._discard = []
        self.claim = None
        self._deal_moves = len(self._moves)
        pack = make_pack(self.rules.decks(self.players), self.rules.joker_count(self.players))
        self._rng.shuffle(pack)
        self._stock = pack
        if self.rules.liverpool_cut:
            self.phase = CUT
            self.turn = (self.dealer - 1) % self.players
            return
        self._deal_cards()

    def _deal_cards(self) -> None:
        n = self.players
        size = self.rules.hand_size(n, self.round)
        for _ in range(size):
            for i in range(1, n + 1):
                self._hands[(self.dealer + i) % n].append(self._stock.pop())
        self._discard.append(self._stock.pop())
        self._upcard = self._discard[-1]
        self._begin_turn((self.dealer + 1) % n)

    def _begin_turn(self, seat: int) -> None:
        self.turn = seat
        self.phase = DRAW
        self.claim = None
        self._turn_no += 1
        self._reset_turn_state()

    # ----------------------------------------------------------- public state
    @property
    def to_act(self) -> tuple[int, ...]:
        if self.phase == GAME_OVER:
            return ()
        if self.phase == CLAIM and self.claim is not None:
            return self.claim.waiting()
        return (self.turn,)

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def hand(self, seat: int) -> list[Card]:
        """A seat's cards, in the order the player keeps them."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat!r} at this table")
        return list(self._hands[seat])

    @property
    def discard_pile(self) -> list[Card]:
        return list(self._discard)

    @property
    def stock_count(self) -> int:
        return len(self._stock)

    @property
    def melds(self) -> list[Meld]:
        return list(self._melds)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        if self.rules.partnerships:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.rules.partnerships else seat

    @property
    def deal_scores(self) -> list[int] | None:
        return None if self._deal_scores is None else list(self._deal_scores)

    @property
    def totals(self) -> list[int]:
        return list(self._totals)

    @property
    def score_history(self) -> list[list[int]]:
        """Deal scores of every finished deal, per side."""
        return [list(h) for h in self._history]

    @property
    def deal_over(self) -> bool:
        return self.phase in (DEAL_OVER, GAME_OVER)

    @property
    def game_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def moves(self) -> list[Move]:
        return list(self._moves)

    @property
    def preset(self) -> str:
        return self.rules.preset

    @property
    def contract(self) -> str | None:
        """The current round's contract, in words (contract family)."""
        if not self.rules.is_contract:
            return None
        return CONTRACT_NAMES[self.round - 1]

    @property
    def target(self) -> Card | None:
        """The card the player in turn took and must still meld (500 family)."""
        return self._target

    def has_laid_down(self, seat: int) -> bool:
        return self._contract_turn[seat] is not None

    def buys_left(self, seat: int) -> int | None:
        if self.rules.buy_limit is None:
            return None
        return self.rules.buy_limit - self._buys[seat]

    def may_discard(self, seat: int, card: Card) -> bool:
        return self._hands[seat].count(card) > self._restricted[card.code]

    def settlement(self) -> dict[int, int]:
        """Rum 500 classic: what each player settles with the winner (total difference)."""
        if not self.winners:
            return {}
        best = self._totals[self.side_of(self.winners[0])]
        return {s: best - self._totals[self.side_of(s)] for s in range(self.players)
                if s not in self.winners}

    def all_cards(self) -> list[Card]:
        """Every physical card of the game wherever it is (for invariant checks)."""
        out = [c for h in self._hands for c in h] + self._stock + self._discard
        for m in self._melds:
            out.extend(m.cards)
        return out

    def __repr__(self) -> str:
        return f"<Game {self.rules.preset} players={self.players} round={self.round} phase={self.phase} turn={self.turn}>"

    # ----------------------------------------------------------- equality, copies
    def _state(self) -> tuple[object, ...]:
        return (
            self.rules, self.players, self.seed, self._layout, self._rng.getstate(),
            tuple(tuple(c.code for c in h) for h in self._hands),
            tuple(c.code for c in self._stock), tuple(c.code for c in self._discard),
            tuple(m.state() for m in self._melds), self.phase, self.turn, self.dealer,
            self.round, tuple(self._totals), None if self._deal_scores is None else tuple(self._deal_scores),
            tuple(tuple(h) for h in self._history), self.winners,
            None if self.claim is None else (self.claim.kind, self.claim.origin, self.claim.claimants,
                                              self.claim.card.code, tuple(sorted((k, str(v)) for k, v in self.claim.answers.items()))),
            tuple(str(m) for m in self._moves), self._turn_no, tuple(self._contract_turn),
            tuple(self._first_meld_turn), tuple(self._buys), self._last_claimer, self._protected,
            self._final_turns, self._final_pending, self._went_out, tuple(self._bonus),
            self._next_meld, None if self._target is None else self._target.code,
            tuple(self._restricted), self._pending_jokers, self._drew,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]

    def copy(self, history: bool = True) -> Game:
        """An independent copy (for bots' searches). Without `history` the
        copy keeps no past moves or deal scores: cheaper, but its record is
        not the game's."""
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._rng = random.Random()
        g._rng.setstate(self._rng.getstate())
        g._hands = [list(h) for h in self._hands]
        g._stock = list(self._stock)
        g._discard = list(self._discard)
        g._melds = [m.copy() for m in self._melds]
        g._totals = list(self._totals)
        g._deal_scores = None if self._deal_scores is None else list(self._deal_scores)
        g.claim = None if self.claim is None else self.claim.copy()
        if history:
            g._history = [list(h) for h in self._history]
            g._moves = list(self._moves)
        else:
            g._history, g._moves, g._deal_moves = [], [], 0
        g._contract_turn = list(self._contract_turn)
        g._first_meld_turn = list(self._first_meld_turn)
        g._buys = list(self._buys)
        g._bonus = list(self._bonus)
        g._reshuffles = list(self._reshuffles)
        g._restricted = list(self._restricted)
        g._legal_cache = None
        g._prepared = {}
        g.undo_enabled = False
        g._undo, g._redo = [], []
        return g

    # ----------------------------------------------------------- records
    def record(self) -> dict[str, Any]:
        """A JSON-ready record: replaying its moves rebuilds this game exactly."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "preset": self.rules.preset,
            "options": self.rules.options(),
            "players": self.players,
            "seed": self.seed,
            "layout": None if self._layout is None else dict(self._layout),
            "moves": [str(m) for m in self._moves],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Game:
        """Replay a record. ValueError (or IllegalMove) says what is wrong with it."""
        if not isinstance(record, Mapping):
            raise ValueError("a game record is a JSON object")
        if record.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a game record (format should be '{RECORD_FORMAT}')")
        version = record.get("version")
        if version != RECORD_VERSION:
            raise ValueError(f"game record version {version!r} is not supported (this program reads {RECORD_VERSION})")
        moves = record.get("moves")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise ValueError("a game record's moves must be a list of move texts")
        layout = record.get("layout")
        options = record.get("options")
        if options is not None and not isinstance(options, Mapping):
            raise ValueError("a game record's options must be an object")
        seed = record.get("seed", 0)
        if layout is None:
            g = cls.new(record.get("preset"), record.get("players"), seed, options)  # type: ignore[arg-type]
        else:
            if not isinstance(layout, Mapping):
                raise ValueError("a game record's layout must be an object")
            g = cls.from_layout(record.get("preset"), layout.get("hands"), layout.get("stock", ""),  # type: ignore[arg-type]
                                layout.get("discard", ""), layout.get("turn", 0), layout.get("round", 1),
                                options, seed)
            if g.players != record.get("players", g.players):
                raise ValueError("the record's player count does not match its layout")
        for i, text in enumerate(moves):
            try:
                g.play(text)
            except IllegalMove as e:
                raise _illegal("bad_record", index=i + 1, move=text, reason=str(e)) from None
        return g

    # ----------------------------------------------------------- views
    def view(self, seat: int) -> View:
        from .view import make_view

        return make_view(self, seat)

    # ----------------------------------------------------------- playing
    def play(self, move: Move | str) -> Move:
        """Play a move (a Move or its text). IllegalMove if it is refused;
        the game is then unchanged. Returns the move as played, with its seat."""
        apply = self._prepared.get(move) if isinstance(move, Move) and self._legal_cache else None
        if apply is not None and self._legal_cache is not None and self._legal_cache[0] == self._version:
            m = move  # checked when the legal moves were listed, and nothing changed since
            assert isinstance(m, Move)
        else:
            m, apply = self._prepare(move)
        if self.undo_enabled:
            self._remember_for_undo(m)
        apply()
        self._moves.append(m)
        self._version += 1
        self._legal_cache = None
        self._prepared = {}
        if self.deal_over:
            self._undo.clear()  # the hands are shown: nothing before this can be taken back
        return m

    # ----------------------------------------------------------- undo and redo
    # Undo works within the turn of the player who moves: melds, lay-offs,
    # swaps, the contract, a take from the discard pile and the discard (until
    # anyone else moves). A stock draw revealed a hidden card and is final.
    _UNDOABLE = frozenset({"take", "meld", "layoff", "swap", "contract", "discard"})

    def _remember_for_undo(self, m: Move) -> None:
        same_turn = bool(self._undo) and self._undo[-1][1].seat == m.seat
        if m.action in self._UNDOABLE and m.seat == self.turn and self.phase in (DRAW, PLAY):
            if not same_turn:
                self._undo.clear()
            snap = self.copy()
            snap._undo, snap._redo = [], []
            self._undo.append((snap, m))
        else:
            self._undo.clear()
        self._redo.clear()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> Move:
        """Take back the last move of the player who is moving (see above).
        Only the moves that stand are kept in the record."""
        if not self._undo:
            raise _illegal("nothing_to_undo")
        snap, m = self._undo.pop()
        undo_stack, redo_stack = self._undo, self._redo + [m]
        self.__dict__.update(snap.copy().__dict__)
        self._undo, self._redo = undo_stack, redo_stack
        self.undo_enabled = True
        self._version += 1
        self._legal_cache = None
        self._prepared = {}
        return m

    def redo(self) -> Move:
        """Play again the move last undone."""
        if not self._redo:
            raise _illegal("nothing_to_redo")
        redo_stack = list(self._redo)
        m = redo_stack.pop()
        self.play(m)
        self._redo = redo_stack
        return m

    def is_legal(self, move: Move | str) -> bool:
        try:
            self._prepare(move)
        except IllegalMove:
            return False
        return True

    def why_illegal(self, move: Move | str) -> str | None:
        """None if the move is legal, otherwise the reason in words."""
        try:
            self._prepare(move)
        except IllegalMove as e:
            return str(e)
        return None

    def _prepare(self, move: Move | str) -> tuple[Move, Apply]:
        if isinstance(move, str):
            m = parse_move(move)
        elif isinstance(move, Move):
            m = move
        else:
            raise IllegalMove(f"not a move: {move!r}", "bad_move", text=repr(move))
        if self.phase == GAME_OVER:
            raise _illegal("game_over")
        acting = self.to_act
        seat = m.seat
        if seat is None:
            seat = self.turn if self.turn in acting or len(acting) != 1 else acting[0]
            m = m.with_seat(seat)
        if not 0 <= seat < self.players:
            raise _illegal("no_seat", seat=seat)
        if seat not in acting:
            waiting = ", ".join(str(s) for s in acting)
            raise _illegal("not_your_turn", seat=seat, waiting=waiting)
        handler = _HANDLERS.get((self.phase, m.action))
        if handler is None:
            raise self._wrong_phase(m)
        return m, handler(self, seat, m)

    def _wrong_phase(self, m: Move) -> IllegalMove:
        a = self.phase
        if a == CUT:
            return _illegal("cut_first")
        if a == DRAW:
            if m.action in ("meld", "layoff", "discard", "swap", "contract"):
                return _illegal("draw_first")
            return _illegal("wrong_time_draw", action=m.action)
        if a == PLAY:
            if m.action in ("draw", "take"):
                return _illegal("already_drew")
            if m.action == "meld" and self.rules.is_contract:
                return _illegal("use_contract")
            if m.action == "contract" and not self.rules.is_contract:
                return _illegal("no_contract")
            return _illegal("wrong_time_play", action=m.action)
        if a == CLAIM and self.claim is not None:
            return _illegal("claim_or_pass_" + self.claim.kind)
        if a == RUMMY_LAYOFF:
            return _illegal("rummy_layoff_first")
        if a == DEAL_OVER:
            return _illegal("deal_over")
        return _illegal("wrong_time_play", action=m.action)  # pragma: no cover

    # --- helpers -----------------------------------------------------------
    def _hand_tokens(self, seat: int, tokens: Sequence[Token]) -> list[Card]:
        """The cards the tokens name, checked against the hand."""
        cards = [t.card for t in tokens]
        hand = list(self._hands[seat])
        for c in cards:
            if c in hand:
                hand.remove(c)
            else:
                have = self._hands[seat].count(c)
                need = cards.count(c)
                if have == 0:
                    raise _illegal("not_in_hand", card=c.pretty)
                raise _illegal("not_enough", card=c.pretty, have=have, need=need)
        return cards

    def _tokens(self, texts: Sequence[str]) -> list[Token]:
        try:
            return [Token.parse(t) for t in texts]
        except ValueError as e:
            raise _illegal("bad_card", text=str(e)) from None

    def _after_removal(self, seat: int, cards: Sequence[Card]) -> tuple[list[Card], list[int]]:
        hand = list(self._hands[seat])
        restricted = list(self._restricted)
        for c in cards:
            hand.remove(c)
            # a card leaving the hand uses up a restricted copy first (the player's benefit)
            if restricted[c.code]:
                restricted[c.code] -= 1
        return hand, restricted

    def _check_finish(self, seat: int, cards: Sequence[Card], melds_after: Sequence[Meld] | None,
                      uses_target: bool) -> None:
        """Refuse a meld or lay-off after which the player could not end the turn."""
        hand, restricted = self._after_removal(seat, cards)
        r = self.rules
        if not hand:
            if r.go_out_by_discard and not (r.is_contract and self.round == 7):
                raise _illegal("last_card_discard")
            if self._target is not None and not uses_target:
                raise _illegal("must_use_target", card=self._target.pretty)
            return
        if self._pending_jokers and JOKER not in cards:
            if len(hand) < 2:
                raise _illegal("joker_keep_card")
        if self._target is not None and not uses_target:
            melds = list(melds_after) if melds_after is not None else self._melds
            if not self._target_playable(hand, restricted, self._target, melds):
                raise _illegal("target_blocked", card=self._target.pretty)
            return
        if not any(hand.count(c) > restricted[c.code] for c in hand):
            raise _illegal("no_discard_left")

    def _target_playable(self, hand: list[Card], restricted: list[int], target: Card,
                         melds: Sequence[Meld]) -> bool:
        """Can the target still be put on the table, leaving a way to end the turn?"""
        r = self.rules
        if not could_use(r, hand, target, melds):
            return False
        for used, _meld in target_uses(r, hand, target, melds):
            rest = list(hand)
            ok = True
            for c in used:
                if c in rest:
                    rest.remove(c)
                else:
                    ok = False
                    break
            if not ok:
                continue
            if not rest:
                if not r.go_out_by_discard:
                    return True
                continue
            rr = list(restricted)
            for c in used:
                if rr[c.code]:
                    rr[c.code] -= 1
            if any(rest.count(c) > rr[c.code] for c in rest):
                return True
        return False

    def _meld_by_id(self, number: int | None) -> Meld:
        for m in self._melds:
            if m.id == number:
                return m
        raise _illegal("no_meld", meld=number)

    def _take_from_stock(self) -> Card | None:
        if not self._stock and self.rules.is_contract:
            self._reshuffle()
        return self._stock.pop() if self._stock else None

    def _reshuffle(self) -> None:
        """Contract family: the discard pile but its top card becomes the stock."""
        if len(self._discard) < 2:
            return
        top = self._discard[-1]
        rest = self._discard[:-1]
        self._reshuffles.append(len(self._moves) - self._deal_moves)
        self._rng.shuffle(rest)
        self._stock = rest
        self._discard = [top]

    def _cards_obtainable(self, keep_in_pile: int = 1) -> int:
        """Cards the stock can still give (contract family reshuffles the pile)."""
        extra = max(0, len(self._discard) - keep_in_pile) if self.rules.is_contract else 0
        return len(self._stock) + extra

    # ----------------------------------------------------------- phase: cut
    def _h_cut(self, seat: int, m: Move) -> Apply:
        size = len(self._stock)
        n = m.number or 0
        if not 1 <= n < size:
            raise _illegal("bad_cut", most=size - 1)

        def apply() -> None:
            needed = self.players * self.rules.hand_size(self.players, self.round) + 1
            self._stock = self._stock[-n:] + self._stock[:-n]
            if n == needed:
                side = self.side_of(seat)
                self._totals[side] -= 50
                self._bonus[side] -= 50
            self._turn_no = 0
            self._deal_cards()

        return apply

    # ----------------------------------------------------------- phase: draw
    def _h_draw(self, seat: int, m: Move) -> Apply:
        r = self.rules
        if self._final_turns is not None:
            raise _illegal("stock_empty_pinochle")
        if not self._stock and not r.is_contract:
            return lambda: self._end_deal(None)
        if not self._stock and len(self._discard) < 2:
            return lambda: self._end_deal(None)

        def apply() -> None:
            card = self._take_from_stock()
            assert card is not None
            self._hands[seat].append(card)
            self._drew = "stock"
            if r.pinochle_last_turns and not self._stock:
                self._final_pending = True
            protected = self._protected
            self._protected = False
            self.phase = PLAY
            if r.buying and not protected:
                self._last_claimer = None
                self._open_buy_window()

        return apply

    def _h_take(self, seat: int, m: Move) -> Apply:
        r = self.rules
        n = m.number or 0
        pile = self._discard
        if not pile:
            raise _illegal("pile_empty")
        if r.is_contract:
            if n != 1:
                raise _illegal("take_top_only")
            if self._protected:
                raise _illegal("protected")
        elif not 1 <= n <= len(pile):
            raise _illegal("bad_take", size=len(pile))
        taken = pile[-n:]
        target: Card | None = None
        if not r.is_contract and (n > 1 or r.top_discard_must_meld):
            target = taken[0]
            hand = self._hands[seat] + taken
            restricted = [0] * 53
            for c in (taken if n == 1 else taken[:-1]):
                restricted[c.code] += 1
            if not self._target_playable(hand, restricted, target, self._melds):
                raise _illegal("target_unusable", card=target.pretty, count=n)

        def apply() -> None:
            del self._discard[-n:]
            self._hands[seat].extend(taken)
            if not r.is_contract:
                for c in (taken if n == 1 else taken[:-1]):
                    self._restricted[c.code] += 1
            self._target = target
            self._drew = "take"
            self._protected = False
            self.phase = PLAY

        return apply

    def _h_pass_draw(self, seat: int, m: Move) -> Apply:
        if self._final_turns is None:
            raise _illegal("must_draw")

        def apply() -> None:
            self._drew = "pass"
            self.phase = PLAY

        return apply

    # ----------------------------------------------------------- phase: play
    def _h_meld(self, seat: int, m: Move) -> Apply:
        r = self.rules
        if r.is_contract:
            raise self._wrong_phase(m)
        tokens = self._tokens(m.cards)
        cards = self._hand_tokens(seat, tokens)
        options = readings(r, tokens, m.kind)
        if not options:
            raise self._why_not_meld(tokens, m.kind)
        if len(options) > 1:
            raise self._ambiguous(options, cards)
        reading = options[0]
        uses_target = self._target is not None and self._target in cards
        self._check_finish(seat, cards, None, uses_target)

        def apply() -> None:
            meld = Meld(self._next_meld, reading, seat, self._turn_no)
            self._next_meld += 1
            if r.persian_bonuses and reading.kind == SET and len(reading.cards) == 4:
                meld.doubled = True
            if r.mark_complete_sets and reading.kind == SET and len(reading.cards) == 4:
                meld.complete = True
            self._melds.append(meld)
            self._after_table(seat, cards)

        return apply

    def _after_table(self, seat: int, cards: Sequence[Card]) -> None:
        """Cards went from the hand to the table."""
        hand = self._hands[seat]
        for c in cards:
            hand.remove(c)
            if self._restricted[c.code]:
                self._restricted[c.code] -= 1
        if self._target is not None and self._target in cards:
            self._target = None
        if self._pending_jokers:
            self._pending_jokers = max(0, self._pending_jokers - cards.count(JOKER))
        if self._first_meld_turn[seat] is None:
            self._first_meld_turn[seat] = self._turn_no
        if not hand:
            self._end_deal(seat)

    def _why_not_meld(self, tokens: Sequence[Token], kind: str | None) -> IllegalMove:
        r = self.rules
        naturals = [t.card for t in tokens if not t.card.is_joker]
        text = _pretty([t.card for t in tokens])
        jokers = len(tokens) - len(naturals)
        if jokers and r.jokers_only_in_joker_sets and naturals:
            return _illegal("meld_persian_jokers", cards=text)
        if jokers and not naturals and not r.jokers_only_in_joker_sets:
            return _illegal("meld_needs_natural", cards=text)
        if r.max_jokers_per_meld is not None and jokers > r.max_jokers_per_meld:
            return _illegal("meld_joker_limit", cards=text, most=r.max_jokers_per_meld)
        if len(tokens) < 3:
            return _illegal("meld_too_small", cards=text)
        ranks = {c.rank for c in naturals}
        if len(ranks) == 1 and kind != RUN:
            if r.max_set is not None and len(tokens) > r.max_set:
                return _illegal("set_too_big", cards=text, most=r.max_set)
            suits = [c.suit for c in naturals]
            if len(set(suits)) != len(suits):
                return _illegal("set_repeated_suit", cards=text)
        if kind == SET or (len(ranks) == 1 and len(naturals) > 1):
            return _illegal("not_a_set", cards=text)
        if len({c.suit for c in naturals}) > 1:
            return _illegal("not_a_meld", cards=text)
        if len(tokens) < r.min_run:
            return _illegal("run_too_short", cards=text, most=r.min_run)
        return _illegal({"low": "run_gap_low", "high": "run_gap_high"}.get(r.ace, "run_gap"), cards=text)

    def _ambiguous(self, options: Sequence[Reading], cards: Sequence[Card]) -> IllegalMove:
        kinds = {o.kind for o in options}
        if len(kinds) > 1:
            return _illegal("ambiguous_kind", cards=_pretty(cards))
        examples = " or ".join(" ".join(o.tokens(True)) for o in options[:3])
        return _illegal("ambiguous_joker", cards=_pretty(cards), options=examples)

    def _h_layoff(self, seat: int, m: Move) -> Apply:
        r = self.rules
        tokens = self._tokens(m.cards)
        meld = self._meld_by_id(m.number)
        if self.phase == RUMMY_LAYOFF:
            claimed = self._discard_claimed
            if len(tokens) != 1 or tokens[0].card is not claimed:
                raise _illegal("rummy_layoff_card", card=claimed.pretty)
        elif r.is_contract:
            self._check_may_lay_off(seat)
        cards = self._hand_tokens(seat, tokens)
        fits = layoff_fits(r, meld, tokens)
        if not fits:
            raise _illegal("does_not_fit", cards=_pretty(cards), meld=meld.id, table=meld.pretty())
        if len(fits) > 1:
            examples = " or ".join(
                "layoff " + " ".join(_fit_tokens(meld, f)) + f" to {meld.id}" for f in fits[:3])
            raise _illegal("ambiguous_layoff", options=examples)
        fit = fits[0]
        if self.phase != RUMMY_LAYOFF:
            after = meld.copy()
            _apply_fit(after, fit, seat)
            melds_after = [after if x is meld else x for x in self._melds]
            uses_target = self._target is not None and self._target in cards
            self._check_finish(seat, cards, melds_after, uses_target)

        def apply() -> None:
            _apply_fit(meld, fit, seat)
            if r.mark_complete_sets and meld.kind == SET and len(meld) == 4:
                meld.complete = True
            if self.phase == RUMMY_LAYOFF:
                self._hands[seat].remove(cards[0])
                assert self.claim is not None
                origin = self.claim.origin
                self._begin_turn((origin + 1) % self.players)
                return
            self._after_table(seat, cards)

        return apply

    @property
    def _discard_claimed(self) -> Card:
        assert self.claim is not None
        return self.claim.card

    def _check_may_lay_off(self, seat: int) -> None:
        r = self.rules
        if self.round == 7:
            raise _illegal("round7_no_layoff")
        made = self._contract_turn[seat]
        if made is None:
            raise _illegal("contract_first")
        if made == self._turn_no and not r.layoff_with_contract:
            raise _illegal("layoff_next_turn")

    def _h_swap(self, seat: int, m: Move) -> Apply:
        r = self.rules
        if not r.is_contract:
            raise _illegal("no_swap")
        self._check_may_lay_off(seat)
        tokens = self._tokens(m.cards)
        card = tokens[0].card
        if card.is_joker:
            raise _illegal("swap_natural")
        meld = self._meld_by_id(m.number)
        if meld.kind != RUN:
            raise _illegal("swap_set")
        index = meld.joker_position(card)
        if index is None:
            raise _illegal("swap_no_joker", card=card.pretty, meld=meld.id)
        self._hand_tokens(seat, tokens)
        if len(self._hands[seat]) < 2:
            raise _illegal("joker_keep_card")
        after = meld.copy()
        after._cards[index] = card
        melds_after = [after if x is meld else x for x in self._melds]
        if not joker_fits_somewhere(r, melds_after):
            raise _illegal("joker_nowhere")

        def apply() -> None:
            meld._cards[index] = card
            meld._owners[index] = seat
            self._hands[seat].remove(card)
            self._hands[seat].append(JOKER)
            self._pending_jokers += 1

        return apply

    def _h_contract(self, seat: int, m: Move) -> Apply:
        r = self.rules
        if not r.is_contract:
            raise self._wrong_phase(m)
        if self._contract_turn[seat] is not None:
            raise _illegal("contract_done")
        sets_needed, runs_needed = CONTRACTS[self.round - 1]
        last = self.round == 7
        groups = [self._tokens(g) for g in m.groups]
        cards = self._hand_tokens(seat, [t for g in groups for t in g])
        if len(groups) != sets_needed + runs_needed:
            raise _illegal("contract_count", round=self.round, contract=CONTRACT_NAMES[self.round - 1],
                           need=sets_needed + runs_needed, count=len(groups))
        chosen: list[Reading] = []
        for g in groups:
            if last:
                opts = [o for o in readings(r, g, RUN)]
            elif len(g) == 3:
                opts = readings(r, g, SET)
            elif len(g) == 4:
                opts = readings(r, g, RUN)
            else:
                raise _illegal("contract_sizes", cards=_pretty([t.card for t in g]))
            if not opts:
                what = "run" if last or len(g) == 4 else "set"
                raise _illegal("contract_not_" + what, cards=_pretty([t.card for t in g]))
            if len(opts) > 1:
                raise self._ambiguous(opts, [t.card for t in g])
            chosen.append(opts[0])
        n_sets = sum(1 for o in chosen if o.kind == SET)
        if n_sets != sets_needed or len(chosen) - n_sets != runs_needed:
            raise _illegal("contract_shape", round=self.round, contract=CONTRACT_NAMES[self.round - 1])
        runs = [o for o in chosen if o.kind == RUN]
        for i, a in enumerate(runs):
            for b in runs[i + 1:]:
                if a.suit == b.suit and (a.high + 1 == b.low or b.high + 1 == a.low):
                    raise _illegal("runs_join")
        if r.max_jokers_per_meld is not None:
            set_ranks = [o.rank for o in chosen if o.kind == SET]
            if len(set(set_ranks)) != len(set_ranks):
                raise _illegal("sets_same_rank")
        hand_size = len(self._hands[seat])
        if last:
            if len(cards) != hand_size:
                raise _illegal("round7_whole_hand")
        elif len(cards) >= hand_size and r.go_out_by_discard:
            raise _illegal("contract_last_card")

        def apply() -> None:
            self._contract_turn[seat] = self._turn_no
            for reading in chosen:
                meld = Meld(self._next_meld, reading, seat, self._turn_no)
                self._next_meld += 1
                self._melds.append(meld)
            self._after_table(seat, cards)

        return apply

    def _h_discard(self, seat: int, m: Move) -> Apply:
        r = self.rules
        tokens = self._tokens(m.cards)
        card = tokens[0].card
        self._hand_tokens(seat, tokens)
        if self._target is not None:
            raise _illegal("must_use_target", card=self._target.pretty)
        if self._pending_jokers:
            raise _illegal("joker_back_first")
        if not self.may_discard(seat, card):
            raise _illegal("no_discard_taken", card=card.pretty)
        if m.call:
            if not r.shanghai_call:
                raise _illegal("no_shanghai")
            if card.is_joker or not any(layoff_fits(r, x, [Token(card)]) for x in self._melds):
                raise _illegal("shanghai_no_fit", card=card.pretty)

        def apply() -> None:
            self._hands[seat].remove(card)
            self._discard.append(card)
            if not self._hands[seat]:
                self._end_deal(seat)
                return
            if self._final_pending:
                self._final_pending = False
                self._final_turns = self.players
            elif self._final_turns is not None:
                self._final_turns -= 1
                if self._final_turns == 0:
                    self._end_deal(None)
                    return
            if m.call:
                self._protected = True
            self._after_discard(seat, card, m.call)

        return apply

    # ----------------------------------------------------------- claims
    def _after_discard(self, seat: int, card: Card, called: bool) -> None:
        r = self.rules
        others = tuple((seat + i) % self.players for i in range(1, self.players))
        depths = self._rummy_depths() if r.rummy_call != "off" else []
        if depths:
            self.claim = Claim("rummy", seat, others, card, depths=tuple(depths))
            self.turn = (seat + 1) % self.players
            self.phase = CLAIM
            return
        if r.shanghai_call and not called and not card.is_joker:
            fits = [x for x in self._melds if layoff_fits(r, x, [Token(card)])]
            claimants = tuple(s for s in others if len(self._hands[s]) >= 2)
            if fits and claimants:
                self.claim = Claim("shanghai", seat, claimants, card)
                self.turn = (seat + 1) % self.players
                self.phase = CLAIM
                return
        self._begin_turn((seat + 1) % self.players)
        if called:
            self._protected = True

    def _rummy_depths(self) -> list[int]:
        """Depths N of the discard pile a rummy call could take now (public facts only)."""
        r = self.rules
        pile = self._discard
        if r.rummy_call == "last":
            top = pile[-1]
            return [1] if any(layoff_fits(r, x, [Token(top)]) for x in self._melds) else []
        out = []
        for n in usable_depths(r, (), pile, self._melds):
            target = pile[-n]
            pool = pile[-n:]
            for _ in target_uses(r, pool, target, self._melds):
                out.append(n)
                break
        return out

    def _open_buy_window(self) -> None:
        r = self.rules
        if not self._discard:
            self.claim = None
            self.phase = PLAY
            return
        turn = self.turn
        claimants = []
        for i in range(1, self.players):
            s = (turn + i) % self.players
            if s == self._last_claimer:
                continue
            if r.buy_limit is not None and self._buys[s] >= r.buy_limit:
                continue
            if self._cards_obtainable(keep_in_pile=2) < r.buy_penalty:
                continue
            claimants.append(s)
        if not claimants:
            self.claim = None
            self.phase = PLAY
            return
        self.claim = Claim("buy", turn, tuple(claimants), self._discard[-1])
        self.phase = CLAIM

    def _h_claim(self, seat: int, m: Move) -> Apply:
        claim = self.claim
        assert claim is not None
        if m.action != "pass" and m.action != claim.kind:
            raise self._wrong_phase(m)
        r = self.rules
        if m.action == "rummy":
            if (m.number or 0) not in claim.depths:
                if r.rummy_call == "last":
                    raise _illegal("rummy_last_only")
                raise _illegal("rummy_not_possible", count=m.number)
        elif m.action == "shanghai":
            meld = self._meld_by_id(m.number)
            if not layoff_fits(r, meld, [Token(claim.card)]):
                raise _illegal("claim_no_fit", card=claim.card.pretty, meld=meld.id)

        def apply() -> None:
            claim.answers[seat] = m
            outcome = claim.winner()
            if outcome is False:
                return
            self._close_claim(claim, outcome if isinstance(outcome, Move) else None)

        return apply

    def _close_claim(self, claim: Claim, win: Move | None) -> None:
        r = self.rules
        n = self.players
        if claim.kind == "buy":
            if win is None:
                self.claim = None
                self.phase = PLAY
                return
            w = win.seat
            assert w is not None
            card = self._discard.pop()
            self._hands[w].append(card)
            for _ in range(r.buy_penalty):
                extra = self._take_from_stock()
                if extra is not None:
                    self._hands[w].append(extra)
            self._buys[w] += 1
            self._last_claimer = w
            self._open_buy_window()
            return
        if claim.kind == "shanghai":
            if win is not None:
                w = win.seat
                assert w is not None
                meld = self._meld_by_id(win.number)
                card = self._discard.pop()
                fit = layoff_fits(r, meld, [Token(card)])[0]
                _apply_fit(meld, fit, w)
                hand = self._hands[w]
                given = hand.pop(self._rng.randrange(len(hand)))
                self._hands[claim.origin].append(given)
            self._begin_turn((claim.origin + 1) % n)
            return
        # rummy
        if win is None:
            self._begin_turn((claim.origin + 1) % n)
            return
        w = win.seat
        assert w is not None
        depth = win.number or 1
        if r.rummy_call == "last":
            card = self._discard.pop()
            self._hands[w].append(card)
            self.phase = RUMMY_LAYOFF
            self.turn = w
            self.claim = Claim("rummy", claim.origin, (w,), card)
            return
        taken = self._discard[-depth:]
        del self._discard[-depth:]
        self._begin_turn(w)
        self._hands[w].extend(taken)
        for c in (taken if depth == 1 else taken[:-1]):
            self._restricted[c.code] += 1
        self._target = taken[0]
        self._drew = "rummy"
        self.phase = PLAY

    # ----------------------------------------------------------- end of a deal
    def _end_deal(self, out: int | None) -> None:
        r = self.rules
        self._went_out = out
        scores = [0] * len(self._totals)
        if r.is_contract:
            for s in range(self.players):
                scores[self.side_of(s)] += hand_value(r, self._hands[s])
        else:
            for meld in self._melds:
                for owner, pts in meld_points(r, meld).items():
                    scores[self.side_of(owner)] += pts
            for s in range(self.players):
                scores[self.side_of(s)] -= hand_value(r, self._hands[s])
            if r.persian_bonuses and out is not None and self._first_meld_turn[out] == self._turn_no:
                scores[self.side_of(out)] += 25
        for i, v in enumerate(scores):
            self._totals[i] += v
        # the Liverpool cut bonus was taken off the total already; the deal score shows it
        scores = [v + b for v, b in zip(scores, self._bonus, strict=False)]
        self._deal_scores = scores
        self._history.append(list(scores))
        self.claim = None
        if self._match_over():
            self.phase = GAME_OVER
        else:
            self.phase = DEAL_OVER
            self.turn = (self.dealer + 1) % self.players

    def _match_over(self) -> bool:
        r = self.rules
        t = self._totals
        if r.is_contract:
            if self.round < (r.rounds or 7):
                return False
            best = min(t)
            self.winners = tuple(s for s in range(self.players) if t[self.side_of(s)] == best)
            return True
        if r.deals is not None:
            if self.round < r.deals:
                return False
            best = max(t)
            leaders = [i for i, v in enumerate(t) if v == best]
            if len(leaders) == 1:
                t[leaders[0]] += 50
                assert self._deal_scores is not None
                self._deal_scores[leaders[0]] += 50
                self._history[-1][leaders[0]] += 50
            self.winners = tuple(s for s in range(self.players) if self.side_of(s) in leaders)
            return True
        assert r.target is not None
        if max(t) < r.target:
            return False
        best = max(t)
        leaders = [i for i, v in enumerate(t) if v == best]
        if len(leaders) > 1:
            return False  # a tie for the lead: another deal
        self.winners = tuple(s for s in range(self.players) if self.side_of(s) == leaders[0])
        return True

    def _h_deal(self, seat: int, m: Move) -> Apply:
        def apply() -> None:
            self.dealer = (self.dealer + 1) % self.players
            self.round += 1
            self._start_deal()  # deal_scores keep showing the last finished deal

        return apply

    @property
    def went_out(self) -> int | None:
        """The seat that went out in the deal just ended (None: nobody did)."""
        return self._went_out if self.deal_over else None

    @property
    def deal_move_index(self) -> int:
        """Where this deal's moves begin in `moves`."""
        return self._deal_moves

    @property
    def upcard(self) -> Card | None:
        return self._upcard

    @property
    def turn_number(self) -> int:
        return self._turn_no


def _pretty(cards: Sequence[Card]) -> str:
    return " ".join(c.pretty for c in cards)


def _fit_tokens(meld: Meld, fit: Any) -> list[str]:
    out = []
    for i in fit.added:
        c = fit.cards[i]
        if c.is_joker and meld.kind == RUN:
            from .cards import rank_text

            out.append(f"JK={rank_text(fit.low + i)}{meld.suit}")
        else:
            out.append(str(c))
    return out


def _apply_fit(meld: Meld, fit: Any, seat: int) -> None:
    owners: list[int] = []
    old_iter = iter(meld._owners)
    added = set(fit.added)
    for i in range(len(fit.cards)):
        owners.append(seat if i in added else next(old_iter))
    meld._cards = list(fit.cards)
    meld._owners = owners
    meld.low = fit.low if meld.kind == RUN else meld.low


_HANDLERS: dict[tuple[str, str], Callable[[Game, int, Move], Apply]] = {
    (CUT, "cut"): Game._h_cut,
    (DRAW, "draw"): Game._h_draw,
    (DRAW, "take"): Game._h_take,
    (DRAW, "pass"): Game._h_pass_draw,
    (PLAY, "meld"): Game._h_meld,
    (PLAY, "layoff"): Game._h_layoff,
    (PLAY, "swap"): Game._h_swap,
    (PLAY, "contract"): Game._h_contract,
    (PLAY, "discard"): Game._h_discard,
    (CLAIM, "rummy"): Game._h_claim,
    (CLAIM, "buy"): Game._h_claim,
    (CLAIM, "shanghai"): Game._h_claim,
    (CLAIM, "pass"): Game._h_claim,
    (RUMMY_LAYOFF, "layoff"): Game._h_layoff,
    (DEAL_OVER, "deal"): Game._h_deal,
}


class LegalMoves:
    """A live view of the legal moves: iteration, len() and `in`."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def _list(self) -> list[Move]:
        g = self._game
        cache = g._legal_cache
        if cache is None or cache[0] != g._version:
            from .legal import generate

            g._prepared = {}
            cache = (g._version, generate(g))
            g._legal_cache = cache
        return cache[1]

    def __iter__(self) -> Iterator[Move]:
        return iter(list(self._list()))

    def __len__(self) -> int:
        return len(self._list())

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Move, str)):
            return False
        try:
            self._game._prepare(move)
        except IllegalMove:
            return False
        return True

    def for_seat(self, seat: int) -> list[Move]:
        return [m for m in self._list() if m.seat == seat]

    def __repr__(self) -> str:
        return f"<LegalMoves {[str(m) for m in self._list()]}>"


from .view import View  # noqa: E402  (View refers back to Game)
