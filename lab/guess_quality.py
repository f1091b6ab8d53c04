"""How well hard's guesses of the opponents' hands place their cards (docs/bots.md).

    python -m lab.guess_quality [--deals N] [--seed S] [--guesses K]

Plays Rummy 500 deals of three mediums (the arena's shuffles, `seeded_deal`)
and stops at every decision that the hard level searches (`hard_level(1).scored`
non-empty). There each guesser deals K guessed deals from the view (the same
random stream for every guesser), and for each opponent counts how many of the
cards the view does not know it holds (its hand less what it picked up) the
guess put in that hand. The share placed right is printed per guesser:

- `random`: `sample_world` with random fillings (`best_of` 1);
- `best4`: the level's, the best for that player of four fillings;
- `meldless`: no meld and no card that fits the table (medium-like players
  lay those down at once, so a hand holding one is not theirs);
- `refused`: `meldless`, and no card that would make a meld with a top discard
  that player drew past.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable, Sequence

from rummy_gui.bots import make_bot
from rummy_gui.bots.memory import remember
from rummy_gui.bots.policy import Judge
from rummy_gui.bots.search import hard_level, known_hands, sample_world
from rummy_gui.engine.cards import Card
from rummy_gui.engine.game import Game
from rummy_gui.engine.rules import Rules
from rummy_gui.engine.seeded import seeded_deal
from rummy_gui.engine.view import View

KINDS = ("random", "best4", "meldless", "refused")


def deal_refusing(
    hand: list[Card], need: int, rest: list[Card], refuse: Callable[[list[Card], Card], bool]
) -> None:
    """Deal `need` cards from the end of `rest` to `hand`, passing over each
    card `refuse(hand so far, card)` refuses; passed cards go back to `rest`
    unless the hand still lacks cards when `rest` runs out."""
    passed: list[Card] = []
    while need > 0 and rest:
        c = rest.pop()
        if refuse(hand, c):
            passed.append(c)
        else:
            hand.append(c)
            need -= 1
    keep = max(0, len(passed) - need)  # no card left that fits: take what there is
    hand.extend(passed[keep:])
    rest.extend(passed[:keep])


def completes(rules: Rules, hand: Sequence[Card], card: Card) -> bool:
    """Would `card` make a meld with cards of `hand` (jokers counted)?"""
    jokers = sum(c.is_joker for c in hand)
    if card.is_joker:
        nat = [c for c in hand if not c.is_joker]
        if jokers and nat:
            return True
        return any(completes(rules, [*nat[:i], *nat[i + 1 :], card], c) for i, c in enumerate(nat))
    same = sum(1 for c in hand if not c.is_joker and c.rank == card.rank)
    if same + jokers >= 2:
        return True
    ranks = {c.rank for c in hand if not c.is_joker and c.suit == card.suit}
    if 1 in ranks:
        ranks.add(14)
    mine = [card.rank] + ([14] if card.rank == 1 else [])
    n = rules.min_run
    for q in mine:
        for lo in range(q - n + 1, q + 1):
            if lo < 1 or lo + n - 1 > 14:
                continue
            missing = sum(1 for x in range(lo, lo + n) if x != q and x not in ranks)
            if missing <= jokers:
                return True
    return False


def _meldless(judge: Judge) -> Callable[[list[Card], Card], bool]:
    """Refuse a card that melds with the hand or fits the table alone."""
    return lambda hand, card: judge.fits_table(card) or completes(judge.rules, hand, card)


def _refusing(judge: Judge, refused: set[Card]) -> Callable[[list[Card], Card], bool]:
    """Refuse a card that melds or fits, or that would make a meld with one
    of the top discards this player drew past (it would have taken it)."""
    meldless = _meldless(judge)

    def refuse(hand: list[Card], card: Card) -> bool:
        if meldless(hand, card):
            return True
        more = [*hand, card]
        r = judge.rules
        return any(completes(r, more, x) and not completes(r, hand, x) for x in refused)

    return refuse


def guess(view: View, rng: random.Random, kind: str, judge: Judge) -> Game:
    if kind == "random":
        return sample_world(view, rng, 1)
    if kind == "best4":
        return sample_world(view, rng, 4)
    refused = remember(view).refused
    _mem, hands, rest = known_hands(view)
    rng.shuffle(rest)
    for s, hand in hands.items():
        need = view.hand_sizes[s] - len(hand)
        if need > 0:
            refuse = _meldless(judge) if kind == "meldless" else _refusing(judge, refused[s])
            deal_refusing(hand, need, rest, refuse)
    rng.shuffle(rest)
    return view.determinize(hands, rest, seed=rng.randrange(1 << 30))


def main() -> None:
    ap = argparse.ArgumentParser(
        prog="python -m lab.guess_quality", description=__doc__.split("\n\n")[0]
    )
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--guesses", type=int, default=8)
    a = ap.parse_args()
    probe = hard_level(1)
    hit: Counter[str] = Counter()
    total: Counter[str] = Counter()
    positions = 0
    for i in range(a.deals):
        g = seeded_deal("rummy500", 3, a.seed, i)
        bots = [make_bot("medium", seed=s) for s in range(3)]
        while not g.deal_over:
            seat = g.to_act[0]
            view = g.view(seat)
            if probe.scored(view, random.Random(0)):
                positions += 1
                _m, known, _r = known_hands(view)
                judge = Judge(view, probe.base.params_for(view))
                for kind in KINDS:
                    rng = random.Random(positions)
                    for _k in range(a.guesses):
                        w = guess(view, rng, kind, judge)
                        for s in range(g.players):
                            if s == seat:
                                continue
                            true = Counter(g.view(s).hand) - Counter(known[s])
                            got = Counter(w.view(s).hand) - Counter(known[s])
                            hit[kind] += sum((true & got).values())
                            total[kind] += sum(true.values())
            g.play(bots[seat].choose(view))
    print(f"{positions} searched positions, {a.guesses} guesses each, {total['random']} cards")
    for kind in KINDS:
        print(f"{kind:9} {hit[kind] / max(1, total[kind]):.4f}")


if __name__ == "__main__":
    main()
