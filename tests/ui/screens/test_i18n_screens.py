"""The menus speak the chosen language: switching it in Settings redraws every
screen in it at once (checked on the text handed to the font renderer), the
choice is kept between runs, and the longer Finnish and Russian labels still
fit their controls at the smallest window."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_gui import i18n
from rummy_gui.engine import PRESETS
from rummy_gui.play import prefs
from rummy_gui.play.settings import Settings
from rummy_gui.ui.screens.join import JoinScene
from rummy_gui.ui.screens.main_menu import MainMenu
from rummy_gui.ui.screens.new_game import NewGameScene
from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.screens.saving import LoadScene
from rummy_gui.ui.screens.settings import SettingsScene
from rummy_gui.ui.screens.statistics import StatisticsScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import Resize, Wheel
from rummy_gui.ui.widgets import fonts
from rummy_gui.ui.widgets.controls import Button, Cycler, Toggle
from tests.ui.ui_driver import click, whole_frame

TOOLS = Path(__file__).resolve().parents[3] / "tools"


class Drawn:
    """Every text rendered while it listens: (text, size) in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def texts(self) -> set[str]:
        return {t for t, _ in self.calls}

    def words(self) -> set[str]:
        return {w.lower() for t, _ in self.calls for w in re.findall(r"[^\W\d_]+", t)}

    def last_size(self, text: str) -> int:
        return [s for t, s in self.calls if t == text][-1]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    record = Drawn()
    cached, render = fonts.text_cached, fonts.render

    def text_cached(text: str, size: int, colour: tuple[int, int, int], bold: bool = False, **wrap):  # type: ignore[no-untyped-def]
        record.calls.append((text, size))
        return cached(text, size, colour, bold, **wrap)

    def rendered(text: str, size: int, colour: tuple[int, int, int], bold: bool = False, *wrap):  # type: ignore[no-untyped-def]
        record.calls.append((text, size))
        return render(text, size, colour, bold, *wrap)

    monkeypatch.setattr(fonts, "text_cached", text_cached)
    monkeypatch.setattr(fonts, "render", rendered)
    yield record
    i18n.set_language("en")


def show(app: App, drawn: Drawn) -> Drawn:
    """One frame of the top screen drawn whole, with only its texts recorded:
    what it shows now (a screen keeps the picture of what did not change, see
    tests/ui/screens/test_menu_layers.py for that picture following the language)."""
    drawn.calls.clear()
    whole_frame(app)
    top = app.stack.top
    if isinstance(top, RulesScene):  # a page longer than the panel: each part scrolled into view
        before = -1
        while top.scroll != before:
            before = top.scroll
            app.dispatch(Wheel(-3))
            whole_frame(app)
    return drawn


def language_chooser(app: App) -> Cycler:
    return next(
        w
        for w in app.stack.top.widgets  # type: ignore[union-attr]
        if isinstance(w, Cycler) and w.values == list(i18n.LANGUAGES)
    )


def choose_language(app: App, lang: str) -> None:
    """Click the Language chooser's right arrow until it shows `lang`."""
    for _ in range(len(i18n.LANGUAGES)):
        if i18n.language() == lang:
            return
        rect = language_chooser(app).rect
        click(app, (rect.right - 6, rect.centery))
    assert i18n.language() == lang


