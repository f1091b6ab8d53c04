"""Statistics from finished games: per player name and preset."""

from __future__ import annotations

import json

import pytest

from rummy_gui import paths
from rummy_gui.bots import make_bot
from rummy_gui.engine import Game
from rummy_gui.play import jsonio
from rummy_gui.play.stats import (
    STATS_VERSION,
    PlayerStats,
    Stats,
    load_stats,
    record_game,
    reset_stats,
    tally,
)
from tests.play.saves.positions import position, seats_for


def bot_game(preset: str = "rummy500", seed: int = 4) -> Game:
    g = Game.new(preset, players=3, seed=seed, options={"target": 150})
    bots = [make_bot("easy", seed=s) for s in range(3)]
    while not g.game_over:
        seat = g.to_act[0]
        g.play(bots[seat].choose(g.view(seat)))
    return g


@pytest.fixture(scope="module")
def played() -> Game:
    return bot_game()


def test_stats_of_a_played_bot_game(played: Game) -> None:
    names = ["Ann", "Bob", "Cid"]
    assert record_game(played, names, hints={0: 3})
    stats, warnings = load_stats()
    assert warnings == []
    deals = len(played.score_history)
    assert deals >= 1
    tallies = tally(played)
    for seat, name in enumerate(names):
        s = stats.get(name, "rummy500")
        scores = [deal[seat] for deal in played.score_history]
        assert s.games == 1
        assert s.deals == deals
        assert s.wins == (1 if seat in played.winners else 0)
        assert s.win_rate == s.wins
        assert s.deal_total == sum(scores) == played.totals[seat]
        assert s.best_deal == max(scores)
        assert s.average_deal == pytest.approx(sum(scores) / deals)
        assert s.went_out == tallies[seat].went_out
        assert s.rummy_calls == tallies[seat].rummy_calls
        assert s.hints == (3 if seat == 0 else 0)
    assert sum(t.went_out for t in tallies) <= deals
    assert sum(stats.get(n, "rummy500").wins for n in names) == len(played.winners)
    rummy_moves = sum(1 for m in played.moves if m.action == "rummy")
    assert sum(t.rummy_calls for t in tallies) <= rummy_moves


def test_a_game_is_counted_once_and_games_add_up(played: Game) -> None:
    assert record_game(played, ["Ann", "Bob", "Cid"])
    assert not record_game(played, ["Ann", "Bob", "Cid"])  # loaded again and finished again
    other = bot_game(seed=9)
    assert record_game(other, ["Ann", "Bob", "Dee"])
    stats, _ = load_stats()
    ann = stats.get("Ann", "rummy500")
    assert ann.games == 2
    assert ann.deals == len(played.score_history) + len(other.score_history)
    assert [r.name for r in stats.rows()] == ["Ann", "Bob", "Cid", "Dee"]


def test_an_unfinished_game_is_refused() -> None:
    g = position("rummy500", "mid-deal")
    with pytest.raises(ValueError, match="finished"):
        record_game(g, ["A", "B", "C"])


def test_going_out_and_buys_in_a_contract_game() -> None:
    """Round 7 layout: seat 1 buys the 2C, seat 0 goes out with the contract."""
    g = Game.from_layout(
        "contract",
        hands=["3H 4H 5H 6H 3S 4S 5S 6S 3C 4C 5C", "2H 3D 8S QC QD JH 5D", "2S 4D 8C KC KD JS 6D"],
        stock="6C 9D 9H 10S",
        discard="2C",
        turn=0,
        round=7,
    )
    g.play("0: draw")
    assert g.claim is not None
    assert g.claim.claimants == (1, 2)
    g.play("2: buy")  # the later claimant answers first ...
    g.play("1: pass")  # ... and wins when the first passes
    g.play("0: contract 3H 4H 5H 6H / 3S 4S 5S 6S / 3C 4C 5C 6C")
    assert g.game_over
    assert tally(g)[0].went_out == 1
    assert tally(g)[2].buys == 1
    assert tally(g)[1].buys == 0
    record_game(g, seats_for(3))
    stats, _ = load_stats()
    out = stats.get("Player 1", "contract")
    assert out.went_out == 1
    assert out.wins == 1
    assert out.best_deal == 0
    buyer = stats.get("Player 3", "contract", "hard")  # a bot: its row is by name and level
    assert buyer.buys == 1
    assert buyer.best_deal == buyer.deal_total > 0


def test_rummy_call_is_counted() -> None:
    g = position("rummy500", "mid-claim")
    call = next(m for m in g.legal_moves if m.action == "rummy")
    assert call.seat is not None
    g.play(call)
    while g.phase == "claim":  # if the first claimant in priority has not answered yet
        g.play(f"{g.to_act[0]}: pass")
    assert tally(g)[call.seat].rummy_calls == 1


