"""The judgment's settings the levels use: a cost on a take of the top
discard (in both families) and on each card a deep take or rummy call
brings above its target, the weight of the penalty points held before the
contract and that weight in round 7, melds kept in hand while the
opponents hold many cards, and runs short of one or two cards where runs
are long."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import pytest

from rummy_gui.bots.policy import JUDGMENTS, MEDIUM, Judge, Params, RuleBot, Tuning
from rummy_gui.bots.search import hard_level
from rummy_gui.bots.solver import card_value
from rummy_gui.engine import PRESETS, Game, Phase, View
from rummy_gui.engine.cards import Card, make_pack
from rummy_gui.engine.enums import Action
from rummy_gui.engine.moves import Move
from rummy_gui.engine.seeded import seeded_deal
from tests.bots._shared import one_stream

OWN = replace(JUDGMENTS["hard"].settings(PRESETS["contract"]), take_cost=0.0)
NINE = Card(9, "D")


def _next_holds_two_nines(options: dict[str, object] | None = None) -> View:
    """Contract, 4 players, round 1 (two sets): seat 1 has picked up 9H and
    9S from the pile; seat 0 is to draw with 9D on top of the pile."""
    hands = [
        "2C 3D 4H 5S 6C 7D 8H JS QC 9S",
        "KS 2D 3H 4S 5C 6D 7H 8S JC QD",
        "2H 3S 4C 5D 6H 7S 8C 10D JH QS",
        "2S 3C 4D 5H 6S 7C 8D 10H JD 9D",
    ]
    left = Counter([*" ".join(hands).split(), "9H"])
    stock = []
    for c in make_pack(2, 3):
        if left[str(c)]:
            left[str(c)] -= 1
        else:
            stock.append(str(c))
    g = Game.from_layout("contract", hands, " ".join(stock), "9H", turn=1, options=options, seed=3)

    def turn(seat: int, draw: str, discard: str) -> None:
        g.play(f"{seat}: {draw}")
        while g.phase == "claim":  # nobody buys the card drawn past
            g.play(f"{g.to_act[0]}: pass")
        g.play(f"{seat}: discard {discard}")

    turn(1, "take 1", "QD")
    turn(2, "draw", "10D")
    turn(3, "draw", "JD")
    turn(0, "draw", "9S")
    turn(1, "take 1", "JC")
    turn(2, "draw", "JH")
    turn(3, "draw", "9D")
    return g.view(0)


def _draw_scores(view: View, own: Params) -> dict[str, float]:
    """Medium's score of each draw of the view, with `own` as its contract settings."""
    bot = RuleBot(0, Tuning(MEDIUM, own), "medium")
    return {str(m): s for s, m in bot.options(view, random.Random(0))}


def test_the_levels_use_only_the_take_cost() -> None:
    view = _next_holds_two_nines()
    for bot in (hard_level(0).base, RuleBot(0, JUDGMENTS["medium"], "medium")):
        assert bot.params_for(view).penalty == 0.15
    # hard's takes of the top discard pay the cost, medium's do not
    assert hard_level(0).base.params_for(view).take_cost == 2.0
    assert RuleBot(0, JUDGMENTS["medium"], "medium").params_for(view).take_cost == 0.0


def test_the_penalty_weight_prices_each_point_held_before_the_contract() -> None:
    view = _next_holds_two_nines()
    hand = list(view.hand)
    held = sum(card_value(view.rules, c) for c in hand if not c.is_joker)
    plain, heavy = Judge(view, OWN), Judge(view, replace(OWN, penalty=0.3))
    assert OWN.penalty == MEDIUM.penalty == 0.15
    assert heavy.value(hand) - plain.value(hand) == pytest.approx(-0.15 * held)


def test_the_take_cost_lowers_only_the_take_of_the_top_discard() -> None:
    view = _next_holds_two_nines()
    before, after = _draw_scores(view, OWN), _draw_scores(view, replace(OWN, take_cost=4.0))
    assert after["0: draw"] == pytest.approx(before["0: draw"])
    assert after["0: take 1"] == pytest.approx(before["0: take 1"] - 4.0)


def _medium_until(preset: str, wanted: Callable[[View], bool], players: int = 3) -> View:
    """The first view of a medium-played game (seeds 1 to 20) that `wanted` accepts."""
    for s in range(1, 21):
        g = one_stream(preset, players, s)
        for _ in range(400):
            if g.deal_over:
                break
            v = g.view(g.to_act[0])
            if wanted(v):
                return v
            g.play(RuleBot(0, MEDIUM, "medium").choose(v))
    pytest.fail("no such view in 20 games")


def _scores(view: View, params: Params) -> dict[str, float]:
    return {str(m): s for s, m in RuleBot(0, params, "medium").options(view, random.Random(0))}


