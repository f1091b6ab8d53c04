"""The games' history in the statistics (play/stats_history.py): one line a
finished game, the coach's words per seat, and files without it still load."""

from __future__ import annotations

import json

import pytest

from rummy_gui import paths
from rummy_gui.engine import Game
from rummy_gui.play.stats import PlayerStats, load_stats, record_game, reset_stats
from rummy_gui.play.stats_history import MAX_POINTS, GameLine
from tests.play.test_stats import bot_game


@pytest.fixture(scope="module")
def played() -> Game:
    return bot_game()


def test_each_game_is_a_line_with_the_coached_mistakes(played: Game) -> None:
    assert record_game(played, ["Ann", "Bob", "Cid"], hints={1: 2}, coached={0: 3, 2: 1})
    stats, warnings = load_stats()
    assert warnings == []
    assert [s.coached for s in (stats.get(n, "rummy500") for n in ("Ann", "Bob", "Cid"))] == [
        3,
        0,
        1,
    ]
    (line,) = stats.history
    assert line.preset == "rummy500"
    assert line.deals == len(played.score_history)
    assert [s.name for s in line.seats] == ["Ann", "Bob", "Cid"]
    assert [s.coached for s in line.seats] == [3, 0, 1]
    assert [s.hints for s in line.seats] == [0, 2, 0]
    assert [s.won for s in line.seats] == [seat in played.winners for seat in range(3)]
    assert [s.total for s in line.seats] == [played.totals[played.side_of(k)] for k in range(3)]
    assert line.finished.endswith("Z")
    assert line.finished[:2] == "20"


def test_a_version_2_file_without_coach_or_history_still_loads(played: Game) -> None:
    counts = vars(PlayerStats("Ada", "rummy500"))
    entry = {k: v for k, v in counts.items() if k not in ("name", "preset", "level", "coached")}
    old = {
        "format": "rummy-gui-stats",
        "version": 2,
        "players": {"Ada": {"rummy500": entry | {"games": 2, "wins": 1}}},
        "bots": {},
        "recorded": [],
    }
    paths.stats_path().parent.mkdir(parents=True, exist_ok=True)
    paths.stats_path().write_text(json.dumps(old))
    stats, warnings = load_stats()
    assert warnings == []
    assert stats.get("Ada", "rummy500").games == 2
    assert stats.get("Ada", "rummy500").coached == 0
    assert stats.history == []
    record_game(played, ["Ada", "Bob", "Cid"], coached={0: 1})
    stats, _ = load_stats()
    assert stats.get("Ada", "rummy500").coached == 1
    assert len(stats.history) == 1


def test_a_damaged_line_is_left_out_and_said(played: Game) -> None:
    record_game(played, ["Ann", "Bob", "Cid"])
    raw = json.loads(paths.stats_path().read_text())
    good = raw["games"][0]
    bad = dict(good, seats=[dict(good["seats"][0], total=MAX_POINTS * 10)])
    raw["games"] = [bad, good, "nonsense"]
    paths.stats_path().write_text(json.dumps(raw))
    stats, warnings = load_stats()
    assert len(stats.history) == 1
    assert any("2 damaged line(s)" in w for w in warnings)


@pytest.mark.parametrize(
    "change",
    [
        {"preset": "snap"},
        {"deals": -1},
        {"deals": True},
        {"finished": 7},
        {"seats": []},
        {"extra": 1},
    ],
)
def test_a_line_is_checked_field_by_field(played: Game, change: dict[str, object]) -> None:
    record_game(played, ["Ann", "Bob", "Cid"])
    good = json.loads(paths.stats_path().read_text())["games"][0]
    assert GameLine.from_json(good) is not None
    assert GameLine.from_json({**good, **change}) is None


def test_reset_of_one_player_forgets_their_games(played: Game) -> None:
    record_game(played, ["Ann", "Bob", "Cid"])
    reset_stats(name="Ann")
    stats, _ = load_stats()
    assert stats.history == []
    record_game(played, ["Dee", "Bob", "Cid"])
    reset_stats(preset="contract")
    stats, _ = load_stats()
    assert len(stats.history) == 1
