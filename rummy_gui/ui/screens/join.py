"""Join a table: sit at a game hosted on another computer.

The player writes their name, the host's address and the table's code and
presses Join; on a club host (`rummy-gui --serve`) they may make a table
there instead (the game, how many players, how many of them people). The
tables found on the local network are listed; a click puts one's address
in. Every failure is said in words on this screen and nothing else changes
(`play.net.joining`). Once the host has seated the player, their table
opens as any other (`play.net.remote_session.RemoteSession`).
"""

from __future__ import annotations

from functools import partial

import pygame

from rummy_gui.i18n import N_, _, ngettext
from rummy_gui.levels import DEFAULT_LEVEL
from rummy_gui.play.net import discovery
from rummy_gui.play.net.joining import Attempt, JoinProblem, join_code
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import Button, Cycler, TextField
from rummy_gui.ui.widgets.dialogs import WidgetScene
from rummy_gui.ui.widgets.uiscale import px

MAX_ADDRESS = 80
MAX_FOUND = 6  # tables of the local network listed at once
LOOK_AGAIN = 0.5  # seconds between looks at the local network's tables


class NetworkTables:
    """The tables hosts advertise on the local network, kept up to date on
    zeroconf's thread while the screen is open (`discovery.Browser`); none
    where the network can't be searched (no multicast, no network)."""

    def __init__(self) -> None:
        self._browser: discovery.Browser | None = discovery.Browser()
        try:
            self._browser.start()
        except (discovery.DiscoveryError, OSError):
            self._browser = None

    def tables(self) -> list[discovery.Found]:
        return self._browser.tables()[:MAX_FOUND] if self._browser is not None else []

    def close(self) -> None:
        if self._browser is not None:
            self._browser.close()
            self._browser = None


