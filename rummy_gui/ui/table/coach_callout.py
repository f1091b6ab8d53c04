"""The coach's callout on the table (play/coach.py): after a human's move the
expert rates clearly worse than its own choice, what the expert would have
played and about how much it is worth, with "Take it back" and "Keep".

The verdict is worked out off the frame thread; the callout shows it when it
comes, only to the seat that moved (a human's), while that seat sits at the
bottom with its hand shown, and only while the game is still where the move
left it. Meanwhile the next player (a bot) waits a little (`COACH_WAIT`), so
that "Take it back" is still possible. In hot seat a move that ends the
person's turn (a discard, a pass on a claim) turns their hand face down for
the next person, so its verdict, which would tell of that hand, is dropped.
"Take it back" undoes that one move by the play layer's undo rules
(`table_policy.may_undo`). Each verdict shown counts as a coached mistake of
the seat in the statistics."""

from __future__ import annotations

import pygame

from rummy_gui.engine import Move
from rummy_gui.i18n import _, decimal
from rummy_gui.play import table_policy
from rummy_gui.play.coach import Coach, Verdict, make_coach
from rummy_gui.play.narrate import describe
from rummy_gui.play.session import LogEntry
from rummy_gui.ui.shell.intents import Back, Intent, PointerMove
from rummy_gui.ui.table.moves import TableMoves
from rummy_gui.ui.table.state import TableState
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, draw_panel
from rummy_gui.ui.widgets.uiscale import px

# Seconds the next player (a bot, or the hand-over in hot seat) waits at most
# for a verdict still being worked out; a later verdict is dropped.
COACH_WAIT = 2.5
POLL = 1 / 30  # how often a verdict being worked out is looked for


