"""The positions where hard searches, and a script that times hard on them.

`python -m lab.bench.bots --against DIR` runs this file as a script
with DIR's package first on the path, so that the same positions are timed
with another checkout's bots. It therefore asks that checkout only for what
every checkout has: the engine, the bots and `rummy_gui.engine.seeded`.
Usage: `python searched.py PER_PRESET` prints
[[name, cards in hand, wall ms, CPU ms, move], ...] as JSON.
"""

from __future__ import annotations

import random
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from rummy_gui.engine import View

# hard's searched decisions: rollouts at deep takes and rummy calls in the
# 500 family; in the contract family its discards tested on guessed hands
SEARCHED = (
    ("rummy500", 2),
    ("rummy500", 3),
    ("rummy500-classic", 3),
    ("pinochle", 3),
    ("persian", 4),
)
SAMPLED = (("contract", 4), ("liverpool", 4), ("shanghai", 4))
PER_PRESET = 10

HAND_SIZES = (7, 20)  # the hands the positions hold, fewest and most cards


def positions(
    preset: str,
    players: int,
    count: int,
    seed: int = 7,
    wanted: Callable[[View, int], bool] | None = None,
) -> list[View]:
    """Views from seeded deals played by medium bots, the hand holding 7 to
    20 cards: by default every fifth move's view with a real choice, or
    those for which `wanted(view, move number)` holds (at most 400 deals
    are played)."""
    from rummy_gui.bots import make_bot
    from rummy_gui.engine.seeded import seeded_deal

    def every_fifth(view: View, moves: int) -> bool:
        return len(view.legal_moves) > 1 and moves % 5 == 0

    keep = wanted or every_fifth
    out: list[View] = []
    index = 0
    while len(out) < count and index < 400:
        g = seeded_deal(preset, players, seed, index)
        bots = [make_bot("medium", seed=s) for s in range(players)]
        moves = 0
        while not g.deal_over and moves < 600:
            seat = g.to_act[0]
            view = g.view(seat)
            if HAND_SIZES[0] <= len(view.hand) <= HAND_SIZES[1] and keep(view, moves):
                out.append(view)
            g.play(bots[seat].choose(view))
            moves += 1
        index += 1
    return out[:count]


def sampled_positions(
    count: int, players: int = 3, seed: int = 9, preset: str = "rummy500"
) -> list[View]:
    """Positions of a 500-family preset where hard compares moves by rollouts."""
    from rummy_gui.bots.search import hard_level

    probe = hard_level(1)
    return positions(
        preset,
        players,
        count,
        seed=seed,
        wanted=lambda view, _: bool(probe.compared(view, random.Random(0))),
    )


def big_hand_positions(count: int, wanted: Callable[[View], bool] | None = None) -> list[View]:
    """Draws of 2-player Rummy 500 with 14 to 20 cards in hand, laid out, that
    `wanted` keeps (by default: the ones hard searches).

    Such hands are rare in play (they follow deep takes): a shuffled pack is
    dealt 14-20 cards to the seat to move, 13 to the other, 8 to the pile."""
    from rummy_gui.engine.cards import make_pack
    from rummy_gui.engine.game import Game

    if wanted is None:
        from rummy_gui.bots.search import hard_level

        probe = hard_level(1)

        def wanted(view: View) -> bool:
            return bool(probe.compared(view, random.Random(0)))

    out: list[View] = []
    seed = 0
    while len(out) < count and seed < 1000:
        rng = random.Random(seed)
        seed += 1
        pack = make_pack(1, 2)
        rng.shuffle(pack)
        n = rng.randint(14, 20)
        parts = (pack[:n], pack[n : n + 13], pack[n + 21 :], pack[n + 13 : n + 21])
        text = [" ".join(str(c) for c in part) for part in parts]
        g = Game.from_layout("rummy500", hands=text[:2], stock=text[2], discard=text[3], turn=0)
        view = g.view(0)
        if wanted(view):
            out.append(view)
    return out


def sampled_discards(preset: str, players: int, count: int, seed: int = 9) -> list[View]:
    """Contract-family positions where hard tests its discards on guessed hands."""
    from rummy_gui.engine import Action, Phase

    return positions(
        preset,
        players,
        count,
        seed=seed,
        wanted=lambda view, moves: (
            view.phase == Phase.PLAY
            and moves % 3 == 0
            and len(view.legal_moves) > 1
            and any(m.action == Action.DISCARD for m in view.legal_moves)
        ),
    )


def searched_positions(per_preset: int = PER_PRESET) -> list[tuple[str, View]]:
    """(preset and players, view) of hard's searched decisions, every preset."""
    out: list[tuple[str, View]] = []
    for preset, players in SEARCHED:
        out += [
            (f"{preset} {players}p", v)
            for v in sampled_positions(per_preset, players=players, preset=preset)
        ]
    out += [("rummy500 2p laid out", v) for v in big_hand_positions(per_preset)]
    for preset, players in SAMPLED:
        out += [
            (f"{preset} {players}p discards", v)
            for v in sampled_discards(preset, players, per_preset)
        ]
    return out


def main(argv: list[str]) -> None:
    import json
    import time

    from rummy_gui.bots import forget, make_bot

    found = searched_positions(int(argv[0]))
    forget()
    bot = make_bot("hard", seed=1)
    rows = []
    for name, view in found:
        wall, cpu = time.perf_counter(), time.process_time()
        move = bot.choose(view)
        rows.append(
            [
                name,
                len(view.hand),
                (time.perf_counter() - wall) * 1000,
                (time.process_time() - cpu) * 1000,
                str(move),
            ]
        )
    print(json.dumps(rows))


if __name__ == "__main__":
    main(sys.argv[1:])
