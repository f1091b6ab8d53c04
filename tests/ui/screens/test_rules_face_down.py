"""The Rules page says RULES.md 3.9 (Pinochle's face-down lay-offs) when the
option is on, in every language, and not otherwise."""

from __future__ import annotations

import pytest

from rummy_gui import i18n
from rummy_gui.engine import PRESETS
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.rules_text import rules_for


@pytest.fixture(autouse=True)
def _english():
    yield
    i18n.set_language("en")


def _page(preset: str, options: dict[str, object] | None = None) -> dict[str, str]:
    return dict(rules_for(catalog.PresetInfo(PRESETS[preset]), dict(options or {})))


def test_pinochle_rules_page_tells_the_face_down_lay_offs_rule_3_9() -> None:
    i18n.set_language("en")
    section = _page("pinochle")["Lay-offs face down"]
    assert "not even you" in section
    assert "only when it could go on more than one" in section
    assert "turned face down whole" in section
    assert "discard pile face down" in section
    assert "Lay-offs face down" not in _page("pinochle", {"hidden_layoffs": False})
    for preset in PRESETS:
        if preset != "pinochle":
            assert "Lay-offs face down" not in _page(preset)


@pytest.mark.parametrize(("lang", "heading"), [("fi", "Täydennykset"), ("ru", "рубашкой")])
def test_pinochle_face_down_rule_is_translated(lang: str, heading: str) -> None:
    i18n.set_language(lang)
    page = _page("pinochle")
    assert any(heading in h for h in page), list(page)
