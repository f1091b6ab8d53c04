"""Outside baselines: simple, classic strategies the levels were not tuned on.

They are for the arena only (``python -m lab.arena --bots
medium,greedy``), not levels of the game: they measure the levels against
play that is not their own. Each sees only its view, like every bot, and
plays the same move for the same view and seed.

- ``greedy``: a heuristic from a public Rummy 500 program. It takes the
  deepest discard-pile card that makes a new meld with its hand (the cards
  above it included, since they come along; else it draws), melds everything
  it can, lays off, and discards at random among the cards that are not part
  of a pair; it never calls rummy and plays aces
  low only.
- ``toponly``: never digs into the pile. It takes the top discard when the
  card melds or lays off at once, melds and lays off everything, and throws
  its highest card that has no partner (a card of the same rank or a card
  of the same suit one or two away), so it sheds points early.
- ``hoarder``: the gin player. It keeps its melds in hand until it can go out
  in one turn (or must meld a taken card), takes the top discard when the
  card joins a meld or a near-meld of its hand, and throws its highest card
  without a partner. It never digs deep or calls rummy.

In the contract games they play plainly: draw from the stock, never buy or
call, lay down the contract when they can, lay off, then discard.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

from rummy_gui.bots.memory import card_of
from rummy_gui.bots.policy import cards_of, decision_rng, forced
from rummy_gui.bots.rulebot import _match
from rummy_gui.bots.solver import best_split, card_value, fits_alone
from rummy_gui.engine.cards import Card
from rummy_gui.engine.combos import possible_melds
from rummy_gui.engine.enums import Action, Phase
from rummy_gui.engine.moves import Move
from rummy_gui.engine.rules import Rules
from rummy_gui.engine.view import View


def low_aces(rules: Rules) -> Rules:
    """The rules as a player who reads aces low only in runs sees them."""
    return replace(rules, ace="low") if rules.ace == "either" else rules


def _by_action(legal: Sequence[Move]) -> dict[Action, list[Move]]:
    out: dict[Action, list[Move]] = {}
    for m in legal:
        out.setdefault(m.action, []).append(m)
    return out


def _partnered(card: Card, hand: Sequence[Card], runs_too: bool) -> bool:
    """Has this card a pair in the hand (same rank), or with `runs_too` also
    a card of its suit one or two ranks away?"""
    if card.is_joker:
        return True
    seen_self = False
    for o in hand:
        if o == card and not seen_self:
            seen_self = True
            continue
        if o.is_joker:
            continue
        if o.rank == card.rank:
            return True
        if runs_too and o.suit == card.suit and abs(o.rank - card.rank) <= 2:
            return True
    return False


class _Baseline:
    """What the three share: the phases they play plainly, and the
    meld-and-lay-off plan of a hand (aces low only for greedy)."""

    level = "baseline"
    aces_low = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def rules_of(self, view: View) -> Rules:
        return low_aces(view.rules) if self.aces_low else view.rules

    def choose(self, view: View) -> Move:
        only = forced(view)
        if only is not None:
            return only
        legal = view.legal_moves
        rng = decision_rng(self.seed, view, self.level)
        acts = _by_action(legal)
        phase = view.phase
        move: Move | None = None
        if phase == Phase.CLAIM:
            passes = acts.get(Action.PASS, [])
            move = passes[0] if passes else None
        elif phase == Phase.CUT:
            move = rng.choice(legal)
        elif phase == Phase.DRAW:
            move = self.contract_draw(acts) if view.rules.is_contract else self.draw(view, acts)
        elif phase == Phase.PLAY:
            if view.rules.is_contract:
                move = self.contract_play(view, acts, rng)
            else:
                move = self.play(view, acts, rng)
        if move is None or move not in legal:
            move = legal[0] if phase in (Phase.DEAL_OVER, Phase.RUMMY_LAYOFF) else rng.choice(legal)
        return move

    # ------------------------------------------------------------ 500 family
    def draw(self, view: View, acts: dict[Action, list[Move]]) -> Move | None:  # noqa: ARG002 (the policy interface)
        return _plain_draw(acts)

    def play(self, view: View, acts: dict[Action, list[Move]], rng: random.Random) -> Move | None:
        planned = self.next_meld(view, acts)
        if planned is not None:
            return planned
        return self.discard(view, acts, rng)

    def next_meld(self, view: View, acts: dict[Action, list[Move]]) -> Move | None:
        """The taken card's meld first, then every meld and lay-off of the hand."""
        r = self.rules_of(view)
        hand = list(view.hand)
        if view.target is not None:
            mv = _target_meld(r, view, acts)
            if mv is not None:
                return mv
        split = best_split(r, hand, view.melds)
        order = sorted(split.melds, key=lambda pm: (pm.kind == "layoff", -pm.value))
        for pm in order:
            mv = _match(pm, acts)
            if mv is not None:
                return mv
        if not acts.get(Action.DISCARD):
            # a taken card not yet on the table, or a hand that must be emptied
            options = acts.get(Action.MELD, []) + acts.get(Action.LAYOFF, [])
            if view.target is not None:
                options = [m for m in options if view.target in cards_of(m)] or options
            return options[0] if options else None
        return None

    def discard(
        self,
        view: View,
        acts: dict[Action, list[Move]],
        rng: random.Random,  # noqa: ARG002 (the policy interface)
    ) -> Move | None:
        discards = acts.get(Action.DISCARD, [])
        if not discards:
            return None
        hand = list(view.hand)
        r = view.rules
        loose = [m for m in discards if not _partnered(card_of(m.cards[0]), hand, True)]
        pool = loose or discards
        return max(
            pool, key=lambda m: (card_value(r, card_of(m.cards[0])), str(card_of(m.cards[0])))
        )

    # ------------------------------------------------------------ contract family
    def contract_draw(self, acts: dict[Action, list[Move]]) -> Move | None:
        return _plain_draw(acts)

    def contract_play(
        self,
        view: View,
        acts: dict[Action, list[Move]],
        rng: random.Random,  # noqa: ARG002 (the policy interface)
    ) -> Move | None:
        r = view.rules
        hand = list(view.hand)
        contracts = acts.get(Action.CONTRACT, [])
        if contracts:
            return max(contracts, key=lambda m: (len(cards_of(m)), str(m)))
        discards = acts.get(Action.DISCARD, [])
        layoffs = acts.get(Action.LAYOFF, [])
        if layoffs and (not discards or len(hand) > 1):
            return max(layoffs, key=lambda m: (len(m.cards), str(m)))
        if not discards:
            return None
        plain = [m for m in discards if not card_of(m.cards[0]).is_joker] or discards
        return max(
            plain,
            key=lambda m: (
                not fits_alone(r, view.melds, card_of(m.cards[0])),
                card_value(r, card_of(m.cards[0])),
                str(card_of(m.cards[0])),
            ),
        )


