"""The New game screen: the game, the players, their seats and colours, the house rules."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from rummy_gui.engine import catalog as engine_catalog
from rummy_gui.i18n import N_, NC_, _, pgettext
from rummy_gui.levels import DEFAULT_LEVEL, LEVELS
from rummy_gui.play.narrate import is_you
from rummy_gui.play.session import REMOTE, SeatConfig
from rummy_gui.safetext import clean
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.shell.intents import Intent, PointerDown
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import (
    Button,
    Cycler,
    TextField,
    Toggle,
    Widget,
    fit_text,
    label_image,
)
from rummy_gui.ui.widgets.dialogs import WidgetScene
from rummy_gui.ui.widgets.uiscale import px

# The names seats start with; the bots' are written in each language's own
# letters (the Russian for "You" beside a Latin "Boris" gave two badges whose
# Cyrillic and Latin capitals look the same).
SEAT_NAMES = (
    N_("You"),
    NC_("name", "Ada"),
    NC_("name", "Boris"),
    NC_("name", "Chloe"),
    NC_("name", "Dmitri"),
    NC_("name", "Eve"),
    NC_("name", "Farid"),
    NC_("name", "Greta"),
)


DEFAULT_PORT = 8765  # the port a hosted table listens on when it is free (docs/network.md)


def seat_name(seat: int) -> str:
    """The name a seat starts with, in the current language: "You" for the first."""
    return _(SEAT_NAMES[seat]) if seat == 0 else pgettext("name", SEAT_NAMES[seat])


class NewGameScene(WidgetScene):
    title = N_("New game")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.presets = catalog.presets()
        self.preset_index = 0
        self.levels = LEVELS
        self.names = [seat_name(i) for i in range(len(SEAT_NAMES))]
        self.kinds = ["human"] + [DEFAULT_LEVEL] * (len(SEAT_NAMES) - 1)
        # the last game's names and seats, as typed (an empty name: the seat's own in this language)
        for i, name in enumerate(app.settings.seat_names[: len(self.names)]):
            self.names[i] = name or self.names[i]
        for i, kind in enumerate(app.settings.seat_kinds[: len(self.kinds)]):
            self.kinds[i] = kind if kind in ("human", REMOTE, *self.levels) else self.kinds[i]
        self.colours = list(
            range(8)
        )  # hot seat: each player's colour (play.palette), a click changes it
        self.name_fields: list[TextField] = []
        self.problem = ""  # why the game can't start as chosen (shown above the buttons)
        self._reset_preset()

    @property
    def info(self) -> catalog.PresetInfo:
        return self.presets[self.preset_index]

    def _reset_preset(self) -> None:
        self.players = self.info.default_players
        self.options: dict[str, Any] = dict(self.info.options)

    def _pick_preset(self, i: int) -> None:
        self._save_names()
        self.preset_index = i
        self._reset_preset()
        self.layout(self.app.size)

    def _set_players(self, n: object) -> None:
        self._save_names()
        self.players = int(str(n))
        self.layout(self.app.size)

    def _save_names(self) -> None:
        for i, field in enumerate(self.name_fields):
            self.names[i] = field.text.strip() or seat_name(i)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.widgets = []
        self.option_labels: list[tuple[str, tuple[int, int], int]] = []
        self.option_help: list[tuple[Widget, str]] = []  # a house rule's control, its help
        left = max(30, w // 2 - px(600))
        col_w = min(px(360), (w - 2 * left) // 3 - 20)
        y0 = px(86)
        row_h = min(px(48), (h - px(260)) // 8)
        for i, p in enumerate(self.presets):
            b = Button(
                (left, y0 + i * (row_h + 6), col_w, row_h),
                p.display_name,
                partial(self._pick_preset, i),
                primary=(i == self.preset_index),
            )
            self.widgets.append(b)
        desc_y = y0 + 7 * (row_h + 6) + 6
        self.desc_rect = pygame.Rect(left, desc_y, col_w, h - px(80) - 10 - desc_y)
        # seats
        mid = left + col_w + px(30)
        mid_w = min(px(420), w - mid - col_w - px(60))
        players = list(range(self.info.min_players, self.info.max_players + 1))
        self.widgets.append(
            Cycler(
                (mid + px(130), y0, mid_w - px(130), px(40)),
                players,
                players.index(self.players),
                self._set_players,
                str,
            )
        )
        self.players_label = pygame.Rect(mid, y0, px(124), px(40))
        self.name_fields.clear()
        seat_h = min(px(44), (h - y0 - px(200)) // max(1, self.players) - 6)
        kinds = ["human", REMOTE, *self.levels]
        name_w = (
            mid_w * 2 // 5 if mid_w < px(360) else mid_w // 2
        )  # narrow: more room for "Bot: Medium"
        self.swatches: list[Swatch] = []
        kind_column: list[Cycler] = []
        for seat in range(self.players):
            y = y0 + px(56) + seat * (seat_h + 6)
            self.swatches.append(
                Swatch((mid, y, seat_h, seat_h), "", partial(self._next_colour, seat))
            )
            field = TextField((mid + seat_h + 4, y, name_w - 10 - seat_h, seat_h), self.names[seat])
            self.name_fields.append(field)
            self.widgets.append(field)
            kind = self.kinds[seat] if self.kinds[seat] in kinds else self.levels[0]

            def set_kind(v: object, seat: int = seat) -> None:
                self.kinds[seat] = str(v)
                if self.problem:
                    self.problem = ""

            kind_column.append(
                Cycler(
                    (mid + name_w, y, mid_w - name_w, seat_h),
                    kinds,
                    kinds.index(kind),
                    set_kind,
                    _seat_kind_text,
                )
            )
            self.widgets.append(kind_column[-1])
        Cycler.share_size(kind_column)  # "Botti: keskitaso" wraps; every seat's at one size
        # partnerships: who plays with whom, as the table's badges will say ("team A")
        self.teams_at = (mid, y0 + px(56) + self.players * (seat_h + 6) + 6, mid_w)
        # house rules
        right = mid + mid_w + px(30)
        rw = w - right - left
        y = y0
        # a long list in a low window (large text): the rows come closer together
        label_hs = {
            rule.key: label_image(
                catalog.option_label(rule.key), px(18), theme.TEXT, (rw, px(48)), centred=False
            ).get_height()
            for rule in self.info.house_rules
            if not rule.is_switch and rule.choices
        }
        wanted = sum(px(48) + label_hs.get(r.key, -2) + 2 for r in self.info.house_rules)
        room = h - px(80) - px(12) - y0
        step = px(48) if wanted <= room else max(px(30), px(48) * room // max(1, wanted))
        for rule in self.info.house_rules:
            key = rule.key
            label = catalog.option_label(key)
            current = self.options.get(key, rule.default)
            if rule.is_switch:

                def set_bool(v: bool, key: str = key) -> None:
                    self.options[key] = v

                self.widgets.append(
                    Toggle((right, y, rw, min(px(40), step - 4)), label, bool(current), set_bool)
                )
                self.option_help.append((self.widgets[-1], catalog.option_help(key)))
            elif rule.choices:
                choices = list(rule.choices)
                if current not in choices:
                    choices.append(current)

                def set_choice(v: object, key: str = key) -> None:
                    self.options[key] = v

                # a label too long for one line takes two, and its chooser moves down
                label_h = label_hs[key]
                self.widgets.append(
                    Cycler(
                        (right, y + label_h, min(rw, px(240)), min(px(36), step - 8)),
                        choices,
                        choices.index(current),
                        set_choice,
                        partial(catalog.option_text, key),
                    )
                )
                self.option_help.append((self.widgets[-1], catalog.option_help(key)))
                self.option_labels.append((label, (right, y), rw))
                y += label_h + 2
            y += step
        self.rules_x, self.rules_w = right, rw
        Toggle.share_size([t for t in self.widgets if isinstance(t, Toggle)])
        bw, bh, by = px(180), px(54), h - px(80)
        self.widgets.append(
            Button((w - left - bw, by, bw, bh), _("Start"), self._start, primary=True)
        )
        self.widgets.append(Button((w - left - 2 * bw - 16, by, bw, bh), _("Rules"), self._rules))
        self.widgets.append(Button((left, by, bw, bh), _("Back"), self.app.pop))
        self.widgets.extend(self.swatches)

    def blurb(self) -> str:
        """What the text under the games says: the help of the house rule the
        pointer is on, else the chosen game's description."""
        for widget, help_text in self.option_help:
            if widget.hover:
                return help_text
        return self.info.display_description

    def team_lines(self) -> list[str]:
        """ "Team A: You & Boris" for each partnership (none in a game without teams)."""
        sides = engine_catalog.sides(self.info.rules, self.players)
        if all(len(side) == 1 for side in sides):
            return []
        names = [f.text.strip() or seat_name(i) for i, f in enumerate(self.name_fields)]
        return [
            _("Team {team}: {names}").format(
                team=catalog.team_letter(k),
                names=" & ".join(names[i] for i in side if i < len(names)),
            )
            for k, side in enumerate(sides)
        ]

    def _next_colour(self, seat: int) -> None:
        taken = {self.colours[i] for i in range(self.players) if i != seat}
        for step in range(1, 9):
            if (self.colours[seat] + step) % 8 not in taken:
                self.colours[seat] = (self.colours[seat] + step) % 8
                return

    def _rules(self) -> None:
        self.app.push(RulesScene(self.app, self.info.id, dict(self.options)))

    def _start(self) -> None:
        self._save_names()
        from rummy_gui.play.palette import colour_id

        seats = [
            SeatConfig(self.names[i], self.kinds[i], colour_id(self.colours[i]))
            for i in range(self.players)
        ]
        options = {k: v for k, v in self.options.items() if self.info.options.get(k) != v}
        self.problem = seats_problem(seats)
        if self.problem:
            return
        self._remember_seats()
        if any(cfg.kind == REMOTE for cfg in seats):
            self.problem = host(self.app, self.info, seats, options)
            return
        self.app.rooms.start_table(self.info.id, seats, options)

    def handle(self, intent: Intent) -> None:
        if self.problem and isinstance(intent, PointerDown):
            self.problem = ""  # told; a click on anything else is the answer
        super().handle(intent)

    def _remember_seats(self) -> None:
        """Keep the names and seat kinds for the next New game (in the settings file)."""
        from rummy_gui.play import prefs

        s = self.app.settings
        s.seat_names = [n if n != seat_name(i) else "" for i, n in enumerate(self.names)]
        s.seat_kinds = list(self.kinds)
        if self.app.persist_settings:
            prefs.save(s, self.app.windowed_size)

    def layer_key(self) -> object:
        return (
            self.preset_index,
            tuple(self.desc_rect),
            tuple(self.players_label),
            self.teams_at,
            tuple(self.option_labels),
            (self.rules_x, self.rules_w),
            tuple(self.team_lines()),
            self.blurb(),
            self.problem,
        )

    def draw(self, surface: pygame.Surface) -> None:
        # the player's colour with the initial on it, the letter the table's badge will show
        from rummy_gui.play.palette import owner_colour
        from rummy_gui.play.session import initials

        marks = initials([f.text.strip() or seat_name(i) for i, f in enumerate(self.name_fields)])
        for seat, swatch in enumerate(self.swatches):
            swatch.colour, swatch.mark = owner_colour(self.colours[seat]), marks[seat]
        super().draw(surface)

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        r = self.desc_rect
        blurb = self.blurb()
        size, lines = px(17), fonts.wrap(blurb, px(17), r.w)
        while len(lines) * (size + 5) > r.h and size > 11:  # a long translation: smaller type
            size -= 1
            lines = fonts.wrap(blurb, size, r.w)
        for line_no, line in enumerate(lines):
            img = fonts.text_cached(line, size, theme.TEXT_DIM)
            surface.blit(img, (r.x, r.y + line_no * (size + 5)))
        img = fit_text(_("Players"), px(20), theme.TEXT, self.players_label.w)
        surface.blit(img, img.get_rect(midleft=self.players_label.midleft))
        for i, line in enumerate(self.team_lines()):
            x, y, width = self.teams_at
            surface.blit(fit_text(line, px(16), theme.GOLD, width), (x, y + i * px(22)))
        for label, pos, width in self.option_labels:
            surface.blit(
                label_image(label, px(18), theme.TEXT, (width, px(48)), centred=False), pos
            )
        heading = fit_text(_("House rules"), px(16), theme.GOLD, self.rules_w, True)
        surface.blit(heading, (self.rules_x, px(62)))
        if self.problem:
            w, h = surface.get_size()
            img = fit_text(self.problem, px(17), theme.ERROR, w - 2 * px(40))
            surface.blit(img, img.get_rect(midbottom=(w // 2, h - px(88))))


class Swatch(Button):
    """A seat's colour in the new-game screen, with the initial the table's
    badge will show; a click gives the seat the next free colour."""

    colour: tuple[int, int, int] = (0, 0, 0)
    mark = ""

    def state(self, live: bool = True) -> tuple[object, ...]:
        return (*super().state(live), self.colour, self.mark)

    def draw(self, surface: pygame.Surface, live: bool = True) -> None:
        super().draw(surface, live)
        pygame.draw.circle(surface, self.colour, self.rect.center, self.rect.h // 2 - 6)
        img = fonts.text_cached(self.mark, px(14), (15, 15, 15), True)
        surface.blit(img, img.get_rect(center=self.rect.center))


def host(
    app: App, info: catalog.PresetInfo, seats: list[SeatConfig], options: dict[str, Any]
) -> str:
    """Host the game for the players on other computers and open the waiting
    room; else why it can't be hosted (the port, the network)."""
    from rummy_gui.play.net.hosted import host_game
    from rummy_gui.ui.screens.waiting_room import WaitingRoomScene

    shown = [_name_for_others(cfg) for cfg in seats]
    try:
        try:
            session = host_game(info.id, seats, options, port=DEFAULT_PORT, shown_names=shown)
        except OSError:  # the usual port is taken (another program): any free one
            session = host_game(info.id, seats, options, port=0, shown_names=shown)
    except OSError as e:
        reason = clean(e.strerror or str(e) or type(e).__name__, 120)
        return _("The table can't be hosted: {reason}").format(reason=reason)
    host_seat = next(s for s, cfg in enumerate(seats) if cfg.is_human)
    app.push(WaitingRoomScene(app, session, shown[host_seat]))
    return ""


def _name_for_others(cfg: SeatConfig) -> str:
    """A seat's name as the players on the other computers see it (and the
    local network the table, by its host's): "You" is a word for this screen
    only (their table would say "Your turn" for it), so the computer's name
    stands for it there."""
    import socket

    if not (cfg.is_human and is_you(cfg.name)):
        return cfg.name
    return clean(socket.gethostname().split(".")[0], 24) or _("Host")


def seats_problem(seats: list[SeatConfig]) -> str:
    """Why these seats can't start a game ("": they can)."""
    if any(cfg.kind == REMOTE for cfg in seats) and not any(cfg.is_human for cfg in seats):
        return _(
            "A game with players on other computers needs a player at this computer too "
            "(its screen shows that player's hand)."
        )
    return ""


def _seat_kind_text(kind: object) -> str:
    if kind == "human":
        return catalog.level_name("human")
    if kind == REMOTE:  # a player on another computer, in the few words the chooser holds
        return _("On another computer")
    return _("Bot: {level}").format(level=catalog.level_name(str(kind)))
