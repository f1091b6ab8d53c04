"""The card players' words: a catalog entry may not use a word that the
glossary in docs/translating.md rules out for the concept its English names.

Each rule: the concept, a pattern that finds the concept in the English
message id, the language, a pattern for the ruled-out words, and why. A
translator who meets a failure here reads the glossary for the seed's word.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[1] / "rummy_gui" / "locale"

# (concept, English pattern, language, ruled-out pattern, the glossary's word)
RULE_OUTS: list[tuple[str, str, str, str, str]] = [
    ("stock", r"\bstock\b", "ru", r"[Кк]олод", "резерв («колода» is the pack)"),
    ("stock", r"\bstock\b", "fi", r"(?<![a-zäö])pak(ka|an|asta|assa|kaa)\b", "nostopakka"),
    ("discard pile", r"\bdiscard pile\b", "fi", r"avopak", "poistopakka"),
    ("discard pile", r"\bdiscard pile\b", "ru", r"[Кк]олод", "сброс"),
    (
        "going out",
        r"\bgo(es|ing)? out\b|\bwent out\b|^[Oo]ut!$|^Went out$",
        "ru",
        r"[Вв]ыход|[Вв]ыйти|[Вв]ышел|[Вв]ыходят",
        "избавиться от всех карт (not «выход из игры»)",
    ),
    (
        "going out",
        r"\bgo(es|ing)? out\b|\bwent out\b|^[Oo]ut!$",
        "fi",
        r"\bulos\b",
        "päästä korteistaan eroon",
    ),
    ("claim", r"\bclaim", "fi", r"[Vv]aati", "ottaa kortin vuoron ulkopuolella"),
    ("claim", r"\bclaim", "ru", r"[Зз]аяв", "взять карту вне очереди"),
    ("partners", r"\b[Tt]eam|\b[Pp]artner", "ru", r"[Кк]оманд|[Пп]артн[её]р", "пара"),
    ("partners", r"\b[Tt]eam|\b[Pp]artner", "fi", r"[Tt]iimi", "pari"),
    ("house rules", r"^House rules$", "fi", r"[Tt]alon", "Muunnelmat"),
    ("house rules", r"^House rules$", "ru", r"[Дд]омашн", "Варианты правил"),
    ("rebuilding the stock", r"rebuil", "fi", r"uusimi", "poistopakka sekoitetaan"),
    ("rebuilding the stock", r"rebuil", "ru", r"[Пп]ересбор", "замешать сброс"),
    (
        "lay off",
        r"\b[Ll]ay(s|ing)?\b.*\boff\b|\blaid[- ]off\b|\bLay-offs\b",
        "ru",
        r"[Пп]рилож|[Пп]рикладыв",
        "присоединить",
    ),
    (
        "lay off",
        r"\b[Ll]ay(s|ing)?\b.*\boff\b|\blaid[- ]off\b",
        "fi",
        r"[Tt]äydennä\b|[Tt]äydentää\b|[Tt]äydennetä",
        "lisätä",
    ),
    (
        "deal",
        r"deals? the next hand|Deal the next hand",
        "fi",
        r"seuraava[n]? jao",
        "jakaa kortit (no «jakaa jaon»)",
    ),
    (
        "deal",
        r"deals? the next hand|Deal the next hand",
        "ru",
        r"следующую сдачу",
        "сдавать карты (no «сдаёт сдачу»)",
    ),
    ("dealer", r"\bdealer\b", "ru", r"[Дд]илер", "сдающий"),
    ("dealer", r"\bdealer\b", "fi", r"[Dd]iileri", "jakaja"),
    (
        "joker",
        r"stands for it\b|the card it stands for",
        "ru",
        r"(он|тот) заменяет",
        "джокер изображает карту",
    ),
    ("deal review", r"\b[Rr]eview", "fi", r"[Kk]atselmoi", "läpikäynti"),
    ("the expert", r"\b[Ee]xpert\b", "fi", r"[Aa]siantuntij", "mestari"),
    (
        "card letters",
        r"A-2-3|Q-K-A|K-A-2|\b10-K\b|-K \{",
        "ru",
        r"Т-|-Т\b|Д-К|–К\b",
        "A, K, Q, J as on the cards",
    ),
    (
        "contract family",
        r"^Contract family",
        "ru",
        r"Контрактный рамми",
        "контрактные игры (the family, not one game)",
    ),
    (
        "a call",
        r"Rummy!|Shanghai!",
        "ru",
        r"»!",
        "«Рамми!», «Шанхай!» (the call inside the quotes)",
    ),
    ("a card", r"^meld me$", "fi", r"minut", "pöydättävä (a card is not a person)"),
    ("a card", r"^meld me$", "ru", r"меня", "нужно выложить (a card is not a person)"),
]


def _entries(lang: str) -> list[tuple[str, str]]:
    pofile = pytest.importorskip("babel.messages.pofile")
    path = LOCALE / lang / "LC_MESSAGES" / "rummy_gui.po"
    if not path.exists():
        pytest.skip("the catalog sources are not here (an installed wheel)")
    with path.open("rb") as f:
        catalog = pofile.read_po(f)
    out: list[tuple[str, str]] = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out.extend((ids[0], s) for s in strings)
    return out


@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_no_entry_uses_a_word_the_glossary_rules_out(lang: str) -> None:
    entries = _entries(lang)
    bad = []
    for concept, english, rule_lang, ruled_out, word in RULE_OUTS:
        if rule_lang != lang:
            continue
        for msgid, text in entries:
            if re.search(english, msgid) and (hit := re.search(ruled_out, text)):
                bad.append(f"{concept}: {hit.group(0)!r} in {text!r} (use {word}) for {msgid!r}")
    assert not bad, "\n".join(bad)


def test_every_rule_finds_its_concept_in_the_catalog() -> None:
    # a rule whose English pattern matches no entry guards nothing
    ids = {msgid for msgid, _text in _entries("fi")}
    for concept, english, _lang, _out, _word in RULE_OUTS:
        assert any(re.search(english, i) for i in ids), (concept, english)


def test_the_rules_catch_the_words_they_rule_out() -> None:
    examples = {
        "ru": ["Колода пуста", "Выход из игры", "Можно заявить", "Команда A", "Домашние правила"],
        "fi": ["Voit vaatia", "Talon säännöt", "pakka 73"],
    }
    for lang, texts in examples.items():
        for text in texts:
            assert any(
                re.search(out, text)
                for _c, _e, rule_lang, out, _w in RULE_OUTS
                if rule_lang == lang
            ), text
