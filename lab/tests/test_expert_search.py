"""The expert's own search (`lab.expert_search.OwnSearchExpert`, not the
level): which decisions it searches, that every candidate is rolled out on
every guess, its gates, and that it sees only the view."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from lab.expert_search import OwnSearchExpert
from rummy_gui.bots import expert as expert_mod
from rummy_gui.bots import make_bot
from rummy_gui.bots import search as search_mod
from rummy_gui.bots.expert import Estimate, ExpertBot, guess_world
from rummy_gui.bots.policy import decision_rng
from rummy_gui.engine import Game, Move, View


def _spy(
    monkeypatch: pytest.MonkeyPatch, module: Any, what: Callable[[Any, int], Any]
) -> list[Any]:
    """`module.playout` still runs; the list fills with `what(first move, move limit)` of each."""
    calls: list[Any] = []
    real = module.playout

    def spying(world: Game, me: int, first: Move, seed: int, limit: int = 600, *more: Any) -> float:
        calls.append(what(first, limit))
        result: float = real(world, me, first, seed, limit, *more)
        return result

    monkeypatch.setattr(module, "playout", spying)
    return calls


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
    return bool(OwnSearchExpert(seed=1).searched(view, decision_rng(1, view, "expert"))[0])


def _own(seed: int) -> OwnSearchExpert:
    return OwnSearchExpert(seed=seed)


def _count_playouts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Rollouts still run; the list fills with (first move, move limit) of each."""
    return _spy(monkeypatch, expert_mod, lambda first, limit: (str(first), limit))


def test_expert_rolls_out_every_candidate_on_each_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    _, view = _first_view("rummy500", 3, 40, 80, _searched)
    calls = _count_playouts(monkeypatch)
    move = _own(1).choose(view)
    assert move in view.legal_moves
    kinds = Counter(first for first, _ in calls)
    assert len(kinds) >= 2  # at least two candidates compared
    assert len(set(kinds.values())) == 1  # each on every guess
    assert str(move) in kinds


def test_searches_says_which_search_choose_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A close draw, which the expert's own search takes with `close` and
    hard's leaves: `searches` tells the two apart, and `choose` rolls out
    exactly where it says so."""
    level = ExpertBot(seed=1)
    own = OwnSearchExpert(seed=1, close=6.0)

    def apart(view: View) -> bool:
        return own.searches(view) and not level.searches(view)

    _, view = _first_view("rummy500", 3, 20, 60, apart)
    own_calls = _count_playouts(monkeypatch)
    hard_calls = _spy(monkeypatch, search_mod, lambda first, _limit: str(first))
    level.choose(view)
    assert (own_calls, hard_calls) == ([], [])
    own.choose(view)
    assert own_calls
    assert hard_calls == []


def test_expert_searches_every_decision_hard_searches() -> None:
    """Hard's search (medium's best two, whatever their gap) is part of the
    expert's: where hard compares moves, the expert compares them too."""
    from rummy_gui.bots.search import hard_level

    plain = OwnSearchExpert(seed=1, hard_judgment=True)
    tuned = OwnSearchExpert(seed=1)
    # with hard's judgment against the level, and with its own against the
    # hard it falls back on (which judges as it does)
    for expert, hard in ((plain, hard_level(seed=1)), (tuned, tuned.hard)):
        _searches_what_hard_searches(expert, hard)


def _searches_what_hard_searches(expert: OwnSearchExpert, hard: Any) -> None:
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


def test_a_gated_search_keeps_mediums_move_unless_the_edge_is_clear() -> None:
    a, b = Move.parse("0: draw"), Move.parse("0: take 1")
    bot = OwnSearchExpert(seed=0, gate=1.0)
    unclear = Estimate((a, b), (0.0, 2.0), (0.0, 2.0), (0.0, 3.0), 4)
    clear = Estimate((a, b), (0.0, 2.0), (0.0, 2.0), (0.0, 1.0), 4)
    assert (bot.pick(unclear, gated=True), bot.pick(clear, gated=True)) == (a, b)


def test_an_ungated_search_plays_the_best_mean() -> None:
    a, b = Move.parse("0: draw"), Move.parse("0: take 2")
    bot = OwnSearchExpert(seed=0)
    est = Estimate((a, b), (0.0, 0.5), (0.0, 0.5), (0.0, 9.0), 2)
    assert bot.pick(est, gated=False) == b


def test_in_the_contract_games_the_own_search_searches_nothing() -> None:
    """There it plays as the level does: with hard's judgment, hard's moves."""
    g = Game.new("contract", 4, seed=3)
    plain = OwnSearchExpert(seed=2, hard_judgment=True)
    hard = make_bot("hard", seed=2)
    for _ in range(60):
        view = g.view(g.to_act[0])
        assert plain.searched(view, random.Random(0)) == ([], False)
        move = plain.choose(view)
        assert move == hard.choose(view)
        g.play(move)


def test_close_draws_are_searched_gated_only_when_asked() -> None:
    """With `close` > 0 a take-or-draw decision within that many of medium's
    points is searched, and gated; the level (close 0) leaves it to hard."""

    def close_draw(view: View) -> bool:
        cands, gated = OwnSearchExpert(seed=1, close=6.0).searched(view, random.Random(0))
        return gated and {m.action for m in cands} == {"take", "draw"}

    _, view = _first_view("rummy500", 3, 20, 60, close_draw)
    assert OwnSearchExpert(seed=1).searched(view, random.Random(0)) == ([], False)


def test_a_discard_search_weighs_mediums_discard_against_the_dearest_near_one() -> None:
    """With `discards` > 0 (off for the level) medium's discard is compared
    with the dearest card it rates within that many points, gated."""
    from rummy_gui.bots.solver import card_value

    def two_discards(view: View) -> bool:
        cands, _ = OwnSearchExpert(seed=1, discards=8.0).searched(view, random.Random(0))
        return len(cands) == 2

    _, view = _first_view("rummy500", 3, 20, 60, two_discards)
    bot = OwnSearchExpert(seed=1, discards=8.0)
    (mine, dear), gated = bot.searched(view, random.Random(0))
    assert gated
    assert (mine.action, dear.action) == ("discard", "discard")
    assert mine == bot.base.choose(view)
    values = [card_value(view.rules, m.cards[0].card) for m in (mine, dear)]
    assert values[1] >= values[0]
    assert OwnSearchExpert(seed=1).searched(view, random.Random(0)) == ([], False)


def test_deep_takes_are_gated_only_when_asked() -> None:
    def deep(view: View) -> bool:
        cands, _ = OwnSearchExpert(seed=1).searched(view, random.Random(0))
        return any(m.action == "take" and (m.number or 1) > 1 for m in cands)

    _, view = _first_view("rummy500", 3, 40, 80, deep)
    assert not OwnSearchExpert(seed=1).searched(view, random.Random(0))[1]
    assert OwnSearchExpert(seed=1, gate_takes=True).searched(view, random.Random(0))[1]
