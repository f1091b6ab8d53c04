"""Main menu, new game, settings and rules screens."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from rummy_gui import i18n
from rummy_gui.engine import catalog as engine_catalog
from rummy_gui.engine.cards import JOKER, parse_card
from rummy_gui.i18n import N_, NC_, _, pgettext
from rummy_gui.play.settings import ANIMATION_SPEEDS, CARD_BACKS
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.rules_text import rules_for
from rummy_gui.ui.shell.intents import Back, Intent, Key, Wheel
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import fonts, theme
from rummy_gui.ui.widgets.controls import (
    Button,
    Cycler,
    TextField,
    Toggle,
    Widget,
    draw_panel,
    fit_text,
    label_image,
)
from rummy_gui.ui.widgets.dialogs import WidgetScene


def subtitle() -> str:
    """The menu's line under the title: the short names of all the games, one per preset."""
    return _("Rummy 500 · Rum 500 classic · Persian · Pinochle · Contract · Liverpool · Shanghai")


if TYPE_CHECKING:
    from rummy_gui.play.session import Session

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
CARD_BACK_NAMES = {
    "blue": NC_("card back", "Blue"),
    "red": NC_("card back", "Red"),
    "green": NC_("card back", "Green"),
}
ANIMATION_NAMES = {
    "off": NC_("animation", "Off"),
    "fast": NC_("animation", "Fast"),
    "normal": NC_("animation", "Normal"),
    "slow": NC_("animation", "Slow"),
}


def seat_name(seat: int) -> str:
    """The name a seat starts with, in the current language: "You" for the first."""
    return _(SEAT_NAMES[seat]) if seat == 0 else pgettext("name", SEAT_NAMES[seat])


def set_language(app: App, lang: str) -> None:
    """Switch the language and lay out every open screen again in it (no restart)."""
    i18n.set_language(lang)
    app.settings.language = lang
    for scene in list(app.stack.scenes):
        scene.layout(app.size)


def bot_levels() -> tuple[str, ...]:
    """The bots' levels, weakest first (the bots' own list)."""
    return catalog.bot_levels()


