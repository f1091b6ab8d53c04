"""Expert: the level plays hard's searches with its own judgment; its own
determinized search (deep takes, rummy calls, close draws; `own_search`)
prices moves for the deal review; work counted in simulated moves, views
only."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from rummy_gui.bots import expert as expert_mod
from rummy_gui.bots import make_bot
from rummy_gui.bots.expert import EXPERT_BUDGET, Estimate, ExpertBot, guess_world
from rummy_gui.bots.memory import remember
from rummy_gui.bots.policy import decision_rng
from rummy_gui.engine import Game, Move, View
from rummy_gui.engine.cards import Card

from ._shared import spy_playouts


def _first_view(
    preset: str, players: int, deals: int, moves: int, wanted: Callable[[View], bool]
) -> tuple[Game, View]:
    """The first view of medium-played seeded deals for which `wanted` holds."""
    for seed in range(deals):
        g = Game.new(preset, players, seed=seed)
        bots = [make_bot("medium", seed=s) for s in range(players)]
        for _ in range(moves):
            if g.deal_over:
                break
            seat = g.to_act[0]
            view = g.view(seat)
            if wanted(view):
                return g, view
            g.play(bots[seat].choose(view))
    raise AssertionError(f"no such position in {deals} deals")


def _searched(view: View) -> bool:
    bot = ExpertBot(seed=1)
    return bool(bot.searched(view, decision_rng(1, view, "expert"))[0])


def _own(seed: int) -> ExpertBot:
    """The expert that plays its own search's moves (not the level)."""
    return ExpertBot(seed=seed, own_search=True)


def _count_playouts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Rollouts still run; the list fills with (first move, move limit) of each."""
    return spy_playouts(monkeypatch, expert_mod, lambda first, limit: (str(first), limit))


def test_expert_is_its_own_level() -> None:
    assert isinstance(make_bot("expert", seed=3), ExpertBot)


def test_expert_rolls_out_every_candidate_on_each_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    _, view = _first_view("rummy500", 3, 40, 80, _searched)
    calls = _count_playouts(monkeypatch)
    move = _own(1).choose(view)
    assert move in view.legal_moves
    kinds = Counter(first for first, _ in calls)
    assert len(kinds) >= 2  # at least two candidates compared
    assert len(set(kinds.values())) == 1  # each on every guess
    assert str(move) in kinds


def test_expert_work_is_bounded_by_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """By construction: each rollout stops at its share, and the guesses stop
    once the budget is spent (a guess started is finished)."""
    _, view = _first_view("rummy500", 3, 40, 80, _searched)
    used: list[int] = []
    real = expert_mod.playout

    def measuring(
        world: Game, me: int, first: Move, seed: int, limit: int = 600, u: list[int] | None = None
    ) -> float:
        box = [0]
        out = real(world, me, first, seed, limit, box)
        used.append(box[0])
        if u is not None:
            u[0] += box[0]
        return out

    monkeypatch.setattr(expert_mod, "playout", measuring)
    bot = ExpertBot(seed=1)
    cands, _ = bot.searched(view, decision_rng(1, view, "expert"))
    bot.estimate(view, cands)
    limit = EXPERT_BUDGET * 10 // max(10, len(view.hand))
    per = max(240 // max(10, len(view.hand)), limit // (bot.min_samples * len(cands)))
    assert max(used) <= per
    assert sum(used) <= limit + per * len(cands)


@pytest.mark.long
def test_the_level_plays_hards_search_with_the_experts_judgment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The level's moves are those of hard's search (rollouts cut at hard's
    12 moves) over the expert's judgment; its own search never runs."""
    from rummy_gui.bots import search as search_mod
    from rummy_gui.bots.search import hard_level

    own = _count_playouts(monkeypatch)
    hards = spy_playouts(monkeypatch, search_mod, lambda _first, limit: limit)
    level = make_bot("expert", seed=4)
    assert isinstance(level, ExpertBot)
    assert not level.own_search
    twin = hard_level(4, "expert")
    twin.base.expert = True
    plain = hard_level(4, "expert")
    g = Game.new("rummy500", 3, seed=2)
    bots = [make_bot("medium", seed=s) for s in range(3)]
    searched = differ = 0
    for _ in range(150):
        if g.game_over:
            break
        seat = g.to_act[0]
        view = g.view(seat)
        move = level.choose(view)
        assert move == twin.choose(view)
        assert level.searches(view) == bool(twin.compared(view, decision_rng(4, view, "expert")))
        searched += level.searches(view)
        differ += move != plain.choose(view)
        g.play(move if seat == 0 else bots[seat].choose(view))
    assert searched >= 1
    assert hards  # hard's search ran, cut at its 12 moves
    assert set(hards) == {12}
    assert own == []  # the expert's own rollouts never did
    assert differ >= 1  # its judgment is not hard's


