"""Format versions and upgrades; named saves, the Load list, deleting; where files live."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import platformdirs
import pytest

from rummy_gui import paths
from rummy_gui.engine import Game
from rummy_gui.play import jsonio, savelist, saveload, saves, saveupgrade
from tests.play.saves.positions import position, seats_for

FIXTURES = Path(__file__).parent / "fixtures"


# ----------------------------------------------------------------- versions
def test_version_1_fixture_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    shutil.copy(FIXTURES / "save-v1.json", path)
    saved = saveload.read(path)
    assert saved.version == 1
    assert saved.seats == (
        saves.Seat("Ann"),
        saves.Seat("Easy bot", "easy"),
        saves.Seat("Hard bot", "hard"),
    )
    assert saved.table == {}
    assert saved.saved_at == datetime(2026, 11, 1, 20, 15, tzinfo=timezone.utc)
    record = json.loads((FIXTURES / "save-v1.json").read_text())["game"]
    assert saved.game == Game.from_record(record)
    assert len(saved.game.moves) == 15
    # saved again, it is written in the current version and reads back the same
    saves.write(path, saved.game, saved.seats, saved.table)
    again = saveload.read(path)
    assert again.version == saves.SAVE_VERSION
    assert again.game == saved.game
    assert json.loads(jsonio.backup_path(path).read_text())["version"] == 1


def test_version_1_save_with_a_bad_seat(tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "save-v1.json").read_text())
    doc["seats"][1] = {"name": "Easy bot", "level": "easy"}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(saves.SaveError, match="seat 1 is not a version-1 seat"):
        saveload.read(path)


def test_upgraders_run_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a future version 3, a version-1 file goes through 1->2 and then 2->3."""
    steps: list[int] = []

    def two_to_three(doc: dict[str, Any]) -> dict[str, Any]:
        steps.append(2)
        return {**doc, "version": 3}

    real = saveupgrade.UPGRADERS[1]

    def one_to_two(doc: dict[str, Any]) -> dict[str, Any]:
        steps.append(1)
        return real(doc)

    monkeypatch.setattr(saveupgrade, "SAVE_VERSION", 3)
    monkeypatch.setitem(saveupgrade.UPGRADERS, 1, one_to_two)
    monkeypatch.setitem(saveupgrade.UPGRADERS, 2, two_to_three)
    doc = json.loads((FIXTURES / "save-v1.json").read_text())
    assert saveupgrade.upgrade(doc)["version"] == 3
    assert steps == [1, 2]


def test_every_old_version_has_an_upgrader() -> None:
    assert sorted(saveupgrade.UPGRADERS) == list(range(1, saves.SAVE_VERSION))


def test_seat_kinds_are_a_human_and_the_bot_levels() -> None:
    from rummy_gui.bots import LEVELS

    assert (saves.HUMAN, *LEVELS) == saves.SEAT_KINDS


# ----------------------------------------------------------------- named saves
def test_named_saves_are_listed_newest_first(home: Path) -> None:
    a = position("rummy500", "between-deals")
    b = position("contract", "mid-claim")
    saves.write(savelist.save_path("Friday game"), a, seats_for(a.players))
    saves.write(savelist.save_path("Контракт"), b, seats_for(b.players))
    doc = json.loads(savelist.save_path("Friday game").read_text())
    doc["saved_at"] = "2020-01-01T00:00:00+00:00"  # older than the other
    jsonio.write_json(savelist.save_path("Friday game"), doc)
    assert savelist.save_path("Friday game") == home / "data" / "saves" / "Friday game.json"
    listed = savelist.list_saves()
    assert [s.name for s in listed] == ["Контракт", "Friday game"]
    friday = listed[1]
    assert friday.preset == "rummy500"
    assert friday.preset_name == "Rummy 500"
    assert friday.players == 3
    assert friday.names == ("Player 1", "Player 2", "Player 3")
    assert friday.round == a.round
    assert friday.scores == tuple(a.totals)
    assert friday.date == datetime(2020, 1, 1, tzinfo=timezone.utc)
    assert not friday.game_over
    assert friday.error is None
    assert listed[0].preset == "contract"
    assert listed[0].round == 1


