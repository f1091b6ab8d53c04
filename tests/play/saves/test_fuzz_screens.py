"""Hypothesis writes random JSON values into each field of a valid save,
settings and statistics file, then loads each through the path its screen
uses and draws that screen (dummy video driver): Continue and the table, the
Load screen, the settings the window and the Settings screen are made from,
the Statistics screen. Only the documented errors, never a crash, and the
other files byte for byte as they were.

Strings with every kind of character (lone surrogates, controls, format and
private-use characters, astral planes), huge and negative numbers, wrong
types, deep nesting. Bounded to run in CI in well under a minute.
"""

from __future__ import annotations

import copy
import gc
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_gui import i18n, paths
from rummy_gui.play import (
    botworker,
    saveload,
    saves,
    stats,
)
from rummy_gui.play.settings import Settings as SettingsValues
from rummy_gui.safetext import clean
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.heap import settle_heap
from tests.play.saves.positions import position
from tests.play.saves.screens import menu_app

EXAMPLES = 150  # per file kind: 5-15 s each (2 shared cores)
SAVE_KINDS = ("missing", "damaged", "not_a_save", "newer_version", "invalid", "tampered")
DEEP = "__deep__"  # replaced in the file's text by lists nested far deeper than Python recurses

# --- the three valid files --------------------------------------------------------------------


def _save_doc() -> dict[str, Any]:
    g = position("rummy500", "mid-claim")
    seats = [saves.Seat("Ann", "human", None, "sky blue")] + [
        saves.Seat(f"Bot {i}", "easy", 100 + i, None) for i in range(1, g.players)
    ]
    return saves.document(g, seats)


def _stats_doc() -> dict[str, Any]:
    s = stats.Stats()
    for name, preset in (("Ann", "rummy500"), ("Bob", "shanghai"), ("Ann", "persian")):
        e = s.get(name, preset)
        e.games, e.wins, e.went_out = 5, 2, 3
        for score in (40, -15, 75):
            e.add_deal(score)
    s.recorded = ["0" * 64]
    return s.to_json()


def _settings_doc() -> dict[str, Any]:
    return SettingsValues(
        language="en",
        card_back="red",
        volume=0.4,
        window_size=(1100, 700),
        window_position=(10, 20),
    ).to_json()


SAVE = _save_doc()
STATS = _stats_doc()
SETTINGS = _settings_doc()