# What each screen must say, per language: a sample of its labels.
EXPECTED = {
    "fi": {
        MainMenu: ["Jatka", "Uusi peli", "Lataa", "Säännöt", "Asetukset", "Tilastot", "Lopeta"],
        SettingsScene: [
            "Asetukset",
            "Kieli",
            "Kortin selkä",
            "Äänenvoimakkuus",
            "Takaisin",
            "Suomi",
        ],
        NewGameScene: [
            "Uusi peli",
            "Pelaajat",
            "Muunnelmat",
            "Aloita",
            "Viisisataa-rommi",
            "Sitoumusrommi",
            "Tavoitepisteet",
            "Botti: keskitaso",
            "Sinä",
        ],
        RulesScene: ["Säännöt", "Viisisataa-rommi", "Jako", "Pöytäykset", "Pisteenlasku"],
        StatisticsScene: ["Tilastot", "Pelaaja", "Peli", "Voitot", "Takaisin"],
        LoadScene: ["Lataa peli", "Takaisin"],
    },
    "ru": {
        MainMenu: [
            "Продолжить",
            "Новая игра",
            "Загрузить",
            "Правила",
            "Настройки",
            "Статистика",
            "Выход",
        ],
        SettingsScene: ["Настройки", "Язык", "Рубашка карт", "Громкость", "Назад", "Русский"],
        NewGameScene: [
            "Новая игра",
            "Игроки",
            "Варианты правил",
            "Начать",
            "Рамми 500",
            "Контрактный рамми",
            "Игра до",
            "Бот: средний",
            "Вы",
        ],
        RulesScene: ["Правила", "Рамми 500", "Сдача", "Комбинации", "Подсчёт очков"],
        StatisticsScene: ["Статистика", "Игрок", "Игра", "Победы", "Назад"],
        LoadScene: ["Загрузить игру", "Назад"],
    },
}
# English labels of the same screens: none of their words may be left on a translated one.
ENGLISH = [
    "Continue",
    "New game",
    "Load",
    "Rules",
    "Settings",
    "Statistics",
    "Quit",
    "Language",
    "Card back",
    "Animation",
    "Volume",
    "Mute",
    "Fullscreen",
    "Back",
    "Players",
    "House rules",
    "Start",
    "Target score",
    "Jokers",
    "Simple scoring",
    "Minimum run length",
    "Human",
    "Medium",
    "The deal",
    "Melds",
    "Scoring",
    "Your turn",
    "Going out",
    "You",
    "Blue",
    "Normal",
    "Winning",
    "Player",
    "Wins",
    "Best deal",
    "Load a game",
    "saved games",
]
ENGLISH_WORDS = {w.lower() for label in ENGLISH for w in label.split() if len(w) > 2} - {"the"}


def open_screen(app: App, screen: type) -> None:
    if screen is not MainMenu:
        app.push(screen(app))


def test_switching_the_language_in_settings_redraws_every_menu(app: App, drawn: Drawn) -> None:
    assert "New game" in show(app, drawn).texts()
    app.push(SettingsScene(app))
    assert "Language" in show(app, drawn).texts()
    for lang in ("fi", "ru", "en"):
        choose_language(app, lang)
        assert app.settings.language == lang
        said = show(app, drawn).texts()  # the same Settings screen, not opened again
        assert {
            "fi": {"Kieli", "Takaisin", "Koko näyttö (F11)"},
            "ru": {"Язык", "Назад", "Во весь экран (F11)"},
            "en": {"Language", "Back", "Fullscreen (F11)"},
        }[lang] <= said
    choose_language(app, "ru")
    app.pop()
    said = show(app, drawn).texts()  # the main menu beneath, laid out again in Russian
    assert {"Продолжить", "Новая игра", "Настройки"} <= said
    assert "New game" not in said


@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_each_menu_is_drawn_in_the_language(app: App, drawn: Drawn, lang: str) -> None:
    app.push(SettingsScene(app))
    choose_language(app, lang)
    app.pop()
    for screen, expected in EXPECTED[lang].items():
        open_screen(app, screen)
        said = show(app, drawn)
        missing = [text for text in expected if text not in said.texts()]
        assert not missing, f"{screen.__name__} in {lang} lacks {missing}"
        english = said.words() & ENGLISH_WORDS
        assert not english, f"English on the {lang} {screen.__name__}: {sorted(english)}"
        if screen is not MainMenu:
            app.pop()


def test_the_rules_page_follows_the_house_rules_in_finnish(app: App, drawn: Drawn) -> None:
    i18n.set_language("fi")
    app.push(RulesScene(app, "rummy500", {"min_run": 4, "simple_scoring": True}))
    text = " ".join(show(app, drawn).texts())
    assert "vähintään 4 peräkkäistä" in text
    assert "Kortit 2–9 ovat 5 pistettä" in text
    assert not re.search(r"\b(the|and|card|cards|meld)\b", text, re.IGNORECASE)


