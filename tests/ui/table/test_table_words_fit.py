"""The table's words stay on the screen in every language at 960x600: the
Finnish stock label "nostopakka 29", centred under the stock, ran off the
window's left edge."""

from __future__ import annotations

import pytest

from rummy_gui import i18n
from rummy_gui.ui.shell.app import App
from tests.ui.ui_driver import drawn, frame, melded_rummy500, open_table


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
def test_every_word_on_the_table_is_inside_the_window(
    monkeypatch: pytest.MonkeyPatch, app: App, lang: str
) -> None:
    i18n.set_language(lang)
    try:
        app.resize((960, 600))
        scene = open_table(app, melded_rummy500([2, 1, 1, 1]))
        frame(app)
        boxes = drawn(monkeypatch, app.size, scene.draw)
    finally:
        i18n.set_language("en")
    screen = (0, 0, *app.size)
    outside = [(text, tuple(box)) for text, box in boxes if text and box.clamp(screen) != box]
    assert outside == []