class JoinScene(WidgetScene):
    title = N_("Join a table")

    def __init__(
        self, app: App, address: str = "", code: str = "", name: str = "", join: bool = False
    ) -> None:
        super().__init__(app)
        names = app.settings.seat_names
        self.name = name or (names[0] if names and names[0] else _("Player"))
        self.address = address
        self.code = code
        self.presets = catalog.presets()
        self.preset_index = 0
        self.players = self.presets[0].default_players
        self.people = 2
        self.said = ""  # what the screen says now: why not, or what it is doing
        self.said_colour = theme.TEXT
        self.attempt: Attempt | None = None
        self.network = NetworkTables()
        self.found: list[discovery.Found] = []
        self._join_now = join  # the command line gave it all: join at the first frame

    # --- layout ------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self._keep_typed()
        col = min(px(460), (w - px(120)) // 2)
        left = max(px(30), w // 2 - col - px(30))
        right = left + col + px(60)
        row, gap = px(44), px(30)
        y = px(110)
        self.labels: list[tuple[str, tuple[int, int]]] = []
        self.fields: dict[str, TextField] = {}
        for key, label, value, limit in (
            ("name", N_("Your name"), self.name, 24),
            ("address", N_("Host's address (name:port)"), self.address, MAX_ADDRESS),
            ("code", N_("Table's code"), self.code, 16),
        ):
            self.labels.append((label, (left, y)))
            self.fields[key] = TextField((left, y + gap - px(6), col, row), value, limit)
            y += row + gap + px(14)
        self.join_button = Button((left, y, col // 2 - 5, row), _("Join"), self._join, primary=True)
        back = Button((left + col // 2 + 5, y, col // 2 - 5, row), _("Back"), self.app.pop)
        y += row + px(40)
        self.create_top = y
        self.labels.append((N_("On a club host: make a table there"), (left, y)))
        y += gap
        info = self.presets[self.preset_index]
        players = list(range(info.min_players, info.max_players + 1))
        self.players = min(max(self.players, info.min_players), info.max_players)
        self.people = min(self.people, self.players)
        cyclers = [
            Cycler((left, y, col, row), [p.display_name for p in self.presets],
                   self.preset_index, self._set_preset),
            Cycler((left, y + row + 8, col // 2 - 5, row), players, players.index(self.players),
                   self._set_players, _players_text),
            Cycler((left + col // 2 + 5, y + row + 8, col // 2 - 5, row),
                   list(range(1, self.players + 1)), self.people - 1, self._set_people,
                   _people_text),
        ]  # fmt: skip
        y += 2 * (row + 8)
        create = Button((left, y, col, row), _("Make a table"), self._create)
        self.list_rect = pygame.Rect(right, px(110), col, min(h - px(220), px(420)))
        found = [
            Button(
                (right, self.list_rect.y + gap + i * (row + 8), col, row),
                _found_text(f),
                partial(self._pick_found, f),
                size=px(16),
            )
            for i, f in enumerate(self.found)
        ]
        self.widgets = [*self.fields.values(), self.join_button, back, *cyclers, create, *found]

    def _keep_typed(self) -> None:
        fields = getattr(self, "fields", {})
        for key in ("name", "address", "code"):
            if key in fields:
                setattr(self, key, fields[key].text)

    def _set_preset(self, name: object) -> None:
        names = [p.display_name for p in self.presets]
        self.preset_index = names.index(str(name))
        self.players = self.presets[self.preset_index].default_players
        self.layout(self.app.size)

    def _set_players(self, n: object) -> None:
        self.players = int(str(n))
        self.layout(self.app.size)

    def _set_people(self, n: object) -> None:
        self.people = int(str(n))

    def _pick_found(self, found: discovery.Found) -> None:
        self.fields["address"].text = f"{found.host}:{found.port}"
        self._keep_typed()
        self._say(_("The address is in: now the table's code, and Join."), theme.GOLD)

    # --- joining ---------------------------------------------------------------
    def _join(self) -> None:
        self._keep_typed()
        try:
            code = join_code(self.code)
            self._start(Attempt(self.address, self.name, code=code))
        except JoinProblem as e:
            self._say(str(e), theme.ERROR)

    def _create(self) -> None:
        self._keep_typed()
        table = {
            "preset": self.presets[self.preset_index].id,
            "players": self.players,
            "people": self.people,
            "level": DEFAULT_LEVEL,
            "options": {},
        }
        try:
            self._start(Attempt(self.address, self.name, create=table))
        except JoinProblem as e:
            self._say(str(e), theme.ERROR)

    def _start(self, attempt: Attempt) -> None:
        if self.attempt is not None:
            self.attempt.cancel()
        self.attempt = attempt
        self._say(_("Calling the host at {address}…").format(address=attempt.address), theme.GOLD)

    def _say(self, text: str, colour: tuple[int, int, int]) -> None:
        self.said, self.said_colour = text, colour
        self.forget_layer()

    def frame_wait(self) -> float:
        return 0.05 if self.attempt is not None or self._join_now else LOOK_AGAIN

    def update(self, dt: float) -> None:  # noqa: ARG002
        if self._join_now:
            self._join_now = False
            self._join()
        found = self.network.tables()
        if found != self.found:
            self.found = found
            self.layout(self.app.size)  # the network's tables came or went
        attempt = self.attempt
        if attempt is None:
            return
        try:
            session = attempt.poll()
        except JoinProblem as e:
            self.attempt = None
            self._say(str(e), theme.ERROR)
            return
        if session is None:
            return
        self.attempt = None
        self._say("", theme.TEXT)
        old = self.app.session
        if old is not None:
            old.close()  # a game here is in its autosave: Continue opens it again later
        self.app.session = session
        self.app.rooms.main_menu()
        self.app.rooms.table(session)

    def exit(self) -> None:
        super().exit()
        self.network.close()
        if self.attempt is not None:
            self.attempt.cancel()
            self.attempt = None

    # --- drawing -------------------------------------------------------------------
    def layer_key(self) -> object:
        return (self.said, self.said_colour, len(self.found))

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        for label, (x, y) in self.labels:
            surface.blit(fonts.text_cached(_(label), px(17), theme.TEXT_DIM), (x, y))
        r = self.list_rect
        surface.blit(
            fonts.text_cached(_("Tables on this network"), px(17), theme.TEXT_DIM), r.topleft
        )
        if not self.found:
            img = fonts.text_cached(_("No tables found on this network"), px(16), theme.TEXT)
            surface.blit(img, (r.x, r.y + px(40)))
        if self.said:
            w = surface.get_width()
            lines = fonts.wrap(self.said, px(17), min(px(1000), w - 40))[:3]
            y = surface.get_height() - px(30) - px(24) * len(lines)
            for line in lines:
                img = fonts.text_cached(line, px(17), self.said_colour, True)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += px(24)


def _players_text(n: object) -> str:
    count = int(str(n))
    return ngettext("{n} player", "{n} players", count).format(n=count)


def _people_text(n: object) -> str:
    """How many of the table's players sit at computers (the others are bots)."""
    count = int(str(n))
    return ngettext("{n} person", "{n} people", count).format(n=count)


def _found_text(found: discovery.Found) -> str:
    """One table of the local network as listed: its name, game and free seats."""
    try:
        game = catalog.preset(str(found.preset)).display_name
    except KeyError:
        game = str(found.preset)
    n = int(found.open_seats)
    return ngettext(
        "{name} · {game} · {n} seat free", "{name} · {game} · {n} seats free", n
    ).format(name=found.name, game=game, n=n)
