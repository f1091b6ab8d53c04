"""Hard's sampling: guessed deals consistent with the view, rollouts counted
in work, and the choice made only among medium's candidates."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.bots import search as search_mod
from rummy_gui.bots.memory import remember
from rummy_gui.bots.policy import HARD_CONTRACT, JUDGMENTS, MEDIUM, Judge, RuleBot
from rummy_gui.bots.search import HARD_MAX_GUESSES, RolloutBot, sample_world
from rummy_gui.engine import Action, Game, View
from rummy_gui.engine.cards import Card
from tests.bots._shared import first_view, spy_playouts

T = TypeVar("T")


def _played(preset: str, players: int, seed: int, moves: int) -> Game:
    g = Game.new(preset, players, seed=seed)
    bots = [make_bot("medium", seed=s) for s in range(players)]
    for _ in range(moves):
        if g.deal_over:
            break
        g.play(bots[g.to_act[0]].choose(g.view(g.to_act[0])))
    return g


@pytest.mark.parametrize(
    ("preset", "players", "seed"), [("rummy500", 3, 4), ("contract", 4, 2), ("persian", 4, 1)]
)
@pytest.mark.parametrize("best_of", [1, 4])
def test_guessed_deal_is_consistent_with_the_view(
    preset: str, players: int, seed: int, best_of: int
) -> None:
    g = _played(preset, players, seed, 25)
    seat = g.to_act[0]
    view = g.view(seat)
    mem = remember(view)
    world = sample_world(view, random.Random(7), best_of)
    # what the seat sees is unchanged
    assert world.hand(seat) == list(view.hand)
    assert list(world.discard_pile) == list(view.discard_pile)
    assert world.view(seat).log == view.log  # the public log goes with it (memories)
    assert world.stock_count == view.stock_count
    hidden: Counter[Card] = Counter()
    for s in range(players):
        if s == seat:
            continue
        hand = world.hand(s)
        assert len(hand) == view.hand_sizes[s]
        # cards it is known to have picked up stay in its hand
        assert not (mem.known[s] - Counter(hand))
        hidden.update(hand)
    hidden.update(world._stock)
    assert hidden == mem.unseen  # every unseen card is somewhere, once


def test_determinize_refuses_wrong_sizes() -> None:
    g = _played("rummy500", 3, 4, 5)
    view = g.view(g.to_act[0])
    other = (view.seat + 1) % 3
    with pytest.raises(ValueError, match="holds"):
        view.determinize({other: []}, [])


def _deep_take_position() -> tuple[Game, int]:
    """A rummy500 position where medium weighs a take of two or more cards."""
    g, view = first_view(
        "rummy500", 3, 60, 80, lambda v: bool(RolloutBot(seed=1).compared(v, random.Random(0)))
    )
    return g, view.seat


def _spy_playouts(monkeypatch: pytest.MonkeyPatch, what: Callable[[object, int], T]) -> list[T]:
    """Rollouts still run; the list fills with `what(first move, move limit)` of each."""
    return spy_playouts(monkeypatch, search_mod, what)


def _count_playouts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Rollouts still run; the list fills with the first move of each."""
    return _spy_playouts(monkeypatch, lambda first, _limit: str(first))


def test_hard_rolls_out_every_candidate_on_each_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    g, seat = _deep_take_position()
    view = g.view(seat)
    calls = _count_playouts(monkeypatch)
    bot = RolloutBot(seed=3, budget=1, min_samples=3)
    move = bot.choose(view)
    assert move in view.legal_moves
    kinds = Counter(calls)
    assert len(kinds) >= 2  # at least two candidates compared
    assert set(kinds.values()) == {3}  # each on every one of the 3 guesses
    assert str(move) in kinds  # the move played is one of them
    # work, not the clock: the same view and seed give the same move
    assert RolloutBot(seed=3, budget=1, min_samples=3).choose(g.view(seat)) == move


