"""The meld solver against brute force: every partition of the hand into
melds the engine accepts (`readings`) and leftovers."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_gui.bots.solver import (
    best_split,
    card_value,
    contract_distance,
    contract_layout,
    fits_alone,
)
from rummy_gui.engine.cards import JOKER, Card, make_pack, parse_cards
from rummy_gui.engine.game import Game
from rummy_gui.engine.melds import RUN, SET, Reading, Token, layoff_fits, readings
from rummy_gui.engine.rules import PRESETS, Rules
from rummy_gui.engine.scoring import value_500


def reading_value(rules: Rules, r: Reading) -> int:
    if rules.is_contract:
        return 0
    v = 0
    for i, c in enumerate(r.cards):
        v += value_500(rules, c, low_ace=r.kind == RUN and r.low + i == 1 and c.rank == 1)
    if rules.persian_bonuses and r.kind == SET and len(r.cards) == 4:
        v *= 2
    return v


def brute(rules: Rules, hand: Sequence[Card]) -> int:
    @cache
    def go(codes: tuple[int, ...]) -> int:
        if not codes:
            return 0
        cards = [JOKER if c == 52 else Card(c % 13 + 1, "CDHS"[c // 13]) for c in codes]
        first, rest = cards[0], cards[1:]
        best = go(codes[1:]) - card_value(rules, first)
        for k in range(2, len(rest) + 1):
            for idx in combinations(range(len(rest)), k):
                meld = [first] + [rest[i] for i in idx]
                rs = readings(rules, [Token(c) for c in meld])
                if not rs:
                    continue
                left = tuple(c.code for i, c in enumerate(rest) if i not in idx)
                best = max(best, max(reading_value(rules, r) for r in rs) + go(left))
        return best

    return go(tuple(sorted(c.code for c in hand)))


def hands(preset: str, players: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    rules = PRESETS[preset]
    pack = make_pack(rules.decks(players), rules.joker_count(players))
    return st.lists(st.integers(0, len(pack) - 1), min_size=1, max_size=max_size, unique=True).map(
        lambda ix: [pack[i] for i in ix]
    )


def clustered(preset: str, players: int, max_size: int) -> st.SearchStrategy[list[Card]]:
    """Hands from a narrow slice of the pack, so that melds are common."""
    rules = PRESETS[preset]
    pack = [
        c
        for c in make_pack(rules.decks(players), rules.joker_count(players))
        if c.is_joker or (c.rank in (1, 2, 3, 4, 5, 12, 13) and c.suit in "HS")
    ]
    return st.lists(st.integers(0, len(pack) - 1), min_size=1, max_size=max_size, unique=True).map(
        lambda ix: [pack[i] for i in ix]
    )


CASES = [
    ("rummy500", 5),
    ("rummy500-classic", 3),
    ("persian", 4),
    ("pinochle", 3),
    ("contract", 4),
    ("shanghai", 4),
]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(CASES).flatmap(
        lambda c: st.tuples(
            st.just(c[0]), st.one_of(hands(c[0], c[1], 8), clustered(c[0], c[1], 8))
        )
    )
)
def test_best_split_matches_brute_force(case: tuple[str, list[Card]]) -> None:
    preset, hand = case
    rules = PRESETS[preset]
    split = best_split(rules, hand)
    assert split.score == brute(rules, hand)
    # the split is a real split of the hand into melds the engine accepts
    used = [c for m in split.melds for c in m.cards] + list(split.leftovers)
    assert sorted(c.code for c in used) == sorted(c.code for c in hand)
    for m in split.melds:
        assert readings(rules, [Token(c) for c in m.cards], m.kind), m


def test_split_examples() -> None:
    r = PRESETS["rummy500"]
    s = best_split(r, parse_cards("7H 8H 9H 7S 7D JK 2C"))
    assert s.leftovers == (Card(2, "C"),)
    assert s.score == 7 + 8 + 9 + 7 + 7 + 15 - 2
    c = PRESETS["contract"]
    assert best_split(c, parse_cards("7H 7S 7D 9C 10C JC QC 2H")).score == -2


def test_layoffs_on_table_count_as_melded() -> None:
    g = Game.from_layout(
        "rummy500", hands=["8H 9H 10H 2C 5D", "KS"], stock="3C 4C 5C", discard="KD", turn=0
    )
    g.play("draw")
    g.play("meld 8H 9H 10H")
    split = best_split(g.rules, parse_cards("JH QH 4S"), g.melds)
    assert split.leftovers == (Card(4, "S"),)
    assert [m.kind for m in split.melds] == ["layoff"]


def test_fits_alone_follows_the_table_as_it_grows() -> None:
    """The remembered lay-off table answers as layoff_fits does, for every
    card, and a meld that grows is a new table (no stale answer)."""
    g = Game.from_layout(
        "rummy500", hands=["8H 9H 10H JH 2C 5D 5S 5C", "KS"], stock="3C 4C 5H", discard="KD", turn=0
    )
    g.play("draw")
    pack = sorted(set(make_pack(1, 2)), key=lambda c: c.code)

    def agree() -> None:
        for c in pack:
            expected = any(layoff_fits(g.rules, m, [Token(c)]) for m in g.melds)
            assert fits_alone(g.rules, g.melds, c) == expected, c

    assert not any(fits_alone(g.rules, g.melds, c) for c in pack)
    g.play("meld 8H 9H 10H")
    agree()
    assert fits_alone(g.rules, g.melds, Card(7, "H"))
    assert not fits_alone(g.rules, g.melds, Card(12, "H"))
    g.play("layoff JH to 1")
    agree()
    assert fits_alone(g.rules, g.melds, Card(12, "H"))
    g.play("meld 5D 5S 5C")
    agree()
    assert fits_alone(g.rules, g.melds, Card(5, "H"))


def test_remembered_meld_fits_follow_the_table_as_it_grows() -> None:
    """best_split's lay-offs come from fits remembered per meld; as melds
    grow, its answer equals the one computed with nothing remembered."""
    from rummy_gui.bots import templates

    g = Game.from_layout(
        "rummy500", hands=["8H 9H 10H JH 2C 5D 5S 5C", "KS"], stock="3C 4C 5H", discard="KD", turn=0
    )
    g.play("draw")
    probe = parse_cards("7H 6H QH KH AH 5H 4D 6D 2C JK")

    def fresh_equals_remembered() -> None:
        remembered = [best_split(g.rules, probe[:k], g.melds) for k in range(1, len(probe) + 1)]
        templates.MELD_FITS.clear()
        assert [
            best_split(g.rules, probe[:k], g.melds) for k in range(1, len(probe) + 1)
        ] == remembered

    fresh_equals_remembered()
    g.play("meld 8H 9H 10H")
    fresh_equals_remembered()
    assert any(
        pm.kind == "layoff" and pm.cards == (Card(7, "H"), Card(6, "H"))
        for pm in best_split(g.rules, probe[:2], g.melds).melds
    )
    g.play("layoff JH to 1")
    fresh_equals_remembered()
    assert any(
        pm.cards == (Card(12, "H"), Card(13, "H"), Card(1, "H"))
        for pm in best_split(g.rules, probe[:5], g.melds).melds
    )
    g.play("meld 5D 5S 5C")
    fresh_equals_remembered()
    five = best_split(g.rules, [Card(5, "H")], g.melds)
    assert [pm.meld_id for pm in five.melds] == [2]
    assert five.score == 5


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([("contract", 4), ("shanghai", 4)]).flatmap(
        lambda c: st.tuples(st.just(c[0]), st.integers(1, 6), clustered(c[0], c[1], 12))
    )
)
def test_contract_layout_matches_legal_moves(case: tuple[str, int, list[Card]]) -> None:
    """The solver finds a contract exactly when the engine lists one."""
    preset, round_number, hand = case
    rules = PRESETS[preset]
    text = " ".join(str(c) for c in hand)
    g = Game.from_layout(
        preset,
        hands=[text, "2C", "3C", "4C"],
        stock="5D 6D 7D 8D",
        discard="9D",
        turn=0,
        round=round_number,
        options={"buying": False},
    )
    g.play("draw")
    full = g.hand(0)
    engine_has = any(m.action == "contract" for m in g.legal_moves)
    layout = contract_layout(rules, full, round_number)
    assert (layout is not None) == engine_has
    if layout is not None:
        assert contract_distance(rules, full, round_number) == 0


def test_contract_examples() -> None:
    c = PRESETS["contract"]
    hand = parse_cards("7H 7S 7D 9C 10C JC QC 2H 5S KD")
    layout = contract_layout(c, hand, 2)
    assert layout is not None
    assert layout.penalty == 2 + 5 + 10
    assert contract_layout(c, hand, 3) is None
    assert contract_distance(c, hand, 3) == 2
    assert contract_distance(c, parse_cards("3H 3S JK 4D"), 1) == 2
    assert JOKER not in layout.leftovers


def test_kept_meld_lists_give_the_split_computed_afresh() -> None:
    """best_split keeps meld lists by rank and suit, and the solved parts of
    hands, across calls; hands changing a card at a time (with a table meld
    to lay off on) get the same splits as with nothing kept."""
    import random

    from rummy_gui.bots import solver

    rng = random.Random(5)
    for preset in ("rummy500", "persian", "contract", "shanghai"):
        g = Game.new(preset, 4, seed=3)
        pack = g.all_cards()
        table = g.melds
        if preset == "rummy500":
            g2 = Game.from_layout(
                "rummy500",
                hands=["8H 9H 10H 5D 5S 5C 2C", "KS"],
                stock="3C 4C 5H",
                discard="KD",
                turn=0,
            )
            g2.play("draw")
            g2.play("meld 8H 9H 10H")
            table = g2.melds
        hands = [rng.sample(pack, 12)]
        for _ in range(60):
            h = list(hands[-1])
            h.pop(rng.randrange(len(h))) if rng.random() < 0.5 or len(h) > 16 else None
            h.append(rng.choice(pack))
            hands.append(h)
        solver.forget()
        kept = [best_split(g.rules, h, table) for h in hands]
        afresh = []
        for h in hands:
            solver.forget()
            afresh.append(best_split(g.rules, h, table))
        assert kept == afresh


def test_contract_distance_lets_a_run_leave_out_a_held_card_for_a_joker() -> None:
    """Round 6 (a set and two runs): A-4 of spades takes the only 3S and 4S, so
    the second run is 2S JK JK 5S; the hand holds the contract (found by
    hypothesis: the estimate said one card was missing)."""
    rules = PRESETS["contract"]
    hand = parse_cards("QH JK QH AS AH 2S 3S 4S 5S QS 2S JK 5D")
    assert contract_layout(rules, hand, 6) is not None
    assert contract_distance(rules, hand, 6) == 0


def test_the_contract_solvers_read_the_meld_sizes_from_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The contract's runs are the engine's (`ask.round_contract`): with
    runs of 5 there, two runs of 4 no longer hold round 3's contract."""
    from rummy_gui.bots import solver
    from rummy_gui.engine import ask

    c = PRESETS["contract"]
    fours = parse_cards("3H 4H 5H 6H 8S 9S 10S JS 2C 2D")
    fives = parse_cards("3H 4H 5H 6H 7H 8S 9S 10S JS QS KC")
    solver.forget()
    assert contract_distance(c, fours, 3) == 0
    assert solver.round_melds(c, 7) == (0, 2, 1)  # 13 cards after the draw: 4 + 4 + 5
    monkeypatch.setattr(ask, "CONTRACT_RUN_SIZE", 5)
    solver.forget()
    try:
        assert contract_distance(c, fours, 3) == 2
        assert contract_layout(c, fours, 3) is None
        layout = contract_layout(c, fives, 3)
        assert layout is not None
        assert [len(m.cards) for m in layout.melds] == [5, 5]
    finally:
        solver.forget()


def test_what_fits_a_meld_is_remembered_apart_for_a_complete_one() -> None:
    """A set made four in Pinochle takes no more cards: the lay-offs remembered
    for the open set must not answer for it (a search then depended on what
    was searched before it)."""
    from copy import copy

    from rummy_gui.bots.templates import meld_fits
    from rummy_gui.engine import PRESETS
    from rummy_gui.engine.cards import Token, parse_cards
    from rummy_gui.engine.melds import Meld, readings

    rules = PRESETS["pinochle"]
    reading = readings(rules, [Token(c) for c in parse_cards("7C 7D 7H")])[0]
    open_set = Meld(1, reading, owner=0)
    closed = copy(open_set)
    closed.complete = True
    assert meld_fits(rules, open_set) is not meld_fits(rules, closed)
