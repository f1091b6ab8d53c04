"""A deal's score item by item (`Game.deal_breakdown`, engine/ending.py) and
the running figures a table shows (`ask.melded_so_far`, `ask.hand_points`):
the items add up to `deal_scores` in every preset over seeded deals, and
each bonus of RULES.md (Persian's 25 and 50 and doubled four-sets, the
Liverpool cut, Rummy! calls, Pinochle's face-down lay-offs) is its own item."""

from __future__ import annotations

import random

import pytest

from rummy_gui.engine import PRESETS, Action, Game, Move, Phase, ask
from rummy_gui.engine.scoring import Extra, hand_value
from tests.engine._helpers import layout, play

PLAYERS = {"persian": 4, "contract": 3, "liverpool": 4, "shanghai": 3, "pinochle": 3}
_TABLE = (Action.CONTRACT, Action.MELD, Action.LAYOFF, Action.SWAP)


def _choose(g: Game, rng: random.Random) -> Move:
    """Mildly greedy random play: table cards when possible, mostly draw from
    the stock, answer a claim now and then (so Rummy! calls and buys happen)."""
    moves = list(g.legal_moves)
    good = [m for m in moves if m.action in _TABLE]
    if good and rng.random() < 0.9:
        return rng.choice(good)
    if g.phase is Phase.DRAW:
        draws = [m for m in moves if m.action is Action.DRAW]
        if draws and rng.random() < 0.8:
            return draws[0]
    if g.phase is Phase.CLAIM:
        passes = [m for m in moves if m.action is Action.PASS]
        if passes and rng.random() < 0.7:
            return passes[0]
    return rng.choice(moves)


def _play_deal(g: Game, rng: random.Random) -> None:
    while not g.deal_over:
        g.play(_choose(g, rng))


def _check(g: Game, before: list[int]) -> None:
    """The breakdown of the deal just ended agrees with the engine's scores
    (`before`: the totals before the deal, and before its cut)."""
    parts = g.deal_breakdown
    scores = g.deal_scores
    assert parts is not None
    assert scores is not None
    assert [p.total for p in parts] == scores
    assert [p.side for p in parts] == list(range(len(g.sides)))
    assert [p.seats for p in parts] == [tuple(s) for s in g.sides]
    assert [t - b for t, b in zip(g.totals, before, strict=True)] == scores
    for p in parts:
        assert [h.seat for h in p.hands] == list(p.seats)
        for h in p.hands:
            assert list(h.cards) == g.hand(h.seat)
            value = hand_value(g.rules, h.cards)
            assert h.points == (value if g.rules.is_contract else -value)
        assert p.went_out == (g.went_out if g.went_out in p.seats else None)
    if g.rules.is_contract:
        assert all(not p.melds for p in parts)
    else:
        melded = sorted(str(c) for p in parts for m in p.melds for c in m.cards)
        assert melded == sorted(str(c) for m in g.melds for c in m.cards)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_breakdown_adds_up_to_the_deal_scores(preset: str, seed: int) -> None:
    rng = random.Random(seed)
    g = Game.new(preset, players=PLAYERS.get(preset, 3), seed=seed)
    assert g.deal_breakdown is None
    for _deal in range(3):
        before = g.totals
        _play_deal(g, rng)
        _check(g, before)
        if g.game_over:
            break
        g.play(Move(Action.DEAL, g.turn))


def test_persian_items_doubled_set_out_in_one_turn_and_the_match_bonus() -> None:
    g = layout(
        "persian",
        ["JK JK JK 9H 10H", "7C 7D 7H 7S 2C", "3C", "JK"],
        stock="JH QC",
        discard="KD",
    )
    play(g, "0: draw", "0: meld JK JK JK", "0: meld 9H 10H JH")
    a, b = g.deal_breakdown or ()
    assert [(m.meld_id, m.points) for m in a.melds] == [(1, 60), (2, 29)]
    assert [(e.kind, e.points, e.seat) for e in a.extras] == [(Extra.OUT_IN_ONE_TURN, 25, 0)]
    assert [(h.seat, h.points) for h in a.hands] == [(0, 0), (2, -3)]
    assert a.went_out == 0
    assert b.went_out is None
    assert [p.total for p in (a, b)] == g.deal_scores == [111, -50]


