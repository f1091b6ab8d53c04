"""What the lessons say about the rules comes from the engine (play/lessons/
words.py): no lesson text states a rules number of its own, and a lesson read
with other rules says the other numbers."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from rummy_gui import i18n
from rummy_gui.engine import PRESETS, scoring
from rummy_gui.play.lessons import GAMES, Lesson, lesson
from rummy_gui.play.lessons.words import Text, facts, ids, lesson_rules, say

pytestmark = pytest.mark.usefixtures("english")


def _texts(the: Lesson) -> list[Text]:
    return [the.title, the.end] + [t for s in the.steps for t in (s.say, s.why)]


# What may hold a digit in a lesson's English: a placeholder, a card ("10♣",
# "3♠–7♠"), and the games' names ("Rummy 500", "Rum 500").
_NOT_A_STATED_NUMBER = re.compile(r"\{\w+\}|(?:10|[2-9])[♠♥♦♣]|\bRum(?:my)? 500\b")


def stated_numbers(text: str) -> list[str]:
    """The numbers a text states in its own words."""
    return re.findall(r"\d+", _NOT_A_STATED_NUMBER.sub("", text))


def test_a_stated_number_is_found() -> None:
    assert stated_numbers("Exactly 31 takes 50 points off your total.") == ["31", "50"]
    assert stated_numbers("Take the 10♣ and 3♠–7♠: {points} points in Rummy 500.") == []


@pytest.mark.parametrize("preset", GAMES)
def test_no_lesson_text_states_a_rules_number(preset: str) -> None:
    for text in _texts(lesson(preset)):
        for msgid in ids(text):
            assert stated_numbers(msgid) == [], msgid


@pytest.mark.parametrize("preset", GAMES)
def test_every_placeholder_of_a_lesson_is_a_fact_of_its_rules(preset: str) -> None:
    the = lesson(preset)
    for step in the.steps:
        values = {**facts(the, scored=step.scored)}
        for text in (step.say, step.why):
            assert "{" not in say(text, values), text
    end = {**facts(the), "mine": 1, "theirs": 2, "total": 3}
    assert "{" not in say(the.end, end)


def _said(the: Lesson, at: int | str, changes: dict[str, Any]) -> str:
    """A step's words (`at` an index, with "why:" for its answer) or the end's,
    read with the lesson's rules changed by `changes`."""
    rules = replace(lesson_rules(the), **changes)
    if at == "end":
        return say(the.end, {**facts(the, rules), "mine": 1, "theirs": 2, "total": 3})
    index = int(str(at).removeprefix("why:"))
    step = the.steps[index]
    text = step.why if str(at).startswith("why:") else step.say
    return say(text, facts(the, rules, scored=step.scored))


# (lesson, where, a change of its rules, what the words then say)
CHANGED = [
    ("liverpool", 7, {"cut_bonus": 75}, "takes 75 points off your total"),
    ("liverpool", 7, {"contract_hand_size": (10, 11, 10, 12, 12, 12, 12)}, "needs 34 cards"),
    ("liverpool", "why:7", {"contract_hand_size": (10, 12, 10, 12, 12, 12, 12)}, "37 cards"),
    ("liverpool", 3, {"buy_penalty": 2}, "the 3♥ and 2 penalty cards"),
    ("liverpool", "end", {"cut_bonus": 20, "rounds": 9}, "takes 20 points"),
    ("liverpool", "end", {"rounds": 9}, "After 9 rounds"),
    ("contract", 0, {"rounds": 5}, "Contract Rummy: 5 rounds"),
    ("contract", 2, {"buy_penalty": 3}, "you get it and 3 penalty cards"),
    ("contract", "why:2", {"buy_penalty": 2}, "worth 2 penalty cards."),
    ("contract", "end", {"rounds": 1}, "After 1 round the lowest"),
    ("shanghai", 0, {"buy_penalty": 1}, "costs 1 penalty card."),
    ("shanghai", 0, {"buy_limit": 3}, "at most 3 times a round"),
    ("shanghai", 2, {"max_jokers_per_meld": 2}, "only 2 jokers"),
    ("shanghai", "end", {"rounds": 8}, "After 8 rounds"),
    ("persian", 1, {"joker_value_500": 25}, "A joker counts 25 points."),
    ("persian", 1, {"out_in_one_turn_bonus": 40}, "earns 40 points more"),
    ("persian", 1, {"max_set": 5}, "a set of 3 or 5 jokers"),
    ("persian", "why:6", {"joker_value_500": 25}, "75 points on the table"),
    ("persian", "end", {"deals": 3}, "exactly 3 deals"),
    ("persian", "end", {"match_bonus": 100}, "gets 100 points more"),
    ("pinochle", 1, {"min_run": 4}, "at least 4 cards of one suit"),
    ("pinochle", "why:1", {"min_run": 3}, "a run of 3 cards is the shortest"),
    ("pinochle", "end", {"target": 1000}, "The first to 1000 wins"),
    ("rummy500", 1, {"max_set": 5}, "from 3 to 5 cards"),
    ("rummy500", "end", {"target": 250}, "The first to 250 wins"),
    ("rummy500-classic", "end", {"target": 300}, "When someone reaches 300 the highest"),
]