def test_the_take_cost_in_the_500_family_lowers_only_a_take_of_one_card() -> None:
    def kind(m: Move) -> tuple[Action, int]:
        return m.action, m.number or 1

    def both(v: View) -> bool:  # a draw with both a single and a deep take
        kinds = {kind(m) for m in v.legal_moves}
        return v.phase == Phase.DRAW and {(Action.TAKE, 1), (Action.TAKE, 2)} <= kinds

    v = _medium_until("rummy500", both)
    cheap = {kind(m): s for s, m in RuleBot(0, MEDIUM, "medium").options(v, random.Random(0))}
    dear = RuleBot(0, replace(MEDIUM, take_cost=4.0), "medium").options(v, random.Random(0))
    assert (Action.DRAW, 1) in cheap
    assert {kind(m): s for s, m in dear} == {
        k: s - 4.0 if k == (Action.TAKE, 1) else s for k, s in cheap.items()
    }


@pytest.mark.parametrize(
    ("phase", "action", "least"), [(Phase.DRAW, Action.TAKE, 3), (Phase.CLAIM, Action.RUMMY, 2)]
)
def test_the_deep_cost_lowers_a_take_or_rummy_call_by_each_card_above_its_target(
    phase: Phase, action: Action, least: int
) -> None:
    def wanted(v: View) -> bool:
        return v.phase == phase and any(
            m.action == action and (m.number or 1) >= least for m in v.legal_moves
        )

    view = _medium_until("rummy500", wanted)
    cheap, dear = _scores(view, MEDIUM), _scores(view, replace(MEDIUM, deep_cost=3.0))
    assert cheap.keys() == dear.keys()
    numbers = {str(m): m.number or 1 for m in view.legal_moves if m.action == action}
    assert max(numbers.values()) >= least
    for text, score in cheap.items():
        n = numbers.get(text, 1)
        assert dear[text] == pytest.approx(score - 3.0 * (n - 1)), text


def _lays_down(v: View, actions: tuple[Action, ...], first: bool = False) -> bool:
    """Medium is about to play one of `actions` (with `first`, its first of
    the deal), far from the deal's end: three cards or more stay in its
    hand, every hand holds five or more, the stock more than four."""
    if v.phase != Phase.PLAY or v.target is not None:
        return False
    if first and any(v.seat in m.owners for m in v.melds):
        return False
    move = RuleBot(0, MEDIUM, "medium").choose(v)
    return (
        move.action in actions
        and len(v.hand) - len(move.cards) >= 3
        and min(v.hand_sizes) > 4
        and v.stock_count > 4
    )


def _first_meld(v: View) -> bool:
    return _lays_down(v, (Action.MELD, Action.LAYOFF), first=True)


def test_the_hold_lets_a_hand_that_can_go_out_go_down_whole() -> None:
    g = Game.from_layout(
        "persian",
        hands=[
            "7H 7D 7S 8C 8D 8H 2C",
            "3C 4D 6S 9H JC QD KS",
            "3D 4C 6H 9S JD QC KH",
            "3H 4S 6D 9C JH QS KD",
        ],
        stock="8S 5C 5D 5H 5S 10C 10D 10H 10S",
        discard="AS",
        turn=0,
        round=1,
        seed=1,
    )
    g.play(next(m for m in g.view(0).legal_moves if m.action == Action.DRAW))
    bot = RuleBot(0, replace(MEDIUM, hold_melds=4), "medium")
    while g.view(0).hand:  # two sets down, the deuce discarded: out in one turn
        g.play(bot.choose(g.view(0)))
    assert g.deal_over
    partner_held = 3 + 4 + 6 + 9 + 10 + 10 + 10
    # the sevens, the eights doubled (four at once), the 25-point bonus
    assert g.deal_scores is not None
    assert g.deal_scores[0] == 7 * 3 + 2 * 8 * 4 + 25 - partner_held


@pytest.mark.parametrize("action", [Action.MELD, Action.LAYOFF])
def test_held_melds_wait_in_hand_while_lay_offs_still_go_down(action: Action) -> None:
    view = _medium_until("rummy500", lambda v: _lays_down(v, (action,)))
    plain = RuleBot(0, MEDIUM, "medium").choose(view)
    held = RuleBot(0, replace(MEDIUM, hold_melds=4), "medium").choose(view)
    if action == Action.MELD:
        assert held.action in (Action.DISCARD, Action.LAYOFF)
        assert not set(held.cards) & set(plain.cards)
    else:
        assert held == plain
    fewest = min(n for s, n in enumerate(view.hand_sizes) if s != view.seat)
    assert RuleBot(0, replace(MEDIUM, hold_melds=fewest), "medium").choose(view) == plain