def test_searches_says_which_search_choose_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A close draw, which the expert's own search takes with `close` and
    hard's leaves: `searches` tells the two apart, and `choose` rolls out
    exactly where it says so."""
    from rummy_gui.bots import search as search_mod

    level = ExpertBot(seed=1)
    own = ExpertBot(seed=1, own_search=True, close=6.0)

    def apart(view: View) -> bool:
        return own.searches(view) and not level.searches(view)

    _, view = _first_view("rummy500", 3, 20, 60, apart)
    own_calls = _count_playouts(monkeypatch)
    hard_calls = spy_playouts(monkeypatch, search_mod, lambda first, _limit: str(first))
    level.choose(view)
    assert (own_calls, hard_calls) == ([], [])
    own.choose(view)
    assert own_calls
    assert hard_calls == []


def test_expert_searches_every_decision_hard_searches() -> None:
    """Hard's search (medium's best two, whatever their gap) is part of the
    expert's: where hard compares moves, the expert compares them too."""
    from rummy_gui.bots.search import hard_level

    plain = ExpertBot(seed=1, own_tuning=False)
    tuned = ExpertBot(seed=1)
    # with hard's judgment against the level, and with its own against the
    # hard it falls back on (which judges as it does)
    for expert, hard in ((plain, hard_level(seed=1)), (tuned, tuned.hard)):
        _searches_what_hard_searches(expert, hard)


def _searches_what_hard_searches(expert: ExpertBot, hard: Any) -> None:
    seen = wide = 0
    for seed in range(6):
        g = Game.new("rummy500", 3, seed=seed)
        bots = [make_bot("medium", seed=s) for s in range(3)]
        for _ in range(120):
            if g.deal_over:
                break
            seat = g.to_act[0]
            view = g.view(seat)
            theirs = hard.compared(view, random.Random(7))
            if theirs:
                seen += 1
                mine, _ = expert.searched(view, random.Random(7))
                assert mine[: len(theirs)] == theirs
                opts = sorted(
                    expert.base.options(view, random.Random(7)), key=lambda o: (-o[0], str(o[1]))
                )
                wide += opts[0][0] - opts[1][0] > expert.margin
            g.play(bots[seat].choose(view))
    assert seen >= 5
    assert wide >= 1  # a gap wider than the expert's own margin was searched


def test_expert_same_view_and_seed_same_move() -> None:
    g, view = _first_view("rummy500", 3, 40, 80, _searched)
    for make in (ExpertBot, _own):
        first = make(5).choose(view)
        again = make(5).choose(g.view(view.seat))
        assert first == again


def test_expert_never_sees_hidden_cards() -> None:
    """Two games that look the same from the seat (other hands and stock
    dealt differently) get the same move: only the view counts."""
    _, view = _first_view("rummy500", 3, 40, 80, _searched)
    worlds = [guess_world(view, random.Random(k)) for k in (1, 2)]
    seat = view.seat
    hidden = [
        sorted(
            [c.code for s in (0, 1, 2) if s != seat for c in w.hand(s)] + [c.code for c in w._stock]
        )
        for w in worlds
    ]
    others = [[w.hand(s) for s in (0, 1, 2) if s != seat] for w in worlds]
    assert others[0] != others[1]
    assert hidden[0] == hidden[1]  # the same unseen cards, dealt otherwise
    for make in (ExpertBot, _own):
        moves = [make(2).choose(w.view(seat)) for w in worlds]
        assert moves == [make(2).choose(view)] * 2


@pytest.mark.parametrize(("preset", "players", "seed"), [("rummy500", 3, 4), ("contract", 4, 2)])
def test_guessed_world_keeps_what_the_view_shows(preset: str, players: int, seed: int) -> None:
    g = Game.new(preset, players, seed=seed)
    bots = [make_bot("medium", seed=s) for s in range(players)]
    for _ in range(25):
        g.play(bots[g.to_act[0]].choose(g.view(g.to_act[0])))
    view = g.view(g.to_act[0])
    mem = remember(view)
    world = guess_world(view, random.Random(3))
    assert world.hand(view.seat) == list(view.hand)
    hidden: Counter[Card] = Counter()
    for s in range(players):
        if s != view.seat:
            assert not (mem.known[s] - Counter(world.hand(s)))
            hidden.update(world.hand(s))
    hidden.update(world._stock)
    assert hidden == mem.unseen


