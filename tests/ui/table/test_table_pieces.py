"""The table's side buttons are found by name, and say what the engine allows."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Phase
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.buttons import NAMES
from rummy_gui.ui.table.scene import TableScene
from tests.ui.ui_driver import click, drag, frame, laid_out_table


def draw_phase_table(app: App) -> TableScene:
    return laid_out_table(
        app, ["JS 10C 4D 7H 2C 5S 8D", "QS KS AS 3C 6H 9C 4H"], "KD 2H 3S 6D 9H", "8C"
    )


def test_every_side_button_has_its_name(app: App) -> None:
    scene = draw_phase_table(app)
    assert list(scene.buttons.by_name) == list(NAMES)
    assert [b.label for b in scene.buttons][:2] == ["Meld", "Discard"]


def test_an_unknown_button_name_is_a_key_error(app: App) -> None:
    scene = draw_phase_table(app)
    with pytest.raises(KeyError, match="shuffle"):
        scene.buttons["shuffle"]


def test_the_buttons_follow_the_phase(app: App) -> None:
    scene = draw_phase_table(app)
    assert scene.session.phase is Phase.DRAW
    assert not scene.buttons["meld"].enabled
    assert not scene.buttons["discard"].enabled
    assert scene.buttons["hint"].enabled
    drag(app, scene.geometry().zones[("stock",)][0][1].center, scene.geometry().layout.hand.center)
    frame(app)
    assert scene.session.phase is Phase.PLAY
    assert scene.buttons["discard"].enabled
    assert not scene.buttons["meld"].enabled  # no meld in this hand: the engine offers none


def test_a_button_found_by_name_does_its_own_job(app: App) -> None:
    scene = draw_phase_table(app)
    before = [str(c) for c in scene.hand.order]
    click(app, scene.buttons["sort_rank"].rect.center)
    after = [str(c) for c in scene.hand.order]
    assert sorted(before) == sorted(after)
    assert after[:2] == ["2C", "4D"]