class CoachCallout:
    """The table's coach: its `Coach` (for the setting now), the verdict
    shown and the callout's two buttons."""

    def __init__(self, t: TableState, moves: TableMoves) -> None:
        self.t = t
        self.moves = moves
        moves.played_hook = self.moved
        self.coach: Coach | None = None
        self.level = "off"
        self.verdict: Verdict | None = None
        self.lines: list[tuple[str, int, tuple[int, int, int]]] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self.waited = 0.0  # seconds the verdict now being worked out has taken
        self.judging: int | None = None  # the seat whose move is being judged
        self.prepared_for: int | None = None  # the version the expert's choice was asked for
        self.started = False  # the table's first frame is on screen: processes may start
        self.sync()

    # --- the coach ---------------------------------------------------------
    def sync(self) -> None:
        """The coach for the setting now: started, changed or stopped (never
        in a show of bots, nor at a lesson)."""
        s = self.t.session
        level = self.t.app.settings.coach if s.humans() and s.coach_allowed else "off"
        if level == self.level:
            return
        self.close()
        self.level = level
        # a session whose bots think inline (the tests') judges inline too
        self.coach = make_coach(level, threaded=bool(getattr(s, "threaded", True)))
        if self.started:
            self.start()

    def start(self) -> None:
        """Start the coach's process (after the table's first frame)."""
        self.started = True
        if self.coach is not None:
            self.coach.start()

    def moved(self, seat: int) -> None:
        """The table played a move for `seat`: a human's is judged."""
        s = self.t.session
        if self.coach is None or not s.is_human(seat):
            return
        self.dismiss()
        self.waited = 0.0
        self.judging = seat
        self.coach.moved(s, seat, s.version, s.bot_seed(seat))

    def update(self, dt: float) -> None:
        """Take a verdict that came; put one away whose position is gone."""
        s = self.t.session
        if self.verdict is not None and self.verdict.version != s.version:
            self.dismiss()  # the game moved on (a move, an undo, a redo)
        if self.coach is None:
            return
        if self.prepared_for != s.version:
            # the viewer is to decide: the expert's choice is worked out while they think
            self.prepared_for = s.version
            seat = self.t.viewer
            if seat in s.to_act and not self.t.view.deal_over and self._for_the_viewer(seat):
                self.coach.prepare(s, seat, s.bot_seed(seat))
        if self.coach.busy(s.version):
            self.waited += dt
        verdict = self.coach.poll(s.version)
        if verdict is None or not self._for_the_viewer(verdict.seat):
            return
        self.verdict = verdict
        s.coached[verdict.seat] += 1
        self.layout()

    def _for_the_viewer(self, seat: int) -> bool:
        """The seat that moved sits at the bottom, its hand shown (never
        another person's verdict in hot seat)."""
        t = self.t
        return (
            seat == t.viewer
            and t.session.is_human(seat)
            and not table_policy.concealed(t.session, seat, t.bottom.revealed_for)
        )

    @property
    def open(self) -> bool:
        return self.verdict is not None

    def holds(self) -> bool:
        """The next player waits: a verdict is shown, or is still being
        worked out (for `COACH_WAIT` seconds at most) for a seat it could be
        shown to (in hot seat a hand that is face down hears nothing)."""
        if self.verdict is not None:
            return True
        c = self.coach
        return (
            c is not None
            and self.judging is not None
            and c.busy(self.t.session.version)
            and self.waited < COACH_WAIT
            and self._for_the_viewer(self.judging)
        )

    def wait(self) -> float:
        """Seconds until the table needs a frame for the coach."""
        c = self.coach
        return POLL if c is not None and c.busy(self.t.session.version) else float("inf")

    def dismiss(self) -> None:
        self.verdict = None
        self.buttons = []

    def close(self) -> None:
        """The table goes (or the setting changed): the coach stops."""
        self.dismiss()
        if self.coach is not None:
            self.coach.close()
            self.coach = None
        self.level = "off"

    # --- the answers -------------------------------------------------------
    def may_take_back(self) -> bool:
        v = self.verdict
        t = self.t
        return (
            v is not None
            and v.version == t.session.version
            and table_policy.may_undo(t.session, v.seat, t.bottom.revealed_for)
        )

    def take_back(self) -> None:
        if self.may_take_back():
            self.dismiss()
            self.moves.undo(one=True)
        else:
            self.dismiss()

    def keep(self) -> None:
        self.dismiss()

    def handle(self, intent: Intent) -> bool:
        """The callout's buttons (Esc: Keep); True when the intent was its."""
        if self.verdict is None:
            return False
        if isinstance(intent, Back):
            self.keep()
            return True
        return any(b.handle(intent) and not isinstance(intent, PointerMove) for b in self.buttons)

    # --- words and drawing -------------------------------------------------
    def _before(self) -> LogEntry | None:
        """The log's line of the judged move (it keeps the position it was played in)."""
        s = self.t.session
        n = self.t.view.move_count - 1
        return next((e for e in reversed(s.log) if e.index == n and e.move), None)

    def words(self) -> list[str]:
        """The callout's lines: the move made, the expert's, its worth."""
        v = self.verdict
        if v is None:
            return []
        s = self.t.session
        entry = self._before()
        before = entry.before if entry is not None else None
        name = s.name(v.seat)

        def said(move: Move) -> str:
            return describe(move, before, name)

        points = decimal(v.loss, 1)  # as the deal review says it
        worth = (
            _("About {points} penalty points fewer this round.")
            if v.contract
            else _("About {points} points better in this deal.")
        ).format(points=points)
        lines = [
            _("Played: {move}").format(move=said(v.played)),
            _("The expert: {move}").format(move=said(v.expert)),
            worth,
        ]
        if not self.may_take_back():
            lines.append(_("This move can't be taken back."))
        return lines

    def layout(self) -> None:
        v = self.verdict
        if v is None:
            return
        lt = self.t.geometry().layout
        area = lt.table.copy()
        if lt.actions.w and lt.actions.x > area.centerx:  # left of the actions over the hand
            area.w = lt.actions.x - px(8) - area.x
        w = min(px(560), area.w - px(24))
        inner = w - px(36)
        self.lines = [(line, px(19), theme.GOLD) for line in fonts.wrap(_("Coach"), px(19), inner)]
        for k, text in enumerate(self.words()):
            colour = theme.HIGHLIGHT if k == 2 else theme.TEXT
            self.lines += [(line, px(15), colour) for line in fonts.wrap(text, px(15), inner)]
        line_h = px(21)
        bh = px(36)
        h = px(16) + line_h * len(self.lines) + px(10) + bh + px(14)
        # at the top of the table: the hand, the pile and the buttons stay in sight
        self.rect = pygame.Rect(area.centerx - w // 2, area.y + px(10), w, h)
        bw = min(px(170), (w - px(48)) // 2)
        y = self.rect.bottom - bh - px(14)
        keep = Button((self.rect.centerx + px(8), y, bw, bh), _("Keep"), self.keep, size=px(15))
        if self.may_take_back():
            back = Button(
                (self.rect.centerx - px(8) - bw, y, bw, bh),
                _("Take it back"),
                self.take_back,
                primary=True,
                size=px(15),
            )
            self.buttons = [back, keep]
        else:
            keep.rect.centerx = self.rect.centerx
            self.buttons = [keep]

    def draw(self, surface: pygame.Surface) -> None:
        if self.verdict is None:
            return
        if self.rect.size != (0, 0) and self.t.geometry().layout.size != surface.get_size():
            self.layout()
        draw_panel(surface, self.rect, alpha=240)
        pygame.draw.rect(surface, theme.GOLD, self.rect, width=2, border_radius=10)
        y = self.rect.y + px(12)
        for text, size, colour in self.lines:
            img = fonts.text_cached(text, size, colour, colour == theme.GOLD)
            surface.blit(img, (self.rect.x + px(18), y))
            y += px(21)
        for b in self.buttons:
            b.draw(surface, live=not self.t.covered)
