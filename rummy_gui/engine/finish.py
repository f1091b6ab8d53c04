"""Can the turn still be ended after a meld or lay-off? `turn.check_finish`
as a question, asked by the fast move generator of every meld and lay-off
it lists while a card is taken, restricted or owed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import JOKER, Card, card_token
from .combos import HandIndex, may_fit
from .melds import Meld, layoff_fits
from .table import Table
from .targets import could_use_codes, natural_uses
from .turn import target_playable


def finish_ok(
    t: Table,
    seat: int,
    cards: Sequence[Card],
    melds_after: Callable[[], list[Meld]] | None,
    uses_target: bool,
    index: HandIndex,
    meld: Meld | None = None,
) -> bool:
    """`turn.check_finish` as a question: can the turn still be ended?
    `index`: the hand's, before the cards leave it; `meld`: the table meld
    a lay-off goes on (`melds_after` has it changed)."""
    r, s = t.rules, t.s
    left = len(s.hands[seat]) - len(cards)
    target = s.target
    if not left:
        if r.go_out_by_discard and not r.last_round_goes_out_whole(s.round):
            return False
        return target is None or uses_target
    if s.pending_jokers and JOKER not in cards and left < 2:
        return False
    # a card leaving the hand uses up a restricted copy first
    if target is not None and not uses_target:
        quick = _target_left(t, seat, cards, meld, index, target)
        if quick is not None:
            return quick
        hand = list(s.hands[seat])
        restricted = list(s.restricted)
        for c in cards:
            hand.remove(c)
            if restricted[c.code]:
                restricted[c.code] -= 1
        melds = melds_after() if melds_after is not None else s.melds
        return target_playable(t, hand, restricted, target, melds)
    # is a card left of which more copies are held than are restricted?
    restricted = s.restricted
    if not any(restricted):
        return True  # nothing is restricted and a card is left
    gone: dict[int, int] = {}
    for c in cards:
        gone[c.code] = gone.get(c.code, 0) + 1
    if _free(index, restricted) > len(gone):
        return True  # a code held more than restricted that none of the cards has
    counts = index.counts
    for c in index.distinct:
        code = c.code
        k = gone.get(code, 0)
        if counts[code] - k > max(0, restricted[code] - k):
            return True
    return False


# the last hand index asked about and how many of its codes are held more
# than restricted (one tuple, replaced whole, as `_USES`)
_FREE: list[tuple[object, int]] = [(None, 0)]


def _free(index: HandIndex, restricted: list[int]) -> int:
    """How many card codes the hand holds more copies of than are restricted
    (`restricted` is the position's: it stays while the index does)."""
    kept, free = _FREE[0]
    if kept is not index:
        counts = index.counts
        free = 0
        for c in index.distinct:
            if counts[c.code] > restricted[c.code]:
                free += 1
        _FREE[0] = (index, free)
    return free


# the last hand index asked about, its target, `could_use_codes` of the
# target and table, and the target's uses found cheaply there: its natural
# sets and runs (`natural_uses`) and its lay-offs alone (each use as its
# count of every card code, with the table meld it goes on): one tuple read
# and replaced whole, so a bot's thread never sees half of one
_Near = tuple[tuple[int, ...], tuple[int, ...]] | None
_USES: list[tuple[object, Card | None, _Near, list[tuple[dict[int, int], Meld | None]]]] = [
    (None, None, None, [])
]


def _target_left(
    t: Table, seat: int, cards: Sequence[Card], meld: Meld | None, index: HandIndex, target: Card
) -> bool | None:
    """A quick answer to `target_playable` after these cards leave the hand
    (laid off on `meld`, or melded), None when the search must decide: no,
    when `could_use` fails for the hand left (a lay-off keeps the ranks and
    suits of the table's sets and runs); yes, when one of the cheap uses is
    still held, its meld unchanged, and leaves a way to end the turn."""
    r = t.rules
    kept, kept_target, near, uses = _USES[0]
    if kept is not index or kept_target is not target:
        melds = t.s.melds
        near = could_use_codes(r, target, melds)
        uses = []
        for used in natural_uses(r, index.counts, target):
            use: dict[int, int] = {}
            for c in used:
                use[c.code] = use.get(c.code, 0) + 1
            uses.append((use, None))
        token = (card_token(target),)
        for m in melds:
            if (target.is_joker or may_fit(m, target)) and layoff_fits(r, m, token):
                uses.append(({target.code: 1}, m))
        _USES[0] = (index, target, near, uses)
    gone: dict[int, int] = {}
    for c in cards:
        gone[c.code] = gone.get(c.code, 0) + 1
    counts = index.counts
    if near is not None:
        jokers = 0 if r.jokers_only_in_joker_sets else counts[52] - gone.get(52, 0)
        same = sum([counts[code] - gone.get(code, 0) for code in near[0]]) - 1
        if same + jokers < 2:
            close = sum([counts[code] - gone.get(code, 0) for code in near[1]])
            if close + jokers < r.min_run - 1:
                return False
    if not uses:
        return None
    left = len(t.s.hands[seat]) - len(cards)
    restricted = t.s.restricted
    for use, on in uses:
        if on is not None and on is meld:
            continue  # the lay-off changes the meld this use goes on
        lost = False
        for code, k in use.items():
            if counts[code] - gone.get(code, 0) < k:
                lost = True  # the use needs a card that left
                break
        if lost:
            continue
        if sum(use.values()) == left:
            if not r.go_out_by_discard:
                return True
            continue
        # as `target_playable`'s ends_ok, on the counts after the cards left:
        # first, a free code that neither the cards nor the use touch
        if _free(index, restricted) > len(gone.keys() | use.keys()):
            return True
        for c in index.distinct:
            code = c.code
            k = gone.get(code, 0)
            held, kept_back = counts[code] - k, max(0, restricted[code] - k)
            taken = use.get(code, 0)
            if held > kept_back and not taken:
                return True
            if taken and held - taken > max(0, kept_back - taken):
                return True
    return None
