"""The host's waiting room: a game with players on other computers is hosted
from here until the host starts it.

It shows the join code (large, to be read aloud), the addresses to join
(this machine's on its networks, with the port), who sits in which seat and
whether they have joined, and the host's choices for players who drop: how
long the seat is kept, and which bot plays it then. Start begins the game;
a free remote seat is played by that bot until someone joins it. Play
begins by itself once every remote seat has its player.
"""

from __future__ import annotations

import math

import pygame

from rummy_gui.i18n import N_, _
from rummy_gui.levels import LEVELS
from rummy_gui.play.net.hosted import HostedSession
from rummy_gui.play.net.hosting import AWAY, CONNECTED, EMPTY, STANDIN
from rummy_gui.play.table_session import TableSession
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.shell.intents import Back, Intent
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, Cycler, fit_text, label_image
from rummy_gui.ui.widgets.dialogs import WidgetScene
from rummy_gui.ui.widgets.uiscale import px

GRACES = (30.0, 60.0, 120.0, 300.0, 600.0, 1800.0)  # seconds a dropped player's seat is kept
POLL = 0.25  # seconds between looks at who has joined
LONG_AWAY = N_("disconnected — seat kept for {n} s")


def grace_text(seconds: object) -> str:
    s = float(str(seconds))
    if s < 60:
        return _("{n} s").format(n=int(s))
    return _("{n} min").format(n=int(s // 60))


def seat_note(session: TableSession, seat: int, short: bool = False) -> str | None:
    """What the waiting room (and, `short`, a badge at the table) says of
    the seat of a person on another computer (None: a seat played here)."""
    status = getattr(session, "seat_status", lambda _seat: None)(seat)
    if status is None:
        return None
    kept = getattr(session, "seat_kept", lambda _seat: None)(seat)
    if status == CONNECTED:
        return _("online") if short else _("on another computer")
    if status == AWAY and kept is not None:
        n = math.ceil(kept)
        return _("away · {n} s").format(n=n) if short else _(LONG_AWAY).format(n=n)
    if status == AWAY:
        return _("away") if short else _("disconnected: the seat is kept")
    if status == STANDIN:
        if short:
            return _("a bot stands in")
        return _("played by a bot until {name} returns").format(name=session.name(seat))
    assert status == EMPTY
    return _("waiting for a player")


def spaced(code: str) -> str:
    """A join code in groups of three, as it is read aloud."""
    return " ".join(code[i : i + 3] for i in range(0, len(code), 3))


def addresses(port: int) -> list[str]:
    """The addresses a player types to join: this machine's on its networks."""
    from rummy_gui.play.net.discovery import lan_addresses

    return [f"{a}:{port}" for a in lan_addresses()]


class WaitingRoomScene(WidgetScene):
    title = N_("Hosting a table")

    def __init__(self, app: App, session: HostedSession, table_name: str) -> None:
        super().__init__(app)
        self.session = session
        self.hosting = session.hosting
        self.addresses = addresses(self.hosting.port)
        self.table_name = table_name
        session.advertise(table_name)
        self.started = False

    def frame_wait(self) -> float:
        return POLL  # players join without any input here

    def update(self, dt: float) -> None:  # noqa: ARG002 (the scenes' signature)
        h = self.hosting
        self.session.sync()  # the advert's free seats follow who joined
        remote = [s for s in range(len(self.session.seats)) if h.remote(s)]
        if remote and all(h.status(s) == CONNECTED for s in remote) and not self.started:
            self._start()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.widgets = []
        left = max(px(30), w // 2 - px(600))
        self.col_w = (w - 2 * left - px(40)) // 2
        self.right = left + self.col_w + px(40)
        self.left = left
        y = self._settings_y(h)
        label_w = self.col_w * 11 // 20
        cw = self.col_w - label_w
        graces = list(GRACES)
        grace = min(graces, key=lambda g: abs(g - self.hosting.grace))
        self.widgets.append(
            Cycler(
                (self.right + label_w, y, cw, px(38)),
                graces,
                graces.index(grace),
                self._set_grace,
                grace_text,
            )
        )
        self.widgets.append(
            Cycler(
                (self.right + label_w, y + px(48), cw, px(38)),
                list(LEVELS),
                LEVELS.index(self.hosting.standin),
                self._set_standin,
                lambda v: catalog.level_name(str(v)),
            )
        )
        Cycler.share_size([c for c in self.widgets if isinstance(c, Cycler)])
        bw, bh, by = px(200), px(54), h - px(80)
        self.widgets.append(
            Button((w - left - bw, by, bw, bh), _("Start"), self._start, primary=True)
        )
        self.widgets.append(Button((left, by, bw, bh), _("Stop hosting"), self._back))

    def _settings_y(self, h: int) -> int:
        return h - px(80) - px(24) - px(112)

    def _set_grace(self, value: object) -> None:
        self.hosting.set_rules(float(str(value)), self.hosting.standin)

    def _set_standin(self, value: object) -> None:
        self.hosting.set_rules(self.hosting.grace, str(value))

    def _back(self) -> None:
        self.session.close()
        self.app.pop()

    def _start(self) -> None:
        if self.started:
            return
        self.started = True
        self.hosting.begin()
        old = self.app.session
        if old is not None and old is not self.session:
            old.close()
        self.session.autosave()
        self.app.session = self.session
        self.app.rooms.main_menu()
        self.app.rooms.table(self.session)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            self._back()
            return
        super().handle(intent)

    def seat_lines(self) -> list[tuple[str, str, bool]]:
        """Each seat: its name, what it is (or its player's state), whether it is remote."""
        out = []
        for s, cfg in enumerate(self.session.seats):
            note = seat_note(self.session, s)
            if note is None:
                kind = (
                    catalog.level_name("human")
                    if cfg.is_human
                    else _("Bot: {level}").format(level=catalog.level_name(cfg.kind))
                )
                out.append((self.session.name(s), kind, False))
            else:
                out.append((self.session.name(s), note, True))
        return out

    def layer_key(self) -> object:
        h = self.hosting
        return (
            tuple(self.seat_lines()),
            h.grace,
            h.standin,
            self.session.advert_error,
            self.left,
            self.right,
        )

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        h = surface.get_height()
        x, cw = self.left, self.col_w
        y = px(90)
        img = fit_text(_("Join code"), px(22), theme.TEXT_DIM, cw)
        surface.blit(img, (x, y))
        y += img.get_height() + px(6)
        code = fit_text(spaced(self.hosting.code), px(84), theme.GOLD, cw, True)
        surface.blit(code, (x, y))
        y += code.get_height() + px(20)
        img = fit_text(_("Address to join"), px(22), theme.TEXT_DIM, cw)
        surface.blit(img, (x, y))
        y += img.get_height() + px(6)
        shown = self.addresses[:3] or [_("no network found: only this computer can join")]
        for line in shown:
            size = px(34) if self.addresses else px(20)
            colour = theme.TEXT if self.addresses else theme.ERROR
            img = fit_text(line, size, colour, cw, bool(self.addresses))
            surface.blit(img, (x, y))
            y += img.get_height() + px(4)
        img = fit_text(
            _("This computer: {address}").format(address=f"127.0.0.1:{self.hosting.port}"),
            px(16),
            theme.TEXT_DIM,
            cw,
        )
        surface.blit(img, (x, y + px(4)))
        y += img.get_height() + px(20)
        error = self.session.advert_error
        found = (
            _("Not shown on the local network ({reason}): give the address.").format(
                reason=error[:80]
            )
            if error
            else _("Players on this network find the table under “{name}”.").format(
                name=self.table_name
            )
        )
        help_text = _(
            "On the other computers: Join a table in the main menu, then the address "
            "and the code. Across the internet, forward port {port} on your router."
        ).format(port=self.hosting.port)
        bottom = h - px(80) - px(10)
        for text, colour in ((found, theme.ERROR if error else theme.TEXT_DIM),
                             (help_text, theme.TEXT_DIM)):  # fmt: skip
            for line in fonts.wrap(text, px(16), cw):
                if y + px(20) > bottom:
                    break
                surface.blit(fonts.text_cached(line, px(16), colour), (x, y))
                y += px(21)
            y += px(8)
        self._draw_seats(surface)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        x, cw = self.right, self.col_w
        y = px(90)
        img = fit_text(_("Seats"), px(22), theme.TEXT_DIM, cw)
        surface.blit(img, (x, y))
        y += img.get_height() + px(8)
        settings_y = self._settings_y(surface.get_height())
        lines = self.seat_lines()
        row = min(px(34), (settings_y - px(40) - y) // max(1, len(lines)))
        name_w = cw * 2 // 5
        for seat, (name, note, remote) in enumerate(lines):
            ry = y + seat * row
            n = fit_text(f"{seat + 1}. {name}", min(px(20), row - 6), theme.TEXT, name_w - 8)
            surface.blit(n, (x, ry))
            colour = theme.GOLD if remote else theme.TEXT_DIM
            img = fit_text(note, min(px(18), row - 8), colour, cw - name_w)
            surface.blit(img, (x + name_w, ry + 2))
        label_w = cw * 11 // 20
        for i, text in enumerate((_("Keep a dropped player's seat for"), _("Then a bot plays it"))):
            img = label_image(text, px(17), theme.TEXT, (label_w - 10, px(44)), centred=False)
            surface.blit(img, img.get_rect(midleft=(x, settings_y + i * px(48) + px(19))))
        note = _("A free seat is played by that bot until someone joins it.")
        img = label_image(note, px(15), theme.TEXT_DIM, (cw, px(40)), centred=False)
        surface.blit(img, (x, settings_y + 2 * px(48)))
