"""`combos.natural_melds` (the meld search of a hand without a joker, read
off its HandIndex) gives exactly `possible_melds`' readings, in its order,
for every 500-family preset, ace rule, set limit and run length, on random
hands (two decks: a card may be held twice)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_gui.engine import PRESETS
from rummy_gui.engine.cards import NATURALS
from rummy_gui.engine.combos import HandIndex, natural_melds, possible_melds


@settings(max_examples=400, deadline=None)
@given(
    preset=st.sampled_from(["rummy500", "rummy500-classic", "persian", "pinochle"]),
    ace=st.sampled_from(["low", "high", "both"]),
    max_set=st.sampled_from([None, 3, 4]),
    min_run=st.sampled_from([3, 4, 5]),
    hand=st.lists(st.sampled_from(NATURALS), max_size=22),
)
def test_natural_melds_equal_possible_melds(
    preset: str, ace: str, max_set: int | None, min_run: int, hand: list
) -> None:
    rules = replace(PRESETS[preset], ace=ace, max_set=max_set, min_run=min_run)
    assert list(natural_melds(rules, HandIndex(hand))) == list(possible_melds(rules, hand))
