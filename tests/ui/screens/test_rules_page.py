"""The Rules screen says the engine's rules (issue 48): each page section is a
function of `Rules`, so a changed rule changes the page, and every section of
the rule book (docs/rules.md) that a game has is on that game's page, in
every language."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from rummy_gui import i18n
from rummy_gui.engine import PRESETS, Rules
from rummy_gui.engine.catalog import describe
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.rules_text import rules_for, sections

ROOT = Path(__file__).resolve().parents[3]
FAMILY_500 = ("rummy500", "rummy500-classic", "persian", "pinochle")
CONTRACT = ("contract", "liverpool", "shanghai")

# Which games each section of docs/rules.md is about ("1" and "2": all of them).
APPLIES: dict[str, tuple[str, ...]] = {
    "1": tuple(PRESETS),
    "2": tuple(PRESETS),
    **{f"3.{n}": FAMILY_500 for n in range(1, 6)},
    "3.6": ("rummy500", "persian"),
    "3.7": FAMILY_500,
    "3.8": ("persian",),
    "3.9": ("pinochle",),  # face-down lay-offs: checked once docs/rules.md has the section
    **{f"4.{n}": CONTRACT for n in range(1, 8)},
    "4.6": ("shanghai",),
}


pytestmark = pytest.mark.usefixtures("english")


def book_sections() -> set[str]:
    """The numbers of the rule book's game sections (1, 2, 3.x, 4.x)."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    numbers = set(re.findall(r"^### (\d\.\d+) ", text, re.M))
    return numbers | {n for n in re.findall(r"^## (\d)\. ", text, re.M) if n in "12"}


def page(rules: Rules) -> str:
    return " ".join(f"{h} {p}" for h, p in rules_for(catalog.PresetInfo(rules), {}))


def test_every_section_of_the_rule_book_is_placed() -> None:
    assert book_sections() <= set(APPLIES)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_section_the_book_has_for_a_game_is_on_its_page(preset: str) -> None:
    wanted = {n for n in book_sections() if preset in APPLIES[n]}
    on_page = {ref for s in sections(PRESETS[preset]) for ref in s.refs}
    assert wanted <= on_page, sorted(wanted - on_page)
    for s in sections(PRESETS[preset]):
        assert s.sentences, s.key


@pytest.mark.parametrize(
    ("preset", "change", "before", "after"),
    [
        ("rummy500", {"target": 350}, "reaches 500", "reaches 350"),
        ("pinochle", {"max_players": 6}, "For 3 to 8 players.", "For 3 to 6 players."),
        ("contract", {"max_players": 6}, "For 3 to 5 players.", "For 3 to 6 players."),
        ("rummy500", {"joker_value_500": 25}, "A joker counts 15.", "A joker counts 25."),
        ("rummy500", {"max_set": 5}, "3 to 4 cards", "3 to 5 cards"),
        ("persian", {"out_in_one_turn_bonus": 30}, "earns your team 25", "earns your team 30"),
        ("persian", {"match_bonus": 40}, "gets 50 more", "gets 40 more"),
        ("persian", {"deals": 3}, "exactly 2 deals", "exactly 3 deals"),
        ("contract", {"contract_hand_size": (9,) * 7}, "in rounds 1-3", "9 cards are dealt in"),
        ("contract", {"rounds": 6}, "After round 7", "After round 6"),
        ("shanghai", {"fixed_jokers": 6}, "2 decks and 4 jokers.", "2 decks and 6 jokers."),
        ("shanghai", {"fixed_decks": 3}, "2 decks and 4 jokers.", "3 decks and 4 jokers."),
        ("contract", {"fixed_decks": 1}, "2 decks and one joker", "1 deck and one joker"),
        ("persian", {"max_set": 5}, "sets of 3 to 4 jokers", "sets of 3 to 5 jokers"),
        ("shanghai", {"max_jokers_per_meld": 2}, "at most 1 joker.", "at most 2 jokers."),
        ("shanghai", {"buy_penalty": 3}, "taking 2 penalty cards", "taking 3 penalty cards"),
        ("shanghai", {"buy_limit": 3}, "at most 2 times per round", "at most 3 times per round"),
        ("liverpool", {"cut_bonus": 40}, "takes 50 off", "takes 40 off"),
        ("contract", {"reshuffles": 2}, "at most 1 time a round", "at most 2 times a round"),
        ("contract", {"whole_hand_rounds": (6,)}, "In round 7 you go out", "In round 6 you go out"),
    ],
)
def test_a_changed_rule_changes_the_page(
    preset: str, change: dict[str, object], before: str, after: str
) -> None:
    rules = PRESETS[preset]
    plain = page(rules)
    assert before in plain
    assert after not in plain
    assert after in page(replace(rules, **change))  # type: ignore[arg-type]


def test_the_doubled_set_is_the_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Persian's doubled set (RULES.md 3.8): its size and multiplier from the engine."""
    from rummy_gui.ui.screens import rules_text

    says = "A set of 4 cards melded all at once scores 2 times its points."
    assert says in page(PRESETS["persian"])
    monkeypatch.setattr(rules_text, "FULL_SET", 5)
    monkeypatch.setattr(rules_text, "DOUBLED_FACTOR", 3)
    assert "A set of 5 cards melded all at once scores 3 times its points." in page(
        PRESETS["persian"]
    )


