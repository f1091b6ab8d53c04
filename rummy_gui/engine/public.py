"""What everyone sees of a table with face-down lay-offs (RULES.md 3.9).

The game's melds are the referee's truth: a lay-off is on its meld there,
and fit and scoring read them. Everyone else, the layer included, sees each
meld as it was made (the lay-offs left out), and per seat the cards it laid
off face down, each with its meld only where everyone was told it. Until
the deal ends, a seat is offered the moves that are legal on that public
table and on the real one: a move whose legality hangs on a hidden card is
not listed (the engine still judges it when it is tried).
"""

from __future__ import annotations

from .cards import Card
from .enums import Action, Phase
from .legal import LegalMoves, generate
from .melds import SET, Meld, fits_several, layoff_fits
from .moves import Move
from .rules import Rules
from .state import GameState
from .table import Table

_DEAL_ENDED = (Phase.DEAL_OVER, Phase.GAME_OVER)


def hiding(rules: Rules, s: GameState) -> bool:
    """Are cards face down on the table now? At the deal's end they are turned up."""
    return rules.hidden_layoffs and bool(s.facedown) and s.phase not in _DEAL_ENDED


def public_melds(rules: Rules, s: GameState) -> list[Meld]:
    """The melds as everyone sees them: without the cards laid off face down."""
    if not hiding(rules, s):
        return list(s.melds)
    out = []
    for meld in s.melds:
        hidden = [f for f in s.facedown if f.meld == meld.id]
        if not hidden:
            out.append(meld)
        elif meld.kind == SET:
            # a set holds one card of each suit: the laid-off card is found by itself
            drop = [meld.cards.index(f.card) for f in hidden]
            out.append(meld.without(drop))
        else:
            places = {f.place for f in hidden}
            out.append(meld.without([i for i in range(len(meld)) if meld.low + i in places]))
    return out


def face_down(rules: Rules, s: GameState, players: int) -> tuple[tuple[int | None, ...], ...]:
    """Per seat, the cards it laid off face down, in order: the meld's id
    where everyone was told it, else None (empty once the deal has ended)."""
    if not hiding(rules, s):
        return ((),) * players
    out: list[list[int | None]] = [[] for _ in range(players)]
    for f in s.facedown:
        out[f.seat].append(f.meld if f.named else None)
    return tuple(tuple(x) for x in out)


def told_meld(rules: Rules, s: GameState, move: Move) -> int | None:
    """The meld everyone would be told for this lay-off, played now with
    lay-offs face down: its id when the cards fit more than one meld, or
    when they turn a set over; None when only the laying is told."""
    meld = next((m for m in s.melds if m.id == move.number), None)
    if meld is None or not move.cards:
        return None
    return meld.id if meld.kind == SET or fits_several(rules, s.melds, move.cards) else None


def public_discard(s: GameState) -> list[Card]:
    """The discard pile's face-up cards: a card that went out face down is left off."""
    return s.discard[:-1] if s.discard_face_down and s.discard else list(s.discard)


def public_log(rules: Rules, s: GameState) -> list[Move]:
    """The deal's moves everyone saw: while cards are face down, every lay-off
    is left out (`face_down` says who laid off, and where it may be told)."""
    moves = s.moves[s.deal_moves :]
    if not hiding(rules, s):
        return list(moves)
    return [m for m in moves if m.action is not Action.LAYOFF]


def offered_moves(t: Table, legal: LegalMoves, seat: int) -> list[Move]:
    """The seat's legal moves that tell nothing hidden: those legal on the
    public table too (the real moves, same objects, in their order)."""
    real = legal.for_seat(seat)
    if not hiding(t.rules, t.s):
        return real
    s = t.s
    if s.phase is Phase.PLAY and s.target is None:
        # with no taken card to use, only a lay-off's fit reads the melds
        seen = {m.id: m for m in public_melds(t.rules, s)}
        return [m for m in real if m.action is not Action.LAYOFF or _fits(t.rules, seen, m)]
    return offered_by_generation(t, real, seat)


def _fits(rules: Rules, melds: dict[int, Meld], m: Move) -> bool:
    meld = melds.get(m.meld_id or 0)
    return meld is not None and len(layoff_fits(rules, meld, m.cards)) == 1


def offered_by_generation(t: Table, real: list[Move], seat: int) -> list[Move]:
    """`real` less the moves the public table's generator does not list."""
    public = public_state(t.rules, t.s)
    seen = {m for m in generate(Table(t.rules, t.players, public), {}) if m.seat == seat}
    return [m for m in real if m in seen]


def public_state(rules: Rules, s: GameState) -> GameState:
    """A copy of the state with the public melds and no face-down cards."""
    out = s.copy(history=False)
    if not rules.hidden_layoffs:
        return out
    if hiding(rules, s):
        out.melds = public_melds(rules, out)  # the copy's melds, new ones where cards lie face down
    out.discard = public_discard(s)
    out.facedown = []
    out.discard_face_down = False
    return out
