"""The table's side buttons, found by name ("meld", "undo", ...), and which
of them the engine says can be used now."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from pygame import Rect

from rummy_gui.engine.enums import Action, Phase
from rummy_gui.i18n import _
from rummy_gui.ui.table.state import TableState
from rummy_gui.ui.widgets.controls import Button

# The buttons, row by row down the side panel; the first row's are primary.
ROWS: tuple[tuple[str, ...], ...] = (
    ("meld", "discard"),
    ("sort_suit", "sort_rank"),
    ("pass", "shanghai"),
    ("undo", "redo"),
    ("hint", "rules"),
    ("save", "options"),
    ("menu",),
)
NAMES: tuple[str, ...] = tuple(name for row in ROWS for name in row)


def _labels(t: TableState) -> dict[str, str]:
    if not t.shanghai_calls():
        shanghai = "—"
    else:
        shanghai = _("Shanghai call: on") if t.shanghai.called else _("Shanghai call: off")
    return {
        "meld": _("Meld"),
        "discard": _("Discard"),
        "sort_suit": _("Sort ♣♦♥♠"),
        "sort_rank": _("Sort A-K"),
        "pass": _("Pass"),
        "shanghai": shanghai,
        "undo": _("Undo"),
        "redo": _("Redo"),
        "hint": _("Hint"),
        "rules": _("Rules"),
        "save": _("Save as…"),
        "options": _("Options…"),
        "menu": _("Menu"),
    }


class SideButtons:
    def __init__(self) -> None:
        self.by_name: dict[str, Button] = {}
        self._version: object = -1

    def __getitem__(self, name: str) -> Button:
        return self.by_name[name]

    def __iter__(self) -> Iterator[Button]:
        return iter(self.by_name.values())

    def __len__(self) -> int:
        return len(self.by_name)

    def layout(self, area: Rect, t: TableState, actions: Mapping[str, Callable[[], None]]) -> None:
        """Place the buttons in `area`, each calling `actions[its name]`."""
        labels = _labels(t)
        bw, bh = (area.w - 10) // 2, 40
        self.by_name = {}
        for i, row in enumerate(ROWS):
            width = bw if len(row) > 1 else area.w
            for j, name in enumerate(row):
                self.by_name[name] = Button(
                    (area.x + j * (bw + 10), area.y + i * (bh + 6), width, bh),
                    labels[name],
                    actions[name],
                    primary=i == 0,
                    size=15,
                )
        self.by_name["shanghai"].visible = t.shanghai_calls()
        self.refresh()

    def refresh(self) -> None:
        """Ask again at the next update (the position or who looks changed)."""
        self._version = -1

    def update(self, t: TableState) -> None:
        """Grey out what can not be done now (the engine says what can)."""
        key = (t.session.version, t.viewer, t.bottom.revealed_for, t.concealed())
        if self._version == key or not self.by_name:
            return
        self._version = key
        actions = {m.action for m in t.legal()} if t.my_turn() else set()
        b = self.by_name
        b["meld"].enabled = bool(actions & {Action.MELD, Action.CONTRACT, Action.LAYOFF})
        b["discard"].enabled = Action.DISCARD in actions
        b["pass"].enabled = Action.PASS in actions and t.session.phase is not Phase.CLAIM
        b["undo"].enabled = t.may_undo()
        b["undo"].label = _("Undo turn") if t.undoing_whole_turn() else _("Undo")
        b["redo"].enabled = t.may_redo()
        b["hint"].enabled = t.my_turn()
