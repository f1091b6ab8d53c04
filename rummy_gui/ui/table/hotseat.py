"""Hot seat: several people at one machine.

The hand-over screen hides every hand while the machine passes to the next
person. Who is asked about a claim, and which hands are face down, is the
play layer's policy (`rummy_gui.play.table_policy`).
"""

from __future__ import annotations

import math
from typing import Protocol

import pygame

from rummy_gui.engine import ClaimKind
from rummy_gui.engine.enums import Phase
from rummy_gui.i18n import _
from rummy_gui.play.narrate import is_you
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerDown
from rummy_gui.ui.shell.scene import App, Scene
from rummy_gui.ui.widgets import theme
from rummy_gui.ui.widgets.controls import Button, draw_panel, fit_text
from rummy_gui.ui.widgets.dialogs import dim_beneath
from rummy_gui.ui.widgets.uiscale import px


class TableScene(Protocol):
    """What the hand-over screen uses of the table beneath it (rummy_gui.ui.table.scene's
    TableScene, which opens it)."""

    @property
    def session(self) -> TableSession: ...

    def handed_over(self, seat: int) -> None: ...

    def save_as(self) -> None: ...


def pass_to(name: str) -> str:
    """Whom the computer goes to next, as that player reads it: "Pass the
    computer to Anna", or "Your turn" for the player called "You"."""
    if is_you(name):
        return _("Your turn")
    return _("Pass the computer to {name}").format(name=name)


def hand_over_reason(session: TableSession, seat: int) -> str:
    """Why the computer goes to `seat` (a claim, the cut, the turn), said to that
    player; empty when the title says it already ("Your turn")."""
    game, name = session.view(seat), session.name(seat)
    you = is_you(name)
    claim = game.claim
    if session.phase is Phase.CLAIM and claim is not None:
        what = {
            ClaimKind.RUMMY: _("a Rummy! call"),
            ClaimKind.BUY: _("buying the {card}"),
            ClaimKind.SHANGHAI: _("a Shanghai! call on the {card}"),
        }[claim.kind].format(card=claim.card.pretty)
        if you:
            return _("You may claim: {what}").format(what=what)
        return _("{name} may claim: {what}").format(name=name, what=what)
    if session.phase is Phase.CUT:
        return _("You cut the pack") if you else _("{name} cuts the pack").format(name=name)
    return "" if you else _("{name}'s turn").format(name=name)


class HandOverScene(Scene):
    """ "Pass to <name> — click when ready": drawn over the table, whose hands
    are then all face down (the table conceals them while this is on top)."""

    opaque = False

    def __init__(self, app: App, table: TableScene, seat: int, reason: str = "") -> None:
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.reason = reason
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.buttons: list[Button] = []

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        pw, ph = min(px(600), w - 40), min(px(270), h - 40)
        self.rect = r = pygame.Rect(w // 2 - pw // 2, h // 2 - ph // 2, pw, ph)
        # the way out while no hand is shown: to the menu (the game is kept), or saved first
        bw, bh, y = px(160), px(38), r.bottom - px(56)
        self.buttons = [
            Button((r.centerx - bw - px(10), y, bw, bh), _("Menu"), self.to_menu, size=px(15)),
            Button((r.centerx + px(10), y, bw, bh), _("Save as…"), self.save_as, size=px(15)),
        ]

    def to_menu(self) -> None:
        self.app.rooms.main_menu()

    def save_as(self) -> None:
        self.table.save_as()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.to_menu()
            return
        if any(b.handle(intent) for b in self.buttons):
            return
        if (isinstance(intent, PointerDown) and intent.button == 1) or (
            isinstance(intent, Key)
            and intent.key
            in (
                pygame.K_RETURN,
                pygame.K_SPACE,
                pygame.K_KP_ENTER,
            )
        ):
            self.ready()

    def frame_wait(self) -> float:
        """Nothing moves until the next player clicks."""
        return math.inf

    def ready(self) -> None:
        if self.app.stack.top is self:
            self.app.pop()
            self.table.handed_over(self.seat)

    def draw(self, surface: pygame.Surface) -> None:
        dim_beneath(surface)
        r = self.rect
        draw_panel(surface, r, alpha=255)
        session = self.table.session
        colour = session.colour(self.seat)
        pygame.draw.rect(surface, colour, r, width=4, border_radius=12)
        room = r.w - px(40)
        title = pass_to(session.name(self.seat))
        img = fit_text(title, px(30), theme.GOLD, room, True)
        surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + px(30))))
        lines = [self.reason] if self.reason else []
        lines.append(_("Click when ready (or press Enter)"))
        y = r.y + px(92)
        for line in lines:
            text = fit_text(line, px(18), theme.TEXT, room)
            surface.blit(text, text.get_rect(midtop=(r.centerx, y)))
            y += px(30)
        note = fit_text(_("Everyone else: please look away"), px(14), theme.TEXT_DIM, room)
        surface.blit(note, note.get_rect(midbottom=(r.centerx, r.bottom - px(68))))
        for button in self.buttons:
            button.draw(surface)