def _quiet_turns(v: View, seat: int) -> int:
    """Turns `seat` has ended this deal with nothing laid down (0 once it has)."""
    if any(m.seat == seat and m.action in (Action.MELD, Action.LAYOFF) for m in v.log):
        return 0
    return sum(1 for m in v.log if m.seat == seat and m.action == Action.DISCARD)


def test_the_hold_ends_once_an_opponent_has_laid_nothing_down_for_so_many_turns() -> None:
    def wanted(v: View) -> bool:  # a meld medium lays down; an opponent quiet for 2+ turns
        quiet = max(_quiet_turns(v, s) for s in range(v.players) if s != v.seat)
        return quiet >= 2 and _lays_down(v, (Action.MELD,))

    view = _medium_until("rummy500", wanted)
    quiet = max(_quiet_turns(view, s) for s in range(view.players) if s != view.seat)
    plain = RuleBot(0, MEDIUM, "medium").choose(view)
    held = replace(MEDIUM, hold_melds=4)
    assert RuleBot(0, replace(held, hold_quiet=quiet + 1), "medium").choose(view).action != (
        Action.MELD
    )
    assert RuleBot(0, replace(held, hold_quiet=quiet), "medium").choose(view) == plain


def test_after_a_take_the_taken_card_is_melded_and_the_other_melds_wait() -> None:
    g = Game.from_layout(
        "rummy500",
        hands=["7H 7D 9S 9C 9D 2C 4H", "3C 4D 6S 10H JC QD KS", "3D 4C 6H 10S JD QC KH"],
        stock="8S 5C 5D 5H 5S 10C 10D",
        discard="7S KD",
        turn=0,
        round=1,
        seed=1,
    )
    g.play(next(m for m in g.view(0).legal_moves if m.action == Action.TAKE and m.number == 2))

    def turn(params: Params) -> list[str]:
        h, played = g.copy(), []
        while h.to_act == (0,):
            m = RuleBot(0, params, "medium").choose(h.view(0))
            played.append(str(m))
            h.play(m)
        return played

    assert turn(MEDIUM) == ["0: meld 7D 7H 7S", "0: meld 9C 9D 9S", "0: discard KD"]
    assert turn(replace(MEDIUM, hold_melds=3)) == ["0: meld 7D 7H 7S", "0: discard KD"]


def test_the_final_penalty_applies_only_in_the_round_that_goes_out_whole() -> None:
    # `final_penalty` replaces the penalty weight in round 7 alone
    last = seeded_deal("contract", 4, 1, 6)
    assert last.round == 7
    view = last.view(last.to_act[0])
    hand = list(view.hand)
    held = sum(card_value(view.rules, c) for c in hand if not c.is_joker)
    plain = Judge(view, OWN)
    heavy = Judge(view, replace(OWN, final_penalty=2.0))
    assert held > 0
    assert heavy.value(hand) - plain.value(hand) == pytest.approx(-(2.0 - OWN.penalty) * held)
    first = _next_holds_two_nines()
    assert first.round == 1
    both = replace(OWN, final_penalty=2.0)
    assert Judge(first, both).value(list(first.hand)) == Judge(first, OWN).value(list(first.hand))


def _cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def test_where_runs_are_long_runs_short_of_one_or_two_unseen_cards_count() -> None:
    # Pinochle (runs of five, ace low): seat 0 holds 8S 9D 2H 7D 6H 3C 10H
    # and sees AD on the pile; `promise` counts only pairs there.
    view = one_stream("pinochle", 3, 1).view(0)
    own = replace(JUDGMENTS["medium"].settings(PRESETS["pinochle"]), long_runs=1.0)
    judge = Judge(view, own)
    # 4-5-6-7 of clubs: 3C is seen, so only 4-8 counts, short of 8C alone
    assert judge.run_promise(_cards("4C 5C 6C 7C")) == pytest.approx(0.5 * (4 + 5 + 6 + 7 + 5))
    # J-Q-K-A of spades: the ace is low only, so 9-K is short of two
    assert judge.run_promise(_cards("JS QS KS AS")) == pytest.approx(0.2 * (30 + 5))
    # 10-J-Q-K of diamonds: 9D is seen and nothing runs past the king
    assert judge.run_promise(_cards("10D JD QD KD")) == 0.0
    hand = _cards("4C 5C 6C 7C KH KS")
    medium = JUDGMENTS["medium"].settings(PRESETS["pinochle"])
    gain = judge.value(hand) - Judge(view, medium).value(hand)
    assert gain == pytest.approx(judge.run_promise(hand))
    # runs of three: the pairs' promise covers them, the field changes nothing
    plain = Game.new("rummy500", 3, seed=1).view(0)
    assert Judge(plain, replace(MEDIUM, long_runs=1.0)).value(hand) == Judge(plain, MEDIUM).value(
        hand
    )