class MainMenu(WidgetScene):
    autosave_problem = ""  # why Continue could not open the autosave (shown; Continue greys out)
    notice = ""  # news that leaves Continue as it is (another copy of the game is open)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        bw, bh = 320, (46 if h >= 760 else 38)
        x = w // 2 - bw // 2
        y = min(int(h * 0.44), h - 7 * (bh + 10) - 12)
        from rummy_gui.play.session import autosave_exists

        has_game = (self.app.session is not None and not self.app.session.finished) or (
            autosave_exists() and not self.autosave_problem
        )
        items = [
            (_("Continue"), self._continue, has_game),
            (_("New game"), self._new_game, True),
            (_("Load"), self._load, True),
            (_("Rules"), lambda: self.app.push(RulesScene(self.app)), True),
            (_("Settings"), lambda: self.app.push(SettingsScene(self.app)), True),
            (_("Statistics"), self._statistics, True),
            (_("Quit"), self._quit, True),
        ]
        default = 0 if has_game else 1  # a game in progress: Continue is what Enter does
        self.widgets = [
            Button((x, y + i * (bh + 10), bw, bh), label, fn, enabled=en, primary=(i == default))
            for i, (label, fn, en) in enumerate(items)
        ]

    def _fan(
        self, bottom: int, card_h: int, centre: int
    ) -> list[tuple[pygame.Rect, pygame.Surface]]:
        """The menu's five cards fanned out, as large as `card_h` and wholly above
        `bottom` (and below the window's top)."""
        cards = [parse_card(t) for t in ("AS", "KH", "QC", "JD")] + [JOKER]

        def placed(ch: int) -> list[tuple[pygame.Rect, pygame.Surface]]:
            cw, step = ch * 110 // 154, ch * 52 // 154
            out = []
            for i, card in enumerate(cards):
                img = self.app.art.face(card, (cw, ch), self.app.settings.four_colour)
                rot = pygame.transform.rotozoom(img, (2 - i) * 11, 1.0)
                centre_y = abs(i - 2) * ch * 9 // 154
                out.append((rot.get_rect(center=(centre + (i - 2) * step, centre_y)), rot))
            return out

        fan = placed(card_h)
        span = fan[0][0].unionall([r for r, _img in fan])
        room = bottom - 10
        if span.h > room > 40:
            fan = placed(max(30, card_h * room // span.h))
            span = fan[0][0].unionall([r for r, _img in fan])
        return [(r.move(0, bottom - span.bottom), img) for r, img in fan]

    def resume(self) -> None:
        if self.app.session is not None:  # another game since: its autosave is a new file
            self.autosave_problem = ""
        self.layout(self.app.size)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Back):
            return  # Escape on the main menu does not quit by accident
        if isinstance(intent, Key) and intent.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for wd in self.widgets:
                if isinstance(wd, Button) and wd.primary and wd.enabled:
                    wd.on_click()
                    return
        super().handle(intent)

    def _continue(self) -> None:
        from rummy_gui.play.session import open_autosave
        from rummy_gui.ui.screens.opening import close_opened, open_in_background

        session = self.app.session
        if session is not None and not session.finished:
            self.app.rooms.table(session)
            return
        if session is not None:
            session.close()
            self.app.session = None
        open_in_background(self.app, open_autosave, self._opened, close_opened)

    def _opened(self, result: tuple[Session | None, str]) -> None:
        session, self.autosave_problem = result
        self.app.session = session
        if session is not None:
            self.app.rooms.table(session)
        else:
            self.layout(self.app.size)  # the autosave could not be read: Continue greys out

    def _statistics(self) -> None:
        from rummy_gui.ui.screens.statistics import StatisticsScene

        self.app.push(StatisticsScene(self.app))

    def _load(self) -> None:
        from rummy_gui.ui.screens.saving import LoadScene

        self.app.push(LoadScene(self.app))

    def _new_game(self) -> None:
        self.app.push(NewGameScene(self.app))

    def _quit(self) -> None:
        self.app.running = False

    def layer_key(self) -> object:
        top = self.widgets[0].rect.y if self.widgets else None
        return (top, self.autosave_problem, self.app.settings.four_colour)

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w, h = surface.get_size()
        scale = min(1.0, h / 800)
        # From the buttons up: the subtitle, the title, and the card fan in the
        # room left above the title (smaller cards in a low window), none over another.
        top = self.widgets[0].rect.y if self.widgets else int(h * 0.44)
        sub = fit_text(
            subtitle(),
            18,
            theme.TEXT_DIM,
            w - 40,
        )
        sub_rect = sub.get_rect(midbottom=(w // 2, top - 10))
        title = fonts.text_cached(_("Rummy"), int(64 * scale), theme.GOLD, True)
        shadow = fonts.text_cached(_("Rummy"), int(64 * scale), (8, 30, 18), True)
        title_rect = title.get_rect(midbottom=(w // 2, sub_rect.y + 2))
        for card_rect, img in self._fan(title_rect.y - 2, int(154 * scale), w // 2):
            surface.blit(img, card_rect)
        surface.blit(shadow, title_rect.move(3, 3))
        surface.blit(title, title_rect)
        surface.blit(sub, sub_rect)

    def draw_over(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        said = [
            (line, colour)
            for text, colour in ((self.notice, theme.GOLD), (self.autosave_problem, theme.ERROR))
            for line in (fonts.wrap(text, 15, min(900, w - 40))[:3] if text else [])
        ]
        y = h - 8 - 19 * len(said)
        for line, colour in said:
            img = fonts.text_cached(line, 15, colour)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += 19


class SettingsScene(WidgetScene):
    title = N_("Settings")
    ROWS = 7

    def layout(self, size: tuple[int, int]) -> None:
        s = self.app.settings
        w, h = size
        x = w // 2 - 220
        y = 110
        row = self.row = min(62, (h - y - 100) // self.ROWS)
        volumes = [round(v / 10, 1) for v in range(11)]
        languages = list(i18n.LANGUAGES)
        current = i18n.language()

        def set_attr(name: str) -> Any:
            def setter(value: object) -> None:
                setattr(s, name, value)

            return setter

        # The order of the list is the order of the tests' clicks; the rows on
        # screen put the language first.
        self.widgets = [
            Cycler(
                (x + 200, y + row, 240, 42),
                list(CARD_BACKS),
                CARD_BACKS.index(s.card_back) if s.card_back in CARD_BACKS else 0,
                set_attr("card_back"),
                lambda v: pgettext("card back", CARD_BACK_NAMES.get(str(v), str(v))),
            ),
            Toggle(
                (x, y + 2 * row, 440, 42),
                _("Four-colour deck (♣ green, ♦ blue)"),
                s.four_colour,
                set_attr("four_colour"),
            ),
            Cycler(
                (x + 200, y + 3 * row, 240, 42),
                list(ANIMATION_SPEEDS),
                list(ANIMATION_SPEEDS).index(s.animation),
                set_attr("animation"),
                lambda v: pgettext("animation", ANIMATION_NAMES.get(str(v), str(v))),
            ),
            Cycler(
                (x + 200, y + 4 * row, 240, 42),
                volumes,
                min(range(11), key=lambda i: abs(volumes[i] - s.volume)),
                set_attr("volume"),
                lambda v: f"{int(float(str(v)) * 100)} %",
            ),
            Toggle((x, y + 5 * row, 440, 42), _("Mute"), s.mute, set_attr("mute")),
            Toggle(
                (x, y + 6 * row, 440, 42), _("Fullscreen (F11)"), s.fullscreen, self._fullscreen
            ),
            Button((w // 2 - 110, h - 90, 220, 50), _("Back"), self.app.pop),
            Cycler(
                (x + 200, y, 240, 42),
                languages,
                languages.index(current) if current in languages else 0,
                self._language,
                lambda v: i18n.LANGUAGES.get(str(v), str(v)),
            ),
        ]
        self.labels = [
            (N_("Language"), y),
            (N_("Card back"), y + row),
            (N_("Animation"), y + 3 * row),
            (N_("Volume"), y + 4 * row),
        ]
        self.x = x
        Toggle.share_size([t for t in self.widgets if isinstance(t, Toggle)])

    def _language(self, lang: object) -> None:
        set_language(self.app, str(lang))

    def _fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)

    def exit(self) -> None:
        from rummy_gui.play import prefs

        if self.app.persist_settings:
            prefs.save(self.app.settings, self.app.windowed_size)

    def layer_key(self) -> object:
        s = self.app.settings
        return (self.row, self.x, tuple(self.labels), s.card_back, s.four_colour)

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        w = surface.get_width()
        draw_panel(surface, pygame.Rect(w // 2 - 260, 90, 520, self.ROWS * self.row + 30))
        for text, y in self.labels:
            img = fit_text(_(text), 20, theme.TEXT, 192)
            surface.blit(img, img.get_rect(midleft=(self.x, y + 21)))
        # the previews, right of the panel: no widget reaches there
        s = self.app.settings
        back = self.app.art.back(s.card_back, (70, 98))
        surface.blit(back, (w // 2 + 280, 100))
        face = self.app.art.face(parse_card("QD"), (70, 98), s.four_colour)
        surface.blit(face, (w // 2 + 280, 210))


class NewGameScene(WidgetScene):
    title = N_("New game")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.presets = catalog.presets()
        self.preset_index = 0
        self.levels = bot_levels()
        self.names = [seat_name(i) for i in range(len(SEAT_NAMES))]
        self.kinds = ["human"] + ["medium" if "medium" in self.levels else self.levels[0]] * 7
        # the last game's names and seats, as typed (an empty name: the seat's own in this language)
        for i, name in enumerate(app.settings.seat_names[: len(self.names)]):
            self.names[i] = name or self.names[i]
        for i, kind in enumerate(app.settings.seat_kinds[: len(self.kinds)]):
            self.kinds[i] = kind if kind in ("human", *self.levels) else self.kinds[i]
        self.colours = list(
            range(8)
        )  # hot seat: each player's colour (play.palette), a click changes it
        self.name_fields: list[TextField] = []
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
        left = max(30, w // 2 - 600)
        col_w = min(360, (w - 2 * left) // 3 - 20)
        y0 = 86
        row_h = min(48, (h - 260) // 8)
        for i, p in enumerate(self.presets):
            b = Button(
                (left, y0 + i * (row_h + 6), col_w, row_h),
                p.display_name,
                partial(self._pick_preset, i),
                primary=(i == self.preset_index),
            )
            self.widgets.append(b)
        desc_y = y0 + 7 * (row_h + 6) + 6
        self.desc_rect = pygame.Rect(left, desc_y, col_w, h - 80 - 10 - desc_y)
        # seats
        mid = left + col_w + 30
        mid_w = min(420, w - mid - col_w - 60)
        players = list(range(self.info.min_players, self.info.max_players + 1))
        self.widgets.append(
            Cycler(
                (mid + 130, y0, mid_w - 130, 40),
                players,
                players.index(self.players),
                self._set_players,
                str,
            )
        )
        self.players_label = pygame.Rect(mid, y0, 124, 40)
        self.name_fields.clear()
        seat_h = min(44, (h - y0 - 200) // max(1, self.players) - 6)
        kinds = ["human", *self.levels]
        name_w = (
            mid_w * 2 // 5 if mid_w < 360 else mid_w // 2
        )  # narrow: more room for "Bot: Medium"
        self.swatches: list[Swatch] = []
        kind_column: list[Cycler] = []
        for seat in range(self.players):
            y = y0 + 56 + seat * (seat_h + 6)
            self.swatches.append(
                Swatch((mid, y, seat_h, seat_h), "", partial(self._next_colour, seat))
            )
            field = TextField((mid + seat_h + 4, y, name_w - 10 - seat_h, seat_h), self.names[seat])
            self.name_fields.append(field)
            self.widgets.append(field)
            kind = self.kinds[seat] if self.kinds[seat] in kinds else kinds[1]

            def set_kind(v: object, seat: int = seat) -> None:
                self.kinds[seat] = str(v)

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
        self.teams_at = (mid, y0 + 56 + self.players * (seat_h + 6) + 6, mid_w)
        # house rules
        right = mid + mid_w + 30
        rw = w - right - left
        y = y0
        for rule in self.info.house_rules:
            key = rule.key
            label = catalog.option_label(key)
            current = self.options.get(key, rule.default)
            if rule.is_switch:

                def set_bool(v: bool, key: str = key) -> None:
                    self.options[key] = v

                self.widgets.append(Toggle((right, y, rw, 40), label, bool(current), set_bool))
                self.option_help.append((self.widgets[-1], catalog.option_help(key)))
            elif rule.choices:
                choices = list(rule.choices)
                if current not in choices:
                    choices.append(current)

                def set_choice(v: object, key: str = key) -> None:
                    self.options[key] = v

                # a label too long for one line takes two, and its chooser moves down
                label_h = label_image(label, 18, theme.TEXT, (rw, 48), centred=False).get_height()
                self.widgets.append(
                    Cycler(
                        (right, y + label_h, min(rw, 240), 36),
                        choices,
                        choices.index(current),
                        set_choice,
                        partial(catalog.option_text, key),
                    )
                )
                self.option_help.append((self.widgets[-1], catalog.option_help(key)))
                self.option_labels.append((label, (right, y), rw))
                y += label_h + 2
            y += 48
        self.rules_x, self.rules_w = right, rw
        Toggle.share_size([t for t in self.widgets if isinstance(t, Toggle)])
        bw = 180
        self.widgets.append(
            Button((w - left - bw, h - 80, bw, 54), _("Start"), self._start, primary=True)
        )
        self.widgets.append(
            Button((w - left - 2 * bw - 16, h - 80, bw, 54), _("Rules"), self._rules)
        )
        self.widgets.append(Button((left, h - 80, bw, 54), _("Back"), self.app.pop))
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
        from rummy_gui.play.session import SeatConfig

        self._save_names()
        from rummy_gui.play.palette import colour_id

        seats = [
            SeatConfig(self.names[i], self.kinds[i], colour_id(self.colours[i]))
            for i in range(self.players)
        ]
        options = {k: v for k, v in self.options.items() if self.info.options.get(k) != v}
        self._remember_seats()
        self.app.rooms.start_table(self.info.id, seats, options)

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
        size, lines = 17, fonts.wrap(blurb, 17, r.w)
        while len(lines) * (size + 5) > r.h and size > 11:  # a long translation: smaller type
            size -= 1
            lines = fonts.wrap(blurb, size, r.w)
        for line_no, line in enumerate(lines):
            img = fonts.text_cached(line, size, theme.TEXT_DIM)
            surface.blit(img, (r.x, r.y + line_no * (size + 5)))
        img = fit_text(_("Players"), 20, theme.TEXT, self.players_label.w)
        surface.blit(img, img.get_rect(midleft=self.players_label.midleft))
        for i, line in enumerate(self.team_lines()):
            x, y, width = self.teams_at
            surface.blit(fit_text(line, 16, theme.GOLD, width), (x, y + i * 22))
        for label, pos, width in self.option_labels:
            surface.blit(label_image(label, 18, theme.TEXT, (width, 48), centred=False), pos)
        heading = fit_text(_("House rules"), 16, theme.GOLD, self.rules_w, True)
        surface.blit(heading, (self.rules_x, 62))


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
        img = fonts.text_cached(self.mark, 14, (15, 15, 15), True)
        surface.blit(img, img.get_rect(center=self.rect.center))


# how far down each kind of line in the rules moves
RULES_STEPS = {"heading": 28, "line": 23, "gap": 12}


def _seat_kind_text(kind: object) -> str:
    if kind == "human":
        return catalog.level_name("human")
    return _("Bot: {level}").format(level=catalog.level_name(str(kind)))


class RulesScene(WidgetScene):
    title = N_("Rules")

    def __init__(
        self, app: App, preset_id: str | None = None, options: dict[str, Any] | None = None
    ) -> None:
        super().__init__(app)
        self.presets = catalog.presets()
        ids = [p.id for p in self.presets]
        self.index = ids.index(preset_id) if preset_id in ids else 0
        self.options = options or {}
        self.scroll = 0
        self._lines: tuple[tuple[object, ...], list[tuple[str, str]]] | None = None

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.widgets = [
            Cycler(
                (w // 2 - 200, 76, 400, 42),
                list(range(len(self.presets))),
                self.index,
                self._pick,
                lambda i: self.presets[int(str(i))].display_name,
            ),
            Button((w // 2 - 110, h - 76, 220, 50), _("Back"), self.app.pop),
        ]
        self.text_rect = pygame.Rect(
            w // 2 - min(460, w // 2 - 40), 132, min(920, w - 80), h - 132 - 92
        )

    def _pick(self, i: object) -> None:
        self.index = int(str(i))
        self.options = {}
        self.scroll = 0

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Wheel):
            self.scroll = max(0, self.scroll - intent.dy * 40)
            return
        steps = {pygame.K_PAGEDOWN: 300, pygame.K_PAGEUP: -300}
        if isinstance(intent, Key) and intent.key in steps:
            self.scroll = max(0, self.scroll + steps[intent.key])
            return
        super().handle(intent)

    def text_lines(self) -> list[tuple[str, str]]:
        """The rules shown, wrapped to the panel: ("heading" | "line" | "gap", text)."""
        r = self.text_rect
        key = (self.index, repr(sorted(self.options.items())), r.w, i18n.language())
        if self._lines is None or self._lines[0] != key:
            lines: list[tuple[str, str]] = []
            for heading, text in rules_for(self.presets[self.index], self.options):
                lines.append(("heading", heading))
                lines.extend(("line", line) for line in fonts.wrap(text, 17, r.w - 40))
                lines.append(("gap", ""))
            self._lines = (key, lines)
        return self._lines[1]

    def layer_key(self) -> object:
        return (self.index, repr(sorted(self.options.items())), self.scroll, tuple(self.text_rect))

    def draw(self, surface: pygame.Surface) -> None:
        r = self.text_rect
        height = sum(RULES_STEPS[kind] for kind, _text in self.text_lines())
        # no scrolling past the end: the last line stays at the panel's foot
        self.scroll = min(self.scroll, max(0, r.y + 16 + height - r.bottom))
        super().draw(surface)

    def placed(self) -> list[tuple[str, str, int]]:
        """The lines drawn now, each with its top: only whole lines within the panel."""
        r = self.text_rect
        view = r.inflate(-8, -8)
        y = r.y + 16 - self.scroll
        out = []
        for kind, text in self.text_lines():
            if kind != "gap" and y >= view.y and y + RULES_STEPS[kind] - 4 <= view.bottom:
                out.append((kind, text, y))
            y += RULES_STEPS[kind]
        return out

    def scroll_thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb at the panel's right edge; None when all the text fits."""
        r = self.text_rect
        height = sum(RULES_STEPS[kind] for kind, _text in self.text_lines()) + 16
        if height <= r.h:
            return None
        track = pygame.Rect(r.right - 12, r.y + 10, 6, r.h - 20)
        size = max(24, track.h * r.h // height)
        top = track.y + (track.h - size) * self.scroll // max(1, height - r.h)
        return pygame.Rect(track.x, min(top, track.bottom - size), track.w, size)

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        r = self.text_rect
        draw_panel(surface, r)
        for kind, text, y in self.placed():
            if kind == "heading":
                surface.blit(fonts.text_cached(text, 20, theme.GOLD, True), (r.x + 20, y))
            else:
                surface.blit(fonts.text_cached(text, 17, theme.TEXT), (r.x + 20, y))
        thumb = self.scroll_thumb()
        if thumb is not None:  # the text goes on: the wheel scrolls it
            track = pygame.Rect(thumb.x, r.y + 10, thumb.w, r.h - 20)
            pygame.draw.rect(surface, theme.PANEL_EDGE, track, border_radius=3)
            pygame.draw.rect(surface, theme.GOLD, thumb, border_radius=3)
