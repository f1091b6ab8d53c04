"""Three languages from compiled gettext catalogs, made with Babel; every text
has every translation, with the language's plural forms."""

from __future__ import annotations

import gettext
import io
import sys
import warnings
from pathlib import Path

import pytest

from rummy_gui import i18n
from rummy_gui.engine import Game, IllegalMove
from rummy_gui.engine.messages import MESSAGES

TOOLS = Path(__file__).resolve().parents[1] / "tools"
SOURCE = TOOLS.parent / "rummy_gui"
needs_source = pytest.mark.skipif(
    not (TOOLS / "catalogs.py").exists() or not SOURCE.is_dir(),
    reason="the catalog tools and sources are not here (an installed wheel)",
)


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def catalogs():
    if not (TOOLS / "catalogs.py").exists():
        pytest.skip("the catalog tools are not here (an installed wheel)")
    pytest.importorskip("babel")
    sys.path.insert(0, str(TOOLS))
    import catalogs as tool  # the Babel steps of tools/catalogs.py

    return tool


@pytest.fixture(scope="module")
def source(catalogs):
    return catalogs.extract()


def _fresh(monkeypatch: pytest.MonkeyPatch, locale_dir: Path | None = None) -> None:
    if locale_dir is not None:
        monkeypatch.setattr(i18n, "LOCALE_DIR", locale_dir)
    monkeypatch.setattr(i18n, "_catalogs", {})


def test_every_language_has_a_compiled_catalog_in_the_package() -> None:
    for lang in set(i18n.LANGUAGES) - {"en"}:
        assert i18n.catalog_path(lang).is_file(), lang
        assert isinstance(i18n.catalog(lang), gettext.GNUTranslations)


@needs_source
def test_the_catalogs_are_the_languages_of_the_program(catalogs) -> None:
    assert set(catalogs.languages()) == set(i18n.LANGUAGES) - {"en"}


@needs_source
@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_every_text_has_a_translation_and_the_mo_is_compiled(lang: str, catalogs, source) -> None:
    # missing, fuzzy, wrong number of plural forms, placeholders, stale .mo, stale ids
    assert catalogs.problems(lang, source) == []


@needs_source
@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_the_plural_forms_are_the_languages(lang: str, catalogs) -> None:
    catalog = catalogs.read(catalogs.po_path(lang), lang)
    assert catalog.num_plurals == {"fi": 2, "ru": 3}[lang]
    assert not catalog.fuzzy


