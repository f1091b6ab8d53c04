"""Three languages from gettext catalogs; every text has every translation."""

from __future__ import annotations

import gettext
import io
import string
import sys
from pathlib import Path

import pytest

from rummy_gui import i18n
from rummy_gui.engine import Game, IllegalMove, parse_card
from rummy_gui.engine.messages import MESSAGES

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import make_catalogs  # noqa: E402


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_every_text_has_a_translation(lang: str) -> None:
    entries = i18n.parse_po((i18n.LOCALE_DIR / f"{lang}.po").read_text(encoding="utf-8"))
    missing = [t for t in make_catalogs.source_texts() if not entries.get(t)]
    assert not missing, f"{len(missing)} texts lack a {lang} translation, e.g. {missing[:3]}"


@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_translations_keep_the_placeholders(lang: str) -> None:
    entries = i18n.parse_po((i18n.LOCALE_DIR / f"{lang}.po").read_text(encoding="utf-8"))
    wrong = [k for k, v in entries.items() if v and _fields(k) != _fields(v)]
    assert not wrong


def test_compiled_catalog_reads_back_with_gettext() -> None:
    entries = {"Hello": "Hei", "Two\nlines": "Kaksi\nriviä", "": "Content-Type: text/plain; charset=UTF-8\n"}
    t = gettext.GNUTranslations(io.BytesIO(i18n.compile_mo(entries)))
    assert t.gettext("Hello") == "Hei" and t.gettext("Two\nlines") == "Kaksi\nriviä"
    assert t.gettext("Missing") == "Missing"


def test_a_broken_catalog_line_is_reported() -> None:
    with pytest.raises(i18n.CatalogError, match="line 2"):
        i18n.parse_po('msgid "a"\nnonsense\n')


def test_engine_reasons_are_translated_by_id() -> None:
    g = Game.from_layout("rummy500", hands=["7C 8D 2C", "4C"], stock="KD", discard="3S 9H 4D")
    with pytest.raises(IllegalMove) as info:
        g.play("take 2")
    said = {}
    for lang in ("en", "fi", "ru"):
        i18n.set_language(lang)
        said[lang] = i18n.reason(info.value)
        assert "9♥" in said[lang]
    assert said["en"] == str(info.value)
    assert len(set(said.values())) == 3
    assert "korttia" in said["fi"] and "карту" in said["ru"]


def test_switching_language_tells_listeners() -> None:
    heard: list[str] = []
    i18n.on_change(heard.append)
    i18n.set_language("ru")
    assert heard[-1] == "ru" and i18n.language() == "ru"
    with pytest.raises(ValueError):
        i18n.set_language("xx")
    assert i18n.language() == "ru"


@pytest.mark.parametrize("card,en,fi,ru", [
    ("KH", "king of hearts", "hertta-kuningas", "король червей"),
    ("10S", "ten of spades", "pata-kymppi", "десятка пик"),
    ("AC", "ace of clubs", "risti-ässä", "туз треф"),
    ("JK", "joker", "jokeri", "джокер"),
])
def test_card_names(card: str, en: str, fi: str, ru: str) -> None:
    c = parse_card(card)
    assert (i18n.card_name(c, "en"), i18n.card_name(c, "fi"), i18n.card_name(c, "ru")) == (en, fi, ru)


def test_default_language_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fi_FI.UTF-8")
    assert i18n.default_language() == "fi"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.default_language() == "en"


def test_every_engine_message_is_in_the_catalogs() -> None:
    assert set(MESSAGES.values()) <= set(make_catalogs.source_texts())


def test_a_screen_that_is_gone_stops_listening() -> None:
    import gc

    heard: list[str] = []

    class Screen:
        def changed(self, lang: str) -> None:
            heard.append(lang)

    screen = Screen()
    i18n.on_change(screen.changed)
    i18n.set_language("fi")
    del screen
    gc.collect()
    i18n.set_language("ru")
    assert heard == ["fi"]


def test_a_missing_catalog_falls_back_to_english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_catalogs", {})
    i18n.set_language("fi")
    with pytest.warns(UserWarning, match="fi.po"):
        assert i18n._("Pass") == "Pass"
