"""Property tests (hypothesis) for meld validity and joker placement.

An independent oracle, written from RULES.md sections 2 and 3.3, lists every
way a handful of cards can be read as a meld in a 500-family preset. The
engine must then:
- accept the plain `meld` move exactly when there is one reading, and refuse
  it (changing nothing) when there are none or several (ambiguous);
- accept every reading when it is declared (`meld set ...`, `meld run ...`
  with `JK=` meanings);
- after a run is melded: write it low to high with each joker as the card it
  stands for, refuse a lay-off of a card a joker already stands for, and
  accept lay-offs at each end exactly when the longer run is still a run.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_gui.engine import IllegalMove
from tests.engine._helpers import layout, legal, snapshot

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = "CDHS"


@dataclass(frozen=True)
class R:
    """The rules the oracle needs."""

    preset: str
    players: int
    ace: str  # "low", "high" or "both"
    min_run: int
    max_set: int
    jokers: int  # jokers in the pack
    joker_sets_only: bool  # Persian
    options: tuple[tuple[str, object], ...] = ()


RULESETS = {
    "rummy500": R("rummy500", 2, "both", 3, 4, 2, False),
    "rummy500-min4": R("rummy500", 2, "both", 4, 4, 2, False, (("min_run", 4),)),
    "classic": R("rummy500-classic", 2, "both", 3, 4, 0, False),
    "pinochle": R("pinochle", 3, "low", 5, 4, 0, False),
    "persian": R("persian", 4, "both", 3, 4, 4, True),
}


def pos_card(pos: int, suit: str) -> str:
    return RANKS[(pos - 1) % 13] + suit


def rank_pos(card: str) -> int:
    return RANKS.index(card[:-1]) + 1


def oracle(rules: R, cards: list[str]) -> list[tuple]:
    """Every reading: ("set", rank) or ("run", suit, low, (joker meanings...))."""
    naturals = [c for c in cards if c != "JK"]
    j = len(cards) - len(naturals)
    n = len(cards)
    out: list[tuple] = []
    # sets
    if 3 <= n <= rules.max_set:
        if not naturals:
            if rules.joker_sets_only:
                out.append(("set", None))
        elif not (j and rules.joker_sets_only):
            ranks = {c[:-1] for c in naturals}
            suits = [c[-1] for c in naturals]
            if len(ranks) == 1 and len(set(suits)) == len(suits):
                out.append(("set", naturals[0][:-1]))
    # runs
    if naturals and n >= rules.min_run and n <= 13 and not (j and rules.joker_sets_only):
        run_suits = {c[-1] for c in naturals}
        if len(run_suits) == 1:
            suit = naturals[0][-1]
            others = sorted(rank_pos(c) for c in naturals if c[:-1] != "A")
            aces = [c for c in naturals if c[:-1] == "A"]
            if len(set(others)) == len(others) and len(aces) <= 1:
                ace_choices = (
                    {"low": [1], "high": [14], "both": [1, 14]}[rules.ace] if aces else [0]
                )
                lo_b, hi_b = {"low": (1, 13), "high": (2, 14), "both": (1, 14)}[rules.ace]
                for ace in ace_choices:
                    positions = others + ([ace] if aces else [])
                    for low in range(max(positions) - n + 1, min(positions) + 1):
                        high = low + n - 1
                        if low < lo_b or high > hi_b or high - low > 12:
                            continue
                        free = [p for p in range(low, high + 1) if p not in positions]
                        out.append(("run", suit, low, tuple(pos_card(p, suit) for p in free)))
    return out


def declared(reading: tuple, cards: list[str]) -> str:
    if reading[0] == "set":
        return "meld set " + " ".join(cards)
    _, _suit, _low, meanings = reading
    naturals = [c for c in cards if c != "JK"]
    return "meld run " + " ".join(naturals + [f"JK={m}" for m in meanings])


def run_text(reading: tuple, cards: list[str]) -> str:
    """How the table writes the run: low to high, jokers as JK=card."""
    _, suit, low, meanings = reading
    n = len(cards)
    out = []
    for p in range(low, low + n):
        c = pos_card(p, suit)
        out.append(f"JK={c}" if c in meanings else c)
    return " ".join(out)


ALL_NATURALS = [r + s for s in SUITS for r in RANKS]


def position(rules: R, cards: list[str], extras: list[str]):
    """Seat 0 holds cards + extras and draws one more card from the stock."""
    used = set(cards) | set(extras)
    pool = [c for c in ALL_NATURALS if c not in used]
    hands = [" ".join(cards + extras)]
    k = 0
    for _ in range(rules.players - 1):
        hands.append(" ".join(pool[k : k + 2]))
        k += 2
    stock = " ".join(pool[k : k + 3])
    pile = pool[k + 3]
    g = layout(rules.preset, hands, stock=stock, discard=pile, options=dict(rules.options) or None)
    g.play("0: draw")
    return g


def candidates(rules: R):
    jokers = st.integers(0, min(2, rules.jokers))
    random_cards = st.tuples(
        st.lists(
            st.sampled_from([r + s for s in "SH" for r in RANKS]),
            min_size=1,
            max_size=6,
            unique=True,
        ),
        jokers,
    )
    run_like = st.tuples(
        st.sampled_from(SUITS), st.integers(1, 13), st.integers(2, 7), jokers, st.randoms()
    ).map(lambda t: _run_like(*t))
    set_like = st.tuples(
        st.sampled_from(RANKS),
        st.lists(st.sampled_from(SUITS), min_size=1, max_size=4, unique=True),
        jokers,
    ).map(lambda t: ([t[0] + s for s in t[1]], t[2]))
    return st.one_of(random_cards, run_like, set_like).filter(lambda t: 2 <= len(t[0]) + t[1] <= 7)


def _run_like(suit, low, length, jokers, rnd):
    ranks = [RANKS[(low - 1 + i) % 13] for i in range(length)]  # may wrap: round the corner
    naturals = [r + suit for r in ranks]
    rnd.shuffle(naturals)
    naturals = naturals[: max(1, length - jokers)]
    return sorted(set(naturals)), jokers


def check(rules: R, naturals: list[str], jokers: int) -> None:
    cards = naturals + ["JK"] * jokers
    readings = oracle(rules, cards)
    g = position(rules, cards, [])
    plain = "0: meld " + " ".join(cards)
    if len(readings) == 1:
        assert legal(g, plain), (plain, readings)
    else:
        assert not legal(g, plain), (plain, readings)
        before = snapshot(g)
        with pytest.raises(IllegalMove):
            g.play(plain)
        assert snapshot(g) == before
    for reading in readings:
        text = "0: " + declared(reading, cards)
        assert legal(g, text), (text, readings)
    # a declaration that fits no reading is refused
    if not any(r[0] == "set" for r in readings) and len(cards) >= 3:
        assert not legal(g, "0: meld set " + " ".join(cards))


@pytest.mark.parametrize("name", list(RULESETS))
def test_meld_validity_matches_the_rules(name):
    rules = RULESETS[name]

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
    @given(candidates(rules))
    def prop(t):
        check(rules, list(t[0]), t[1])

    prop()


@st.composite
def runs_with_jokers(draw, rules: R):
    lo_b, hi_b = {"low": (1, 13), "high": (2, 14), "both": (1, 14)}[rules.ace]
    length = draw(st.integers(rules.min_run, min(7, hi_b - lo_b + 1)))
    low = draw(st.integers(lo_b, hi_b - length + 1))
    suit = draw(st.sampled_from(SUITS))
    k = draw(st.integers(0, min(rules.jokers, 2, length - 1)))
    joker_idx = draw(st.lists(st.integers(0, length - 1), min_size=k, max_size=k, unique=True))
    return suit, low, length, sorted(joker_idx)


@pytest.mark.parametrize("name", ["rummy500", "rummy500-min4", "pinochle", "classic"])
def test_joker_placement_in_runs(name):
    rules = RULESETS[name]
    lo_b, hi_b = {"low": (1, 13), "high": (2, 14), "both": (1, 14)}[rules.ace]

    @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
    @given(runs_with_jokers(rules))
    def prop(spec):
        suit, low, length, joker_idx = spec
        high = low + length - 1
        positions = list(range(low, high + 1))
        naturals = [pos_card(p, suit) for i, p in enumerate(positions) if i not in joker_idx]
        meanings = [pos_card(p, suit) for i, p in enumerate(positions) if i in joker_idx]
        cards = naturals + ["JK"] * len(joker_idx)
        reading = ("run", suit, low, tuple(meanings))
        # the cards a player could try to lay off: what the jokers stand for, and both ends
        below = pos_card(low - 1, suit) if low - 1 >= 1 else None
        above = pos_card(high + 1, suit) if high + 1 <= 14 else None
        extras = []
        for c in [*meanings, below, above]:
            if c is not None and c not in cards and c not in extras:
                extras.append(c)
        g = position(rules, cards, extras)
        g.play("0: " + declared(reading, cards))
        meld = g.melds[0]
        assert meld.kind == "run"
        assert str(meld) == run_text(reading, cards)
        assert [str(c) for c in meld.cards] == [
            "JK" if pos_card(p, suit) in meanings else pos_card(p, suit) for p in positions
        ]
        for m in meanings:
            if m in extras:
                assert not legal(g, f"0: layoff {m} to {meld.id}"), (str(meld), m)
        if below is not None and below in extras:
            ok = low - 1 >= lo_b and high - (low - 1) <= 12
            assert legal(g, f"0: layoff {below} to {meld.id}") == ok, (str(meld), below)
        if above is not None and above in extras:
            ok = high + 1 <= hi_b and high + 1 - low <= 12
            # a natural ace above a run that already starts with... the ace is one card:
            assert legal(g, f"0: layoff {above} to {meld.id}") == ok, (str(meld), above)

    prop()