def test_hard_in_the_contract_games_never_rolls_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The level as shipped: in the contract games hard is medium with the
    contract settings (buy rollouts are off, docs/bots.md says why)."""
    calls = _count_playouts(monkeypatch)
    g = Game.new("contract", 4, seed=3)
    hard = make_bot("hard", seed=2)
    rule = RuleBot(2, JUDGMENTS["hard"], "medium")
    for _ in range(150):
        if g.deal_over:
            break
        seat = g.to_act[0]
        view = g.view(seat)
        move = hard.choose(view)
        assert move == rule.choose(view)
        g.play(move)
    assert calls == []


def _contract_endgame() -> View:
    """A contract view where an opponent who laid down holds at most two
    cards and the seat to play has not laid down."""

    def wanted(v: View) -> bool:
        return (
            v.phase == "play"
            and not v.laid_down[v.seat]
            and any(v.laid_down[s] and v.hand_sizes[s] <= 2 for s in range(4) if s != v.seat)
        )

    return first_view("contract", 4, 40, 600, wanted)[1]


def test_hard_sheds_points_sooner_when_a_laid_down_opponent_is_nearly_out() -> None:
    view = _contract_endgame()
    calm, hurried = Judge(view, MEDIUM), Judge(view, HARD_CONTRACT)
    assert calm.hurry == 0.0
    assert hurried.hurry >= 0.6
    hand = list(view.hand)
    # the same hand is worth less to hard the more penalty it holds
    heavy = [c for c in hand if not c.is_joker]
    assert hurried.value(heavy) < calm.value(heavy)
    # and with nobody laid down there is no hurry at all
    early = Game.new("contract", 4, seed=1)
    v0 = early.view(early.to_act[0])
    assert Judge(v0, HARD_CONTRACT).hurry == 0.0


@pytest.mark.parametrize(("preset", "players"), [("rummy500", 3), ("shanghai", 4)])
def test_remembered_replays_match_a_fresh_replay(
    preset: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memory replays only the moves since a stored replay of the same
    deal; what it remembers is what a replay from scratch gives, for every
    seat's view, across guessed deals too."""
    from rummy_gui.bots import memory

    def fresh(view: View) -> memory.Memory:
        monkeypatch.setattr(memory, "_REPLAYS", {})
        return memory.remember(view)

    def same(a: memory.Memory, b: memory.Memory) -> None:
        assert (a.unseen, a.known, a.refused, a.took, a.pile) == (
            b.unseen,
            b.known,
            b.refused,
            b.took,
            b.pile,
        )

    g = Game.new(preset, players, seed=5)
    bots = [make_bot("medium", seed=s) for s in range(players)]
    stored: dict[tuple[int, int], object] = {}
    monkeypatch.setattr(memory, "_REPLAYS", stored)
    for i in range(220):
        if g.deal_over:
            break
        for seat in range(players):
            view = g.view(seat)
            monkeypatch.setattr(memory, "_REPLAYS", stored)
            cached = memory.remember(view)
            same(cached, fresh(view))
        view = g.view(g.to_act[0])
        if i % 40 == 20:  # a guessed deal shares the log's moves
            world = sample_world(view, random.Random(i))
            monkeypatch.setattr(memory, "_REPLAYS", stored)
            same(memory.remember(world.view(view.seat)), fresh(view))
        monkeypatch.setattr(memory, "_REPLAYS", stored)
        g.play(bots[g.to_act[0]].choose(view))
    assert len(g.view(0).log) > 20
    assert len(stored) >= len(g.view(0).log) - 1  # a replay stored at every move