def _plain_draw(acts: dict[Action, list[Move]]) -> Move | None:
    for action in (Action.DRAW, Action.PASS):
        if acts.get(action):
            return acts[action][0]
    return None


def _target_meld(rules: Rules, view: View, acts: dict[Action, list[Move]]) -> Move | None:
    """A legal meld or lay-off with the card this seat must still meld: the
    meld of the most cards the rules (as this player reads them) allow."""
    target = view.target
    assert target is not None
    hand = list(view.hand)
    wanted = sorted(
        possible_melds(rules, hand, through=target), key=lambda rd: (-len(rd.cards), str(rd.cards))
    )
    melds = [m for m in acts.get(Action.MELD, []) if target in cards_of(m)]
    for rd in wanted:
        want = Counter(c.code for c in rd.cards)
        for m in melds:
            if Counter(c.code for c in cards_of(m)) == want and (m.kind in (None, rd.kind)):
                return m
    layoffs = [m for m in acts.get(Action.LAYOFF, []) if target in cards_of(m)]
    found = melds or layoffs
    return found[0] if found else None


def _makes_new_meld(rules: Rules, hand: Sequence[Card], card: Card) -> bool:
    return next(iter(possible_melds(rules, [*list(hand), card], through=card)), None) is not None


class GreedyBot(_Baseline):
    """The public program's heuristic (module docstring)."""

    level = "greedy"
    aces_low = True

    def draw(self, view: View, acts: dict[Action, list[Move]]) -> Move | None:
        takes = {m.number or 1: m for m in acts.get(Action.TAKE, [])}
        pile = view.discard_pile
        r = self.rules_of(view)
        hand = list(view.hand)
        for depth in sorted(takes, reverse=True):
            # the cards above it come into the hand with it
            above = list(pile[len(pile) - depth + 1 :])
            if _makes_new_meld(r, hand + above, pile[-depth]):
                return takes[depth]
        return _plain_draw(acts)

    def discard(
        self, view: View, acts: dict[Action, list[Move]], rng: random.Random
    ) -> Move | None:
        discards = acts.get(Action.DISCARD, [])
        if not discards:
            return None
        hand = list(view.hand)
        single = [m for m in discards if not _partnered(card_of(m.cards[0]), hand, False)]
        pool = sorted(single or discards, key=str)
        return rng.choice(pool)


class TopOnlyBot(_Baseline):
    """Never below the top card; sheds its highest loose card."""

    level = "toponly"

    def draw(self, view: View, acts: dict[Action, list[Move]]) -> Move | None:
        tops = [m for m in acts.get(Action.TAKE, []) if (m.number or 1) == 1]
        if tops and view.discard_pile:
            r = view.rules
            top = view.discard_pile[-1]
            hand = list(view.hand)
            if _makes_new_meld(r, hand, top) or fits_alone(r, view.melds, top):
                return tops[0]
        return _plain_draw(acts)


class HoarderBot(_Baseline):
    """Melds only to go out (or to place a taken card)."""

    level = "hoarder"

    def draw(self, view: View, acts: dict[Action, list[Move]]) -> Move | None:
        tops = [m for m in acts.get(Action.TAKE, []) if (m.number or 1) == 1]
        if tops and view.discard_pile and not view.rules.top_discard_must_meld:
            top = view.discard_pile[-1]
            hand = list(view.hand)
            r = view.rules
            before = best_split(r, hand, view.melds)
            after = best_split(r, [*hand, top], view.melds)
            joins = top not in after.leftovers or _partnered(top, [*hand, top], True)
            if joins and after.melded_cards >= before.melded_cards:
                return tops[0]
        return _plain_draw(acts)

    def play(self, view: View, acts: dict[Action, list[Move]], rng: random.Random) -> Move | None:
        hand = list(view.hand)
        split = best_split(view.rules, hand, view.melds)
        going_out = len(split.leftovers) <= 1
        if view.target is not None or going_out or not acts.get(Action.DISCARD):
            planned = self.next_meld(view, acts)
            if planned is not None:
                return planned
        return self.discard(view, acts, rng)


BASELINES: dict[str, Callable[[int], _Baseline]] = {
    "greedy": GreedyBot,
    "toponly": TopOnlyBot,
    "hoarder": HoarderBot,
}


def make_baseline(name: str, seed: int = 0) -> _Baseline:
    """One of the BASELINES, with its own seed."""
    try:
        return BASELINES[name](seed)
    except KeyError:
        raise ValueError(f"unknown baseline {name!r} (one of: {', '.join(BASELINES)})") from None


__all__ = ["BASELINES", "GreedyBot", "HoarderBot", "TopOnlyBot", "low_aces", "make_baseline"]
