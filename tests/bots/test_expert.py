"""Expert: the level plays hard's search over its own judgment; its
estimate prices moves for the deal review; work counted in simulated moves,
views only."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rummy_gui.bots import expert as expert_mod
from rummy_gui.bots import make_bot
from rummy_gui.bots.expert import EXPERT_BUDGET, ExpertBot, guess_world
from rummy_gui.bots.memory import remember
from rummy_gui.bots.policy import decision_rng
from rummy_gui.engine import Game, Move, View
from rummy_gui.engine.cards import Card
from tests.bots._shared import first_view, spy_playouts


def _searched(view: View) -> bool:
    return ExpertBot(seed=1).searches(view)


def _count_playouts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Rollouts still run; the list fills with (first move, move limit) of each."""
    return spy_playouts(monkeypatch, expert_mod, lambda first, limit: (str(first), limit))


def test_expert_is_its_own_level() -> None:
    assert isinstance(make_bot("expert", seed=3), ExpertBot)


def test_expert_work_is_bounded_by_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """By construction: each rollout stops at its share, and the guesses stop
    once the budget is spent (a guess started is finished)."""
    _, view = first_view("rummy500", 3, 40, 80, _searched)
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
    cands = bot.hard.compared(view, decision_rng(1, view, "expert"))
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
    12 moves) over the expert's judgment; its estimate never runs."""
    from rummy_gui.bots import search as search_mod
    from rummy_gui.bots.policy import JUDGMENTS
    from rummy_gui.bots.search import RolloutBot, hard_level

    own = _count_playouts(monkeypatch)
    hards = spy_playouts(monkeypatch, search_mod, lambda _first, limit: limit)
    level = make_bot("expert", seed=4)
    assert isinstance(level, ExpertBot)
    twin = RolloutBot(4, "expert", judgment=JUDGMENTS["expert"])
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
    assert own == []  # the estimate's rollouts never did
    assert differ >= 1  # its judgment is not hard's


def test_expert_same_view_and_seed_same_move() -> None:
    g, view = first_view("rummy500", 3, 40, 80, _searched)
    first = ExpertBot(5).choose(view)
    again = ExpertBot(5).choose(g.view(view.seat))
    assert first == again


def test_expert_never_sees_hidden_cards() -> None:
    """Two games that look the same from the seat (other hands and stock
    dealt differently) get the same move: only the view counts."""
    _, view = first_view("rummy500", 3, 40, 80, _searched)
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
    moves = [ExpertBot(2).choose(w.view(seat)) for w in worlds]
    assert moves == [ExpertBot(2).choose(view)] * 2


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


def test_estimate_refuses_a_move_that_is_not_legal() -> None:
    g = Game.new("rummy500", 3, seed=1)
    view = g.view(g.to_act[0])
    with pytest.raises(ValueError, match="not a legal move"):
        ExpertBot().estimate(view, [Move.parse(f"{view.seat}: discard 2C")])


def test_contract_games_are_hards_search_over_the_experts_judgment() -> None:
    """In the contract games the expert searches nothing: it parts from
    hard only where the judgments do (tests/bots/test_tuning.py has where)."""
    g = Game.new("contract", 4, seed=3)
    level = ExpertBot(seed=2)
    hard = make_bot("hard", seed=2)
    parted = 0
    for _ in range(60):
        seat = g.to_act[0]
        view = g.view(seat)
        assert not level.searches(view)
        move = hard.choose(view)
        mine = level.choose(view)
        if mine != move:
            parted += 1
            assert mine == level.base.choose(view)
        g.play(move)
    assert parted