def test_hards_budget_stops_the_guesses_by_work_not_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a budget of simulated moves the guesses stop once it is spent,
    after at least `min_samples` of them, every candidate on each; the same
    view and seed give the same move."""
    g, seat = _deep_take_position()
    calls = _count_playouts(monkeypatch)
    bot = RolloutBot(seed=3, budget=1, min_samples=2)
    move = bot.choose(g.view(seat))
    kinds = Counter(calls)
    assert len(kinds) >= 2
    assert set(kinds.values()) == {2}
    assert str(move) in kinds
    calls.clear()
    assert RolloutBot(seed=3, budget=1, min_samples=2).choose(g.view(seat)) == move
    calls.clear()
    RolloutBot(seed=3, budget=100000, min_samples=2).choose(g.view(seat))
    assert set(Counter(calls).values()) == {HARD_MAX_GUESSES}  # a budget never spent: every guess


def test_hards_rollouts_stop_after_the_set_number_of_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g, seat = _deep_take_position()
    limits = _spy_playouts(monkeypatch, lambda _first, limit: limit)
    RolloutBot(seed=3, budget=120, moves=7, min_samples=3).choose(g.view(seat))
    assert set(limits) == {7}
    assert len(limits) >= 6  # at least three guesses of two or more candidates


def test_the_hard_level_searches_within_its_budget() -> None:
    from rummy_gui.bots import make_bot
    from rummy_gui.bots.search import (
        HARD_BUDGET,
        HARD_CANDIDATES,
        HARD_GUESSES,
        HARD_MARGIN,
        HARD_MOVES,
    )

    bot = make_bot("hard", seed=1)
    assert isinstance(bot, RolloutBot)
    assert bot.budget == HARD_BUDGET > 0
    assert (bot.candidates, bot.margin, bot.min_samples, bot.moves) == (
        HARD_CANDIDATES,
        HARD_MARGIN,
        HARD_GUESSES,
        HARD_MOVES,
    )


def test_the_hard_level_searches_a_deep_take_medium_rates_far_ahead() -> None:
    """Within 15 points of medium's best nothing would be searched here; the
    level compares the deep take all the same."""
    from rummy_gui.bots.search import hard_level

    level, near = hard_level(1), RolloutBot(seed=1, margin=15.0)
    _g, view = first_view(
        "rummy500",
        3,
        60,
        80,
        lambda v: (
            bool(level.compared(v, random.Random(0))) and not near.compared(v, random.Random(0))
        ),
    )
    scored = level.scored(view, random.Random(0))
    assert len(scored) == 2
    assert scored[0][0] - scored[1][0] > 15
    assert any(m.action in (Action.TAKE, Action.RUMMY) and (m.number or 1) > 1 for _s, m in scored)


@pytest.mark.parametrize(("preset", "players"), [("rummy500", 3), ("persian", 4)])
def test_rollouts_meld_the_plan_without_a_view_as_medium_would(
    monkeypatch: pytest.MonkeyPatch, preset: str, players: int
) -> None:
    """A rollout plays the melds of medium's plan without asking for a view;
    played through views instead (medium deciding every move), the deals
    end the same."""
    g = _played(preset, players, 3, 12)
    view = g.view(g.to_act[0])
    worlds = [sample_world(view, random.Random(i), 4) for i in range(3)]
    first = view.legal_moves[0]
    fast = [search_mod.playout(w, view.seat, first, 11 + i) for i, w in enumerate(worlds)]
    planned: list[bool] = []
    real = search_mod._play_planned

    def counting(game: Game, seat: int) -> bool:
        planned.append(real(game.copy(history=False), seat))  # on a copy: nothing played
        return False  # every move through a view, medium deciding

    monkeypatch.setattr(search_mod, "_play_planned", counting)
    slow = [search_mod.playout(w, view.seat, first, 11 + i) for i, w in enumerate(worlds)]
    assert any(planned)  # the plan did meld in these rollouts
    assert fast == slow


@pytest.mark.parametrize("enabled", [True, False])
def test_hard_leaves_garbage_collection_as_it_found_it(enabled: bool) -> None:
    import gc

    g, seat = _deep_take_position()
    was = gc.isenabled()
    try:
        # set either way: another test in this worker may have left it off
        if enabled:
            gc.enable()
        else:
            gc.disable()
        RolloutBot(seed=3, budget=40).choose(g.view(seat))
        assert gc.isenabled() is enabled
    finally:
        if was:
            gc.enable()
