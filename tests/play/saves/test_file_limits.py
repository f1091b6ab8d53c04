"""What a file or a disk does never hangs, crashes or loses anything: a FIFO
where a data file or a kept copy should be, absurd numbers, a game longer
than a save can hold, a full disk at game over, the modes of kept copies,
thousands of unknown settings."""

from __future__ import annotations

import errno
import json
import os
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from rummy_gui import paths
from rummy_gui.engine import Game
from rummy_gui.play import jsonio, prefs, savelist, saveload, saves, stats
from rummy_gui.play.resume import open_autosave
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.play.settings import load_settings, save_settings
from rummy_gui.ui.shell.app import App
from tests.play.saves.positions import position, seats_for
from tests.play.saves.screens import menu_app

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")


@pytest.fixture
def app() -> Iterator[App]:
    yield from menu_app()


@pytest.fixture(scope="module")
def finished() -> Game:
    return position("rummy500", "game-over")


def within(seconds: float, fn: Callable[[], Any]) -> Any:
    """``fn()``, which must return within ``seconds`` (a hang fails the test, not the run)."""
    out: list[Any] = []
    worker = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"{fn} hangs"
    assert out, f"{fn} failed"
    return out[0]


def stats_doc(**entry: Any) -> dict[str, Any]:
    counts = dict.fromkeys(stats._COUNTS, 1)
    counts.update(best_deal=5, deal_total=5)
    counts.update(entry)
    return {
        "format": stats.STATS_FORMAT,
        "version": stats.STATS_VERSION,
        "players": {"Ann": {"rummy500": counts}},
        "recorded": [],
    }


def write(p: Path, doc: Any) -> bytes:
    p.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(doc).encode()
    p.write_bytes(data)
    return data


# --- no FIFO or device is opened as a data file ----------------------------------------------


@needs_fifo
def test_a_fifo_named_like_a_kept_settings_copy_does_not_block_the_start() -> None:
    write(paths.settings_path(), {"volume": 0.5, "colour_scheme": "dark"})  # kept aside first
    os.mkfifo(paths.settings_path().with_name("settings.json.corrupt-20250101-000000"))
    settings, warnings = within(20, load_settings)
    assert settings.volume == 0.5
    assert any("kept as settings.json.corrupt-" in w for w in warnings)


@needs_fifo
def test_a_fifo_named_like_a_kept_statistics_copy_does_not_block_the_screen(app: App) -> None:
    from rummy_gui.ui.screens.statistics import StatisticsScene

    write(paths.stats_path(), stats_doc(wins=9))  # more wins than games: kept aside
    os.mkfifo(paths.stats_path().with_name("stats.json.corrupt-20250101-000000"))
    scene = within(20, lambda: StatisticsScene(app))
    assert "damaged" in scene.note


@needs_fifo
@pytest.mark.parametrize("name", ["settings", "stats", "autosave"])
def test_a_fifo_in_a_data_files_place_is_damaged_not_waited_on(name: str) -> None:
    p = {
        "settings": paths.settings_path(),
        "stats": paths.stats_path(),
        "autosave": saves.autosave_path(),
    }[name]
    p.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(p)
    if name == "settings":
        _, warnings = within(20, load_settings)
        assert any("not a regular file" in w for w in warnings)
        within(20, lambda: save_settings(load_settings()[0]))
        assert stat.S_ISREG(os.lstat(p).st_mode)  # written in its place, a file again
    elif name == "stats":
        _, warnings = within(20, stats.load_stats)
        assert any("not a regular file" in w for w in warnings)
    else:
        session, problem = within(20, open_autosave)
        assert session is None
        assert "not a regular file" in problem


