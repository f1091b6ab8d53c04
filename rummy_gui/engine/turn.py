"""The turn player's moves (RULES.md 3.4, 3.5, 4.4): draw, take, pass, meld,
lay off, swap a joker and discard.

Each `prepare_*` checks a move without changing anything and returns the
function that plays it, so a refused move leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any

from .cards import JOKER, Card, Token, card_token
from .claims import after_discard, open_buy_window
from .combos import may_fit
from .ending import end_deal
from .enums import Phase
from .errors import IllegalMove, illegal
from .melds import (
    FULL_SET,
    MIN_SET,
    RUN,
    SET,
    LayoffFit,
    Meld,
    fits_several,
    joker_fits_somewhere,
    layoff_fits,
    readings,
)
from .memo import readings_of
from .moves import Move
from .notation import token_text
from .state import FaceDown, GameState
from .table import Apply, Table, pretty
from .targets import (
    could_use,
    lane_bits,
    natural_use_possible,
    natural_uses,
    table_facts,
    target_uses,
)

# Enum members as module names: reading one off its enum class costs several
# times a global's lookup (Python 3.11), and these are read per move.
_PLAY, _RUMMY_LAYOFF = Phase.PLAY, Phase.RUMMY_LAYOFF


def _illegal(code: str, **params: object) -> IllegalMove:
    return illegal(code, **params)


# --- drawing ---------------------------------------------------------------
def prepare_draw(t: Table, seat: int, _m: Move) -> Apply:
    r, s = t.rules, t.s
    if s.final_turns is not None:
        raise _illegal("stock_empty_pinochle")
    if not s.stock and not t.may_rebuild_stock():
        # 500 family (3.5) and a spent contract stock (4.7): the deal ends, no winner
        return lambda: end_deal(t, None)

    def apply() -> None:
        card = t.take_from_stock()
        assert card is not None
        s.hands[seat].append(card)
        if r.pinochle_last_turns and not s.stock:
            s.final_pending = True
        protected = s.protected
        s.protected = False
        s.phase = _PLAY
        if r.buying and not protected:
            s.last_claimer = None
            open_buy_window(t)

    return apply


def prepare_take(t: Table, seat: int, m: Move, checked: bool = True) -> Apply:
    """`checked=False`: a move of the legal-move list, whose target is known to be playable."""
    r, s = t.rules, t.s
    n = m.number or 0
    pile = s.discard
    if not pile:
        raise _illegal("pile_empty")
    if r.is_contract:
        if n != 1:
            raise _illegal("take_top_only")
        if s.protected:
            raise _illegal("protected")
    elif not 1 <= n <= len(pile):
        raise _illegal("bad_take", size=len(pile))
    taken = pile[-n:]
    target: Card | None = None
    if not r.is_contract and (n > 1 or r.top_discard_must_meld):
        target = taken[0]
        if checked:
            hand = s.hands[seat] + taken
            restricted = [0] * 53
            for c in taken if n == 1 else taken[:-1]:
                restricted[c.code] += 1
            if not target_playable(t, hand, restricted, target, s.melds):
                raise _illegal("target_unusable", card=target.pretty, count=n)

    def apply() -> None:
        del s.discard[-n:]
        s.hands[seat].extend(taken)
        if not r.is_contract:
            for c in taken if n == 1 else taken[:-1]:
                s.restricted[c.code] += 1
        s.target = target
        s.protected = False
        s.phase = _PLAY

    return apply


def prepare_pass_draw(t: Table, _seat: int, _m: Move) -> Apply:
    if t.s.final_turns is None:
        raise _illegal("must_draw")

    def apply() -> None:
        t.s.phase = _PLAY

    return apply


# --- melding and laying off --------------------------------------------------
def prepare_meld(t: Table, seat: int, m: Move, checked: bool = True) -> Apply:
    """`checked=False`: a move of the legal-move list (it reads one way, and
    the turn can be ended after it)."""
    r, s = t.rules, t.s
    if not checked:
        reading = readings_of(r, m.cards, m.kind)[0]
        cards: list[Card] = [tok.card for tok in m.cards]
    else:
        if r.is_contract:
            raise _illegal("use_contract")
        tokens = t.tokens(m.cards)
        cards = t.hand_tokens(seat, tokens)
        options = readings(r, tokens, m.kind)
        if not options:
            raise why_not_meld(t, tokens, m.kind)
        if len(options) > 1:
            raise t.ambiguous(options, cards)
        reading = options[0]
        uses_target = s.target is not None and s.target in cards
        check_finish(t, seat, cards, None, uses_target)

    def apply() -> None:
        meld = Meld(s.next_meld, reading, seat, s.turn_no)
        s.next_meld += 1
        four = reading.kind == SET and len(reading.cards) == FULL_SET
        meld.doubled = r.persian_bonuses and four
        meld.complete = r.mark_complete_sets and four
        s.melds.append(meld)
        if s.calling:
            s.called.append((meld.id, seat))
        after_table(t, seat, cards)

    return apply


def after_table(t: Table, seat: int, cards: Sequence[Card]) -> None:
    """Cards went from the hand to the table."""
    s = t.s
    hand = s.hands[seat]
    for c in cards:
        hand.remove(c)
        if s.restricted[c.code]:
            s.restricted[c.code] -= 1
    if s.target is not None and s.target in cards:
        s.target = None
    if s.pending_jokers:
        s.pending_jokers = max(0, s.pending_jokers - cards.count(JOKER))
    if s.first_meld_turn[seat] is None:
        s.first_meld_turn[seat] = s.turn_no
    if not hand:
        end_deal(t, seat)


def why_not_meld(t: Table, tokens: Sequence[Token], kind: str | None) -> IllegalMove:
    r = t.rules
    naturals = [tok.card for tok in tokens if not tok.card.is_joker]
    text = pretty([tok.card for tok in tokens])
    jokers = len(tokens) - len(naturals)
    if jokers and r.jokers_only_in_joker_sets and naturals:
        return _illegal("meld_persian_jokers", cards=text)
    if jokers and not naturals and not r.jokers_only_in_joker_sets:
        return _illegal("meld_needs_natural", cards=text)
    if r.max_jokers_per_meld is not None and jokers > r.max_jokers_per_meld:
        return _illegal("meld_joker_limit", cards=text, most=r.max_jokers_per_meld)
    if len(tokens) < MIN_SET:
        return _illegal("meld_too_small", cards=text, least=MIN_SET)
    ranks = {c.rank for c in naturals}
    if len(ranks) == 1 and kind != RUN:
        if r.max_set is not None and len(tokens) > r.max_set:
            return _illegal("set_too_big", cards=text, most=r.max_set)
        suits = [c.suit for c in naturals]
        if len(set(suits)) != len(suits):
            return _illegal("set_repeated_suit", cards=text)
    if kind == SET or (len(ranks) == 1 and len(naturals) > 1):
        return _illegal("not_a_set", cards=text)
    if len({c.suit for c in naturals}) > 1:
        return _illegal("not_a_meld", cards=text)
    if len(tokens) < r.min_run:
        return _illegal("run_too_short", cards=text, most=r.min_run)
    return _illegal(
        {"low": "run_gap_low", "high": "run_gap_high"}.get(r.ace, "run_gap"), cards=text
    )


def prepare_layoff(t: Table, seat: int, m: Move, checked: bool = True) -> Apply:
    """`checked=False`: a move of the legal-move list (its cards are held, it
    fits one way, and the turn can be ended after it)."""
    r, s = t.rules, t.s
    tokens = t.tokens(m.cards)
    meld = t.meld_by_id(m.number)
    rummy_layoff = s.phase is _RUMMY_LAYOFF
    if not checked:
        cards = [tok.card for tok in tokens]
        fit = layoff_fits(r, meld, tokens)[0]
    elif rummy_layoff:
        assert s.claim is not None
        claimed = s.claim.card
        if len(tokens) != 1 or tokens[0].card is not claimed:
            raise _illegal("rummy_layoff_card", card=claimed.pretty)
    elif r.is_contract:
        check_may_lay_off(t, seat)
    if checked:
        cards = t.hand_tokens(seat, tokens)
        fits = layoff_fits(r, meld, tokens)
        if not fits and r.hidden_layoffs:  # naming the meld's cards would show hidden ones
            raise _illegal("does_not_fit_hidden", cards=pretty(cards))
        if not fits:
            raise _illegal("does_not_fit", cards=pretty(cards), meld=meld.id, table=meld.pretty())
        if len(fits) > 1:
            examples = " or ".join(
                "layoff " + " ".join(_fit_tokens(meld, f)) + f" to {meld.id}" for f in fits[:3]
            )
            raise _illegal("ambiguous_layoff", options=examples)
        fit = fits[0]
    if checked and not rummy_layoff:
        after = meld.copy()
        after.lay_off(fit, seat)
        melds_after = [after if x is meld else x for x in s.melds]
        uses_target = s.target is not None and s.target in cards
        check_finish(t, seat, cards, melds_after, uses_target)

    named = r.hidden_layoffs and fits_several(r, s.melds, tokens)

    def apply() -> None:
        meld.lay_off(fit, seat)
        if r.mark_complete_sets and meld.kind == SET and len(meld) == FULL_SET:
            meld.complete = True
        if r.hidden_layoffs:
            lay_face_down(s, seat, meld, fit, named)
        if rummy_layoff or s.calling:
            s.called.append((meld.id, seat))
        if rummy_layoff:
            s.hands[seat].remove(cards[0])
            assert s.claim is not None
            t.begin_turn(t.next_seat(s.claim.origin))
            return
        after_table(t, seat, cards)

    return apply


def lay_face_down(s: GameState, seat: int, meld: Meld, fit: LayoffFit, named: bool) -> None:
    """RULES.md 3.9: the cards just laid off lie face down; a set made four
    turns over whole, which tells everyone the meld."""
    whole_set = meld.kind == SET
    for i in fit.added:
        place = 0 if whole_set else fit.low + i
        s.facedown.append(FaceDown(seat, meld.id, fit.cards[i], named or whole_set, place))


def _fit_tokens(meld: Meld, fit: Any) -> list[str]:
    out = []
    for i in fit.added:
        c = fit.cards[i]
        if c.is_joker and meld.kind == RUN:
            out.append(token_text(Token(JOKER, fit.low + i, meld.suit)))
        else:
            out.append(token_text(card_token(c)))
    return out


def check_may_lay_off(t: Table, seat: int) -> None:
    """Contract family (RULES.md 4.3, 4.4): lay-offs and swaps from the turn after the contract."""
    s = t.s
    if t.rules.last_round_goes_out_whole(s.round):
        raise _illegal("round7_no_layoff", round=s.round)
    made = s.contract_turn[seat]
    if made is None:
        raise _illegal("contract_first")
    if made == s.turn_no and not t.rules.layoff_with_contract:
        raise _illegal("layoff_next_turn")


def prepare_swap(t: Table, seat: int, m: Move) -> Apply:
    r, s = t.rules, t.s
    if not r.is_contract:
        raise _illegal("no_swap")
    check_may_lay_off(t, seat)
    tokens = t.tokens(m.cards)
    card = tokens[0].card
    if card.is_joker:
        raise _illegal("swap_natural")
    meld = t.meld_by_id(m.number)
    if meld.kind != RUN:
        raise _illegal("swap_set")
    index = meld.joker_position(card)
    if index is None:
        raise _illegal("swap_no_joker", card=card.pretty, meld=meld.id)
    t.hand_tokens(seat, tokens)
    if len(s.hands[seat]) < 2:
        raise _illegal("joker_keep_card")
    after = meld.with_card(index, card)
    if not joker_fits_somewhere(r, [after if x is meld else x for x in s.melds]):
        raise _illegal("joker_nowhere")

    def apply() -> None:
        meld.replace_joker(index, card, seat)
        s.hands[seat].remove(card)
        s.hands[seat].append(JOKER)
        s.pending_jokers += 1

    return apply


# --- ending the turn ---------------------------------------------------------
def _after_removal(t: Table, seat: int, cards: Sequence[Card]) -> tuple[list[Card], list[int]]:
    hand = list(t.s.hands[seat])
    restricted = list(t.s.restricted)
    for c in cards:
        hand.remove(c)
        # a card leaving the hand uses up a restricted copy first (the player's benefit)
        if restricted[c.code]:
            restricted[c.code] -= 1
    return hand, restricted


def check_finish(
    t: Table,
    seat: int,
    cards: Sequence[Card],
    melds_after: Sequence[Meld] | None,
    uses_target: bool,
) -> None:
    """Refuse a meld or lay-off after which the player could not end the turn."""
    s, r = t.s, t.rules
    hand, restricted = _after_removal(t, seat, cards)
    if not hand:
        if r.go_out_by_discard and not r.last_round_goes_out_whole(s.round):
            raise _illegal("last_card_discard")
        if s.target is not None and not uses_target:
            raise _illegal("must_use_target", card=s.target.pretty)
        return
    if s.pending_jokers and JOKER not in cards and len(hand) < 2:
        raise _illegal("joker_keep_card")
    if s.target is not None and not uses_target:
        melds = list(melds_after) if melds_after is not None else s.melds
        if not target_playable(t, hand, restricted, s.target, melds):
            raise _illegal("target_blocked", card=s.target.pretty)
        return
    if not any(hand.count(c) > restricted[c.code] for c in hand):
        raise _illegal("no_discard_left")


_CODES = range(53)
_LANE_BITS = lane_bits()


def target_playable(
    t: Table,
    hand: list[Card],
    restricted: list[int],
    target: Card,
    melds: Sequence[Meld],
    usable: bool = False,
    counts: list[int] | None = None,
) -> bool:
    """Can the target still be put on the table, leaving a way to end the turn?
    `usable`: `could_use` is known to hold (the depth came from `usable_depths`);
    `counts`: the hand's count of each card code, when the caller keeps them
    (read, not changed)."""
    r = t.rules
    if not usable and not could_use(r, hand, target, melds):
        return False
    if counts is None:
        counts = [0] * 53
        for c in hand:
            counts[c.code] += 1
    natural = not target.is_joker
    if natural and not counts[52] and not natural_use_possible(r, counts, target, melds):
        return False
    size = len(hand)
    go_out_by_discard = r.go_out_by_discard
    # the codes of which more copies are held than are restricted (listed when
    # first asked): while one of them is left untouched by a use, the turn can
    # be ended by its discard
    kept: list[list[int]] = []

    def ends_ok(used: Sequence[Card]) -> bool:
        gone: dict[int, int] = {}
        for c in used:
            gone[c.code] = gone.get(c.code, 0) + 1
        for code, k in gone.items():
            if k > counts[code]:
                return False  # the pool does not hold these cards
        if len(used) == size:
            return not go_out_by_discard
        if not kept:
            kept.append(
                [code for code in compress(_CODES, counts) if counts[code] > restricted[code]]
            )
        for code in kept[0]:
            if code not in gone:
                return True
        return any(counts[code] - k > max(0, restricted[code] - k) for code, k in gone.items())

    # any use will do, so the cheapest is tried first: the target alone laid
    # off on a table meld (the search below would find it last)
    token = [card_token(target)]
    code = target.code
    # (loops, not any() of a generator: these run for every depth of every draw)
    if counts[code] and not (
        # a natural target goes next to no meld of the table: no lay-off alone
        natural and melds is t.s.melds and not _LANE_BITS[code] & table_facts(melds)[2]
    ):
        for m in melds:
            if (not natural or may_fit(m, target)) and layoff_fits(r, m, token):
                if ends_ok([target]):
                    return True
                break
    # then a natural set or run through it, read off the counts
    for used in natural_uses(r, counts, target):
        if ends_ok(used):
            return True
    return any(ends_ok(used) for used, _meld in target_uses(r, hand, target, melds))


def prepare_discard(t: Table, seat: int, m: Move, checked: bool = True) -> Apply:
    """`checked=False`: a move of the legal-move list."""
    s = t.s
    card = m.cards[0].card
    if checked:
        _check_discard(t, seat, m, m.cards)

    def apply() -> None:
        s.hands[seat].remove(card)
        s.discard.append(card)
        if not s.hands[seat]:
            s.discard_face_down = t.rules.hidden_layoffs  # RULES.md 3.9: going out face down
            end_deal(t, seat)
            return
        if s.final_pending:
            s.final_pending = False
            s.final_turns = t.players
        elif s.final_turns is not None:
            s.final_turns -= 1
            if s.final_turns == 0:
                end_deal(t, None)
                return
        if m.call:
            s.protected = True
        after_discard(t, seat, card, m.call)

    return apply


def _check_discard(t: Table, seat: int, m: Move, tokens: Sequence[Token]) -> None:
    r, s = t.rules, t.s
    card = tokens[0].card
    t.hand_tokens(seat, tokens)
    if s.target is not None:
        raise _illegal("must_use_target", card=s.target.pretty)
    if s.pending_jokers:
        raise _illegal("joker_back_first")
    if not t.may_discard(seat, card):
        raise _illegal("no_discard_taken", card=card.pretty)
    if m.call:
        if not r.shanghai_call:
            raise _illegal("no_shanghai")
        if card.is_joker or not any(layoff_fits(r, x, [card_token(card)]) for x in s.melds):
            raise _illegal("shanghai_no_fit", card=card.pretty)
