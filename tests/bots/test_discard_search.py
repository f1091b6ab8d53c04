"""Hard's discard search (`RolloutBot(discards=True)`, not the level): in the
500 family medium's best discards are compared by rollouts on guessed deals."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rummy_gui.bots import search as search_mod
from rummy_gui.bots.policy import MEDIUM, Judge, RuleBot
from rummy_gui.bots.search import RolloutBot, hard_level, sample_world
from rummy_gui.bots.solver import best_split
from rummy_gui.engine import Action, Game, Move
from rummy_gui.engine.cards import Card

from ._shared import next_holds_two_nines, spy_playouts


def _searching(**kw: object) -> RolloutBot:
    settings: dict[str, object] = {
        "candidates": 2,
        "budget": 120,
        "min_samples": 5,
        "moves": 12,
        "discards": True,
    }
    settings.update(kw)
    return RolloutBot(3, "hard", **settings)  # type: ignore[arg-type]


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Rollouts still run; the list fills with (first move, move limit) of each."""
    return spy_playouts(monkeypatch, search_mod, lambda first, limit: (str(first), limit))


def test_the_discard_search_rolls_out_mediums_best_discards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view = next_holds_two_nines()
    calls = _spy(monkeypatch)
    _searching().choose(view)
    firsts = Counter(first for first, _limit in calls)
    assert len(firsts) == 3  # medium's best three discards (all within the margin here)


def test_each_discard_is_played_on_every_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _spy(monkeypatch)
    _searching().choose(next_holds_two_nines())
    assert set(Counter(first for first, _limit in calls).values()) == {5}


def test_the_discard_rollouts_are_cut_after_their_own_number_of_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _spy(monkeypatch)
    _searching(discard_moves=5).choose(next_holds_two_nines())
    assert {limit for _first, limit in calls} == {5}


def test_only_discards_are_compared_at_a_discard() -> None:
    view = next_holds_two_nines()
    compared = _searching().compared(view, random.Random(0))
    assert {m.action for m in compared} == {Action.DISCARD}


def test_the_searched_discard_is_one_of_the_candidates_and_the_same_each_time() -> None:
    view = next_holds_two_nines()
    compared = _searching().compared(view, random.Random(0))
    move = _searching().choose(view)
    assert (move in compared, _searching().choose(next_holds_two_nines())) == (True, move)


def test_the_rollouts_decide_the_discard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the rollouts favour medium's third discard, that card goes."""
    view = next_holds_two_nines()
    compared = _searching().compared(view, random.Random(0))
    third = compared[2]

    def favouring(
        _world: Game,
        _me: int,
        first: Move,
        _seed: int,
        limit: int = 600,
        used: list[int] | None = None,
        *_more: object,
    ) -> float:
        if used is not None:
            used[0] += limit
        return 10.0 if first == third else 0.0

    monkeypatch.setattr(search_mod, "playout", favouring)
    assert (_searching().choose(view), RuleBot(3, per_preset=True).choose(view)) == (
        third,
        compared[0],
    )


def test_the_level_leaves_the_discard_to_medium(monkeypatch: pytest.MonkeyPatch) -> None:
    view = next_holds_two_nines()
    calls = _spy(monkeypatch)
    move = hard_level(3).choose(view)
    assert (calls, move) == ([], RolloutBot(3).base.choose(view))


def test_a_discard_search_off_leaves_the_discard_to_medium(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _spy(monkeypatch)
    _searching(discards=False).choose(next_holds_two_nines())
    assert calls == []


def _guessed_melds(refuse: bool) -> list[int]:
    """Melds in the next player's hand of ten guessed deals."""
    view = next_holds_two_nines()
    judge = Judge(view, MEDIUM)
    out = []
    for seed in range(10):
        world = sample_world(view, random.Random(seed), 4, judge.melds_or_fits if refuse else None)
        out.append(len(best_split(view.rules, world.hand(1), view.melds).melds))
    return out


def test_meldless_guesses_hold_no_meld() -> None:
    assert _guessed_melds(refuse=True) == [0] * 10


def test_random_guesses_often_hold_a_meld() -> None:
    assert sum(n > 0 for n in _guessed_melds(refuse=False)) >= 3


def test_meldless_guesses_keep_the_cards_picked_up() -> None:
    view = next_holds_two_nines()
    refuse = Judge(view, MEDIUM).melds_or_fits
    hand = sample_world(view, random.Random(1), 4, refuse).hand(1)
    assert {Card(9, "H"), Card(9, "S")} <= set(hand)


def test_meldless_discard_search_rolls_out_the_same_candidates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _spy(monkeypatch)
    _searching(meldless=True).choose(next_holds_two_nines())
    assert len(Counter(first for first, _limit in calls)) == 3