@needs_source
def test_the_check_finds_a_fuzzy_a_missing_and_a_changed_placeholder(
    catalogs, source, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from babel.messages.catalog import Catalog

    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    catalog = Catalog(locale="fi", domain=i18n.DOMAIN, fuzzy=False)
    ids = [m for m in source if m.id and not m.pluralizable and "{name}" in m.id][:3]
    catalog.add(ids[0].id, "arvaus {name}", flags=["fuzzy"])
    catalog.add(ids[1].id, "")
    catalog.add(ids[2].id, "{nimi}")
    catalogs.write(catalogs.po_path("fi"), catalog)
    catalogs.compile_catalogs(["fi"])
    found = "\n".join(catalogs.problems("fi"))
    assert "is fuzzy" in found
    assert "has no translation" in found
    assert "placeholders ['nimi']" in found
    # Babel leaves the fuzzy guess out of the compiled catalog: never shown.
    with catalogs.mo_path("fi").open("rb") as f:
        assert gettext.GNUTranslations(f).gettext(ids[0].id) == ids[0].id


@needs_source
def test_the_check_finds_a_stale_mo(
    catalogs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from babel.messages.catalog import Catalog

    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    catalog = Catalog(locale="fi", domain=i18n.DOMAIN, fuzzy=False)
    catalog.add("Pass", "Ohi")
    catalogs.write(catalogs.po_path("fi"), catalog)
    catalogs.compile_catalogs(["fi"])
    assert catalogs.problems("fi") == []
    catalog["Pass"].string = "Passaa"
    catalogs.write(catalogs.po_path("fi"), catalog)
    assert any("is not the compiled" in p for p in catalogs.problems("fi"))


@needs_source
def test_a_broken_po_is_reported_with_its_line_once(catalogs, tmp_path: Path) -> None:
    bad = tmp_path / "bad.po"
    bad.write_text('msgid "a"\nmsgstr "b"\nnonsense\n', encoding="utf-8")
    with pytest.raises(catalogs.CatalogError) as info:
        catalogs.read(bad, "fi")
    assert str(info.value) == f"{bad}, line 3: Unknown or misformatted keyword: 'nonsense'"


@needs_source
def test_every_engine_message_is_in_the_catalogs(source) -> None:
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in source if m.id}
    for code, template in MESSAGES.items():
        assert (i18n.plural_ids(template)[0] if code in i18n.ENGINE_PLURALS else template) in ids, (
            code
        )


@needs_source
def test_every_engine_text_the_screens_show_is_in_the_catalogs(source) -> None:
    """Preset names and descriptions, contracts, house rules and their values
    come from the engine (rummy_gui.engine.catalog); the extractor finds them all."""
    from rummy_gui.engine import catalog

    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in source}
    texts = {r.name for r in catalog.presets()}
    texts |= {i18n.plural_ids(r.description)[0] for r in catalog.presets()}
    texts |= {name for r in catalog.presets() for _s, _r, name in catalog.contracts(r)}
    texts |= set(catalog.OPTION_LABELS.values())
    texts |= {name for names in catalog.CHOICE_NAMES.values() for name in names.values()}
    assert len(texts) > 30
    assert not texts - ids


def test_engine_plurals_name_a_count_of_their_template() -> None:
    for code, param in i18n.ENGINE_PLURALS.items():
        assert "{" + param + "}" in MESSAGES[code], code
    # a new "(s)" in the engine must get its plural entry
    assert {c for c, t in MESSAGES.items() if "(s)" in t} <= set(i18n.ENGINE_PLURALS)


def test_engine_reasons_are_translated_by_id() -> None:
    g = Game.from_layout("rummy500", hands=["7C 8D 2C", "4C"], stock="KD", discard="3S 9H 4D")
    with pytest.raises(IllegalMove) as info:
        g.play("take 2")
    said = {}
    for lang in ("en", "fi", "ru"):
        i18n.set_language(lang)
        said[lang] = i18n.reason(info.value)
        assert "9♥" in said[lang]
    assert said["en"] == str(info.value).replace("card(s)", "cards")
    assert len(set(said.values())) == 3
    assert "korttia" in said["fi"]
    assert "карту" in said["ru"]


@pytest.mark.parametrize(
    ("count", "ru"),
    [
        (1, "1 карту"),
        (2, "2 карты"),
        (5, "5 карт"),
        (11, "11 карт"),
        (21, "21 карту"),
        (22, "22 карты"),
    ],
)
def test_russian_counts_take_their_plural_form(count: int, ru: str) -> None:
    exc = IllegalMove(
        MESSAGES["target_unusable"].format(card="9♥", count=count),
        "target_unusable",
        card="9♥",
        count=count,
    )
    i18n.set_language("ru")
    assert i18n.reason(exc).startswith(f"Нельзя взять {ru}:")
    i18n.set_language("en")
    assert i18n.reason(exc).startswith(f"You can't take {count} card{'s' if count != 1 else ''}:")


def test_finnish_and_english_plurals_of_a_ui_text() -> None:
    one = "The winning team wins by {n} point (the difference of the team totals)."
    many = "The winning team wins by {n} points (the difference of the team totals)."
    assert i18n.ngettext(one, many, 1) == one
    assert i18n.ngettext(one, many, 3) == many
    i18n.set_language("ru")
    assert "в {n} очко." in i18n.ngettext(one, many, 21)
    assert "в {n} очков." in i18n.ngettext(one, many, 25)
    i18n.set_language("fi")
    assert "Voittajapari voittaa {n} pisteellä" in i18n.ngettext(one, many, 2)


