"""Settings: every setting of the program on one screen, opened from the main
menu and from the table (the same screen: nothing is set in two places).

Two columns: how the game looks (language, text size, the cards, contrast,
fullscreen) and how it plays and sounds (animation, volume, the coach, the
hot-seat settings). A change takes effect at once; the screens beneath are laid out
again when they show (the table's felt, cards and UI scale)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from rummy_gui import i18n
from rummy_gui.engine.cards import parse_card
from rummy_gui.i18n import N_, NC_, _, pgettext
from rummy_gui.play import palette
from rummy_gui.play.settings import (
    ANIMATION_SPEEDS,
    ASK_CLAIMS,
    CARD_BACKS,
    COACH_LEVELS,
    TEXT_SIZES,
)
from rummy_gui.ui.shell.intents import Intent, Key
from rummy_gui.ui.shell.scene import App
from rummy_gui.ui.widgets import theme
from rummy_gui.ui.widgets.controls import (
    Button,
    Cycler,
    Toggle,
    Widget,
    draw_panel,
    fit_text,
    label_image,
)
from rummy_gui.ui.widgets.dialogs import WidgetScene
from rummy_gui.ui.widgets.uiscale import px

TEXT_SIZE_NAMES = {
    "small": NC_("text size", "Small"),
    "normal": NC_("text size", "Normal"),
    "large": NC_("text size", "Large"),
}
ASK_NAMES = {
    "always": N_("always"),
    "useful": N_("only when the card could be used"),
    "never": N_("never"),
}
COACH_NAMES = {
    "off": NC_("coach", "Off"),
    "gentle": NC_("coach", "Gentle (big mistakes)"),
    "strict": NC_("coach", "Strict (every clear mistake)"),
}
CARD_SCALES = (0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6)
VOLUMES = tuple(round(v / 10, 1) for v in range(11))
HEADINGS = (N_("Table and cards"), N_("Play and sound"))
# Every setting on the screen, by the Settings field it changes, column by column.
COLUMNS: tuple[tuple[str, ...], ...] = (
    (
        "language",
        "text_size",
        "card_scale",
        "card_back",
        "four_colour",
        "high_contrast",
        "fullscreen",
    ),
    ("animation", "volume", "mute", "coach", "ask_claims", "hand_over_screen"),
)
LABELS = {
    "language": N_("Language"),
    "text_size": N_("Text size"),
    "card_scale": N_("Card size"),
    "card_back": N_("Card back"),
    "four_colour": N_("Four-colour deck (♣ green, ♦ blue)"),
    "high_contrast": N_("High-contrast table"),
    "fullscreen": N_("Fullscreen (F11)"),
    "animation": N_("Animation"),
    "volume": N_("Volume"),
    "mute": N_("Mute"),
    "coach": N_("Coach"),
    "ask_claims": N_("Ask about claims"),
    "hand_over_screen": N_("Hand-over screen between players"),
}


def set_language(app: App, lang: str) -> None:
    """Switch the language and lay out every open screen again in it (no restart)."""
    i18n.set_language(lang)
    app.settings.language = lang
    for scene in list(app.stack.scenes):
        scene.layout(app.size)


def _nearest(values: tuple[float, ...], value: float) -> int:
    return min(range(len(values)), key=lambda i: abs(values[i] - value))


@dataclass(frozen=True)
class Choice:
    """A setting chosen from a list: its values and how each is shown."""

    values: tuple[object, ...]
    index: int
    show: Callable[[object], str]


class SettingsScene(WidgetScene):
    title = N_("Settings")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.by_name: dict[str, Widget] = {}
        self.labels: list[tuple[str, pygame.Rect]] = []  # a chooser's label, its box
        self.headings: list[tuple[str, pygame.Rect]] = []
        self.previews: tuple[pygame.Rect, pygame.Rect] | None = None
        self.panels: list[pygame.Rect] = []
        self.focus = 0

    # --- the settings ------------------------------------------------------
    def _choice(self, name: str) -> Choice | None:
        """The chooser's values for a setting chosen from a list (None: a switch)."""
        s = self.app.settings
        if name == "language":
            langs = tuple(i18n.LANGUAGES)
            current = i18n.language()
            return Choice(
                langs,
                langs.index(current) if current in langs else 0,
                lambda v: i18n.LANGUAGES.get(str(v), str(v)),
            )
        if name == "text_size":
            sizes = tuple(TEXT_SIZES)
            return Choice(
                sizes,
                sizes.index(s.text_size) if s.text_size in sizes else 1,
                lambda v: pgettext("text size", TEXT_SIZE_NAMES.get(str(v), str(v))),
            )
        if name == "card_scale":
            return Choice(
                CARD_SCALES,
                _nearest(CARD_SCALES, s.card_scale),
                lambda v: f"{round(float(str(v)) * 100)} %",
            )
        if name == "card_back":
            backs = tuple(CARD_BACKS)
            return Choice(
                backs,
                backs.index(s.card_back) if s.card_back in backs else 0,
                lambda v: pgettext("card back", CARD_BACKS.get(str(v), str(v))),
            )
        if name == "animation":
            speeds = tuple(ANIMATION_SPEEDS)
            return Choice(
                speeds,
                speeds.index(s.animation) if s.animation in speeds else 2,
                lambda v: pgettext("animation", ANIMATION_SPEEDS[str(v)][1]),
            )
        if name == "volume":
            return Choice(
                VOLUMES, _nearest(VOLUMES, s.volume), lambda v: f"{int(float(str(v)) * 100)} %"
            )
        if name == "coach":
            return Choice(
                COACH_LEVELS,
                COACH_LEVELS.index(s.coach) if s.coach in COACH_LEVELS else 0,
                lambda v: pgettext("coach", COACH_NAMES.get(str(v), str(v))),
            )
        if name == "ask_claims":
            return Choice(
                ASK_CLAIMS,
                ASK_CLAIMS.index(s.ask_claims) if s.ask_claims in ASK_CLAIMS else 1,
                lambda v: _(ASK_NAMES.get(str(v), str(v))),
            )
        return None

    def _setter(self, name: str) -> Callable[[object], None]:
        def change(value: object) -> None:
            if name == "language":
                set_language(self.app, str(value))
            elif name == "fullscreen":
                self.app.set_fullscreen(bool(value))
            else:
                setattr(self.app.settings, name, value)
                if name == "text_size":
                    self.app.relayout()  # every screen at the new scale, this one too

        return change

    # --- layout --------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.app.settings
        gap = px(24)
        col_w = min(px(470), (w - 3 * gap) // 2)
        left = w // 2 - col_w - gap // 2
        top = px(78)
        heading_h = px(34)
        back_h = px(50)
        bottom = h - back_h - px(34)
        rows = max(len(c) for c in COLUMNS)
        row_h = min(px(60), (bottom - top - heading_h - px(16)) // rows)
        control_h = min(px(42), row_h - px(8))
        label_w = col_w * 2 // 5
        self.panels = []
        self.headings = []
        self.labels = []
        self.by_name = {}
        if bottom > top + heading_h + px(24) + rows * row_h:  # room to spare: the block centred
            block = heading_h + px(24) + rows * row_h + px(24) + back_h
            top = max(top, (h - block) // 2)
            bottom = top + heading_h + px(24) + rows * row_h
        for c, names in enumerate(COLUMNS):
            x = left + c * (col_w + gap)
            panel = pygame.Rect(x - gap // 3, top, col_w + 2 * (gap // 3), bottom - top)
            self.panels.append(panel)
            self.headings.append(
                (HEADINGS[c], pygame.Rect(x, top + px(10), col_w, heading_h - px(6)))
            )
            y = top + heading_h + px(12)
            for name in names:
                row = pygame.Rect(x, y + (row_h - control_h) // 2, col_w, control_h)
                choice = self._choice(name)
                if choice is None:
                    self.by_name[name] = Toggle(
                        row, _(LABELS[name]), bool(getattr(s, name)), self._setter(name)
                    )
                else:
                    self.labels.append((LABELS[name], pygame.Rect(x, row.y, label_w, row.h)))
                    box = pygame.Rect(x + label_w + px(8), row.y, col_w - label_w - px(8), row.h)
                    self.by_name[name] = Cycler(
                        box, choice.values, choice.index, self._setter(name), choice.show
                    )
                y += row_h
            if c == 1:  # the cards' previews under the second column's settings
                room = pygame.Rect(x, y + px(4), col_w, panel.bottom - y - px(12))
                ch = min(px(98), room.h)
                cw = ch * 70 // 98
                self.previews = (
                    pygame.Rect(room.centerx - cw - px(10), room.y, cw, ch),
                    pygame.Rect(room.centerx + px(10), room.y, cw, ch),
                )
        back = Button(
            (w // 2 - px(110), min(h - back_h - px(18), bottom + px(24)), px(220), back_h),
            _("Back"),
            self.app.pop,
        )
        self.widgets = [*self.by_name.values(), back]
        switches = [t for t in self.widgets if isinstance(t, Toggle)]
        Toggle.share_size(switches)
        for t in switches:  # no larger than the choosers' labels beside them
            t.size = min(t.size or px(17), px(17))
        Cycler.share_size([c for c in self.widgets if isinstance(c, Cycler)])
        self.focus = min(self.focus, len(self.widgets) - 1)

    # --- input ----------------------------------------------------------------
    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Key) and self.key(intent):
            return
        super().handle(intent)

    def key(self, intent: Key) -> bool:
        """Up/Down (Tab) move among the settings and Back; Space/Enter switch,
        Left/Right choose."""
        items = self.widgets
        k = intent.key
        if k in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + (-1 if intent.shift else 1)) % len(items)
            return True
        if k == pygame.K_UP:
            self.focus = (self.focus - 1) % len(items)
            return True
        item = items[self.focus % len(items)]
        press = k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        if isinstance(item, Toggle) and press:
            item.value = not item.value
            item.on_change(item.value)
        elif isinstance(item, Cycler) and k in (pygame.K_LEFT, pygame.K_RIGHT):
            item.index = (item.index + (1 if k == pygame.K_RIGHT else -1)) % len(item.values)
            item.on_change(item.values[item.index])
        elif isinstance(item, Button) and press:
            item.on_click()
        else:
            return False
        return True

    def exit(self) -> None:
        super().exit()
        from rummy_gui.play import prefs

        if self.app.persist_settings:
            prefs.save(self.app.settings, self.app.windowed_size)

    # --- drawing --------------------------------------------------------------
    def layer_key(self) -> object:
        s = self.app.settings
        return (
            tuple(tuple(p) for p in self.panels),
            tuple((t, tuple(r)) for t, r in self.labels),
            s.card_back,
            s.four_colour,
            self.focus,
        )

    def draw_layer(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        for panel in self.panels:
            draw_panel(surface, panel)
        for text, box in self.headings:
            img = fit_text(_(text), px(18), theme.GOLD, box.w, True)
            surface.blit(img, img.get_rect(midleft=box.midleft))
        for text, box in self.labels:  # left of its chooser, on two lines if one is short
            img = label_image(_(text), px(17), theme.TEXT, box.size, centred=False)
            surface.blit(img, img.get_rect(midleft=box.midleft))
        if self.previews is not None and self.previews[0].h >= px(40):
            s = self.app.settings
            back_at, face_at = self.previews
            surface.blit(self.app.art.back(s.card_back, back_at.size), back_at)
            surface.blit(self.app.art.face(parse_card("QD"), face_at.size, s.four_colour), face_at)

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.covered or not self.widgets:
            return
        focused = self.widgets[self.focus % len(self.widgets)].rect.inflate(px(6), px(6))
        pygame.draw.rect(surface, palette.FOCUS, focused, width=max(2, px(2)), border_radius=10)