def test_shanghai_call_is_counted() -> None:
    from tests.play.saves.positions import shanghai_call_window

    g = shanghai_call_window()
    g.play("2: shanghai to 1")
    assert tally(g)[2].shanghai_calls == 1


def test_reset(played: Game) -> None:
    record_game(played, ["Ann", "Bob", "Cid"])
    reset_stats(name="Bob")
    stats, _ = load_stats()
    assert [r.name for r in stats.rows()] == ["Ann", "Cid"]
    reset_stats()
    stats, _ = load_stats()
    assert stats.rows() == []
    assert stats.recorded == []
    assert record_game(played, ["Ann", "Bob", "Cid"])  # counted afresh after a full reset


def test_team_scores_in_persian() -> None:
    g = position("persian", "game-over")
    record_game(g, ["N", "E", "S", "W"])
    stats, _ = load_stats()
    north, south = stats.get("N", "persian"), stats.get("S", "persian")
    assert north.deal_total == south.deal_total == g.totals[0]
    assert north.wins == south.wins


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        "[]",
        '{"format": "rummy-gui-stats"}',
        '{"format": "rummy-gui-stats", "version": 9, "players": {}}',
    ],
)
def test_damaged_stats_file_starts_afresh(content: str) -> None:
    p = paths.stats_path()
    p.parent.mkdir(parents=True)
    p.write_text(content)
    stats, warnings = load_stats()
    assert stats.rows() == []
    assert warnings


def test_damaged_entries_are_left_out(played: Game) -> None:
    record_game(played, ["Ann", "Bob", "Cid"])
    data = json.loads(paths.stats_path().read_text())
    data["players"]["Bob"]["rummy500"]["wins"] = "many"
    data["players"]["Cid"]["poker"] = data["players"]["Cid"]["rummy500"]
    data["players"]["Eve"] = 5
    jsonio.write_json(paths.stats_path(), data)
    stats, warnings = load_stats()
    assert [(r.name, r.preset) for r in stats.rows()] == [("Ann", "rummy500"), ("Cid", "rummy500")]
    assert len(warnings) == 4  # three entries left out, and where the whole file is kept
    (kept,) = paths.stats_path().parent.glob("stats.json.corrupt-*")
    assert json.loads(kept.read_text()) == data
    assert kept.name in warnings[3]


def test_round_trip_of_the_file() -> None:
    s = Stats()
    entry = s.get("Ann", "shanghai")
    entry.games, entry.wins = 3, 1
    for score in (40, 0, 75):
        entry.add_deal(score)
    assert entry.best_deal == 0  # penalty points: lower is better
    again, warnings = Stats.from_json(json.loads(json.dumps(s.to_json())))
    assert warnings == []
    assert again == s
    assert again.get("Ann", "shanghai") == PlayerStats("Ann", "shanghai", 3, 1, 3, 115, 0)


def test_a_bot_name_at_two_levels_keeps_two_rows(played: Game) -> None:
    from rummy_gui.play.saves import Seat

    names = ["Ada", "Bo", "Cy"][: played.players]
    first = [Seat(n, "easy" if n == "Ada" else "human") for n in names]
    record_game(played, first)
    again = bot_game(seed=5)
    record_game(again, [Seat(n, "hard" if n == "Ada" else "human") for n in names])
    stats, warnings = load_stats()
    assert warnings == []
    ada = [r for r in stats.rows() if r.name == "Ada"]
    assert sorted(r.level for r in ada) == ["easy", "hard"]
    assert all(r.games == 1 for r in ada)
    raw = json.loads(paths.stats_path().read_text())
    assert raw["version"] == STATS_VERSION
    assert set(raw["bots"]) == {"easy", "hard"}
    assert "Ada" not in raw["players"]


def test_a_version_1_file_loads_and_is_written_as_the_current_version(played: Game) -> None:
    counts = vars(PlayerStats("Ada", "rummy500"))
    entry = {k: v for k, v in counts.items() if k not in ("name", "preset", "level", "coached")}
    old = {
        "format": "rummy-gui-stats",
        "version": 1,
        "players": {"Ada": {"rummy500": entry | {"games": 3, "wins": 1}}},
        "recorded": [],
    }
    paths.stats_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stats_path().write_text(json.dumps(old))
    stats, warnings = load_stats()
    assert warnings == []
    assert stats.get("Ada", "rummy500").games == 3  # counted before levels were told apart
    record_game(played, seats_for(played.players))
    raw = json.loads(paths.stats_path().read_text())
    assert raw["version"] == STATS_VERSION
    assert raw["players"]["Ada"]["rummy500"]["games"] == 3
