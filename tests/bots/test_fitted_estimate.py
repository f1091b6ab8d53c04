"""Hard's fitted estimate at the cut (`RolloutBot(fitted=True)`, not the
level): a rollout stopped before the deal ends is judged by weights fitted
to how medium's deals end (docs/bots.md, ninth pass)."""

from __future__ import annotations

import random

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.bots import search as search_mod
from rummy_gui.bots.search import RolloutBot, fitted_utility, hard_level, utility
from rummy_gui.bots.solver import best_split, card_value
from rummy_gui.engine import Game
from rummy_gui.engine.cards import make_pack


def _layout(mine: str, theirs: str, stock_cards: int = 30) -> Game:
    """Two players, no jokers, seat 0 to draw; the stock holds `stock_cards`."""
    used = set(mine.split() + theirs.split() + ["2H"])
    stock = [str(c) for c in make_pack(1, 0) if str(c) not in used][:stock_cards]
    return Game.from_layout(
        "rummy500",
        hands=[mine, theirs],
        stock=" ".join(stock),
        discard="2H",
        turn=0,
        options={"jokers": False},
        seed=3,
    )


def _cost_of(extra: str, theirs: str, stock_cards: int = 30) -> float:
    base = "3C 5D 7S"
    return fitted_utility(_layout(base, theirs, stock_cards), 0) - fitted_utility(
        _layout(f"{base} {extra}", theirs, stock_cards), 0
    )


def test_fitted_estimate_charges_loose_cards_more_once_an_opponent_is_nearly_out() -> None:
    far = _cost_of("KC QD", "4S 6H 8D 10C JS 9H AC")
    near = _cost_of("KC QD", "4S 6H")
    assert near > far
    assert near > 0


def test_fitted_estimate_charges_loose_cards_more_as_the_stock_runs_down() -> None:
    full = _cost_of("KC QD", "4S 6H 8D 10C JS 9H AC", stock_cards=30)
    low = _cost_of("KC QD", "4S 6H 8D 10C JS 9H AC", stock_cards=3)
    assert low > full


def test_fitted_estimate_counts_a_meld_in_hand() -> None:
    theirs = "4S 6H 8D 10C JS 9H AC"
    with_set = fitted_utility(_layout("3C 5D 7S KC KD KH", theirs), 0)
    loose = fitted_utility(_layout("3C 5D 7S KC QD 9C", theirs), 0)
    assert with_set > loose


@pytest.mark.parametrize("preset", ["rummy500", "contract"])
def test_fitted_estimate_is_utility_where_it_does_not_apply(preset: str) -> None:
    """At the end of a deal (the real scores) and in the contract games."""
    players = 3 if preset == "rummy500" else 4
    g = Game.new(preset, players, seed=2)
    bots = [make_bot("medium", seed=s) for s in range(players)]
    for _ in range(600 if preset == "rummy500" else 30):
        if g.deal_over:
            break
        g.play(bots[g.to_act[0]].choose(g.view(g.to_act[0])))
    assert g.deal_over == (preset == "rummy500")
    assert [fitted_utility(g, s) for s in range(players)] == [utility(g, s) for s in range(players)]


def test_a_fitted_bot_judges_its_cut_rollouts_by_the_fitted_estimate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    level = hard_level(1)
    bots = [make_bot("medium", seed=s) for s in range(3)]
    view = None
    for seed in range(30):
        g = Game.new("rummy500", 3, seed=seed)
        for _ in range(120):
            if g.deal_over:
                break
            v = g.view(g.to_act[0])
            if level.compared(v, random.Random(0)):
                view = v
                break
            g.play(bots[v.seat].choose(v))
        if view is not None:
            break
    assert view is not None
    calls: list[str] = []
    real_fitted, real_plain = search_mod.fitted_utility, search_mod.utility

    def spy(name: str, real: object) -> object:
        def judged(game: Game, me: int) -> float:
            calls.append(name)
            return real(game, me)  # type: ignore[operator]

        return judged

    monkeypatch.setattr(search_mod, "fitted_utility", spy("fitted", real_fitted))
    monkeypatch.setattr(search_mod, "utility", spy("plain", real_plain))
    settings = {"candidates": 2, "margin": 1000.0, "budget": 180, "min_samples": 5, "moves": 12}
    RolloutBot(1, "hard", fitted=True, **settings).choose(view)  # type: ignore[arg-type]
    assert set(calls) == {"fitted"}
    calls.clear()
    RolloutBot(1, "hard", **settings).choose(view)  # type: ignore[arg-type]
    assert set(calls) == {"plain"}


def test_a_loose_cost_charges_each_point_of_leftovers() -> None:
    theirs = "4S 6H 8D 10C JS 9H AC"
    g = _layout("3C 5D 7S KC QD", theirs)
    plain = utility(g, 0)
    charged = utility(g, 0, loose_cost=0.5)
    # no melds in either hand: every card is a leftover
    mine, other = (sum(card_value(g.rules, c) for c in g.hand(s)) for s in (0, 1))
    assert best_split(g.rules, g.hand(1), g.melds).melds == ()
    assert charged - plain == pytest.approx(0.5 * (other - mine))


def test_a_bot_with_a_loose_cost_judges_its_cuts_by_it(monkeypatch: pytest.MonkeyPatch) -> None:
    costs: list[float] = []
    real = search_mod.utility

    def spying(game: Game, me: int, loose_cost: float = 0.0) -> float:
        costs.append(loose_cost)
        return real(game, me, loose_cost)

    monkeypatch.setattr(search_mod, "utility", spying)
    bot = RolloutBot(1, "hard", candidates=2, margin=1000.0, budget=180, moves=12, loose_cost=0.5)
    bots = [make_bot("medium", seed=s) for s in range(3)]
    for seed in range(30):
        g = Game.new("rummy500", 3, seed=seed)
        for _ in range(120):
            if g.deal_over or costs:
                break
            v = g.view(g.to_act[0])
            g.play(bot.choose(v) if v.seat == 0 else bots[v.seat].choose(v))
        if costs:
            break
    assert set(costs) == {0.5}