@pytest.mark.parametrize(("preset", "at", "changes", "words"), CHANGED)
def test_a_lesson_read_with_other_rules_says_them(
    preset: str, at: int | str, changes: dict[str, Any], words: str
) -> None:
    the = lesson(preset)
    assert words not in _said(the, at, {})
    assert words in _said(the, at, changes)


def test_the_points_a_step_names_are_the_engines() -> None:
    rummy = lesson("rummy500")
    kings = next(s for s in rummy.steps if s.scored)
    said = say(kings.why, facts(rummy, scored=kings.scored))
    assert "30 points on the table, 30 against you" in said
    simple = replace(lesson_rules(rummy), simple_scoring=True)  # 2-9 count 5 each
    assert facts(rummy, scored="2H 3H 4H")["points"] == 9
    assert facts(rummy, simple, scored="2H 3H 4H")["points"] == 15


@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_a_counted_sentence_takes_the_languages_form(lang: str) -> None:
    shanghai = lesson("shanghai")
    i18n.set_language(lang)
    one = _said(shanghai, "why:0", {"buy_penalty": 1})
    two = _said(shanghai, "why:0", {"buy_penalty": 2})
    five = _said(shanghai, "why:0", {"buy_penalty": 5})
    assert ("1" in one, "2" in two, "5" in five) == (True, True, True)
    assert one.replace("1", "") != five.replace("5", "")  # a form of its own for one card
    if lang == "ru":  # 2-4 and 5-20 take different forms: «2 штрафные карты», «5 штрафных карт»
        assert "2 штрафные карты" in two
        assert "5 штрафных карт" in five


def test_every_preset_has_the_facts_its_lesson_names() -> None:
    for preset in PRESETS:
        the = lesson(preset)
        named = {n for t in _texts(the) for i in ids(t) for n in re.findall(r"\{(\w+)\}", i)}
        known = set(facts(the, scored="AH")) | {"mine", "theirs", "total"}
        assert named <= known, named - known


@pytest.mark.parametrize("preset", GAMES)
def test_the_rules_a_lessons_words_take_for_granted_are_the_engines(preset: str) -> None:
    the = lesson(preset)
    rules = lesson_rules(the)
    assert the.assumes
    assert {key: getattr(rules, key) for key in the.assumes} == the.assumes


def lesson_texts(preset: str) -> list[Text]:
    the = lesson(preset)
    return [t for s in the.steps for t in (s.say, s.why)] + [the.end]


def test_a_lesson_says_double_only_while_the_engine_doubles() -> None:
    # "scores double" is a word, not a number: it holds while a full set scores twice.
    saying = [p for p in GAMES if any("double" in str(t) for t in lesson_texts(p))]
    assert saying == ["persian"]
    assert scoring.DOUBLED_FACTOR == 2