def test_a_device_is_not_opened_as_a_data_file(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Any] = []
    real_open = os.open

    def watched(path: Any, *args: Any, **kwargs: Any) -> int:
        opened.append(str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", watched)
    with pytest.raises(jsonio.ReadError, match="not a regular file"):
        jsonio.read_json("/dev/null")
    assert "/dev/null" not in opened  # the type is looked at before it is opened


# --- every number read from a file is bounded ------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        {"deal_total": 10**309, "deals": 1},
        {"deal_total": -(10**309), "deals": 1},
        {"games": 10**400, "wins": 1},
        {"best_deal": 10**4000},
        {"hints": 10**100},
    ],
    ids=["total", "negative-total", "games", "best-deal", "hints"],
)
def test_absurd_statistics_are_damaged_kept_aside_and_the_screen_draws(
    app: App, entry: dict[str, Any]
) -> None:
    from rummy_gui.ui.screens.statistics import StatisticsScene

    data = write(paths.stats_path(), stats_doc(**entry))
    app.push(StatisticsScene(app))
    for _ in range(2):
        app.tick(0.05)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    assert "damaged and were left out" in scene.note
    assert scene.rows == []
    (kept,) = paths.data_dir().glob("stats.json.corrupt-*")
    assert kept.read_bytes() == data


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("game", "seed"), 10**4000),
        (("game", "options", "target"), 10**4000),
        (("seats", 1, "seed"), 10**30),
    ],
    ids=["record-seed", "house-rule", "bot-seed"],
)
def test_absurd_numbers_in_a_save_are_refused_as_damaged(
    where: tuple[Any, ...], value: int
) -> None:
    g = position("rummy500", "mid-deal")
    doc = saves.document(g, seats_for(g.players))
    node: Any = doc
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    write(saves.autosave_path(), doc)
    with pytest.raises(saves.SaveError) as caught:
        saveload.read(saves.autosave_path())
    assert caught.value.kind == "invalid"
    assert len(str(caught.value)) < 300  # the number is not echoed


@pytest.mark.parametrize(
    ("field", "value"),
    [("totals", [10**4000, 0, 0]), ("round", 10**400), ("players", 10**400)],
    ids=["totals", "round", "players"],
)
def test_absurd_numbers_in_a_saves_summary_mark_its_load_row_damaged(
    field: str, value: Any
) -> None:
    g = position("rummy500", "mid-deal")
    doc = saves.document(g, seats_for(g.players))
    doc["summary"][field] = value
    write(savelist.save_path("big"), doc)
    (row,) = savelist.list_saves()
    assert row.error is not None
    assert row.scores == ()


# --- the writer keeps the reader's limits ------------------------------------------------------


def test_a_game_longer_than_a_save_can_hold_is_not_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = position("rummy500", "mid-deal")
    assert len(g.moves) > 10
    monkeypatch.setattr(saves, "MAX_MOVES", len(g.moves) - 1)  # the one limit of both
    with pytest.raises(saves.SaveError) as caught:
        saves.write(savelist.save_path("long"), g, seats_for(g.players))
    assert caught.value.kind == "too_large"
    assert "more than the" in str(caught.value)
    assert not savelist.save_path("long").exists()  # nothing the reader would refuse


def test_the_table_says_so_when_the_game_grows_past_what_a_save_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from rummy_gui.play.problems import saving_off_text

    g = position("rummy500", "mid-deal")
    seats = [SeatConfig(s.name, s.kind) for s in seats_for(g.players)]
    s = Session("rummy500", seats, {}, game=g, threaded=False, bot_process=False)
    s.autosave_enabled = True
    s.autosave()
    s._saver.shutdown(wait=True)  # the autosave as it is, on disk
    on_disk = saves.autosave_path().read_bytes()
    monkeypatch.setattr(saves, "MAX_MOVES", len(g.moves))
    s = Session("rummy500", seats, {}, game=g, threaded=False, bot_process=False)
    s.autosave_enabled = True
    move = next(iter(g.legal_moves))
    s.play(g.turn if move.seat is None else move.seat, move)
    s.close()
    assert s.save_error_kind == "too_large"
    assert saving_off_text(s.save_error or "", s.save_error_kind).startswith("Saving is off: ")
    assert saves.autosave_path().read_bytes() == on_disk  # the last one a save holds
    saveload.read(saves.autosave_path())


# --- a full disk at game over --------------------------------------------------------------------


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[bool], None]]:
    """``full(True)``: every write fails with ENOSPC, as on a full disk;
    ``full(False)``: room again."""
    real = jsonio._write_locked

    def no_room(p: Path, *_blob_and_backup: Any) -> None:
        raise jsonio._write_problem(OSError(errno.ENOSPC, "No space left on device"), p)

    def full(on: bool) -> None:
        monkeypatch.setattr(jsonio, "_write_locked", no_room if on else real)

    yield full
    stats._PENDING.clear()


def games_of(name: str) -> int:
    loaded, _ = stats.load_stats()
    return sum(r.games for r in loaded.rows(name=name))


