"""The rule-based player (`RuleBot`): easy and medium, and the judgment
under hard's and the expert's searches.

Easy plays greedy rules of thumb without memory and makes some mistakes.
Medium remembers every public card, watches what each opponent picks up,
and avoids feeding them. Each level's settings are its `Tuning`
(tuning.JUDGMENTS); every move is judged by `Judge`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from ..engine.ask import round_contract
from ..engine.cards import JOKER, Card
from ..engine.enums import Action, Phase
from ..engine.melds import RUN
from ..engine.moves import Move
from ..engine.rules import Rules
from ..engine.view import View
from .decisions import cards_of, decision_rng, forced, minus
from .judge import Judge
from .memory import card_of
from .solver import LAYOFF, PlannedMeld, Split, best_split, card_value, contract_distance
from .tuning import MEDIUM, Params, Tuning


def buy_gain(r: Rules, nearer: float) -> float:
    """What medium counts a buy worth: 12 a contract card nearer, less 6 a
    penalty card."""
    return 12.0 * nearer - 6.0 * r.buy_penalty


class RuleBot:
    """Easy and medium, and the judgment under hard's and the expert's
    searches: the evaluation above, move by move, with a level's `Tuning`
    (plain `Params` are used as they are, in every preset)."""

    level = "medium"

    def __init__(
        self, seed: int = 0, judgment: Tuning | Params = MEDIUM, level: str = "medium"
    ) -> None:
        self.seed = seed
        self.judgment = judgment if isinstance(judgment, Tuning) else Tuning(judgment)
        self.level = level  # also the salt of its random choices

    def params_for(self, view: View) -> Params:
        return self.judgment.settings(view.rules, view.players)

    def choose(self, view: View) -> Move:
        only = forced(view)
        if only is not None:
            return only
        legal = view.legal_moves
        rng = decision_rng(self.seed, view, self.level)
        move = self.decide(view, rng)
        return move if move in legal else rng.choice(legal)

    # scored options at the decisions that matter (hard samples among these)
    def options(self, view: View, rng: random.Random) -> list[tuple[float, Move]]:
        judge = Judge(view, self.params_for(view))
        phase = view.phase
        if phase == Phase.DRAW:
            return self.draw_options(view, judge, rng)
        if phase == Phase.CLAIM:
            return self.claim_options(view, judge)
        if phase == Phase.PLAY and self.plan_move(view, judge) is None:
            return self.discard_options(view, judge)
        return []

    def decide(self, view: View, rng: random.Random) -> Move:
        legal = view.legal_moves
        phase = view.phase
        if phase == Phase.CUT:
            return rng.choice(legal)
        if phase in (Phase.DEAL_OVER, Phase.RUMMY_LAYOFF):
            return legal[0]
        judge = Judge(view, self.params_for(view))
        if self.judgment.greedy and phase in (Phase.DRAW, Phase.PLAY):
            return self.easy_turn(view, judge, rng)
        if phase == Phase.DRAW:
            opts = self.draw_options(view, judge, rng)
        elif phase == Phase.CLAIM:
            opts = self.claim_options(view, judge)
        else:
            planned = self.plan_move(view, judge)
            if planned is not None:
                return planned
            opts = self.discard_options(view, judge)
            if opts and judge.p.mistakes and rng.random() < judge.p.mistakes:
                return rng.choice(opts)[1]
            loose = unstick(view, [m for _, m in opts], rng)
            if loose is not None:
                return loose
        if not opts:
            return rng.choice(legal)
        return max(opts, key=lambda o: o[0])[1]

    # ------------------------------------------------------------ easy
    def easy_turn(self, view: View, judge: Judge, rng: random.Random) -> Move:
        """Greedy rules: take the top discard only if it melds at once, meld
        whatever the plan says, throw the highest card without a partner."""
        legal = view.legal_moves
        hand = list(view.hand)
        if view.phase == Phase.DRAW:
            top = view.discard_pile[-1] if view.discard_pile else None
            takes = [m for m in legal if m.action == Action.TAKE and m.number == 1]
            if top is not None and takes and self._melds_at_once(view, judge, hand, top):
                return takes[0]
            plain = [m for m in legal if m.action in (Action.DRAW, Action.PASS)]
            return plain[0] if plain else legal[0]
        planned = self.plan_move(view, judge)
        if planned is not None:
            return planned
        discards = [m for m in legal if m.action == Action.DISCARD]
        if not discards:
            return rng.choice(legal)
        if rng.random() < judge.p.mistakes:
            return rng.choice(discards)
        unstuck = unstick(view, discards, rng)
        if unstuck is not None:
            return unstuck
        r = view.rules
        loose = set(hand) if r.is_contract else set(best_split(r, hand, view.melds).leftovers)

        def partnered(c: Card) -> bool:
            return c.is_joker or any(
                o is not c
                and not o.is_joker
                and (o.rank == c.rank or (o.suit == c.suit and abs(o.rank - c.rank) <= 2))
                for o in hand
                if o != c
            )

        def key(m: Move) -> tuple[bool, bool, int, bool]:
            c = card_of(m.cards[0])
            return (c in loose, not partnered(c), card_value(r, c), m.call)

        return max(discards, key=key)

    # ------------------------------------------------------------ draw
    def draw_options(
        self, view: View, judge: Judge, rng: random.Random
    ) -> list[tuple[float, Move]]:
        hand = list(view.hand)
        pile = view.discard_pile
        out: list[tuple[float, Move]] = []
        easy = not judge.p.deep_takes
        for m in view.legal_moves:
            if m.action == Action.DRAW:
                out.append((judge.draw_value(hand, rng), m))
            elif m.action == Action.PASS:
                out.append((judge.after_discard(hand), m))
            elif m.action == Action.TAKE:
                n = m.number or 1
                if easy and n > 1:
                    continue
                taken = list(pile[-n:])
                new = hand + taken
                keep = taken if n == 1 else taken[:-1]
                v = judge.after_discard(new, keep)
                if n == 1:
                    v -= judge.p.take_cost
                else:
                    v -= judge.deep_cost * (n - 1)
                if easy and not self._melds_at_once(view, judge, hand, taken[0]):
                    v -= 1000.0
                out.append((v, m))
        return out

    def _melds_at_once(self, view: View, judge: Judge, hand: list[Card], card: Card) -> bool:
        r = view.rules
        if r.is_contract:
            if judge.laid:
                return judge.fits_table(card)
            return contract_distance(r, [*hand, card], view.round) < contract_distance(
                r, hand, view.round
            )
        split = best_split(r, [*hand, card], view.melds)
        return card not in split.leftovers

    # ------------------------------------------------------------ claims
    def claim_options(self, view: View, judge: Judge) -> list[tuple[float, Move]]:
        claim = view.claim
        legal = view.legal_moves
        hand = list(view.hand)
        r = view.rules
        if claim is None:
            return []
        base = judge.after_discard(hand)
        out: list[tuple[float, Move]] = []
        for m in legal:
            if m.action == Action.PASS:
                out.append((base, m))
            elif m.action == Action.RUMMY:
                if r.rummy_call == "last":
                    out.append((base + 10.0, m))
                    continue
                n = m.number or 1
                if not judge.p.deep_takes and n > 1:
                    continue
                taken = list(view.discard_pile[-n:])
                keep = taken if n == 1 else taken[:-1]
                v = judge.after_discard(hand + taken, keep) + 4.0 - judge.deep_cost * (n - 1)
                out.append((v, m))
            elif m.action == Action.BUY:
                if judge.laid or view.rules.last_round_goes_out_whole(view.round):
                    continue  # round 7 goes out with the whole hand: more cards only hurt
                new = [*hand, claim.card]
                d0 = contract_distance(r, hand, view.round)
                d1 = contract_distance(r, new, view.round)
                if d0 - d1 >= judge.p.buy_margin and len(hand) < 16:
                    gain = buy_gain(r, d0 - d1)
                    out.append((base + gain, m))
            elif m.action == Action.SHANGHAI:
                d = contract_distance(r, hand, view.round) if not judge.laid else 0
                if judge.laid or d >= 3 or not judge.p.memory:
                    out.append((base + 5.0, m))
        return out

    # ------------------------------------------------------------ play
    def plan_move(self, view: View, judge: Judge) -> Move | None:
        """The next meld, lay-off, contract or joker swap of the plan, if any."""
        legal = view.legal_moves
        r = view.rules
        if r.is_contract:
            return self._contract_play(view, judge)
        split = best_split(r, list(view.hand), view.melds)
        melds = split.melds
        if self._holds(view, judge, split, judge.p.hold_melds):
            melds = tuple(pm for pm in melds if pm.kind == LAYOFF)
        order = sorted(
            melds,
            key=lambda pm: (
                view.target is None or view.target not in pm.cards,
                pm.kind == LAYOFF,
                -pm.value,
            ),
        )
        by_action: dict[Action, list[Move]] = {}
        for m in legal:
            by_action.setdefault(m.action, []).append(m)
        for pm in order:
            mv = _match(pm, by_action)
            if mv is not None:
                return mv
        if view.target is not None:
            # the plan could not use the target: any legal meld or lay-off with it
            for m in by_action.get(Action.MELD, []) + by_action.get(Action.LAYOFF, []):
                if view.target in cards_of(m):
                    return m
        if not by_action.get(Action.DISCARD):
            options = by_action.get(Action.MELD, []) + by_action.get(Action.LAYOFF, [])
            return options[0] if options else None
        return None

    def _holds(self, view: View, judge: Judge, split: Split, n: int) -> bool:
        """Whether to keep this turn's new melds in hand while every opponent
        holds more than `n` cards and the stock lasts, so that no opponent
        lays off on them. Never with a target to meld or when the whole hand
        can go down now."""
        if not n or view.target is not None:
            return False  # a taken card is melded first; the hold starts again after it
        if not split.melds or len(split.leftovers) <= 1:
            return False  # nothing to hold, or the whole hand goes down now
        if view.stock_count <= view.players:
            return False
        if not any(m.action == Action.DISCARD for m in view.legal_moves):
            return False
        opponents = [s for s in range(view.players) if s not in judge.partners]
        if not all(view.hand_sizes[s] > n for s in opponents):
            return False
        # a quiet opponent may be holding its own melds, to go out all at once
        return not (judge.p.hold_quiet and _quiet(view, opponents, judge.p.hold_quiet))

    def _contract_play(self, view: View, judge: Judge) -> Move | None:
        legal = view.legal_moves
        r = view.rules
        hand = list(view.hand)
        contracts = [m for m in legal if m.action == Action.CONTRACT]
        if contracts:

            def rest_value(m: Move) -> float:
                rest = minus(hand, cards_of(m))
                return -sum(1.0 if c.is_joker else card_value(r, c) for c in rest)

            return max(contracts, key=rest_value)
        layoffs = [m for m in legal if m.action == Action.LAYOFF]
        discards = [m for m in legal if m.action == Action.DISCARD]
        if layoffs:
            if not discards:  # a swapped joker must go back first
                jk = [m for m in layoffs if JOKER in cards_of(m)]
                return (jk or layoffs)[0]
            return max(
                layoffs, key=lambda m: (len(m.cards), sum(card_value(r, c) for c in cards_of(m)))
            )
        swaps = [m for m in legal if m.action == Action.SWAP]
        for m in swaps:
            c = cards_of(m)[0]
            if len(hand) >= 3 and not judge.fits_table(c):
                return m
        return None

    def discard_options(self, view: View, judge: Judge) -> list[tuple[float, Move]]:
        hand = list(view.hand)
        best: dict[Card, Move] = {}
        for m in view.legal_moves:
            if m.action != Action.DISCARD:
                continue
            c = card_of(m.cards[0])
            if c not in best or m.call:
                best[c] = m
        out: list[tuple[float, Move]] = []
        # between discards worth the same, the cheaper card goes (the dearer
        # one is worth more in a meld); without this the order of the moves would decide
        tie = 0.0 if judge.contract else 1e-6
        for c, m in best.items():
            rest = minus(hand, [c])
            v = judge.value(rest)
            out.append((v - judge.danger(c, protected=m.call) - tie * judge.vals[c.code], m))
        return out


def _quiet(view: View, seats: Iterable[int], turns: int) -> bool:
    """Whether one of `seats` has ended `turns` turns of this deal (by a
    discard) without laying a card on the table."""
    ended: Counter[int] = Counter()
    shown: set[int] = set()
    for m in view.log:
        if m.seat is None:
            continue
        if m.action == Action.DISCARD:
            ended[m.seat] += 1
        elif m.action in (Action.MELD, Action.LAYOFF, Action.RUMMY):
            shown.add(m.seat)
    return any(ended[s] >= turns and s not in shown for s in seats)


def unstick(view: View, discards: Sequence[Move], rng: random.Random) -> Move | None:
    """A discard that keeps round 7 of the contract games moving, or None.

    Round 7 is won only by laying down the whole hand as three runs. Jokers
    those runs can not hold (the rules' jokers per meld, times the runs) go
    first: with more the hand could never go out. And the round can get
    stuck: every player hoards the middle cards the others need while the
    stock goes round and round. Once the stock has been
    rebuilt, a player whose own hand is still three or more cards from
    going out gives up on it bit by bit: a growing share of its discards
    (30% more per rebuild, at most two thirds) is any card but a joker, so
    its hoard reaches the players who are close and the round can end.
    Other rounds and games are left alone."""
    r = view.rules
    if not r.last_round_goes_out_whole(view.round):
        return None
    cap = r.max_jokers_per_meld
    runs = sum(1 for slot in round_contract(r, view.round) if slot.kind == RUN)
    if cap is not None and sum(c.is_joker for c in view.hand) > runs * cap:
        jokers = [m for m in discards if m.action == Action.DISCARD and JOKER in cards_of(m)]
        if jokers:
            return jokers[0]
    if not view.reshuffled_at or contract_distance(r, view.hand, view.round) < 3:
        return None
    chance = min(0.67, 0.3 * len(view.reshuffled_at))
    plain = sorted(
        (m for m in discards if m.action == Action.DISCARD and JOKER not in cards_of(m)), key=str
    )
    if not plain or rng.random() >= chance:
        return None
    return rng.choice(plain)


def _match(pm: PlannedMeld, by_action: dict[Action, list[Move]]) -> Move | None:
    want = Counter(c.code for c in pm.cards)
    if pm.kind == LAYOFF:
        for m in by_action.get(Action.LAYOFF, []):
            if m.number == pm.meld_id and Counter(c.code for c in cards_of(m)) == want:
                return m
        return None
    found: Move | None = None
    tokens = pm.tokens()
    for m in by_action.get(Action.MELD, []):
        if Counter(c.code for c in cards_of(m)) != want:
            continue
        if m.kind is not None and m.kind != pm.kind:
            continue
        if pm.kind == RUN and JOKER in pm.cards:
            if sorted(m.cards) == sorted(tokens):
                return m
            if found is None:
                found = m
            continue
        return m
    return found