def test_the_hand_size_is_the_engines() -> None:
    rules = PRESETS["rummy500"]
    assert "7 cards each" in page(rules)
    assert "With two players, 13 cards each." in page(rules)
    assert "13" not in page(PRESETS["persian"])  # always four players (RULES.md 3.8)
    assert "Always 4 players" in page(PRESETS["persian"])


@pytest.mark.parametrize(
    ("preset", "says"),
    [
        # RULES.md 4.4: Shanghai lays off on the turn of its contract already
        ("shanghai", "From the turn you lay down your contract on, you may lay off"),
        ("contract", "From your next turn after the contract on, you may lay off"),
        # RULES.md 3.5: how a deal ends on an empty stock, and Pinochle's last turns
        ("rummy500", "the deal ends when a player would have to draw from the empty stock"),
        ("persian", "the deal ends when a player would have to draw from the empty stock"),
        ("pinochle", "everyone gets one more turn"),
        # rules the page left out
        ("rummy500", "You may not discard a card you took from the discard pile this turn"),
        ("contract", "Two runs of one suit in a contract may not join into one run"),
        ("liverpool", "the one nearest the player in turn, going left, gets it"),
        ("rummy500", "the one nearest the discarder, going left, gets it"),
        ("shanghai", "Two sets of the same rank may not be in one contract."),
        ("contract", "a draw from the empty stock ends the round with no winner"),
        ("contract", "take a joker from a run by putting in the card it stands for"),
        ("rummy500-classic", "Even the top card, taken alone, must be melded this turn."),
        ("rummy500", "The top card taken alone is yours to keep"),
        ("rummy500-classic", "settles with each other player"),
    ],
)
def test_the_page_says_the_rule(preset: str, says: str) -> None:
    assert says in page(PRESETS[preset])


def test_the_contract_family_runs_are_four_whatever_min_run_held() -> None:
    odd = replace(PRESETS["contract"], min_run=5)
    assert "runs of exactly 4" in page(odd)


@pytest.mark.parametrize("lang", ["fi", "ru"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_sentence_of_a_page_is_translated(lang: str, preset: str) -> None:
    english = [s for sec in sections(PRESETS[preset]) for s in sec.sentences]
    i18n.set_language(lang)
    translated = [s for sec in sections(PRESETS[preset]) for s in sec.sentences]
    for en, other in zip(english, translated, strict=True):
        if en.strip():
            assert en != other, en


@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_the_words_of_the_seeds(lang: str) -> None:
    """The card players' words (docs/translating.md): the stock is «nostopakka»
    and «резерв»; going out is never «выход из игры»."""
    i18n.set_language(lang)
    text = " ".join(page(r) for r in PRESETS.values()).lower()
    if lang == "fi":
        assert "nostopakka" in text
    else:
        assert "резерв" in text
        assert "выход из игры" not in text


@pytest.mark.parametrize(
    ("lang", "preset", "says"),
    [
        ("ru", "contract", "Раунд 1: две группы (10 карт)"),
        ("ru", "shanghai", "Раунд 7: три секвенции без сброса (11 карт)"),
        ("fi", "contract", "Kierros 4: kolme settiä (12 korttia)"),
        ("ru", "rummy500", "секвенций «на изломе», как K-A-2, не бывает"),
        ("ru", "persian", "впервые в этой сдаче выкладывает карты"),
        ("fi", "persian", "samalla vuorolla, jolla pöytäät ensimmäisen kerran"),
    ],
)
def test_the_pages_read_in_the_seeds_words(lang: str, preset: str, says: str) -> None:
    """Lines read against seeds 000 and 003: counts in the right plural form,
    the seed's «на изломе», Persian's one-melding bonus said plainly."""
    i18n.set_language(lang)
    assert says in page(PRESETS[preset])


def test_the_readme_lines_are_the_engines_descriptions() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for rules in PRESETS.values():
        players = (
            str(rules.min_players)
            if rules.min_players == rules.max_players
            else f"{rules.min_players}–{rules.max_players}"
        )
        row = f"| {rules.name} · `{rules.preset}` | {players} | {describe(rules)} |"
        assert row in readme, row


def test_the_classic_line_lets_the_top_card_go() -> None:
    """RULES.md 3.4: of a take of several cards the top one may be discarded."""
    classic = describe(PRESETS["rummy500-classic"])
    assert "every" not in classic
    assert "deepest" in classic


@pytest.mark.parametrize("preset", ["rummy500", "persian", "pinochle"])
def test_the_set_sizes_on_the_page_are_the_ones_the_engine_takes(preset: str) -> None:
    from rummy_gui.engine.cards import parse_cards
    from rummy_gui.engine.melds import read_set

    rules = PRESETS[preset]
    sizes = [
        n for n in range(1, 9) if read_set(rules, parse_cards("7C 7D 7H 7S 7C 7D 7H 7S")[:n], 0)
    ]
    assert f"A set is {min(sizes)} to {max(sizes)} cards of one rank" in page(rules)