def test_a_gated_search_keeps_mediums_move_unless_the_edge_is_clear() -> None:
    a, b = Move.parse("0: draw"), Move.parse("0: take 1")
    bot = ExpertBot(seed=0, gate=1.0)
    unclear = Estimate((a, b), (0.0, 2.0), (0.0, 2.0), (0.0, 3.0), 4)
    clear = Estimate((a, b), (0.0, 2.0), (0.0, 2.0), (0.0, 1.0), 4)
    assert (bot.pick(unclear, gated=True), bot.pick(clear, gated=True)) == (a, b)


def test_an_ungated_search_plays_the_best_mean() -> None:
    a, b = Move.parse("0: draw"), Move.parse("0: take 2")
    bot = ExpertBot(seed=0)
    est = Estimate((a, b), (0.0, 0.5), (0.0, 0.5), (0.0, 9.0), 2)
    assert bot.pick(est, gated=False) == b


def test_estimate_refuses_a_move_that_is_not_legal() -> None:
    g = Game.new("rummy500", 3, seed=1)
    view = g.view(g.to_act[0])
    with pytest.raises(ValueError, match="not a legal move"):
        ExpertBot().estimate(view, [Move.parse(f"{view.seat}: discard 2C")])


def test_contract_games_are_hards_search_over_the_experts_judgment() -> None:
    """In the contract games expert searches nothing of its own: with
    hard's judgment it plays hard's moves (its sampled discards), move for
    move; with its own (the level) it parts from hard only where the
    judgments do (tests/bots/test_tuning.py has where)."""
    g = Game.new("contract", 4, seed=3)
    plain = ExpertBot(seed=2, own_search=True, own_tuning=False)
    level = ExpertBot(seed=2)
    hard = make_bot("hard", seed=2)
    parted = 0
    for _ in range(60):
        seat = g.to_act[0]
        view = g.view(seat)
        assert plain.searched(view, random.Random(0)) == ([], False)
        move = plain.choose(view)
        assert move == hard.choose(view)
        mine = level.choose(view)
        if mine != move:
            parted += 1
            assert mine == level.base.choose(view)
        g.play(move)
    assert parted


def test_close_draws_are_searched_gated_only_when_asked() -> None:
    """With `close` > 0 a take-or-draw decision within that many of medium's
    points is searched, and gated; the level (close 0) leaves it to hard."""

    def close_draw(view: View) -> bool:
        cands, gated = ExpertBot(seed=1, close=6.0).searched(view, random.Random(0))
        return gated and {m.action for m in cands} == {"take", "draw"}

    _, view = _first_view("rummy500", 3, 20, 60, close_draw)
    assert ExpertBot(seed=1).searched(view, random.Random(0)) == ([], False)


def test_a_discard_search_weighs_mediums_discard_against_the_dearest_near_one() -> None:
    """With `discards` > 0 (off for the level) medium's discard is compared
    with the dearest card it rates within that many points, gated."""
    from rummy_gui.bots.solver import card_value

    def two_discards(view: View) -> bool:
        cands, _ = ExpertBot(seed=1, discards=8.0).searched(view, random.Random(0))
        return len(cands) == 2

    _, view = _first_view("rummy500", 3, 20, 60, two_discards)
    bot = ExpertBot(seed=1, discards=8.0)
    (mine, dear), gated = bot.searched(view, random.Random(0))
    assert gated
    assert (mine.action, dear.action) == ("discard", "discard")
    assert mine == bot.base.choose(view)
    values = [card_value(view.rules, m.cards[0].card) for m in (mine, dear)]
    assert values[1] >= values[0]
    assert ExpertBot(seed=1).searched(view, random.Random(0)) == ([], False)


def test_deep_takes_are_gated_only_when_asked() -> None:
    def deep(view: View) -> bool:
        cands, _ = ExpertBot(seed=1).searched(view, random.Random(0))
        return any(m.action == "take" and (m.number or 1) > 1 for m in cands)

    _, view = _first_view("rummy500", 3, 40, 80, deep)
    assert not ExpertBot(seed=1).searched(view, random.Random(0))[1]
    assert ExpertBot(seed=1, gate_takes=True).searched(view, random.Random(0))[1]
