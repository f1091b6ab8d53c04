"""Review this deal: the human's decisions where the expert would have played
otherwise, biggest expected loss first (`rummy_gui.play.review`).

The review is computed in a bot process of its own (`ReviewJob`), so the
window keeps drawing: a progress bar and a Cancel button meanwhile. Then each
finding shows the position as that player saw it (their own hand face up,
the others' as counts, the table and the pile), the move made, the expert's
move and the expected difference; step with the arrow keys or the buttons.

At a joined network table the review works from the seat's own decisions,
each the view it had and the move it made (`TableSession.decisions`): the
session keeps no record, and the positions shown are those views.

In hot-seat play each person reviews only their own decisions: the review
asks whose it is, then waits behind a "pass the computer" screen (the
review computing meanwhile) until that person is ready, since it shows
their hand as it was during the deal.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rummy_gui.engine import Move, View
from rummy_gui.hints import world
from rummy_gui.i18n import N_, _, decimal
from rummy_gui.play.narrate import describe
from rummy_gui.play.replay import Replay
from rummy_gui.play.review import REVIEW_BUDGET, Finding, ReviewJob
from rummy_gui.play.table_session import recorded
from rummy_gui.ui.shell.intents import Back, Intent, Key, PointerMove
from rummy_gui.ui.shell.scene import App, Scene
from rummy_gui.ui.table.hotseat import pass_to
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel
from rummy_gui.ui.widgets.dialogs import ChooserScene

if TYPE_CHECKING:
    from rummy_gui.play.table_session import TableSession

REFRESH = 0.1  # seconds between frames of the progress bar
MELD_OVERLAP = 0.4  # of a card's width: how much of each card of a meld shows under the next
MIN_MELD_CARD_H = 24  # the melds shrink down to this height before anything is left out


def meld_rects(
    lengths: list[int], area: pygame.Rect, card_h: int
) -> tuple[int, list[list[pygame.Rect]]]:
    """Where each card of each meld goes: melds left to right in rows that
    wrap at the area's width, the cards shrunk from `card_h` until every meld
    fits in the area. (card height, each meld's card rects); the smallest
    height is used if even it does not fit (a window too small for any game)."""
    h = max(MIN_MELD_CARD_H, card_h)
    while True:
        rows = _meld_rows(lengths, area, h)
        cards = [r for meld in rows for r in meld]
        bottom = max((r.bottom for r in cards), default=area.y)
        right = max((r.right for r in cards), default=area.x)
        if (bottom <= area.bottom and right <= area.right) or h <= MIN_MELD_CARD_H:
            return h, rows
        h = max(MIN_MELD_CARD_H, h * 9 // 10)


def _meld_rows(lengths: list[int], area: pygame.Rect, card_h: int) -> list[list[pygame.Rect]]:
    card_w = int(card_h / 1.4)
    step = max(1, int(card_w * MELD_OVERLAP))
    x, y = area.x, area.y
    out: list[list[pygame.Rect]] = []
    for n in lengths:
        width = card_w + step * (n - 1)
        if x > area.x and x + width > area.right:
            x, y = area.x, y + card_h + 6
        out.append([pygame.Rect(x + k * step, y, card_w, card_h) for k in range(n)])
        x += width + step
    return out


NO_BETTER = N_("The expert would have played every decision the same way, or no better.")
# a bot went out before the player's first turn: no decision of theirs to look at
NOTHING_TO_REVIEW = N_("Nothing to review: the deal ended before any decision of yours.")


class ReviewScene(Scene):
    """One seat's review of the deal just over (that seat's view only)."""

    def __init__(
        self,
        app: App,
        session: TableSession,
        seat: int,
        budget: int = REVIEW_BUDGET,
        hand_over: bool = False,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        # in hot-seat play nothing of the seat's is shown until its player is ready
        self.waiting = hand_over
        record = session.record()
        # a joined seat keeps no record: its own decisions, as it saw them
        self.kept = None if record is not None else session.decisions(seat)
        self.replay = Replay(recorded(session)) if self.kept is None else None
        self._said: dict[tuple[str, int], str] = {}  # a kept decision's moves in words
        self.job: ReviewJob | None = ReviewJob(
            record, seat, seed=session.bot_seed(seat), budget=budget, kept=self.kept
        )
        self.findings: list[Finding] | None = None
        self.reviewed = 0  # the decisions the review looked at, once it is done
        self.error: str | None = None
        self.index = 0
        self.buttons: list[Button] = []
        self._size = (0, 0)

    # ------------------------------------------------------------ state
    @property
    def computing(self) -> bool:
        return self.findings is None and self.error is None

    def update(self, _dt: float) -> None:
        job = self.job
        if job is None or not job.poll():
            return
        if job.findings is not None:
            self.findings, self.reviewed = job.findings, job.total
        elif not job.cancelled:
            self.error = job.error or "?"
        job.close()
        self.job = None
        self.layout(self._size)

    def cancel(self) -> None:
        """Stop the review and close the scene (the bot process is killed)."""
        if self.job is not None:
            self.job.close()
            self.job = None
        self.app.pop()

    close = cancel

    def ready(self) -> None:
        """The reviewed player has the computer: show their review."""
        if self.waiting:
            self.waiting = False
            self.layout(self._size)

    def previous(self) -> None:
        if self.findings:
            self.index = max(0, self.index - 1)
            self._ends()

    def next(self) -> None:
        if self.findings:
            self.index = min(len(self.findings) - 1, self.index + 1)
            self._ends()

    def _ends(self) -> None:
        """Previous is off at the first finding, Next at the last."""
        last = len(self.findings or ()) - 1
        for b in self.buttons:
            if b.on_click == self.previous:
                b.enabled = self.index > 0
            elif b.on_click == self.next:
                b.enabled = self.index < last

    @property
    def finding(self) -> Finding | None:
        if not self.findings:
            return None
        return self.findings[self.index]

    def view(self) -> View | None:
        """The position of the finding shown, as the reviewed seat saw it."""
        f = self.finding
        if f is None:
            return None
        if self.kept is not None:
            return self.kept[f.position][0]
        assert self.replay is not None
        return self.replay.positions[f.position].view(self.seat)

    def frame_wait(self) -> float:
        """While the review computes, a frame a tenth of a second for its progress
        (frames as fast as possible would take the cores the review runs on);
        then only input changes the screen."""
        return REFRESH if self.computing else math.inf

    # ------------------------------------------------------------ layout and input
    def layout(self, size: tuple[int, int]) -> None:
        self._size = size
        w, h = size
        y = h - 64
        if self.waiting:
            specs = [(_("Ready"), self.ready), (_("Cancel"), self.cancel)]
        elif self.computing:
            specs = [(_("Cancel"), self.cancel)]
        elif len(self.findings or ()) < 2:  # nothing to step through
            specs = [(_("Close"), self.close)]
        else:
            specs = [
                (_("◀ Previous"), self.previous),
                (_("Next ▶"), self.next),
                (_("Close"), self.close),
            ]
        bw = min(200, (w - 60) // len(specs) - 10)
        x = w // 2 - (len(specs) * (bw + 10)) // 2
        self.buttons = []
        for label, fn in specs:
            primary = fn in (self.next, self.ready)
            self.buttons.append(Button((x, y, bw, 46), label, fn, primary=primary, size=16))
            x += bw + 10
        self._ends()

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self.cancel()
            return
        if isinstance(intent, Key) and self.waiting:
            if intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.ready()
            return
        if isinstance(intent, Key):
            actions = {
                pygame.K_RIGHT: self.next,
                pygame.K_DOWN: self.next,
                pygame.K_LEFT: self.previous,
                pygame.K_UP: self.previous,
                pygame.K_RETURN: self.close,
            }
            action = actions.get(intent.key)
            if action is not None:
                action()
            return
        for b in self.buttons:
            if b.handle(intent) and not isinstance(intent, PointerMove):
                return

    # ------------------------------------------------------------ drawing
    def _words(self, move: Move, position: int) -> str:
        name = self.session.name(self.seat)
        if self.kept is None:
            assert self.replay is not None
            return describe(move, self.replay.positions[position], name)
        key = (str(move), position)  # drawn each frame: the world is dealt once
        if key not in self._said:
            # the public facts the words need, from the seat's own view
            self._said[key] = describe(move, world(self.kept[position][0]), name)
        return self._said[key]

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(self.app.art.felt((w, h)), (0, 0))
        name = self.session.name(self.seat)
        if self.waiting:
            self._draw_hand_over(surface, name)
        elif self.computing:
            self._draw_progress(surface, name)
        elif self.error is not None:
            msg = _("The review failed: {error}").format(error=self.error)
            surface.blit(fonts.text_cached(msg, 20, theme.TEXT, True), (24, h // 2))
        elif not self.findings:
            title = _("Deal review for {name}").format(name=name)
            surface.blit(fonts.text_cached(title, 22, theme.GOLD, True), (24, 14))
            msg = _(NO_BETTER if self.reviewed else NOTHING_TO_REVIEW)
            surface.blit(fonts.text_cached(msg, 20, theme.TEXT), (24, h // 2 - 20))
        else:
            self._draw_finding(surface, name)
        for b in self.buttons:
            b.draw(surface, live=not self.covered)

    def _draw_hand_over(self, surface: pygame.Surface, name: str) -> None:
        """Only names and the progress: nothing of any hand before Ready."""
        w, h = surface.get_size()
        title = fonts.text_cached(pass_to(name), 28, theme.GOLD, True)
        surface.blit(title, title.get_rect(midbottom=(w // 2, h // 2 - 96)))
        note = _("{name} reviews their own decisions of this deal. Ready when {name} is.").format(
            name=name
        )
        y = h // 2 - 84
        for line in fonts.wrap(note, 18, w - 80)[:3]:
            img = fonts.text_cached(line, 18, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += 24
        if self.computing:
            self._draw_bar(surface, max(h // 2 - 14, y + 16))
        else:
            img = fonts.text_cached(_("The review is ready."), 16, theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(w // 2, max(h // 2 - 14, y + 16))))

    def _draw_progress(self, surface: pygame.Surface, name: str) -> None:
        title = _("The expert is reviewing the deal for {name}…").format(name=name)
        surface.blit(fonts.text_cached(title, 22, theme.GOLD, True), (24, 14))
        self._draw_bar(surface)

    def _draw_bar(self, surface: pygame.Surface, top: int | None = None) -> None:
        w, h = surface.get_size()
        job = self.job
        done, total = (job.done, job.total) if job is not None else (0, 0)
        bar = pygame.Rect(w // 6, h // 2 - 14 if top is None else top, w * 2 // 3, 28)
        draw_panel(surface, bar, alpha=160)
        if total:
            fill = bar.inflate(-6, -6)
            fill.width = max(1, fill.width * done // total)
            pygame.draw.rect(surface, theme.GOLD, fill, border_radius=6)
        label = _("Decision {k} of {n}").format(k=done, n=total) if total else _("Starting…")
        text = fonts.text_cached(label, 16, theme.TEXT)
        surface.blit(text, text.get_rect(midtop=(w // 2, bar.bottom + 10)))

    def _draw_finding(self, surface: pygame.Surface, name: str) -> None:
        w, h = surface.get_size()
        f = self.finding
        view = self.view()
        assert f is not None and view is not None and self.findings is not None
        title = _("Deal review for {name}: {k} of {n}").format(
            name=name, k=self.index + 1, n=len(self.findings)
        )
        surface.blit(fonts.text_cached(title, 22, theme.GOLD, True), (24, 14))
        lines = [
            (_("Played: {move}").format(move=self._words(f.played, f.position)), theme.TEXT),
            (_("The expert: {move}").format(move=self._words(f.expert, f.position)), theme.GOLD),
            (
                (
                    _("Expected difference: {points} penalty points a round")
                    if view.rules.is_contract
                    else _("Expected difference: {points} points a deal")
                ).format(points=decimal(f.loss, 1)),
                theme.HIGHLIGHT,
            ),
        ]
        y = 50
        for text, colour in lines:
            surface.blit(fonts.text_cached(text, 18, colour), (24, y))
            y += 26
        order = fonts.text_cached(_("Sorted by expected loss, biggest first"), 14, theme.TEXT_DIM)
        surface.blit(order, (24, y))
        y += 20
        self._draw_view(surface, view, pygame.Rect(16, y + 6, w - 32, h - y - 90))

    def _draw_view(self, surface: pygame.Surface, view: View, area: pygame.Rect) -> None:
        """The position as the seat saw it: its hand, the others' card counts,
        the melds and the discard pile (no hidden card is drawn)."""
        art = self.app.art
        four = self.app.settings.four_colour
        # three rows of cards (melds, pile, hand) and their labels fit the area
        card_h = max(30, min(150, (area.height - 110) // 3))
        card_w = int(card_h / 1.4)
        step = int(card_w * 0.55)
        draw_panel(surface, area, alpha=110)
        x, y = area.x + 10, area.y + 8
        counts = "   ".join(
            f"{self.session.name(s)}: {n}" for s, n in enumerate(view.hand_sizes) if s != view.seat
        )
        label = _("Cards in hand") + "  ·  " + counts
        surface.blit(fonts.text_cached(label, 15, theme.TEXT_DIM, True), (x, y))
        y += 22
        if view.melds:  # without a label the melds read as a hand
            surface.blit(fonts.text_cached(_("Melds"), 15, theme.TEXT_DIM, True), (x, y))
            y += 20
        pile_y = area.bottom - 2 * card_h - 54
        room = pygame.Rect(x, y, area.right - 10 - x, pile_y - 4 - y)
        size, rows = meld_rects([len(m.cards) for m in view.melds], room, card_h)
        msize = (int(size / 1.4), size)
        for meld, rects in zip(view.melds, rows, strict=True):
            for card, r in zip(meld.cards, rects, strict=True):
                surface.blit(art.face(card, msize, four), r.topleft)
        y = pile_y
        pile = list(view.discard_pile)
        text = _("Discard pile") + "  ·  " + _("stock {n}").format(n=view.stock_count)
        surface.blit(fonts.text_cached(text, 15, theme.TEXT_DIM, True), (area.x + 10, y))
        x = area.x + 10
        pstep = max(8, min(step, (area.width - 40 - card_w) // max(1, len(pile))))
        for card in pile:
            surface.blit(art.face(card, (card_w, card_h), four), (x, y + 20))
            x += pstep
        y = area.bottom - card_h - 8
        x = area.x + 10
        hand_label = fonts.text_cached(_("Hand"), 15, theme.TEXT_DIM, True)
        surface.blit(hand_label, (x, y - 20))
        hand_step = max(8, min(step, (area.width - 40 - card_w) // max(1, len(view.hand))))
        for card in view.hand:
            surface.blit(art.face(card, (card_w, card_h), four), (x, y))
            x += hand_step


def review_seat(session: TableSession) -> int | None:
    """The seat a deal review is for without asking: the one human at the
    table (none in hot-seat play, where each player reviews their own)."""
    humans = session.humans()
    return humans[0] if len(humans) == 1 else None


def show_review(app: App, session: TableSession) -> None:
    """Review this deal: the one human's review at once; in hot-seat play
    first whose review it is, then a hand-over to that player."""
    seat = review_seat(session)
    if seat is not None:
        app.push(ReviewScene(app, session, seat))
        return
    humans = session.humans()
    if not humans:
        return

    def pick(text: str) -> None:
        app.push(ReviewScene(app, session, int(text), hand_over=True))

    options = [(_("Review for {name}").format(name=session.name(s)), str(s)) for s in humans]
    chooser = ChooserScene(app, _("Whose decisions to review?"), options, pick)
    app.push(chooser)
