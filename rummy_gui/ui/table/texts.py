"""The table's words: the top bar's title and status line, and the claim
prompt's title (what the player may do now, in the language of the moment)."""

from __future__ import annotations

from rummy_gui.engine.enums import Action, ClaimKind, Phase
from rummy_gui.i18n import _
from rummy_gui.play.narrate import is_you
from rummy_gui.ui.table.hotseat import pass_to
from rummy_gui.ui.table.state import TableState


def title_text(t: TableState) -> str:
    """The game, and the deal or round with its contract."""
    name = _(t.view.rules.name)
    contract = t.view.contract
    if contract:
        return _("{game} · Round {n}: {contract}").format(
            game=name, n=t.view.round, contract=_(contract)
        )
    return _("{game} · Deal {n}").format(game=name, n=t.view.round)


def status_text(t: TableState) -> str:
    """The top bar's line: whose turn, and what the player may do now."""
    g = t.view
    s = t.session
    phase = s.phase
    if phase is Phase.GAME_OVER:
        return _("Game over")
    if phase is Phase.DEAL_OVER:
        return _("The deal is over")
    if not g.to_act:
        return ""
    if t.hot_seat() and t.concealed():
        seat = t.next_human()
        if seat is not None:
            return pass_to(s.name(seat))
    if phase is Phase.CLAIM:
        kind = g.claim.kind if g.claim is not None else None
        words = (
            {
                ClaimKind.RUMMY: _("Rummy!"),
                ClaimKind.BUY: _("buying"),
                ClaimKind.SHANGHAI: _("Shanghai!"),
            }.get(kind, _("A claim is open"))
            if kind
            else ""
        )
        if t.my_turn():
            return _("You may claim ({kind}) or pass").format(kind=words)
        return _("Waiting for claims ({kind})…").format(kind=words)
    seat = g.to_act[0]
    if seat == t.viewer and t.my_turn():
        # several humans: whose turn it is, unless "Your turn" says it already
        who = s.name(seat) + ": " if t.hot_seat() and not is_you(s.name(seat)) else ""
        if phase is Phase.CUT:
            return who + _("Your cut: click a point along the pack's edge")
        if phase is Phase.DRAW and not any(m.action is Action.DRAW for m in t.legal()):
            # no draw from the stock now (Pinochle's last turns): the pile, or Pass
            return who + _("Your turn: drag cards from the discard pile to your hand, or Pass")
        if phase is Phase.DRAW:
            return who + _("Your turn: drag a card from the stock or the discard pile to your hand")
        if phase is Phase.RUMMY_LAYOFF:
            return who + _("Lay the claimed card off on a meld")
        if t.staging():
            return who + _(
                "Lay down the contract: drag cards into the slots, then press Lay down — or discard"
            )
        target = g.target
        if target is not None:
            return who + _("Meld or lay off the {card} you took, then discard").format(
                card=target.pretty
            )
        return who + _play_words(t)
    if t.pace.undo_hold > 0 and t.may_undo():
        return _("{name} to play — Undo turn (Ctrl+Z) still possible").format(name=s.name(seat))
    if is_you(s.name(seat)):
        return _("Your turn")
    return _("{name} to play").format(name=s.name(seat))


def _play_words(t: TableState) -> str:
    """After the draw: only what the engine allows now (a contract just laid down
    may forbid lay-offs until the next turn)."""
    actions = {m.action for m in t.legal()}
    meld = bool(actions & {Action.MELD, Action.CONTRACT})
    layoff = Action.LAYOFF in actions
    if meld and layoff:
        return _("Meld or lay off (drag to the table), then drag a card to the discard pile")
    if meld:
        return _("Meld (drag to the table), then drag a card to the discard pile")
    if layoff:
        return _("Lay off (drag onto a meld), then drag a card to the discard pile")
    return _("Drag a card to the discard pile")


def claim_title(t: TableState) -> tuple[str, str]:
    """The claim prompt's title and its line (the card on offer)."""
    claim = t.view.claim
    titles = {
        ClaimKind.RUMMY: _("Rummy! is possible"),
        ClaimKind.BUY: _("Buy the discard?"),
        ClaimKind.SHANGHAI: _("Shanghai! is possible"),
    }
    title = titles[claim.kind] if claim is not None else _("A claim is open")
    line = _("On offer: {card}").format(card=claim.card.pretty) if claim is not None else ""
    if t.hot_seat():
        line = f"{t.session.name(t.viewer)} — {line}"
    return title, line
