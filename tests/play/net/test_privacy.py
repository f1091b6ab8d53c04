"""Each seat's messages hold what its `Game.view(seat)` holds, never a card
of another hand, of the stock, or of a Pinochle lay-off lying face down."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from rummy_gui.engine import Action, Game, Move, parse_card
from rummy_gui.engine.cards import card_from_code
from rummy_gui.play.net import protocol as p
from rummy_gui.play.net.serve import HostThread
from rummy_gui.play.net.tables import NetTable

from .conftest import make_table, play_out


def cards(texts: list[str]) -> Counter[str]:
    """Cards named by tokens ("JK=8S" is a joker)."""
    return Counter(str(parse_card(t.split("=")[0])) for t in texts)


def of(cs: Any) -> Counter[str]:
    return Counter(str(c) for c in cs)


class Recorder:
    """Checks every message the host sends a seat, as it is sent (on the host's loop)."""

    def __init__(self) -> None:
        self.states = 0
        self.face_down_seen = 0
        self.faults: list[str] = []
        self.public_seen = 0  # cards named in the public states sent
        self.logs: dict[tuple[str, int], list[str]] = {}

    def __call__(self, table: NetTable, seat: int, msg: dict[str, Any]) -> None:
        if msg["type"] != p.STATE:
            assert msg["type"] in (p.WELCOME, p.REFUSED), msg["type"]
            return
        self.states += 1
        g = table.game
        view = g.view(seat)
        key = (table.code, seat)
        log = self.logs.setdefault(key, [])
        del log[msg["log_from"] :]
        log.extend(msg["log"])
        if msg["view"] != p.encode_view(view) or log != [str(m) for m in view.log]:
            self.faults.append(f"seat {seat} was sent more or less than its view")
        if msg["public"] != (p.encode_public(view) if view.legal_moves else None):
            self.faults.append(f"seat {seat} was sent more or less than its public state")
        self.hidden_cards(g, seat, msg["view"], log)
        if msg["public"] is not None:
            self.public_cards(g, seat, msg["public"])
        ended = g.deal_over or g.game_over
        hands = None if msg["shown"] is None else msg["shown"]["hands"]
        if hands != ([[str(c) for c in g.hand(s)] for s in range(g.players)] if ended else None):
            self.faults.append(f"seat {seat} was sent hands while the deal was played")

    def hidden_cards(self, g: Game, seat: int, v: dict[str, Any], log: list[str]) -> None:
        """Against the game itself: the position's cards that seat may not see."""
        s = g._s
        hiding = bool(s.facedown) and not g.deal_over and not g.game_over
        face_down = Counter(str(f.card) for f in s.facedown) if hiding else Counter()
        self.face_down_seen += sum(face_down.values())
        if cards(v["hand"]) != of(g.hand(seat)):
            self.faults.append(f"seat {seat} was sent a hand that is not its own")
        down_discard = (
            Counter([str(s.discard[-1])]) if s.discard_face_down and hiding else Counter()
        )
        on_table = of(g.discard_pile) - down_discard + of(c for m in g.melds for c in m.cards)
        shown = cards(v["discard"]) + cards([t for m in v["melds"] for t in m["cards"]])
        if shown - (on_table - face_down):
            self.faults.append(
                f"seat {seat} was sent hidden cards: {shown - (on_table - face_down)}"
            )
        if hiding and any(Move.parse(t).action is Action.LAYOFF for t in log):
            self.faults.append(f"seat {seat} was sent a lay-off lying face down")
        secret = of(s.stock) + face_down
        for o in range(g.players):
            if o != seat:
                secret += of(g.hand(o))
        mine = of(g.hand(seat)) + on_table - face_down
        named = cards(v["hand"]) + shown
        if named - mine:  # more copies of a card than the seat can see: one of `secret`'s
            self.faults.append(f"seat {seat} was sent a card only another seat may see")
        assert sum(secret.values()) == g.stock_count + sum(v["hand_sizes"]) - len(v["hand"]) + sum(
            face_down.values()
        )

    def public_cards(self, g: Game, seat: int, public: dict[str, Any]) -> None:
        """The public state names no card but those the turn's player took
        off the pile this turn (everyone saw them taken) or the seat's own."""
        s = g._s
        taken = Counter(
            str(card_from_code(c)) for c, n in enumerate(s.restricted) for _ in range(n)
        )
        if s.target is not None:
            taken[str(s.target)] = max(taken[str(s.target)], 1)
        named = Counter(str(card_from_code(c)) for c, n in public["restricted"] for _ in range(n))
        if public["target"] is not None:
            named[str(parse_card(public["target"]))] = max(
                named[str(parse_card(public["target"]))], 1
            )
        self.public_seen += sum(named.values())
        if named - taken - of(g.hand(seat)):
            self.faults.append(f"seat {seat} was sent a card in its public state: {named - taken}")


@pytest.mark.long
@pytest.mark.parametrize(
    ("preset", "players", "people", "options"),
    [
        ("rummy500", 3, 2, {"target": 100}),
        ("persian", 4, 2, {}),
        ("contract", 3, 2, {}),
        ("pinochle", 3, 2, {"target": 100}),
    ],
)
def test_no_seat_is_sent_a_card_it_may_not_see(
    host: HostThread, preset: str, players: int, people: int, options: dict[str, Any]
) -> None:
    rec = Recorder()
    host.host.tap = rec
    clients = make_table(host, preset, players, people, options)
    try:
        play_out(clients, seed=7)
    finally:
        for c in clients:
            c.close()
    assert rec.faults == []
    assert rec.states > 50
    if preset == "rummy500":
        assert rec.public_seen > 0  # a public state named cards taken off the pile
    if preset == "pinochle":
        assert rec.face_down_seen > 0  # the game did lay cards off face down


def test_the_recorder_finds_a_hand_sent_to_the_wrong_seat(host: HostThread) -> None:
    """The check can fail: a state carrying another seat's hand is caught."""
    rec = Recorder()
    clients = make_table(host, "rummy500", 2, 2, {"target": 100})
    try:

        def leak(table: NetTable) -> None:
            msg, _log = p.state_message(table.game.view(1), table.at, [], ())
            rec(table, 0, msg)

        table = host.ask(lambda: next(iter(host.host.tables.values())))
        host.ask(leak, table)
    finally:
        for c in clients:
            c.close()
    assert any("not its own" in f for f in rec.faults)


def test_the_recorder_finds_a_stock_card_in_a_public_state(host: HostThread) -> None:
    """The check can fail: a public state naming a card of the stock is caught."""
    rec = Recorder()
    clients = make_table(host, "rummy500", 2, 2, {"target": 100})
    try:

        def leak(table: NetTable) -> None:
            seat = table.game.to_act[0]
            msg, _log = p.state_message(table.game.view(seat), table.at, [], ())
            msg["public"]["target"] = str(table.game._s.stock[-1])
            rec(table, seat, msg)

        table = host.ask(lambda: next(iter(host.host.tables.values())))
        host.ask(leak, table)
    finally:
        for c in clients:
            c.close()
    assert any("in its public state" in f for f in rec.faults)
