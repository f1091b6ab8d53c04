"""Every rules fact a table needs is answered once, by the engine (issue 48):
how deep a take may go, which move picks up the pile, the cut's range, which
moves end what a player decides, who plays with whom, the suit order, and the
claim window's priority."""

from __future__ import annotations

import random

import pytest

from rummy_gui.engine import (
    PRESETS,
    Action,
    Game,
    Move,
    Phase,
    ask,
    catalog,
    parse_cards,
    scoring,
)
from rummy_gui.engine.cards import (
    JOKER,
    NATURALS,
    SUIT_SYMBOLS,
    SUITS,
    by_rank,
    by_suit,
    suit_symbol,
)
from tests.engine._helpers import rummy_call_example


def random_games() -> list[tuple[str, dict[str, object]]]:
    out: list[tuple[str, dict[str, object]]] = [(p, {}) for p in PRESETS]
    out.append(("rummy500", {"rummy_call": "last"}))
    return out


# --- takes from the discard pile ---------------------------------------------------
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_deep_takes_are_what_the_engine_allows(preset: str) -> None:
    """A take deeper than the top card is offered only where `deep_takes` says
    (over random play of each preset)."""
    rules = PRESETS[preset]
    g = Game.new(preset, max(3, rules.min_players), seed=5)
    deep = ask.deep_takes(g)
    rng = random.Random(5)
    deepest = 0
    for _ in range(300):
        if g.game_over:
            break
        moves = list(g.legal_moves)
        deepest = max([deepest] + [m.count or 0 for m in moves if m.action is Action.TAKE])
        g.play(rng.choice(moves))
    assert deep == (deepest > 1)
    assert deep == (not rules.is_contract)


def test_the_pile_is_picked_up_by_a_take_in_the_draw_and_by_rummy_in_a_claim_window() -> None:
    g = Game.from_layout(
        "rummy500",
        hands=["7H 8H 2C 3D 4S 9C JD", "2H 3C 10D 4D 5S 6C KC"],
        stock="9D 6D 6S 4H",
        discard="KS 9H QS",
    )
    assert ask.pile_takes(g, 0, 2) == [Move(Action.TAKE, 0, number=2)]
    assert ask.pile_take(g, 0, 2) == Move(Action.TAKE, 0, number=2)
    assert ask.pile_takes(g, 0, 3) == []  # K♠ can not be used
    assert ask.pile_take(g, 0, 3) == Move(Action.TAKE, number=3)
    assert "K♠" in (g.why_illegal(ask.pile_take(g, 0, 3)) or "")
    assert ask.pile_takes(g, 1, 1) == []  # not seat 1's turn

    w = rummy_call_example()
    assert ask.pile_takes(w, 1, 6) == [Move(Action.RUMMY, 1, number=6)]
    assert ask.pile_take(w, 2, 6) == Move(Action.RUMMY, 2, number=6)
    assert ask.pile_take(w, 1, 5) == Move(Action.RUMMY, number=5)  # refused: no meld from 5
    assert w.why_illegal(ask.pile_take(w, 1, 5).with_seat(1)) is not None


def test_the_cut_range_is_the_legal_cuts() -> None:
    g = Game.new("liverpool", 3, seed=2)
    assert g.phase is Phase.CUT
    lifts = ask.cut_range(g)
    assert list(lifts) == sorted(m.number or 0 for m in g.legal_moves)
    assert lifts == range(1, g.stock_count)
    for n in (lifts.start - 1, lifts.stop):
        assert g.why_illegal(Move(Action.CUT, number=n)) is not None
    for n in (lifts.start, lifts.stop - 1):
        assert g.why_illegal(Move(Action.CUT, number=n)) is None


@pytest.mark.parametrize(
    ("preset", "options", "ends"),
    [
        ("rummy500", {}, True),  # RULES.md 3.5
        ("contract", {"reshuffles": 0}, True),  # 4.7: no rebuild left
        ("contract", {"reshuffles": 1}, False),  # 4.7: the pile becomes the stock
    ],
)
def test_a_draw_from_an_empty_stock_ends_the_deal_where_the_engine_ends_it(
    preset: str, options: dict[str, object], ends: bool
) -> None:
    hands = [
        "10C 10C QH 7H 7S 7D 9C 9S 9D KD",
        "2C 3C 4D 5D 6S 8S JH JC QD KC",
        "AC AD 3H 5H 6H 8H 10H 10D QH KH",
    ]
    if preset == "rummy500":
        hands = ["10C QH 7H 7S 7D 9C KD", "2C 3C 4D 5D 6S 8S JH", "AC AD 3H 5H 6H 8H 10H"]
    g = Game.from_layout(preset, hands=hands, stock="", discard="2S 3S JD", options=options)
    assert ask.draw_ends_deal(g) is ends
    g.play(Move(Action.DRAW))
    assert g.deal_over is ends


