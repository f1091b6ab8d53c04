"""Games in the positions the save tests need, reached by seeded play.

`pick` is a quick greedy player (meld when possible, claim half the time,
otherwise random): it finishes a 500-family match in a few hundred moves.
The contract family's deals are long, so their deal ends and game over come
from small layouts instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rummy_gui.engine import PRESETS, Game, Move
from rummy_gui.play.saves import Seat

PLAYERS = {
    "rummy500": 3,
    "rummy500-classic": 3,
    "persian": 4,
    "pinochle": 3,
    "contract": 3,
    "liverpool": 3,
    "shanghai": 4,
}
CONTRACT_FAMILY = ("contract", "liverpool", "shanghai")
# the claim windows each preset can open (RULES.md): rummy calls, buys, Shanghai calls
CLAIMS = {
    "rummy500": "rummy",
    "persian": "rummy",
    "contract": "buy",
    "liverpool": "buy",
    "shanghai": "buy",
}
STAGES = ("mid-deal", "mid-claim", "between-deals", "game-over")


def pick(g: Game, rng: random.Random) -> Move:
    moves = list(g.legal_moves)
    for wanted in (("contract",), ("meld", "layoff", "swap")):
        found = [m for m in moves if m.action in wanted]
        if found:
            return rng.choice(found)
    if g.phase == "claim":
        claims = [m for m in moves if m.action != "pass"]
        if claims and rng.random() < 0.5:
            return rng.choice(claims)
        return next(m for m in moves if m.action == "pass")
    if g.phase == "draw":
        takes = [m for m in moves if m.action == "take"]
        if takes and rng.random() < 0.3:
            return rng.choice(takes)
    return rng.choice(moves)


def drive(g: Game, rng: random.Random, stop: Callable[[Game], bool], limit: int = 5000) -> Game:
    for _ in range(limit):
        if stop(g):
            return g
        g.play(pick(g, rng))
    raise AssertionError(f"{g!r}: position not reached in {limit} moves")


def new_game(preset: str, seed: int = 3) -> Game:
    options = {"target": 150} if PRESETS[preset].target is not None else None
    return Game.new(preset, players=PLAYERS[preset], seed=seed, options=options)


def _contract_out(preset: str, round: int) -> Game:
    """A contract-family layout where seat 0 lays down and goes out at once."""
    n = PLAYERS[preset]
    if round == 7:  # three runs, no discard
        hands = ["3H 4H 5H 6H 3S 4S 5S 6S 3C 4C 5C"]
        stock, finish = "6C 9D 9H", ["contract 3H 4H 5H 6H / 3S 4S 5S 6S / 3C 4C 5C 6C"]
    else:  # two sets
        hands = ["7H 7S 7D 9C 9D 9S"]
        stock, finish = "KS 9H 2D", ["contract 7H 7S 7D / 9C 9D 9S", "discard KS"]
    hands += ["2H 3D 8S QC QD JH 5D", "2S 4D 8C KC KD JS 6D", "10C 10D AH AS JD 8H"][: n - 1]
    g = Game.from_layout(preset, hands=hands, stock=stock, discard="2C", turn=0, round=round)
    g.play("0: draw")
    _pass_claims(g)
    for text in finish:
        g.play(f"0: {text}")
    return g


def _pass_claims(g: Game) -> None:
    while g.phase == "claim":
        g.play(f"{g.to_act[0]}: pass")


def shanghai_call_window() -> Game:
    """Shanghai: seat 0 has laid down a set of sevens; seat 1 discards 7C and
    the others may call "Shanghai" on it."""
    g = Game.from_layout(
        "shanghai",
        hands=[
            "7H 7S 7D 9C 9D 9S KH QH",
            "7C 2H 3D 8S QC QD JH",
            "2S 4D 8C KC KD JS 6D",
            "10C 10D AH AS JD 8H 5S",
        ],
        stock="KS 9H 2D 4C 5C 6C",
        discard="2C",
        turn=0,
        round=1,
    )
    g.play("0: draw")
    _pass_claims(g)
    g.play("0: contract 7H 7S 7D / 9C 9D 9S")
    g.play("0: discard KS")
    g.play("1: draw")
    _pass_claims(g)
    g.play("1: discard 7C")
    assert g.claim is not None, g
    assert g.claim.kind == "shanghai", g
    return g


def position(preset: str, stage: str, seed: int = 3) -> Game:
    rng = random.Random(seed)
    if stage == "mid-deal":
        g = new_game(preset, seed)
        for _ in range(15):
            g.play(pick(g, rng))
        return drive(g, rng, lambda g: g.phase in ("draw", "play"))
    if stage == "mid-claim":
        kind = CLAIMS[preset]
        return drive(
            new_game(preset, seed),
            rng,
            lambda g: g.claim is not None and g.phase == "claim" and g.claim.kind == kind,
        )
    if stage == "between-deals":
        if preset in CONTRACT_FAMILY:
            g = _contract_out(preset, 1)
        else:  # the first deal that does not end the match
            g = drive(new_game(preset, seed), rng, lambda g: g.deal_over)
            while g.game_over:
                seed += 1
                g = drive(new_game(preset, seed), rng, lambda g: g.deal_over)
        assert g.deal_over, g
        assert not g.game_over, g
        return g
    if stage == "game-over":
        g = (
            _contract_out(preset, 7)
            if preset in CONTRACT_FAMILY
            else drive(new_game(preset, seed), rng, lambda g: g.game_over)
        )
        assert g.game_over, g
        return g
    raise ValueError(stage)


def cases() -> list[tuple[str, str]]:
    """(preset, stage) for every preset and every stage it has."""
    return [(p, s) for p in PLAYERS for s in STAGES if s != "mid-claim" or p in CLAIMS]


def seats_for(players: int) -> list[Seat]:
    levels = ["human", "easy", "hard", "random", "expert"]
    return [
        Seat(
            f"Player {i + 1}", levels[i % len(levels)], None if i == 0 else 100 + i, f"#{i:02x}80c0"
        )
        for i in range(players)
    ]
