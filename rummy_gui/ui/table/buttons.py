"""The table's buttons, found by name ("meld", "undo", ...): the actions that
apply now (Meld, Discard, Pass, the Shanghai call) as a column over the
hand's right end, shown only while the engine allows them; the rest as an icon bar under
the log, each with a tooltip naming it and its key."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from pygame import Rect

from rummy_gui.engine.cards import rank_ends, suit_order
from rummy_gui.engine.enums import Action, Phase
from rummy_gui.i18n import _
from rummy_gui.ui.table.state import TableState
from rummy_gui.ui.widgets.controls import Button
from rummy_gui.ui.widgets.icons import IconButton, KeyedButton
from rummy_gui.ui.widgets.uiscale import px

ACTIONS: tuple[str, ...] = ("meld", "discard", "pass", "shanghai")
# The icon bar, in its order: (name, icon, key that does the same or "")
ICON_BAR: tuple[tuple[str, str], ...] = (
    ("sort_suit", "T"),
    ("sort_rank", "R"),
    ("undo", "Ctrl+Z"),
    ("redo", "Ctrl+Y"),
    ("hint", "H"),
    ("rules", ""),
    ("save", ""),
    ("options", ""),
    ("scores", "C"),
    ("menu", "Esc"),
)
ICON_OF = {"options": "settings"}  # a name whose icon is called otherwise
NAMES: tuple[str, ...] = ACTIONS + tuple(name for name, _key in ICON_BAR)
ACTION_KEYS = {"meld": "M", "discard": "D", "pass": "P"}


def _labels(t: TableState) -> dict[str, str]:
    if not t.shanghai_calls():
        shanghai = "—"
    else:
        shanghai = _("Shanghai call: on") if t.shanghai.called else _("Shanghai call: off")
    low, high = rank_ends()
    return {
        "meld": _("Meld"),
        "discard": _("Discard"),
        "sort_suit": _("Sort {suits}").format(suits=suit_order()),
        "sort_rank": _("Sort {first}-{last}").format(first=low, last=high),
        "pass": _("Pass"),
        "shanghai": shanghai,
        "undo": _("Undo"),
        "redo": _("Redo"),
        "hint": _("Hint"),
        "rules": _("Rules"),
        "save": _("Save as…"),
        "options": _("Settings"),
        "scores": _("Scores"),
        "menu": _("Menu"),
    }


class SideButtons:
    def __init__(self) -> None:
        self.by_name: dict[str, Button] = {}
        self.actions_area = Rect(0, 0, 0, 0)
        self._version: object = -1

    def __getitem__(self, name: str) -> Button:
        return self.by_name[name]

    def __iter__(self) -> Iterator[Button]:
        return iter(self.by_name.values())

    def __len__(self) -> int:
        return len(self.by_name)

    def icons(self) -> list[IconButton]:
        return [b for b in self.by_name.values() if isinstance(b, IconButton)]

    def actions(self) -> list[Button]:
        return [self.by_name[n] for n in ACTIONS if n in self.by_name]

    def hovered(self) -> KeyedButton | None:
        """The button under the pointer, whose tooltip shows."""
        return next(
            (
                b
                for b in self.by_name.values()
                if isinstance(b, KeyedButton) and b.hover and b.visible
            ),
            None,
        )

    def layout(
        self,
        icon_bar: Rect,
        actions_area: Rect,
        t: TableState,
        actions: Mapping[str, Callable[[], None]],
    ) -> None:
        """Place the icon bar in `icon_bar` and the actions in `actions_area`,
        each button calling `actions[its name]`."""
        labels = _labels(t)
        self.by_name = {}
        self.actions_area = actions_area
        for name in ACTIONS:
            self.by_name[name] = KeyedButton(
                (actions_area.x, actions_area.y, actions_area.w, px(38)),
                labels[name],
                actions[name],
                key=ACTION_KEYS.get(name, ""),
                primary=name != "pass",
                size=px(15),
            )
            self.by_name[name].visible = self.by_name[name].enabled = False  # until update
        per_row = (len(ICON_BAR) + 1) // 2
        gap = px(6)
        side = min(px(46), (icon_bar.w - (per_row - 1) * gap) // per_row, icon_bar.h // 2 - 2)
        row_w = per_row * side + (per_row - 1) * gap
        x0 = icon_bar.centerx - row_w // 2
        for i, (name, key) in enumerate(ICON_BAR):
            row, col = divmod(i, per_row)
            icon = IconButton(
                (x0 + col * (side + gap), icon_bar.y + row * (side + gap), side, side),
                ICON_OF.get(name, name),
                labels[name],
                actions[name],
                key=key,
            )
            icon.tip_above = icon_bar.y  # over the bar, not over a row of it
            self.by_name[name] = icon
        self.refresh()

    def refresh(self) -> None:
        """Ask again at the next update (the position or who looks changed)."""
        self._version = -1

    def update(self, t: TableState) -> None:
        """Grey out what can not be done now (the engine says what can); the
        actions that can't are not shown at all."""
        key = (t.session.version, t.viewer, t.bottom.revealed_for, t.concealed(), t.shanghai.called)
        if self._version == key or not self.by_name:
            return
        self._version = key
        actions = {m.action for m in t.legal()} if t.my_turn() else set()
        b = self.by_name
        b["meld"].enabled = bool(actions & {Action.MELD, Action.CONTRACT, Action.LAYOFF})
        b["discard"].enabled = Action.DISCARD in actions
        b["pass"].enabled = Action.PASS in actions and t.session.phase is not Phase.CLAIM
        b["shanghai"].enabled = t.shanghai_calls() and Action.DISCARD in actions
        b["undo"].enabled = t.may_undo()
        b["undo"].label = _("Undo turn") if t.undoing_whole_turn() else _("Undo")
        b["redo"].enabled = t.may_redo()
        b["hint"].enabled = t.my_turn()
        self._stack()

    def _stack(self) -> None:
        """The actions that can be done now, one under another beside the hand."""
        shown = [self.by_name[n] for n in ACTIONS if self.by_name[n].enabled]
        for name in ACTIONS:
            self.by_name[name].visible = self.by_name[name].enabled
        area = self.actions_area
        if not shown:
            return
        gap = px(6)
        h = max(px(24), min(px(40), (area.h - gap * (len(shown) - 1)) // len(shown)))
        y = area.centery - (len(shown) * h + (len(shown) - 1) * gap) // 2
        for b in shown:
            b.rect = Rect(area.x, y, area.w, h)
            y += h + gap