def test_statistics_of_a_game_over_on_a_full_disk_are_written_when_room_returns(
    finished: Game, full_disk: Callable[[bool], None]
) -> None:
    full_disk(True)
    with pytest.raises(jsonio.WriteError) as caught:
        stats.record_game(finished, ["Ann", "Bob", "Cid"])
    assert caught.value.kind == "disk_full"
    assert stats.pending() == 1
    assert not paths.stats_path().exists()
    with pytest.raises(jsonio.WriteError):  # still full: the first one waits on
        stats.record_game(finished, ["Dan", "Eve", "Fay"])
    assert stats.pending() == 2
    full_disk(False)
    assert stats.record_game(finished, ["Gus", "Hal", "Ivy"]) is True  # the next write
    assert stats.pending() == 0
    assert [games_of(n) for n in ("Ann", "Dan", "Gus")] == [1, 1, 1]


def test_a_game_over_on_a_full_disk_keeps_the_autosave_and_counts_at_the_next_start(
    finished: Game, full_disk: Callable[[bool], None]
) -> None:
    from rummy_gui.play.resume import count_finished_autosave

    record = finished.record()
    game = Game.from_record({**record, "moves": record["moves"][:-1]})
    seats = [SeatConfig(s.name, s.kind) for s in seats_for(3)]
    s = Session("rummy500", seats, {}, game=game, threaded=False, bot_process=False)
    s.autosave_enabled = True
    s.autosave()
    s._saver.shutdown(wait=True)
    full_disk(True)
    s = Session("rummy500", seats, {}, game=game, threaded=False, bot_process=False)
    s.autosave_enabled = True
    last = finished.moves[-1]
    s.play(game.turn if last.seat is None else last.seat, last)  # game over, disk full
    s.close()  # its last try, still full
    assert s.save_error_kind == "disk_full"
    assert saves.autosave_path().exists()  # not deleted while its statistics wait
    stats._PENDING.clear()  # the program ends
    full_disk(False)
    count_finished_autosave()  # the next start: the game is not finished on disk yet
    assert games_of(seats[0].name) == 0
    s = Session(
        "rummy500",
        seats,
        {},
        game=saveload.read(saves.autosave_path()).game,
        threaded=False,
        bot_process=False,
    )
    s.autosave_enabled = True
    s.play(game.turn if last.seat is None else last.seat, last)  # finished again, room now
    s.close()
    assert games_of(seats[0].name) == 1
    assert not saves.autosave_path().exists()


def test_a_finished_game_kept_as_the_autosave_is_counted_once_at_start(finished: Game) -> None:
    from rummy_gui.play.resume import count_finished_autosave

    table = {"hints": {"0": 2}}
    saves.write(saves.autosave_path(), finished, seats_for(3), table)
    count_finished_autosave()
    count_finished_autosave()
    assert games_of(seats_for(3)[0].name) == 1
    assert not saves.autosave_path().exists()
    loaded, _ = stats.load_stats()
    assert loaded.rows(name=seats_for(3)[0].name)[0].hints == 2


# --- kept copies have the mode of what they copy -------------------------------------------------


@pytest.mark.skipif(os.name != "posix", reason="POSIX modes")
@pytest.mark.parametrize("tag", ["newer", "corrupt"])
def test_a_kept_copy_has_the_mode_of_its_file(tag: str) -> None:
    p = paths.settings_path()
    save_settings(load_settings()[0])
    assert stat.S_IMODE(os.stat(p).st_mode) == 0o600  # what write_json makes
    doc = json.loads(p.read_text())
    if tag == "newer":
        doc["version"] = 99
    else:
        doc["volume"] = "loud"
    p.write_text(json.dumps(doc))
    _, warnings = load_settings()
    (kept,) = p.parent.glob(f"settings.json.{tag}-*")
    assert stat.S_IMODE(os.stat(kept).st_mode) == 0o600, warnings


# --- thousands of unknown settings: one line --------------------------------------------------


def test_five_thousand_unknown_settings_print_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    doc: dict[str, Any] = {f"key{i}": i for i in range(5000)}
    doc["volume"] = 0.3
    write(paths.settings_path(), doc)
    settings, _ = prefs.load()
    assert settings.volume == 0.3
    err = capsys.readouterr().err.splitlines()
    assert len(err) <= 2, err[:5]  # the summary, and where the file's copy is kept
    assert "5,000 unknown settings ignored: 'key0', 'key1', 'key2' and 4,997 more" in err[0]
    assert max(len(line) for line in err) < 300