def test_the_same_english_word_in_two_contexts() -> None:
    i18n.set_language("ru")
    assert i18n.pgettext("card back", "Blue") == "Синяя"
    assert i18n._("blue") == "синий"
    assert i18n.pgettext("animation", "Off") == "Без анимации"
    assert i18n._("off") == "выкл."
    assert i18n.NC_("animation", "Off") == "Off"


def test_switching_language_tells_listeners() -> None:
    heard: list[str] = []
    i18n.on_change(heard.append)
    i18n.set_language("ru")
    assert heard[-1] == "ru"
    assert i18n.language() == "ru"
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.set_language("xx")
    assert i18n.language() == "ru"


def test_default_language_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fi_FI.UTF-8")
    assert i18n.default_language() == "fi"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.default_language() == "en"


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


def test_a_missing_catalog_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _fresh(monkeypatch, tmp_path)
    i18n.set_language("fi")
    with pytest.warns(
        UserWarning, match=r"rummy_gui\.mo could not be read \(No such file or directory\)"
    ):
        assert i18n._("Pass") == "Pass"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # said once
        assert i18n._("Pass") == "Pass"


def test_a_damaged_catalog_falls_back_to_english_with_one_reason(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _fresh(monkeypatch, tmp_path)
    path = tmp_path / "ru" / "LC_MESSAGES" / "rummy_gui.mo"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a catalog at all")
    i18n.set_language("ru")
    with pytest.warns(UserWarning, match=r"rummy_gui\.mo could not be read") as record:
        assert i18n._("Pass") == "Pass"
    message = str(record[0].message)
    assert "rummy_gui.mo could not be read" in message
    assert message.count("line") == 0
    assert len(record) == 1


def test_a_compiled_catalog_reads_back_with_gettext() -> None:
    pytest.importorskip("babel")
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="ru", fuzzy=False)
    catalog.add("Hello", "Привет")
    catalog.add(("{n} card", "{n} cards"), ("{n} карта", "{n} карты", "{n} карт"))
    catalog.add("Blue", "Синяя", context="card back")
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    t = gettext.GNUTranslations(buf)
    assert t.gettext("Hello") == "Привет"
    assert t.gettext("Missing") == "Missing"
    assert [t.ngettext("{n} card", "{n} cards", n) for n in (1, 3, 5)] == [
        "{n} карта",
        "{n} карты",
        "{n} карт",
    ]
    assert t.pgettext("card back", "Blue") == "Синяя"
    assert t.gettext("Blue") == "Blue"


@pytest.mark.parametrize(
    ("lang", "chip", "bot"), [("en", "D", "Bot 3"), ("fi", "J", "Botti 3"), ("ru", "С", "Бот 3")]
)
def test_the_dealer_chip_and_the_demo_bots_speak_the_language(
    lang: str, chip: str, bot: str
) -> None:
    i18n.set_language(lang)
    assert i18n.pgettext("dealer chip", "D") == chip  # jakaja, сдающий
    assert i18n._("Bot {n}").format(n=3) == bot


@pytest.mark.parametrize(("lang", "text"), [("en", "3.2"), ("fi", "3,2"), ("ru", "3,2")])
def test_decimals_are_written_as_each_language_writes_them(lang: str, text: str) -> None:
    assert i18n.decimal(3.24, 1, lang) == text
    i18n.set_language(lang)
    assert i18n.decimal(3.2) == text


def test_the_decimal_signs_agree_with_babels_locale_data() -> None:
    numbers = pytest.importorskip("babel.numbers")
    for lang in i18n.LANGUAGES:
        assert i18n.DECIMAL_SIGNS[lang] == numbers.get_decimal_symbol(lang), lang