# --- what ends a player's decision (the hint stops there) ---------------------------
@pytest.mark.parametrize(("preset", "options"), random_games())
def test_keeps_turn_is_what_the_game_does_next(preset: str, options: dict[str, object]) -> None:
    """A move that `keeps_turn` leaves its player to move again (or ends the
    deal); any other move hands the decision on: a new phase, another seat,
    or a new claim window."""
    rules = PRESETS[preset]
    for seed in range(2):
        g = Game.new(preset, max(3, rules.min_players), seed=seed, options=options)
        rng = random.Random(seed)
        for _ in range(300):
            if g.game_over:
                break
            m = rng.choice(list(g.legal_moves))
            seat, phase, claim = m.seat, g.phase, g.claim
            keeps = ask.keeps_turn(g, m)
            g.play(m)
            if keeps:
                assert g.deal_over or (g.phase is phase and seat in g.to_act), m
            else:
                assert g.phase is not phase or seat not in g.to_act or g.claim is not claim, m


def test_the_rummy_callers_lay_off_ends_their_part() -> None:
    """Rummy call "last card": the caller lays the card off, and play goes on
    from the discarder's left (RULES.md 3.6), not with more of the caller's moves."""
    g = Game.from_layout(
        "rummy500",
        hands=["7H 8H 9H 10H 4C 5D QC", "2C 3D 9S JD 4S 6C KC", "2H 3C 10D 5S 6S KD QD"],
        stock="9C 6D 4H",
        discard="2S",
        options={"rummy_call": "last"},
    )
    for text in ("0: draw", "0: meld 7H 8H 9H", "0: discard 10H", "1: pass", "2: rummy 1"):
        g.play(Move.parse(text))
    assert g.phase is Phase.RUMMY_LAYOFF
    layoff = next(iter(g.legal_moves))
    assert layoff.action is Action.LAYOFF
    assert layoff.seat == 2
    assert not ask.keeps_turn(g, layoff)
    g.play(layoff)
    assert g.to_act == (1,)


# --- who wins ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("preset", "options", "lowest"),
    [("rummy500", {"target": 50}, False), ("persian", {}, False), ("contract", {}, True)],
)
def test_lowest_total_wins_is_how_the_engine_picks_the_winners(
    preset: str, options: dict[str, object], lowest: bool
) -> None:
    g = Game.new(preset, 4 if preset == "persian" else 3, seed=3, options=options)
    assert scoring.lowest_total_wins(g.rules) is lowest
    rng = random.Random(3)
    for _ in range(20000):
        if g.game_over:
            break
        g.play(rng.choice(list(g.legal_moves)))
    assert g.game_over
    best = (min if lowest else max)(g.totals)
    assert {g.side_of(w) for w in g.winners} == {i for i, t in enumerate(g.totals) if t == best}


# --- partners -------------------------------------------------------------------------
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_catalog_seats_sides_as_the_game_does(preset: str) -> None:
    rules = PRESETS[preset]
    for players in range(rules.min_players, rules.max_players + 1):
        sides = catalog.sides(rules, players)
        assert sides == Game.new(preset, players, seed=1).sides
        assert sorted(s for side in sides for s in side) == list(range(players))
    if rules.partnerships:
        assert catalog.sides(rules, 4) == ((0, 2), (1, 3))  # RULES.md 3.8: partners opposite


# --- the suit order -------------------------------------------------------------------
def test_one_suit_order_for_cards_symbols_and_sorting() -> None:
    assert [suit_symbol(s) for s in SUITS] == list(SUIT_SYMBOLS)
    assert [c.pretty[-1] for c in NATURALS[::13]] == list(SUIT_SYMBOLS)
    hand = parse_cards("KS JK 2H AC 2C 10D AS")
    assert sorted(hand, key=by_suit) == parse_cards("AC 2C 10D 2H AS KS JK")
    assert sorted(hand, key=by_rank) == parse_cards("AC AS 2C 2H 10D KS JK")
    assert sorted(NATURALS, key=by_suit) == sorted(NATURALS)  # the engine's own card order
    assert max([JOKER, *NATURALS], key=by_rank) is JOKER


# --- claim priority -------------------------------------------------------------------
def test_a_claim_windows_seats_are_asked_in_priority_order() -> None:
    w = rummy_call_example()
    claim = w.claim
    assert claim is not None
    assert w.to_act == claim.claimants == (1, 2)  # nearest the discarder first
    w.play(Move.parse("2: rummy 6"))
    assert w.to_act == (1,)  # seat 1 may still claim first
    assert claim.winning_seat() is None
    w.play(Move.parse("1: pass"))
    assert claim.winning_seat() == 2
    assert w.hand(2)[-6:] == parse_cards("KS 7D QS 8C KH JS")  # the engine gave seat 2 the cards
