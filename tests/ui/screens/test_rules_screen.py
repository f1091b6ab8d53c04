"""The Rules screen: whole lines only, and a scroll bar when the text goes on."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.ui.screens.rules import RulesScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import Resize, Wheel
from tests.ui.ui_driver import frame


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_rules_show_whole_lines_and_a_scroll_bar(app: App, size: tuple[int, int]) -> None:
    app.dispatch(Resize(size))
    scene = RulesScene(app, "contract")
    app.push(scene)
    frame(app)
    assert scene.text_rect.bottom < size[1]
    view = scene.text_rect.inflate(-8, -8)
    for _turn in range(60):
        for kind, _text, y in scene.placed():
            step = 28 if kind == "heading" else 23
            assert view.y <= y
            assert y + step - 4 <= view.bottom  # no line cut at the panel's foot
        thumb = scene.scroll_thumb()
        assert thumb is not None  # the contract rules are longer than a page
        assert scene.text_rect.contains(thumb)
        app.dispatch(Wheel(-1))
        frame(app)
    last = scene.text_lines()[-2]  # the last line before the closing gap
    assert last[1] in [text for _k, text, _y in scene.placed()]  # scrolled to the end
    assert isinstance(scene.scroll_thumb(), pygame.Rect)
