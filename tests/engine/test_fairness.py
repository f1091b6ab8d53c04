"""Deals anyone can check (engine/fairness.py): each deal is shuffled from a
seed of its own, committed to by a fingerprint before it is played; a record
carries the fingerprints and scores, and replaying it checks both."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummy_gui.engine import Game
from rummy_gui.engine.fairness import deal_seed, fingerprint, short


def played(preset: str, players: int, seed: int, deals: int, options: Any = None) -> Game:
    """A game played at random until deal `deals` has started (or the game is over)."""
    g = Game.new(preset, players, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(20_000):
        if g.round >= deals or g.game_over:
            break
        g.play(rng.choice(list(g.legal_moves)))
    return g


def test_each_deal_has_its_own_seed_and_fingerprint() -> None:
    g = played("rummy500", 3, 5, 3)
    assert g.round == 3
    assert g.deal_seed == deal_seed(5, 3)
    assert g.fingerprint == fingerprint(deal_seed(5, 3), "rummy500", g.rules.options(), 3)
    seeds = {deal_seed(5, n) for n in range(1, 50)}
    assert len(seeds) == 49  # no two deals of a game share a shuffle
    assert deal_seed(5, 1) != deal_seed(6, 1)


def test_the_fingerprint_covers_seed_preset_options_and_deal() -> None:
    base = fingerprint(11, "contract", {"reshuffles": 1}, 2)
    assert len(base) == 64
    assert set(base) <= set("0123456789abcdef")
    assert fingerprint(12, "contract", {"reshuffles": 1}, 2) != base
    assert fingerprint(11, "liverpool", {"reshuffles": 1}, 2) != base
    assert fingerprint(11, "contract", {"reshuffles": 2}, 2) != base
    assert fingerprint(11, "contract", {"reshuffles": 1}, 3) != base
    assert short(base) == f"{base[:4]} {base[4:8]} {base[8:12]}"


def test_the_same_seed_deals_the_same_deal() -> None:
    a, b = Game.new("shanghai", 4, seed=9), Game.new("shanghai", 4, seed=9)
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]
    assert a.fingerprint == b.fingerprint


@pytest.mark.parametrize("seat", range(3))
def test_a_view_carries_no_seed(seat: int) -> None:
    g = played("rummy500", 3, 8, 2)
    view = g.view(seat)
    assert view._public.seed_base is None
    assert view._public.rng.getstate() == random.Random(0).getstate()
    assert str(g.deal_seed) not in repr(view)


def test_a_record_carries_the_fingerprints_and_scores_and_replays() -> None:
    g = played("persian", 4, 3, 2)
    record = g.record()
    deals = record["deals"]
    assert [d["deal"] for d in deals] == list(range(1, g.round + 1))
    assert deals[0]["scores"] == g.score_history[0]
    assert "scores" not in deals[-1] or g.deal_over or g.game_over
    assert Game.from_record(record) == g


def test_a_record_with_another_seed_is_refused() -> None:
    g = played("contract", 3, 4, 2)
    record = g.record()
    record["seed"] = 5
    with pytest.raises(ValueError, match=r"refused|fingerprint"):
        Game.from_record(record)


def test_a_record_with_another_fingerprint_is_refused() -> None:
    record = played("rummy500", 2, 4, 2).record()
    record["deals"][1]["fingerprint"] = "0" * 64
    with pytest.raises(ValueError, match="deal 2: its fingerprint does not match its seed"):
        Game.from_record(record)


def test_a_record_whose_scores_differ_is_refused() -> None:
    record = played("rummy500", 2, 4, 2).record()
    record["deals"][0]["scores"] = [0, 0]
    with pytest.raises(ValueError, match="deal 1: its moves do not score as recorded"):
        Game.from_record(record)


def test_a_record_with_a_changed_move_is_refused() -> None:
    g = played("rummy500", 2, 4, 2)
    record = g.record()
    moves = record["moves"]
    # the last discard of deal 1 becomes another legal card's discard, or an illegal move
    i = max(k for k, m in enumerate(moves) if m.split(": ")[1] == "deal") - 1
    while "discard" not in moves[i]:
        i -= 1
    seat = moves[i].split(":")[0]
    moves[i] = f"{seat}: discard 2C" if "2C" not in moves[i] else f"{seat}: discard 3C"
    with pytest.raises(ValueError, match=r"refused|score"):
        Game.from_record(record)


@pytest.mark.parametrize("deals", [None, "x", [1, 2], [{"deal": 2}], [{"deal": 1}] * 10_001])
def test_a_record_with_bad_deals_is_refused(deals: object) -> None:
    record = played("rummy500", 3, 2, 1).record()
    record["deals"] = deals
    with pytest.raises(ValueError, match=r"deals|fingerprint"):
        Game.from_record(record)


def test_a_record_of_version_1_is_dealt_from_one_stream() -> None:
    """Saved before deals had seeds: replayed as dealt then (these hands are
    what seed 1 dealt in that version)."""
    record = {
        "format": "rummy-gui-record",
        "version": 1,
        "preset": "rummy500",
        "players": 3,
        "seed": 1,
        "moves": [],
    }
    g = Game.from_record(record)
    assert " ".join(map(str, g.hand(0))) == "8S 9S 7S 6S QS 4S 5H"
    assert g.record()["version"] == 1  # and it stays one stream when saved again
    assert str(g.discard_pile[-1]) == "3D"
    assert g.deal_seed is None
    assert g.fingerprint is None
    record["preset"], record["players"], record["seed"] = "shanghai", 4, 2
    shanghai = " ".join(map(str, Game.from_record(record).hand(1)))
    assert shanghai == "8S KS 6H 10H 7S 6S JK AH KH 10D 9S"


def test_a_layouts_own_deal_has_no_fingerprint_but_the_next_has() -> None:
    g = Game.from_layout("rummy500", ["2C 3C 4C", "5H 6H 7H 9S"], "KD QD", "8C", seed=3)
    assert g.fingerprint is None
    for move in ("0: draw", "0: meld 2C 3C 4C", "0: discard KD"):
        g.play(move)
    assert g.deal_over
    g.play(next(iter(g.legal_moves)))
    assert g.round == 2
    assert g.fingerprint == fingerprint(deal_seed(3, 2), "rummy500", g.rules.options(), 2)
    assert [d["deal"] for d in g.record()["deals"]] == [2]
    assert Game.from_record(g.record()) == g


def test_a_record_cut_short_still_replays() -> None:
    """The log and the replays replay a record's first moves only."""
    g = played("rummy500", 3, 6, 3)
    record = g.record()
    record["moves"] = record["moves"][:5]
    assert Game.from_record(record).round == 1


@pytest.mark.parametrize("preset", ["rummy500", "persian", "contract", "shanghai"])
def test_a_view_shows_the_other_hands_and_the_stock_as_counts_only(preset: str) -> None:
    g = played(preset, 4, 12, 2)
    for seat in range(g.players):
        view = g.view(seat)
        assert list(view.hand) == g.hand(seat)
        assert view.hand_sizes == tuple(len(g.hand(s)) for s in range(g.players))
        assert view._public.stock == []
        assert all(h == [] for s, h in enumerate(view._public.hands) if s != seat)