def test_damaged_saves_are_listed_with_their_error() -> None:
    g = position("rummy500", "mid-deal")
    saves.write(savelist.save_path("good"), g, seats_for(3))
    saves.write(savelist.save_path("good"), g, seats_for(3))  # leaves good.json.bak
    savelist.save_path("bad").write_text("{not json")
    saves.quarantine(savelist.save_path("bad"))
    savelist.save_path("torn").write_bytes(savelist.save_path("good").read_bytes()[:100])
    savelist.save_path("future").write_text(json.dumps({"format": saves.SAVE_FORMAT, "version": 9}))
    listed = {s.name: s for s in savelist.list_saves()}
    assert set(listed) == {"good", "torn", "future"}  # no .bak, no .corrupt-*
    assert listed["good"].error is None
    assert listed["torn"].error is not None
    assert "not valid JSON" in listed["torn"].error
    assert listed["future"].error is not None
    assert "version 9" in listed["future"].error


def test_old_version_save_is_listed() -> None:
    folder = paths.saves_dir()
    folder.mkdir(parents=True)
    shutil.copy(FIXTURES / "save-v1.json", folder / "old.json")
    (line,) = savelist.list_saves()
    assert line.name == "old"
    assert line.error is None
    assert line.names == ("Ann", "Easy bot", "Hard bot")


def test_list_saves_without_a_folder() -> None:
    assert savelist.list_saves() == []


def test_delete_save_file_removes_it_and_its_backup() -> None:
    g = position("rummy500", "mid-deal")
    saves.write(savelist.save_path("x"), g, seats_for(3))
    saves.write(savelist.save_path("x"), g, seats_for(3))
    savelist.delete_save_file(savelist.save_path("x"))
    assert list(paths.saves_dir().iterdir()) == []
    with pytest.raises(saves.SaveError, match=r"there is no save x\.json"):
        savelist.delete_save_file(savelist.save_path("x"))


def test_delete_autosave() -> None:
    g = position("rummy500", "mid-deal")
    saves.write(saves.autosave_path(), g, seats_for(3))
    saves.write(saves.autosave_path(), g, seats_for(3))
    saves.delete_autosave()
    assert not saves.autosave_path().exists()
    assert not jsonio.backup_path(saves.autosave_path()).exists()
    saves.delete_autosave()  # nothing there: no error


@pytest.mark.parametrize(
    "name",
    [
        "",
        "   ",
        "a/b",
        "..\\up",
        "x:y",
        "what?",
        "star*",
        ".hidden",
        "dot.",
        "CON",
        "lpt1",
        "nul.json",
        "tab\there",
        "x" * 61,
    ],
)
def test_bad_save_names(name: str) -> None:
    with pytest.raises(saves.SaveError) as caught:
        savelist.save_path(name)
    assert caught.value.kind == "bad_name"


def test_save_names_are_trimmed() -> None:
    assert savelist.save_path("  Sunday  ").name == "Sunday.json"


# ----------------------------------------------------------------- where files live
def test_rummy_gui_home_overrides_both(home: Path) -> None:
    assert paths.data_dir() == home / "data"
    assert paths.config_dir() == home / "config"
    assert saves.autosave_path() == home / "data" / "autosave.json"
    assert paths.saves_dir() == home / "data" / "saves"
    assert paths.stats_path() == home / "data" / "stats.json"
    assert paths.settings_path() == home / "config" / "settings.json"


def test_platform_directories_without_the_override(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RUMMY_GUI_HOME")
    assert paths.data_dir() == Path(platformdirs.user_data_dir("rummy-gui", appauthor=False))
    assert paths.config_dir() == Path(platformdirs.user_config_dir("rummy-gui", appauthor=False))
    monkeypatch.setenv("RUMMY_GUI_HOME", "")
    assert paths.data_dir() == Path(platformdirs.user_data_dir("rummy-gui", appauthor=False))


def test_pinochle_save_from_before_face_down_lay_offs_plays_on_face_up(tmp_path: Path) -> None:
    """RULES.md 3.9: a save whose record has no `hidden_layoffs` option was
    played with lay-offs face up, and goes on so."""
    game = Game.from_layout(
        "pinochle",
        hands=["5H 6H 7H 8H 9H 10H 2C 3C", "JH 3D 4D 5D KS", "6D 8D 9D 10D KC"],
        stock="QC QS QD 2S 3S",
        discard="JC",
        options={"hidden_layoffs": False},
    )
    for text in ("0: draw", "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1", "0: discard 2C"):
        game.play(text)
    path = tmp_path / "old.json"
    saves.write(path, game, seats_for(3), {})
    doc = json.loads(path.read_text())
    del doc["game"]["options"]["hidden_layoffs"]  # as the program before the option wrote it
    path.write_text(json.dumps(doc))
    saved = saveload.read(path)
    assert saved.game.rules.hidden_layoffs is False
    assert saved.game == game
    saved.game.play("1: draw")
    saved.game.play("1: layoff JH to 1")
    assert [str(m) for m in saved.game.view(2).melds] == ["5H 6H 7H 8H 9H 10H JH"]
