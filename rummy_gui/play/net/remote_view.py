"""A joined player's `TableView`, read from the host's state message.

The host sends only what `Game.view(seat)` holds (protocol.encode_view) and,
once a deal is over, what everyone sees then (every hand, the deal's score
item by item). This module turns that JSON back into the engine's values
(cards, melds, the claim, the score's items) so the table's screens read a
joined seat exactly as they read a local one. A message that does not read
as a view is a `ProtocolError` (a host is a stranger too).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from rummy_gui.engine import Card, Claim, ClaimKind, Meld, Move, Phase, Rules, View, parse_card
from rummy_gui.engine.melds import Reading, readings
from rummy_gui.engine.notation import parse_token
from rummy_gui.engine.rules import CONTRACT_NAMES
from rummy_gui.engine.scoring import Extra, ExtraPart, HandPart, MeldPart, SideScore
from rummy_gui.engine.state import GameState, new_rng
from rummy_gui.play.net.protocol import ProtocolError, SeatState
from rummy_gui.play.net.tables import AWAY, CONNECTED, EMPTY, STANDIN
from rummy_gui.play.table_view import TableView
from rummy_gui.safetext import clean


def _cards(texts: Sequence[str]) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in texts)


def _meld(rules: Rules, raw: Mapping[str, Any]) -> Meld:
    """A meld on the table from its id, kind, written cards and owners."""
    tokens = [parse_token(t) for t in raw["cards"]]
    cards = tuple(t.card for t in tokens)
    kind = str(raw["kind"])
    found = [r for r in readings(rules, tokens, kind) if sorted(r.cards) == sorted(cards)]
    exact = [r for r in found if r.cards == cards]  # a run's place (an ace low or high)
    if not found:
        raise ValueError(f"meld {raw['id']} does not read as a {kind}")
    r = (exact or found)[0]
    return Meld.seen(int(raw["id"]), Reading(kind, cards, r.rank, r.suit, r.low),
                     [int(o) for o in raw["owners"]])  # fmt: skip


def _claim(raw: Mapping[str, Any] | None) -> Claim | None:
    if raw is None:
        return None
    answers = {int(s): Move.parse(m) for s, m in raw["answers"].items()}
    return Claim(
        ClaimKind(raw["kind"]),
        int(raw["origin"]),
        tuple(int(s) for s in raw["claimants"]),
        parse_card(raw["card"]),
        answers,
    )


def breakdown(raw: Sequence[Mapping[str, Any]] | None) -> tuple[SideScore, ...] | None:
    """The deal's score item by item, from `protocol.plain` of the engine's SideScores."""
    if raw is None:
        return None
    return tuple(
        SideScore(
            side=int(s["side"]),
            seats=tuple(int(x) for x in s["seats"]),
            melds=tuple(
                MeldPart(
                    int(m["meld_id"]),
                    str(m["kind"]),
                    int(m["seat"]),
                    _cards(m["cards"]),
                    int(m["points"]),
                    bool(m["doubled"]),
                    tuple(bool(x) for x in m["face_down"]),
                    bool(m["called"]),
                )
                for m in s["melds"]
            ),
            hands=tuple(
                HandPart(int(h["seat"]), _cards(h["cards"]), int(h["points"])) for h in s["hands"]
            ),
            extras=tuple(
                ExtraPart(
                    Extra(e["kind"]),
                    int(e["points"]),
                    None if e["seat"] is None else int(e["seat"]),
                )
                for e in s["extras"]
            ),
            went_out=None if s["went_out"] is None else int(s["went_out"]),
        )
        for s in raw
    )


def engine_view(rules: Rules, state: SeatState) -> View:
    """The engine's `View` of the joined seat, for the bots' advice and the
    deal review (a bot sees only a view). While the seat has a move to
    choose, the host sends the rest of its public state (`protocol.
    encode_public`), and this is the very view `Game.view(seat)` gives, from
    which the levels that search deal the hidden cards; at other times it
    holds no public state (those levels can't use it then). ProtocolError if
    it does not read."""
    try:
        table = _read(rules, state, None, ())
        v = state.view
        claim = table.claim
        public = GameState()
        if state.public is not None:
            public = _public_state(table, state, state.public)
            claim = public.claim
        return View(
            seat=table.seat, rules=rules, players=table.players, phase=table.phase,
            turn=table.turn, to_act=table.to_act, dealer=table.dealer, round=table.round,
            hand=state.hand, hand_sizes=table.hand_sizes, discard_pile=table.discard_pile,
            stock_count=table.stock_count,
            melds=tuple(m.copy() for m in public.melds) if public.melds else table.public_melds,
            totals=table.totals, deal_scores=table.deal_scores, sides=table.sides,
            claim=None if claim is None else claim.copy(),
            target=table.target, restricted=_cards(v["restricted"]), laid_down=table.laid_down,
            buys_left=table.buys, protected=bool(v["protected"]),
            final_turns=None if v["final_turns"] is None else int(v["final_turns"]),
            turn_number=int(v["turn_number"]),
            upcard=None if v["upcard"] is None else parse_card(v["upcard"]),
            log=tuple(Move.parse(t) for t in state.log),
            reshuffled_at=tuple(int(x) for x in v["reshuffled_at"]),
            legal_moves=state.legal, _public=public, face_down=table.face_down,
            discard_face_down=table.discard_face_down,
        )  # fmt: skip
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise _unreadable(e) from None


def _int(x: Any, low: int = 0, high: int = 10**6) -> int:
    if isinstance(x, bool) or not isinstance(x, int) or not low <= x <= high:
        raise ValueError(f"{x!r} is not a count")
    return x


def _ints(raw: Any, n: int, none: bool = False) -> list[Any]:
    """`n` whole numbers (or None, where `none`), as a state's per-seat lists are."""
    if not isinstance(raw, list) or len(raw) != n:
        raise ValueError("a list of the wrong length")
    return [None if none and x is None else _int(x) for x in raw]


def _flag(x: Any) -> bool:
    if not isinstance(x, bool):
        raise ValueError(f"{x!r} is not a flag")
    return x


def _public_state(table: TableView, state: SeatState, raw: Mapping[str, Any]) -> GameState:
    """The seat's public state (`View._public`) from its view and `encode_public`:
    its own hand and no other, no stock, a fresh generator (as `View.of` makes it)."""
    players, sides = table.players, len(table.sides)
    extra = raw["melds"]
    if not isinstance(extra, list) or len(extra) != len(table.public_melds):
        raise ValueError("the public melds do not match the view's")
    melds = []
    for shown, (maker, complete, doubled, made, rank, suit, low) in zip(
        table.public_melds, extra, strict=True
    ):
        if not isinstance(suit, str) or len(suit) > 2:
            raise ValueError(f"{suit!r} is not a suit")
        m = shown.copy()
        m.maker = _int(maker, 0, players - 1)
        m.complete, m.doubled = _flag(complete), _flag(doubled)
        m.turn_made, m.rank, m.suit, m.low = _int(made), _int(rank, 0, 14), suit, _int(low, 0, 14)
        melds.append(m)
    claim = table.claim
    if claim is not None:
        depths = raw["depths"]
        if not isinstance(depths, list):
            raise ValueError("a claim without its depths")
        claim = replace(claim, depths=tuple(_int(d, 0, 200) for d in depths))
    restricted = [0] * 53
    for code, n in raw["restricted"]:
        restricted[_int(code, 0, 52)] = _int(n, 0, 8)
    called = [(_int(m), _int(s, 0, players - 1)) for m, s in raw["called"]]
    target = raw["target"]
    went_out, claimer = raw["went_out"], raw["last_claimer"]
    s = GameState(
        rng=new_rng(), hands=[list(state.hand) if i == table.seat else [] for i in range(players)],
        discard=list(table.discard_pile), melds=melds, phase=table.phase, turn=table.turn,
        dealer=table.dealer, round=table.round, claim=claim, totals=list(table.totals),
        deal_scores=None if table.deal_scores is None else list(table.deal_scores),
        winners=tuple(_ints(raw["winners"], len(raw["winners"]))),
        upcard=None if state.view["upcard"] is None else parse_card(state.view["upcard"]),
        turn_no=_int(state.view["turn_number"]),
        contract_turn=_ints(raw["contract_turn"], players, none=True),
        first_meld_turn=_ints(raw["first_meld_turn"], players, none=True),
        buys=_ints(raw["buys"], players), last_claimer=None if claimer is None else _int(claimer),
        protected=bool(state.view["protected"]),
        final_turns=None if state.view["final_turns"] is None else int(state.view["final_turns"]),
        final_pending=_flag(raw["final_pending"]),
        went_out=None if went_out is None else _int(went_out, 0, players - 1),
        bonus=_ints(raw["bonus"], sides), next_meld=_int(raw["next_meld"]),
        reshuffles=[int(x) for x in state.view["reshuffled_at"]], called=called,
        discard_face_down=_flag(raw["discard_face_down"]),
        target=None if target is None else parse_card(target), restricted=restricted,
        pending_jokers=_int(raw["pending_jokers"], 0, 8), calling=_flag(raw["calling"]),
    )  # fmt: skip
    if len(s.winners) > players:
        raise ValueError("more winners than players")
    return s


def _unreadable(e: Exception) -> ProtocolError:
    return ProtocolError("malformed", f"the host's view can't be read: {clean(e, 120)}")


def remote_view(
    rules: Rules,
    state: SeatState,
    shown: Mapping[str, Any] | None,
    history: Sequence[tuple[int, ...]],
) -> TableView:
    """The table as the joined seat sees it: `state` (the latest), `shown`
    (what the last deal's end showed, or None before one) and `history` (the
    deals' scores the player has seen)."""
    try:
        return _read(rules, state, shown, history)
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise _unreadable(e) from None


def _read(
    rules: Rules,
    state: SeatState,
    shown: Mapping[str, Any] | None,
    history: Sequence[tuple[int, ...]],
) -> TableView:
    v = state.view
    players = int(v["players"])
    seat = int(v["seat"])
    phase = Phase(v["phase"])
    ended = phase in (Phase.DEAL_OVER, Phase.GAME_OVER)
    if ended and shown is not None:
        hands: tuple[tuple[Card, ...] | None, ...] = tuple(_cards(h) for h in shown["hands"])
    else:
        hands = tuple(state.hand if s == seat else None for s in range(players))
    if len(hands) != players:
        raise ValueError("the hands do not match the players")
    log = [Move.parse(t) for t in state.log[-1:]]
    deal_scores = v["deal_scores"]
    return TableView(
        seat=seat,
        rules=rules,
        players=players,
        phase=phase,
        turn=int(v["turn"]),
        to_act=tuple(int(s) for s in v["to_act"]),
        dealer=int(v["dealer"]),
        round=int(v["round"]),
        contract=CONTRACT_NAMES[int(v["round"]) - 1] if rules.is_contract else None,
        hands=hands,
        hand_sizes=tuple(int(n) for n in v["hand_sizes"]),
        discard_pile=_cards(v["discard"]),
        discard_face_down=bool(v["discard_face_down"]),
        stock_count=int(v["stock"]),
        public_melds=tuple(_meld(rules, m) for m in v["melds"]),
        face_down=tuple(tuple(None if x is None else int(x) for x in f) for f in v["face_down"]),
        claim=_claim(v["claim"]),
        target=None if v["target"] is None else parse_card(v["target"]),
        laid_down=tuple(bool(x) for x in v["laid_down"]),
        buys=tuple(None if b is None else int(b) for b in v["buys_left"]),
        sides=tuple(tuple(int(s) for s in side) for side in v["sides"]),
        totals=tuple(int(t) for t in v["totals"]),
        deal_scores=None if deal_scores is None else tuple(int(x) for x in deal_scores),
        deal_breakdown=breakdown(None if shown is None else shown.get("breakdown")),
        score_history=tuple(history),
        deal_over=ended,
        game_over=phase is Phase.GAME_OVER,
        winners=state.winners,
        move_count=state.at,
        last_move=log[-1] if log else None,
        fingerprint=None,
        deal_seed=None,
        legal_moves=state.legal,
    )


def seat_status(raw: Mapping[str, Any]) -> str | None:
    """A person's seat as the host tells it (tables.EMPTY, CONNECTED, AWAY or
    STANDIN); None for a bot's."""
    if raw.get("kind") != "person":
        return None
    if raw.get("standin"):
        return STANDIN
    if raw.get("connected"):
        return CONNECTED
    return AWAY if raw.get("name") else EMPTY


def kept_until(raw: Mapping[str, Any], now: float) -> float | None:
    """When an away player's seat stops being kept (`now` plus the seconds
    the host said were left), None when the host did not say."""
    kept = raw.get("kept")
    if isinstance(kept, bool) or not isinstance(kept, int) or not 0 <= kept <= 86400:
        return None
    return now + kept if seat_status(raw) == AWAY else None
