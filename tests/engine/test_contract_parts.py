"""The contract search's kept parts (`contract_combos._set_parts` and
`_run_parts`: each rank's sets and each suit's runs, remembered per rules
and the cards of that rank or suit) give exactly what a search of the whole
hand gives: `possible_melds`' sets of three and runs of four (or of any
length, the last round's) that read one way, in its order; and the quick
bound `_contract_possible` never turns away a hand that has a contract."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_gui.engine import PRESETS
from rummy_gui.engine.cards import JOKER, NATURALS, Card, Token
from rummy_gui.engine.combos import HandIndex, possible_melds
from rummy_gui.engine.contract_combos import (
    _CARD_AT,
    _contract_possible,
    _group_tokens,
    _moved,
    _run_parts,
    _set_parts,
    _unique,
)
from rummy_gui.engine.melds import RUN, SET, run_bounds
from rummy_gui.engine.memo import readings_of
from rummy_gui.engine.rules import CONTRACTS, Rules

HANDS = st.lists(st.sampled_from([*NATURALS, JOKER]), max_size=20)
RULES = st.builds(
    lambda preset, ace, per_meld: replace(PRESETS[preset], ace=ace, max_jokers_per_meld=per_meld),
    st.sampled_from(["contract", "liverpool", "shanghai"]),
    st.sampled_from(["low", "high", "either"]),
    st.sampled_from([None, 1, 2]),
)


def _whole_hand(
    rules: Rules, hand: list[Card], kind: str, **sizes: tuple[int, int] | None
) -> list[tuple[Token, ...]]:
    found = possible_melds(rules, hand, **sizes)  # type: ignore[arg-type]
    return [
        _group_tokens(x)
        for x in found
        if x.kind == kind and len(readings_of(rules, _group_tokens(x), kind)) == 1
    ]


def _counts(hand: list[Card]) -> list[int]:
    return list(HandIndex(hand).counts)


@settings(max_examples=300, deadline=None)
@given(rules=RULES, hand=HANDS)
def test_kept_parts_equal_the_whole_hand_search(rules: Rules, hand: list[Card]) -> None:
    counts = _counts(hand)
    for _ in range(2):  # the second time from the kept parts
        assert [p[0] for p in _set_parts(rules, counts)] == _whole_hand(
            rules, hand, SET, sizes=(3, 3), run_sizes=(99, 99)
        )
        assert [p[0] for p in _run_parts(rules, HandIndex(hand), (4, 4))] == _whole_hand(
            rules, hand, RUN, sizes=(99, 99), run_sizes=(4, 4)
        )
        assert [p[0] for p in _run_parts(rules, HandIndex(hand), None)] == _whole_hand(
            rules, hand, RUN, sizes=(99, 99)
        )


def _plain_bound(
    rules: Rules, counts: list[int], sets_needed: int, runs_needed: int, run_length: int
) -> bool:
    """The bound written plainly: the fewest jokers the sets (a rank's
    naturals shared out three at a time) and the runs (their best window)
    could need."""
    per_meld = rules.max_jokers_per_meld
    need = 0
    if sets_needed:
        slots = []
        for rank0 in range(13):
            left = sum(counts[si * 13 + rank0] for si in range(4))
            while left > 0:
                used = min(3, left)
                if per_meld is None or 3 - used <= per_meld:
                    slots.append(3 - used)
                left -= used
        if len(slots) < sets_needed:
            return False
        need += sum(sorted(slots)[:sets_needed])
    if runs_needed:
        lo_b, hi_b = run_bounds(rules)
        best = run_length
        for si in range(4):
            places = {rank0 + 1 for rank0 in range(13) if counts[si * 13 + rank0]}
            if 1 in places:
                places.add(14)
            for low in range(lo_b, hi_b - run_length + 2):
                present = len(places & set(range(low, low + run_length)))
                missing = run_length - present
                if present and (per_meld is None or missing <= per_meld):
                    best = min(best, missing)
        if best == run_length:
            return False
        need += best * runs_needed
    return need <= counts[52]


@settings(max_examples=300, deadline=None)
@given(rules=RULES, hand=HANDS, round_no=st.integers(1, 7))
def test_the_quick_bound_is_the_plain_bound(rules: Rules, hand: list[Card], round_no: int) -> None:
    index = HandIndex(hand)
    sets_needed, runs_needed = CONTRACTS[round_no - 1]
    run_length = rules.min_run if rules.last_round_goes_out_whole(round_no) else 4
    assert _contract_possible(rules, index, sets_needed, runs_needed, run_length) == _plain_bound(
        rules, list(index.counts), sets_needed, runs_needed, run_length
    )


@settings(max_examples=200, deadline=None)
@given(
    rules=RULES,
    places=st.integers(1, (1 << 14) - 1),
    jokers=st.integers(0, 4),
    whole=st.booleans(),
    suit=st.integers(1, 3),
)
def test_a_suits_runs_moved_to_another_suit_are_that_suits_runs(
    rules: Rules, places: int, jokers: int, whole: bool, suit: int
) -> None:
    """`_run_parts` keeps one suit's runs for another suit holding the same places."""
    run_sizes = None if whole else (4, 4)

    def fresh(si: int) -> list[object]:
        cards = [_CARD_AT[si][p] for p in range(1, 14) if places >> p & 1] + [JOKER] * jokers
        found = possible_melds(rules, cards, sizes=(99, 99), run_sizes=run_sizes)
        return list(_unique(rules, found, RUN))

    clubs = fresh(0)
    moved = [_moved(part, 13 * suit, suit="CDHS"[suit]) for part in clubs]  # type: ignore[arg-type]
    assert moved == fresh(suit)


@settings(max_examples=200, deadline=None)
@given(
    rules=RULES,
    held=st.tuples(*[st.integers(0, 2)] * 4),
    jokers=st.integers(0, 4),
    rank0=st.integers(1, 12),
)
def test_a_ranks_sets_moved_to_another_rank_are_that_ranks_sets(
    rules: Rules, held: tuple[int, int, int, int], jokers: int, rank0: int
) -> None:
    """`_set_parts` keeps one rank's sets for another rank held in the same suits."""

    def fresh(r0: int) -> list[object]:
        cards = [NATURALS[si * 13 + r0] for si in range(4) for _ in range(held[si])]
        found = possible_melds(rules, cards + [JOKER] * jokers, sizes=(3, 3), run_sizes=(99, 99))
        return list(_unique(rules, found, SET))

    aces = fresh(0)
    moved = [_moved(part, rank0, rank=rank0 + 1) for part in aces]  # type: ignore[arg-type]
    assert moved == fresh(rank0)
