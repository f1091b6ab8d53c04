"""Random simulation over every preset and several player counts.

Each seeded game is played by a mildly greedy random policy (see `choose`):
pure random play almost never melds, so 500-family deals would only end by
running the stock dry and matches would never reach a target. The policy
makes a contract or a meld / lay-off / joker swap when it can (90 %), draws
from the stock more often than from the pile, mostly passes on claims, and
otherwise picks a uniformly random legal move.

What every move must keep true:
- while the game is live there is a legal move, and `to_act` is not empty;
- every physical card is in exactly one place: hands + stock + discard pile +
  melds == the whole pack as a multiset (`stock_count` gives the stock's
  size; the engine's private `_stock` list, when present, its cards);
- refused random malformed or illegal text changes nothing;
- `Move.parse(str(m)) == m` for every legal move seen;
and at the end of every game `Game.from_record(g.record()) == g`.

What a "game" is here: a deal (500 family) or a round (contract family),
from its deal to its end. The 500 family starts with `Game.new`; contract
games of round 1 too (Liverpool with its cut), and those of rounds 2-7 start
from a randomly shuffled whole pack dealt with `Game.from_layout(round=r)`,
so every round's contract is exercised. A few full matches per preset are
also played to `game_over`.

The move cap of these seeded games: a 500-family deal always ends (the stock
runs out), and since RULES.md 4.7 limits the reshuffles a contract round ends
too once its stock is spent; the cap and the stall check (`stalled`, contract
family only, no card reaching the table for a long time) only keep the
greedy policy's long rounds short. `test_random_legal_play_ends_every_deal_and_round`
plays uniformly random legal moves with no cap and requires every deal and
round of every preset to end.

RUMMY_SIM_GAMES scales the number of seeded games per configuration
(default 70: 19 configurations, 1,330 games, each contract round 10 times
per configuration; every move of every game is checked, so that is about
20,000 checked moves in a contract configuration). The earlier default of
110 (2,090 games, the seeds 0-109) is the thorough run:
RUMMY_SIM_GAMES=110 python -m pytest tests/engine/test_simulation.py.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from rummy_gui.engine import Game, IllegalMove, Move
from rummy_gui.engine.cards import make_pack, parse_card
from tests.engine._helpers import assert_cards_conserved, pack_counts, players, visible_cards

CONFIGS = [
    ("rummy500", 2),
    ("rummy500", 3),
    ("rummy500", 4),
    ("rummy500", 5),
    ("rummy500", 8),
    ("rummy500-classic", 2),
    ("rummy500-classic", 4),
    ("rummy500-classic", 6),
    ("persian", 4),
    ("pinochle", 3),
    ("pinochle", 4),
    ("pinochle", 6),
    ("contract", 3),
    ("contract", 4),
    ("contract", 5),
    ("liverpool", 3),
    ("liverpool", 5),
    ("shanghai", 3),
    ("shanghai", 5),
]
CONTRACT_FAMILY = ("contract", "liverpool", "shanghai")
GAMES = int(os.environ.get("RUMMY_SIM_GAMES", "70"))
DEAL_CAP = 700  # moves per deal / round
MATCH_CAP = 6000  # moves per full match

SEEN_TEXTS: set[str] = set()

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ALL_CARDS = [r + s for s in "CDHS" for r in RANKS] + ["JK"]


def connections(card: str, others: list[str], runs_only: bool = False) -> int:
    """How many other cards this one could meld with (same rank, or same suit
    within two ranks); jokers always count as well connected. `runs_only`:
    the contract has no sets (rounds 3 and 7), so ranks do not help."""
    if card == "JK":
        return 99
    rank, suit = card[:-1], card[-1]
    r = RANKS.index(rank) + 1
    score = 0
    for o in others:
        if o == "JK":
            score += 1
            continue
        orank, osuit = o[:-1], o[-1]
        if orank == rank:
            score += 0 if runs_only else 2
        elif osuit == suit:
            d = abs(RANKS.index(orank) + 1 - r)
            if d <= 2 or (r == 1 and orank in ("Q", "K")) or (orank == "A" and r >= 12):
                score += 1
    return score


def choose(g: Game, rng: random.Random, runs_only: bool = False) -> Move:
    moves = list(g.legal_moves)
    assert moves, f"live game with no legal move: {g!r}"
    phase = g.phase
    if phase == "play":
        good = [m for m in moves if m.action in ("contract", "meld", "layoff", "swap")]
        if good and rng.random() < 0.9:
            return rng.choice(good)
        discards = [m for m in moves if m.action == "discard"]
        if not discards:
            return rng.choice(moves)
        if rng.random() < 0.2:
            return rng.choice(discards)
        held = [str(c) for c in g.hand(g.turn)]
        scored = []
        for m in discards:
            card = str(m.cards[0].card)
            rest = list(held)
            if card in rest:
                rest.remove(card)
            scored.append((connections(card, rest, runs_only), rng.random(), m))
        return min(scored, key=lambda t: (t[0], t[1]))[2]
    if phase == "draw":
        draws = [m for m in moves if m.action == "draw"]
        takes = [m for m in moves if m.action == "take"]
        pile_ = g.discard_pile
        if takes and pile_ and rng.random() < 0.7:
            top = str(pile_[-1])
            if connections(top, [str(c) for c in g.hand(g.turn)]) >= 2:
                return rng.choice(takes)
        if draws and rng.random() < 0.8:
            return draws[0]
    if phase == "claim":
        passes = [m for m in moves if m.action == "pass"]
        if passes and rng.random() < 0.85:
            return rng.choice(passes)
    return rng.choice(moves)


def junk_move(g: Game, rng: random.Random) -> str:
    """Random text: malformed, or well-formed but (usually) illegal now."""
    seat = rng.randrange(players(g) + 1)
    c = rng.choice(ALL_CARDS)
    c2 = rng.choice(ALL_CARDS)
    n = rng.randrange(0, 12)
    forms = [
        f"{seat}: discard {c}",
        f"{seat}: meld {c} {c2} {rng.choice(ALL_CARDS)}",
        f"{seat}: layoff {c} to {n}",
        f"{seat}: take {n}",
        f"{seat}: swap {c} in {n}",
        f"{seat}: rummy {n}",
        f"{seat}: buy",
        f"{seat}: shanghai to {n}",
        f"{seat}: cut {rng.randrange(0, 120)}",
        f"{seat}: contract {c} {c2} / {c}",
        f"{seat}: deal",
        f"{seat}: draw",
        f"{seat}: pass",
        f"{seat}: discard {c} shanghai",
        f"{seat}: flarp {c}",
        f"{seat}: meld",
        f"{seat}: discard 1H",
        f"{seat} draw",
        "",
        f"{seat}: layoff {c}",
        f"{seat}: meld run {c} JK=ZZ",
    ]
    return rng.choice(forms)


def light_state(g: Game, with_record: bool) -> tuple[object, ...]:
    n = players(g)
    return (
        tuple(tuple(str(c) for c in g.hand(s)) for s in range(n)),
        tuple(str(c) for c in g.discard_pile),
        g.stock_count,
        tuple((m.id, m.kind, str(m), tuple(m.owners)) for m in g.melds),
        g.phase,
        tuple(g.to_act),
        g.turn,
        tuple(g.totals),
        g.round,
        g.dealer,
        g.deal_over,
        g.game_over,
        tuple(g.winners),
        g.record()["moves"] if with_record else None,
    )


def code_counts(cards: Counter[str]) -> list[int]:
    counts = [0] * 53
    for text, k in cards.items():
        counts[parse_card(text).code] += k
    return counts


def conserved(g: Game, pack: list[int], total: int) -> None:
    """Fast form of _helpers.assert_cards_conserved (card codes, no strings)."""
    counts = [0] * 53
    for s in range(players(g)):
        for c in g.hand(s):
            counts[c.code] += 1
    for c in g.discard_pile:
        counts[c.code] += 1
    for m in g.melds:
        for c in m.cards:
            counts[c.code] += 1
    stock = getattr(g, "_stock", None)
    if isinstance(stock, list):
        assert len(stock) == g.stock_count
        for c in stock:
            counts[c.code] += 1
        if counts != pack:
            assert_cards_conserved(g, PACK_TEXT[tuple(pack)])  # says what is wrong
            raise AssertionError("cards not conserved")
    else:
        assert all(k <= p for k, p in zip(counts, pack, strict=True))
        assert total - sum(counts) == g.stock_count


PACK_TEXT: dict[tuple[int, ...], Counter[str]] = {}


def check_move_texts(g: Game) -> None:
    for m in g.legal_moves:
        text = str(m)
        if text in SEEN_TEXTS:
            continue
        assert Move.parse(text) == m, text
        assert m.seat is not None, text
        assert text.startswith(f"{m.seat}: "), text
        SEEN_TEXTS.add(text)


def check_live(g: Game) -> None:
    if g.game_over:
        assert len(g.legal_moves) == 0
        assert tuple(g.to_act) == ()
        return
    assert len(g.legal_moves) > 0, f"no legal move in phase {g.phase}"
    assert g.to_act, f"nobody to act in phase {g.phase}"
    seats = {m.seat for m in g.legal_moves}
    assert seats <= set(g.to_act), (seats, g.to_act)
    if g.phase in ("draw", "play"):
        assert tuple(g.to_act) == (g.turn,)


def try_junk(g: Game, rng: random.Random) -> None:
    text = junk_move(g, rng)
    try:
        parsed = Move.parse(text)
    except ValueError:
        parsed = None
    if parsed is not None and parsed.seat is not None and parsed in g.legal_moves:
        return
    with_record = rng.random() < 0.1
    before = light_state(g, with_record)
    try:
        g.play(text)
    except IllegalMove as e:
        assert str(e).strip(), f"empty message for {text!r}"  # noqa: PT017 (a refusal is one of two allowed outcomes)
        assert light_state(g, with_record) == before, f"refused {text!r} changed the game"
        return
    # a seatless text may be legal for g.turn: that is fine, but then it was played
    assert parsed is not None, f"illegal {text!r} was accepted"
    assert parsed.seat is None, f"illegal {text!r} was accepted"
    raise _Played()


class _Played(Exception):
    pass


def random_layout(preset: str, n: int, rnd: int, seed: int) -> Game:
    """A round `rnd` contract game dealt from a shuffled whole pack."""
    rng = random.Random(seed * 7919 + rnd)
    pack = [str(c) for c in make_pack(2, pack_counts(preset, n)["JK"])]
    rng.shuffle(pack)
    size = 11 if preset == "shanghai" else (10 if rnd <= 3 else 12)
    hands = [" ".join(pack[i * size : (i + 1) * size]) for i in range(n)]
    rest = pack[n * size :]
    upcard, stock = rest[0], rest[1:]
    return Game.from_layout(
        preset, hands=hands, stock=" ".join(stock), discard=upcard, turn=rng.randrange(n), round=rnd
    )


PROGRESS = ("contract", "meld", "layoff", "swap", "shanghai", "deal", "cut")
STALL_AFTER = 300  # moves without any card reaching the table


def run(
    g: Game, preset: str, rng: random.Random, pack_text: Counter[str], cap: int, until_deal: bool
) -> str:
    """Play until the deal ends (or the match, or the cap). Returns the outcome:
    "deal_over", "game_over" or "stalled" (cap reached, or no card reached the
    table for STALL_AFTER moves: contract family only, see the module doc)."""
    assert_cards_conserved(g, pack_text)
    pack = code_counts(pack_text)
    PACK_TEXT[tuple(pack)] = pack_text
    total = sum(pack)
    check_live(g)
    played = 0
    quiet = 0
    while not g.game_over:
        if until_deal and g.deal_over:
            return "deal_over"
        if played >= cap or (preset in CONTRACT_FAMILY and quiet >= STALL_AFTER):
            return "stalled"
        check_move_texts(g)
        if rng.random() < 0.15:
            try:
                try_junk(g, rng)
            except _Played:
                played += 1
                conserved(g, pack, total)
                check_live(g)
                continue
        runs_only = preset in CONTRACT_FAMILY and g.round in (3, 7)
        m = choose(g, rng, runs_only)
        g.play(m)
        played += 1
        quiet = 0 if m.action in PROGRESS else quiet + 1
        conserved(g, pack, total)
        check_live(g)
    return "game_over"


def conserved_pack(preset: str, n: int) -> Counter[str]:
    return pack_counts(preset, n)


@pytest.mark.long
@pytest.mark.parametrize(("preset", "n"), CONFIGS, ids=[f"{p}-{n}" for p, n in CONFIGS])
def test_random_deals(preset, n):
    outcomes: Counter[str] = Counter()
    pack = conserved_pack(preset, n)
    for seed in range(GAMES):
        rng = random.Random(seed * 1000 + n)
        rnd = 1 + seed % 7 if preset in CONTRACT_FAMILY else 1
        if rnd == 1:
            g = Game.new(preset, players=n, seed=seed)
        else:
            g = random_layout(preset, n, rnd, seed)
        if g.phase == "cut":
            visible = visible_cards(g)
            assert sum(visible.values()) == 0
            assert g.stock_count == sum(pack.values())
        outcome = run(g, preset, rng, pack, DEAL_CAP, until_deal=True)
        outcomes[outcome] += 1
        if outcome == "stalled":
            assert preset in CONTRACT_FAMILY, f"{preset} seed {seed}: a 500 deal did not end"
            assert not g.deal_over
            assert len(g.legal_moves) > 0
        else:
            assert g.deal_over or g.game_over
            assert g.deal_scores is not None
            assert len(g.deal_scores) == len(g.sides)
            if g.game_over:
                assert g.winners
        assert Game.from_record(g.record()) == g, f"{preset} seed {seed}: replay differs"
    if preset in CONTRACT_FAMILY:
        assert outcomes["stalled"] < GAMES / 2, dict(outcomes)
    else:
        assert outcomes["stalled"] == 0, dict(outcomes)


MATCHES = [
    ("rummy500", 3),
    ("rummy500-classic", 2),
    ("persian", 4),
    ("pinochle", 4),
    ("contract", 4),
    ("liverpool", 3),
    ("shanghai", 4),
]


@pytest.mark.long
@pytest.mark.parametrize(("preset", "n"), MATCHES, ids=[f"{p}-{n}" for p, n in MATCHES])
def test_random_full_matches(preset, n):
    pack = conserved_pack(preset, n)
    finished = 0
    for seed in range(3):
        rng = random.Random(seed + 17)
        g = Game.new(preset, players=n, seed=seed + 100)
        outcome = run(g, preset, rng, pack, MATCH_CAP, until_deal=False)
        if outcome == "game_over":
            finished += 1
            assert g.game_over
            assert g.winners
            if preset == "persian":
                assert g.round == 2
            if preset in CONTRACT_FAMILY:
                assert g.round == 7
        else:
            assert preset in CONTRACT_FAMILY, f"{preset} seed {seed}: the match did not end"
        assert Game.from_record(g.record()) == g
    if preset not in CONTRACT_FAMILY:
        assert finished == 3


ENDS_CONFIGS = [
    ("rummy500", 2),
    ("rummy500", 8),
    ("rummy500-classic", 3),
    ("persian", 4),
    ("pinochle", 3),
    ("pinochle", 6),
    ("contract", 3),
    ("contract", 5),
    ("liverpool", 4),
    ("shanghai", 3),
    ("shanghai", 5),
]
RUNAWAY = 20_000  # not a cap: a deal this long means a round that never ends, and fails


@pytest.mark.parametrize(("preset", "n"), ENDS_CONFIGS, ids=[f"{p}-{n}" for p, n in ENDS_CONFIGS])
def test_random_legal_play_ends_every_deal_and_round(preset, n):
    """RULES.md 3.5 and 4.7: whatever legal moves are played (uniformly at
    random, no move cap), every deal of the 500 family and every round (1 to
    7) of the contract family ends."""
    rounds = range(1, 8) if preset in CONTRACT_FAMILY else range(1, 2)
    for seed in range(4):
        for rnd in rounds:
            rng = random.Random(seed * 100 + rnd)
            g = (
                Game.new(preset, players=n, seed=seed)
                if rnd == 1
                else random_layout(preset, n, rnd, seed)
            )
            played = 0
            while not g.deal_over:
                moves = list(g.legal_moves)
                assert moves, f"{preset} seed {seed} round {rnd}: a live deal with no legal move"
                g.play(rng.choice(moves))
                played += 1
                assert played < RUNAWAY, f"{preset} seed {seed} round {rnd}: the deal did not end"
            assert g.deal_scores is not None
            assert len(g.deal_scores) == len(g.sides)
