"""contract_distance against the search it replaced: the same answer for
every hand, preset, joker setting and round."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_gui.bots import solver, templates
from rummy_gui.bots.solver import contract_distance
from rummy_gui.engine.cards import Card, make_pack
from rummy_gui.engine.melds import run_bounds
from rummy_gui.engine.rules import Rules, get_rules


def reference_distance(rules: Rules, hand: Sequence[Card], round_number: int) -> int:
    """The search over the hand's cards that contract_distance used before
    (a memo over packed hands: the lowest card skipped or put in a meld)."""
    sets_needed, runs4, runs5 = solver.round_melds(rules, round_number)
    p = templates.Packed(hand)
    # templates: naturals from the hand and how many cards are still missing;
    # slot 0: a set of 3, slot 1: a run of 4, slot 2: a run of 5
    tmpl: list[list[tuple[int, int, int]]] = [[] for _ in p.codes]
    if sets_needed:
        by_rank: dict[int, list[Card]] = {}
        for code, n in zip(p.codes, p.counts, strict=True):
            by_rank.setdefault(code % 13 + 1, []).extend([templates.CARDS[code]] * n)
        for pool in by_rank.values():
            seen: set[tuple[int, ...]] = set()
            for k in range(1, min(3, len(pool)) + 1):
                for combo in combinations(pool, k):
                    key = tuple(c.code for c in combo)
                    if key in seen:
                        continue
                    seen.add(key)
                    need = p.need(combo)
                    tmpl[templates.lowest_field(need)].append((need, 3 - k, 0))
    lo_b, hi_b = run_bounds(rules)
    for slot, run_len, wanted in ((1, 4, runs4), (2, 5, runs5)):
        if not wanted:
            continue
        for si in range(4):
            have = {code % 13 + 1 for code in p.codes if code // 13 == si}
            if not have:
                continue
            for low in range(lo_b, hi_b - run_len + 2):
                present = [
                    templates.CARDS[si * 13 + (0 if q == 14 else q - 1)]
                    for q in range(low, low + run_len)
                    if (1 if q == 14 else q) in have
                ]
                if not present:
                    continue
                # A held card may be left out for a joker (it is wanted in another
                # meld), as the layout search does; never more than the jokers held.
                for drop_n in range(min(p.jokers, len(present) - 1) + 1):
                    for drop in combinations(present, drop_n):
                        kept = [c for c in present if c not in drop] if drop else present
                        need = p.need(kept)
                        tmpl[templates.lowest_field(need)].append((need, run_len - len(kept), slot))
    guard = p.guard
    memo: dict[tuple[int, int, int, int], int] = {}

    def solve(s: int, left: tuple[int, int, int]) -> int:
        if left == (0, 0, 0):
            return 0
        if s == 0:
            return 3 * left[0] + 4 * left[1] + 5 * left[2]
        key = (s, *left)
        hit = memo.get(key)
        if hit is not None:
            return hit
        f = templates.lowest_field(s)
        best = solve(s - (1 << (3 * f)), left)
        for need, missing, slot in tmpl[f]:
            if not left[slot] or missing >= best:
                continue
            if ((s | guard) - need) & guard == guard:
                nxt = (left[0] - (slot == 0), left[1] - (slot == 1), left[2] - (slot == 2))
                v = missing + solve(s - need, nxt)
                if v < best:
                    best = v
        memo[key] = best
        return best

    missing = solve(p.state, (sets_needed, runs4, runs5))
    cap = rules.max_jokers_per_meld
    usable = p.jokers if cap is None else min(p.jokers, cap * (sets_needed + runs4 + runs5))
    return max(0, missing - usable)


_CONTRACT_PRESETS = ("contract", "liverpool", "shanghai")


def _take(pack: list[Card], cards: Sequence[Card]) -> list[Card]:
    """Those of `cards` the pack still holds, taken out of it."""
    out = []
    for c in cards:
        if c in pack:
            pack.remove(c)
            out.append(c)
    return out


@settings(max_examples=300, deadline=None)
@given(
    preset=st.sampled_from(_CONTRACT_PRESETS),
    jokers=st.booleans(),
    round_number=st.integers(1, 7),
    size=st.integers(1, 17),
    seed=st.integers(0, 2**32 - 1),
)
def test_contract_distance_is_the_search_it_replaced(
    preset: str, jokers: bool, round_number: int, size: int, seed: int
) -> None:
    rules = get_rules(preset, None if jokers else {"jokers": False})
    pack = make_pack(2, 4 if jokers else 0)
    hand = random.Random(seed).sample(pack, size)
    solver.forget()
    assert contract_distance(rules, hand, round_number) == reference_distance(
        rules, hand, round_number
    )


def test_contract_distance_is_the_search_it_replaced_on_hands_a_game_holds() -> None:
    """Hands near their contract (a deal's cards with runs and sets in them),
    where the searches have the most to do."""
    rng = random.Random(7)
    for preset in _CONTRACT_PRESETS:
        rules = get_rules(preset)
        for round_number in range(1, 8):
            for _ in range(40):
                pack = make_pack(2, 4)
                suit = rng.choice("CDHS")
                low = rng.randrange(1, 9)
                run = [Card(r, suit) for r in range(low, low + rng.randrange(3, 6))]
                rank = rng.randrange(1, 14)
                group = [Card(rank, s) for s in rng.sample("CDHS", rng.randrange(2, 4))]
                hand = _take(pack, run + group)
                hand += rng.sample(pack, rng.randrange(2, 8))
                assert contract_distance(rules, hand, round_number) == reference_distance(
                    rules, hand, round_number
                ), (preset, round_number, [str(c) for c in hand])
