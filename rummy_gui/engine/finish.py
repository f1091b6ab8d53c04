"""Can the turn still be ended after a meld or lay-off? `turn.check_finish`
as a question, asked by the fast move generator of every meld and lay-off
it lists while a card is taken, restricted or owed."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import JOKER, Card
from .combos import HandIndex
from .melds import Meld
from .table import Table
from .targets import natural_uses
from .turn import target_playable


def finish_ok(
    t: Table,
    seat: int,
    cards: Sequence[Card],
    melds_after: Callable[[], list[Meld]] | None,
    uses_target: bool,
    index: HandIndex,
) -> bool:
    """`turn.check_finish` as a question: can the turn still be ended?
    `index`: the hand's, before the cards leave it."""
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
        if _natural_use_left(t, cards, left, index, target):
            return True
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
    counts = index.counts
    for c in index.distinct:
        code = c.code
        k = gone.get(code, 0)
        if counts[code] - k > max(0, restricted[code] - k):
            return True
    return False


# the last hand index asked about, its target and the target's natural uses
# in that hand (each as its count of every card code): one tuple read and
# replaced whole, so a bot's thread never sees half of one
_USES: list[tuple[object, Card | None, list[dict[int, int]]]] = [(None, None, [])]


def _natural_use_left(
    t: Table, cards: Sequence[Card], left: int, index: HandIndex, target: Card
) -> bool:
    """A quick sufficient answer to `target_playable` after these cards leave
    the hand (`left` cards stay): one of the target's natural sets or runs
    (`natural_uses`, which that search tries too) is still held and leaves
    a way to end the turn."""
    kept, kept_target, uses = _USES[0]
    if kept is not index or kept_target is not target:
        uses = []
        for used in natural_uses(t.rules, index.counts, target):
            use: dict[int, int] = {}
            for c in used:
                use[c.code] = use.get(c.code, 0) + 1
            uses.append(use)
        _USES[0] = (index, target, uses)
    if not uses:
        return False
    gone: dict[int, int] = {}
    for c in cards:
        gone[c.code] = gone.get(c.code, 0) + 1
    counts, restricted = index.counts, t.s.restricted
    for use in uses:
        lost = False
        for code, k in use.items():
            if counts[code] - gone.get(code, 0) < k:
                lost = True  # the use needs a card that left
                break
        if lost:
            continue
        if sum(use.values()) == left:
            if not t.rules.go_out_by_discard:
                return True
            continue
        # as `target_playable`'s ends_ok, on the counts after the cards left
        for c in index.distinct:
            code = c.code
            k = gone.get(code, 0)
            held, kept_back = counts[code] - k, max(0, restricted[code] - k)
            taken = use.get(code, 0)
            if held > kept_back and not taken:
                return True
            if taken and held - taken > max(0, kept_back - taken):
                return True
    return False