def paths_of(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document a value can be put: each key and index (the
    first few moves of a long list), the document itself excluded."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths_of(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:8]):
            out += paths_of(v, (*prefix, i))
    return out


def places(doc: dict[str, Any]) -> st.SearchStrategy[tuple[Any, ...]]:
    """Any place, the places that hold text (names, kinds, dates) as often again."""
    every = paths_of(doc)

    def at(where: tuple[Any, ...]) -> Any:
        v: Any = doc
        for step in where:
            v = v[step]
        return v

    return st.sampled_from(every) | st.sampled_from([p for p in every if isinstance(at(p), str)])


# --- random JSON values -------------------------------------------------------------------------

# the characters that break text drawing as often as all the others together
every_character = st.characters(categories=["Cc", "Cf", "Cs", "Zl", "Zp"]) | st.characters(
    categories=["Co", "Cn", "Zs", "Mn", "Lo", "Lu", "So", "Nd"]
)
texts = (
    st.text(every_character, max_size=30)
    | st.text(max_size=8)
    | st.sampled_from(
        [
            "",
            " ",
            "\x00",
            "\ud800x",
            "\u202e",
            "human",
            "hard",
            "rummy500",
            "0: draw",
            "x" * 5000,
            "../../etc/passwd",
            "1e999",
            "NaN",
            DEEP,
        ]
    )
)
numbers = (
    st.integers(-(2**70), 2**70)
    | st.sampled_from([0, -1, 1, 2, 10**300, -(10**300), 2**63])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([1e308, -0.0, 5e-324])
)
json_values = st.recursive(
    st.none() | st.booleans() | numbers | texts,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=10,
)


def edited(
    doc: dict[str, Any], where: tuple[Any, ...], value: Any, key: str | None = None
) -> bytes:
    """The document with ``value`` at ``where`` (and, given ``key``, that field
    renamed to it: names are keys in the statistics), as file bytes, deep
    nesting spliced in."""
    new = copy.deepcopy(doc)
    parent: Any = new
    for step in where[:-1]:
        parent = parent[step]
    parent[where[-1]] = value
    if key is not None and isinstance(parent, dict):
        parent[key] = parent.pop(where[-1])
    text = json.dumps(new, ensure_ascii=True)
    return text.replace(json.dumps(DEEP), "[" * 3000 + "]" * 3000).encode("ascii")


# --- the screens --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def app() -> Iterator[App]:
    # As the program does once started (`settle_heap`): what the worker holds from
    # the tests before this one leaves the collector's sight. Each example pops a
    # scene, and the full collection that follows walked that whole heap: in one
    # loaded run these three tests took 2,388 s at the suite's end, 69 s near its start.
    settle_heap()
    try:
        yield from menu_app()
    finally:
        gc.unfreeze()


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-home")


@pytest.fixture(autouse=True)
def no_bot_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots think on a thread: a child process per example would be most of the time."""

    def unavailable() -> botworker.BotProcess:
        raise OSError("no child processes in this test")

    monkeypatch.setattr(botworker, "BotProcess", unavailable)


def fresh_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> dict[Path, bytes]:
    """The three valid files (and a named save), written anew; their bytes."""
    shutil.rmtree(home, ignore_errors=True)
    monkeypatch.setenv("RUMMY_GUI_HOME", str(home))
    files = {
        saves.autosave_path(): SAVE,
        paths.saves_dir() / "named.json": SAVE,
        paths.stats_path(): STATS,
        paths.settings_path(): SETTINGS,
    }
    out = {}
    for p, doc in files.items():
        p.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps(doc).encode()
        p.write_bytes(data)
        out[p] = data
    return out


def passed_the_gate(text: str) -> bool:
    return clean(text, len(text)) == text


def draw(app: App, frames: int = 2) -> None:
    for _ in range(frames):
        app.tick(0.05)


def the_others_are_untouched(before: dict[Path, bytes], *mine: Path) -> None:
    for p, data in before.items():
        if p not in mine:
            assert p.read_bytes() == data, f"{p.name} changed"
    leftovers = [
        q.name
        for q in paths.data_dir().rglob("*")
        if q.is_file()
        and not any(q.name.startswith(m.name) for m in mine)
        and q not in before
        and not q.name.startswith(("crash-", ".opening"))
        and not q.name.endswith(".lock")  # rummy_gui.play.folderlock's
    ]
    assert leftovers == []


def back_to_the_menu(app: App) -> None:
    close = getattr(app.session, "close", None)
    if close is not None:
        close()
    app.session = None
    app.pop_to(MainMenu)
    i18n.set_language("en")


FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.long
@FUZZ
@given(where=places(SAVE), value=json_values | texts)
def test_any_value_in_any_field_of_a_save(
    app: App, home: Path, monkeypatch: pytest.MonkeyPatch, where: tuple[Any, ...], value: Any
) -> None:
    from rummy_gui.play.resume import open_autosave
    from rummy_gui.ui.screens.saving import LoadScene
    from rummy_gui.ui.table.scene import TableScene

    before = fresh_home(home, monkeypatch)
    data = edited(SAVE, where, value)
    autosave, named = saves.autosave_path(), paths.saves_dir() / "named.json"
    autosave.write_bytes(data)
    named.write_bytes(data)
    try:
        try:
            saveload.read(named)
        except saves.SaveError as e:
            # a refusal is one of the two allowed outcomes, so it is checked here
            assert e.kind in SAVE_KINDS  # noqa: PT017
            assert str(e).startswith("named.json can't be loaded: ")  # noqa: PT017
        load = LoadScene(app)  # the Load screen lists it and draws its line
        app.push(load)
        draw(app)
        assert [s.path for s in load.saves] == [named]
        back_to_the_menu(app)
        session, reason = open_autosave()  # Continue
        if session is not None:
            app.session = session
            app.push(TableScene(app, session))
            draw(app)
        else:
            assert isinstance(reason, str)
            # a bad file is moved aside, not met again (a newer program's stays for it)
            assert reason == "" or not autosave.exists() or "newer" in reason
            assert open_autosave()[0] is None
        back_to_the_menu(app)  # the last autosave written, if a bot moved
        the_others_are_untouched(before, autosave, named)
    finally:
        back_to_the_menu(app)


@pytest.mark.long
@FUZZ
@given(where=places(STATS), value=json_values, key=st.none() | texts)
def test_any_value_in_any_field_of_the_statistics(
    app: App,
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    where: tuple[Any, ...],
    value: Any,
    key: str | None,
) -> None:
    from rummy_gui.ui.screens.statistics import StatisticsScene

    before = fresh_home(home, monkeypatch)
    data = edited(STATS, where, value, key)
    paths.stats_path().write_bytes(data)
    try:
        _loaded, warnings = stats.load_stats()
        assert all(isinstance(w, str) and passed_the_gate(w) for w in warnings)
        scene = StatisticsScene(app)
        app.push(scene)
        draw(app)
        assert all(passed_the_gate(r.name) for r in scene.rows)
        assert passed_the_gate(scene.note)
        # nothing of it is lost: the file itself, or a copy kept aside, holds the bytes
        kept = [q.read_bytes() for q in paths.data_dir().glob("stats.json*")]
        assert data in kept
        the_others_are_untouched(before, paths.stats_path())
    finally:
        back_to_the_menu(app)


@pytest.mark.long
@FUZZ
@given(where=places(SETTINGS), value=json_values | texts, key=st.none() | texts)
def test_any_value_in_any_field_of_the_settings(
    app: App,
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    where: tuple[Any, ...],
    value: Any,
    key: str | None,
) -> None:
    from rummy_gui.play import prefs
    from rummy_gui.ui.screens.settings import SettingsScene
    from rummy_gui.ui.shell.app import HEADLESS_SCREEN, fit_window

    before = fresh_home(home, monkeypatch)
    data = edited(SETTINGS, where, value, key)
    paths.settings_path().write_bytes(data)
    saved = app.settings
    try:
        loaded, size = prefs.load()  # what the program starts with
        w, h = fit_window(size or (1280, 800), HEADLESS_SCREEN)
        assert 0 < w <= HEADLESS_SCREEN[0]
        assert 0 < h <= HEADLESS_SCREEN[1]
        assert 0.0 <= loaded.effective_volume <= 1.0
        assert loaded.language in i18n.LANGUAGES
        app.settings = loaded
        app.push(SettingsScene(app))
        draw(app)
        kept = [q.read_bytes() for q in paths.config_dir().glob("settings.json*")]
        assert data in kept
        the_others_are_untouched(before, paths.settings_path())
    finally:
        app.settings = saved
        back_to_the_menu(app)