def test_persian_set_of_four_melded_at_once_is_one_doubled_item() -> None:
    g = layout(
        "persian",
        ["7C 7D 7H 7S 2C 3D", "4C", "5C", "6D"],
        stock="JH QC",
        discard="KD",
    )
    play(g, "0: draw", "0: meld 7C 7D 7H 7S")
    assert ask.melded_so_far(g, 0) == 56  # 4 x 7, doubled
    assert ask.melded_so_far(g, 1) == 0
    assert ask.hand_points(g, 0) == 2 + 3 + 10


def test_the_match_bonus_is_an_item_of_the_last_deal() -> None:
    rng = random.Random(5)
    g = Game.new("persian", players=4, seed=5)
    while not g.game_over:
        _play_deal(g, rng)
        if not g.game_over:
            g.play(Move(Action.DEAL, g.turn))
    parts = g.deal_breakdown or ()
    bonus = [e for p in parts for e in p.extras if e.kind is Extra.MATCH]
    leader = max(range(2), key=lambda i: g.totals[i])
    if g.totals[0] != g.totals[1]:
        assert [(e.points, e.seat) for e in bonus] == [(50, None)]
        assert any(e.kind is Extra.MATCH for e in parts[leader].extras)
    assert [p.total for p in parts] == g.deal_scores
    assert [sum(h[i] for h in g.score_history) for i in range(2)] == g.totals


def test_liverpool_exact_cut_is_a_minus_50_item() -> None:
    g = Game.new("liverpool", players=3, seed=5)
    cutter = (g.dealer - 1) % 3
    play(g, f"{cutter}: cut 31")
    rng = random.Random(1)
    _play_deal(g, rng)
    parts = g.deal_breakdown or ()
    assert [(e.kind, e.points) for e in parts[cutter].extras] == [(Extra.CUT, -50)]
    assert [p.total for p in parts] == g.deal_scores
    others = [p for p in parts if p.side != cutter]
    assert all(not p.extras for p in others)


def test_a_meld_made_in_a_rummy_call_turn_is_marked_called() -> None:
    # RULES.md 3.6's example: seat 1 calls, takes the pile from the K♠ up
    hands = ["JS 4C 5C 6C 9D", "2C 3D 9H", "2H 3C 10D"]
    g = layout("rummy500", hands, stock="9C", discard="AH KS 7D QS 8C KH")
    play(g, "0: draw", "0: meld 4C 5C 6C", "0: discard JS", "1: rummy 6")
    play(g, "1: meld JS QS KS", "1: discard 2C")
    assert ask.melded_so_far(g, 1) == 30
    assert ask.hand_points(g, 1) == 3 + 9 + 7 + 8 + 10
    play(g, "2: draw")  # from the empty stock: the deal ends (3.5)
    parts = g.deal_breakdown or ()
    assert [(m.meld_id, m.called) for m in parts[0].melds] == [(1, False)]
    assert [(m.meld_id, m.called, m.points) for m in parts[1].melds] == [(2, True, 30)]
    assert parts[1].total == 30 - 37 == g.deal_scores[1]  # type: ignore[index]


def test_pinochle_face_down_lay_offs_count_at_the_end_and_are_marked() -> None:
    others = ["2D 3D 4D 5D KS", "6D 8D 9D 10D KC"]
    g = layout(
        "pinochle",
        ["5H 6H 7H 8H 9H 10H", *others],
        stock="QC QS QD 2S 3S",
        discard="JC",
    )
    play(g, "0: draw", "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    assert ask.melded_so_far(g, 0) == 35  # the face-down 10♥ is nobody's to count yet
    (last,) = g.hand(0)
    play(g, f"0: discard {last}")
    assert g.deal_over
    (part,) = (g.deal_breakdown or ())[0].melds
    assert [str(c) for c in part.cards] == ["5H", "6H", "7H", "8H", "9H", "10H"]
    assert part.face_down == (False,) * 5 + (True,)
    assert part.points == 45
    assert g.deal_scores == [45, -(2 + 3 + 4 + 5 + 10), -(6 + 8 + 9 + 10 + 10)]


def test_contract_items_are_hands_as_penalty_points() -> None:
    rng = random.Random(3)
    g = Game.new("shanghai", players=3, seed=3)
    _play_deal(g, rng)
    parts = g.deal_breakdown or ()
    for p in parts:
        (h,) = p.hands
        assert h.points == sum(ask_value(g, c) for c in h.cards)
        assert p.total == h.points


def ask_value(g: Game, card: object) -> int:
    return hand_value(g.rules, [card])  # type: ignore[list-item]