@pytest.mark.parametrize("lang", ["fi", "ru"])
@pytest.mark.parametrize("screen", [MainMenu, SettingsScene, NewGameScene, RulesScene, JoinScene])
def test_labels_fit_their_controls_at_the_smallest_window(
    app: App, drawn: Drawn, lang: str, screen: type
) -> None:
    i18n.set_language(lang)
    app.dispatch(Resize((960, 600)))
    open_screen(app, screen)
    app.stack.top.layout(app.size)  # type: ignore[union-attr]
    if isinstance(app.stack.top, NewGameScene):
        app.stack.top._set_players(8)  # the most seats and the classic rules' options
    said = show(app, drawn)
    for w in app.stack.top.widgets:  # type: ignore[union-attr]
        if isinstance(w, Button):  # a label may wrap onto two lines: the image must fit
            img = w.label_image()
            assert img.get_width() <= w.rect.w - 8, w.label
            assert img.get_height() <= w.rect.h, w.label
            continue
        if isinstance(w, Cycler):
            text, room = w.show(w.value), w.rect.w - 2 * w.arrow_w
            img = w.label_image()  # a long value takes two lines: the image must fit
            if img.get_height() > fonts.font(w.size or 12, True).get_linesize() + 2:
                assert img.get_width() <= w.room[0], text
                assert img.get_height() <= w.room[1], text
                assert (w.size or 12) >= 10, text
                continue
        else:
            continue
        size = said.last_size(text)
        width = fonts.font(size, True).size(text)[0]
        assert width <= room, f"{text!r}: {width}px at {size}pt in {room}px"
        assert size >= 10, f"{text!r}: {width}px at {size}pt in {room}px"


def test_the_language_is_kept_between_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_gui import paths

    try:
        prefs.save(Settings(language="ru"), None)
        i18n.set_language("en")
        settings, _ = prefs.load()
        assert settings.language == "ru"
        assert i18n.language() == "ru"
        paths.settings_path().unlink()  # never chosen: the system's language
        for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            monkeypatch.delenv(var, raising=False)
        monkeypatch.setenv("LANG", "fi_FI.UTF-8")
        settings, _ = prefs.load()
        assert settings.language == "fi"
        assert i18n.language() == "fi"
    finally:
        i18n.set_language("en")


@pytest.mark.skipif(
    not (TOOLS / "catalogs.py").exists(),
    reason="the catalog tools are not here (an installed wheel)",
)
def test_the_engines_preset_names_and_descriptions_are_in_the_catalogs() -> None:
    pytest.importorskip("babel")
    sys.path.insert(0, str(TOOLS))
    import catalogs

    texts = {m.id for m in catalogs.extract()}
    for rules in PRESETS.values():
        assert rules.name in texts
        # a description with a counted noun is a singular and a plural id
        template = rules.description
        assert (i18n.plural_ids(template) if "(s)" in template else template) in texts


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
@pytest.mark.parametrize("players", [4, 8])
def test_every_seat_type_fits_its_chooser_at_one_size(app: App, lang: str, players: int) -> None:
    # "Botti: keskitaso" wrapped onto two lines touching the box's edges, while
    # "Ihminen" above it stood on one: now the column shares one size that fits all
    i18n.set_language(lang)
    app.dispatch(Resize((960, 600)))
    scene = NewGameScene(app)
    app.push(scene)
    scene.layout(app.size)
    scene._set_players(players)
    column = [
        w for w in scene.widgets if isinstance(w, Cycler) and w.values and w.values[0] == "human"
    ]
    assert len(column) == players
    assert len({c.size for c in column}) == 1
    assert column[0].size is not None
    for c in column:
        for i in range(len(c.values)):
            c.index = i
            img = c.label_image()
            room_w, room_h = c.room
            assert img.get_width() <= room_w, (c.show(c.value), img.get_width(), room_w)
            assert img.get_height() <= room_h, (c.show(c.value), img.get_height(), room_h)
    assert column[0].size >= 11


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
@pytest.mark.parametrize("screen", [SettingsScene, NewGameScene])
def test_switches_share_one_size_and_settings_stay_on_one_line(
    app: App, drawn: Drawn, lang: str, screen: type
) -> None:
    # the Russian "Простой подсчёт (2–9 по 5 очков)" was drawn smaller than the
    # switches beside it, and the four-colour switch wrapped in Settings
    i18n.set_language(lang)
    app.dispatch(Resize((960, 600)))
    open_screen(app, screen)
    app.stack.top.layout(app.size)  # type: ignore[union-attr]
    said = show(app, drawn)
    toggles = [w for w in app.stack.top.widgets if isinstance(w, Toggle)]  # type: ignore[union-attr]
    assert toggles
    sizes = {w.label: said.last_size(w.label) for w in toggles}
    assert len(set(sizes.values())) == 1, sizes
    for w in toggles:
        img = w.label_image()
        assert w.rect.x + img.get_width() <= app.size[0], w.label
        if screen is SettingsScene:
            one_line = fonts.font(sizes[w.label]).get_linesize()
            assert img.get_height() <= one_line + 2, w.label
