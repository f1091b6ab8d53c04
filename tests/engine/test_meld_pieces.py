"""`meld_pieces.hand_melds` (a 500-family hand's melds, remembered piece by
piece) gives exactly `possible_melds`' readings, in its order, for hands
with and without jokers under every 500-family preset, ace rule, set limit,
run length and joker limit, each with its canonical move."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_gui.engine import PRESETS
from rummy_gui.engine.cards import JOKER, NATURALS, Card
from rummy_gui.engine.combos import HandIndex, canonical_meld, possible_melds
from rummy_gui.engine.meld_pieces import hand_melds
from rummy_gui.engine.melds import readings
from rummy_gui.engine.rules import Rules


@settings(max_examples=400, deadline=None)
@given(
    preset=st.sampled_from(["rummy500", "rummy500-classic", "persian", "pinochle"]),
    ace=st.sampled_from(["low", "high", "either"]),
    max_set=st.sampled_from([None, 3, 4]),
    min_run=st.sampled_from([3, 4, 5]),
    max_jokers=st.sampled_from([None, 1, 2]),
    naturals=st.lists(st.sampled_from(NATURALS), max_size=20),
    jokers=st.integers(0, 4),
)
def test_hand_melds_equal_possible_melds(
    preset: str,
    ace: str,
    max_set: int | None,
    min_run: int,
    max_jokers: int | None,
    naturals: list,
    jokers: int,
) -> None:
    rules = replace(
        PRESETS[preset], ace=ace, max_set=max_set, min_run=min_run, max_jokers_per_meld=max_jokers
    )
    _same_as_possible_melds(rules, [JOKER] * jokers + naturals)


@settings(max_examples=300, deadline=None)
@given(
    ace=st.sampled_from(["low", "high", "either"]),
    min_run=st.sampled_from([3, 4]),
    max_jokers=st.sampled_from([None, 1]),
    clubs=st.lists(st.sampled_from(NATURALS[:13]), max_size=8),
    jokers=st.integers(1, 3),
)
def test_runs_of_one_suit_with_its_ace_at_both_ends(
    ace: str, min_run: int, max_jokers: int | None, clubs: list, jokers: int
) -> None:
    """Runs near the low and the high ace, the stretches a suit's places split into."""
    rules = replace(PRESETS["rummy500"], ace=ace, min_run=min_run, max_jokers_per_meld=max_jokers)
    _same_as_possible_melds(rules, [JOKER] * jokers + [NATURALS[0], *clubs])


def _same_as_possible_melds(rules: Rules, hand: list[Card]) -> None:
    got = hand_melds(rules, HandIndex(hand))
    assert [entry[0] for entry in got] == list(possible_melds(rules, hand))
    for reading, word, toks, unique in got:
        assert (word, toks) == canonical_meld(rules, reading)
        assert unique == (len(readings(rules, toks, word)) == 1)
