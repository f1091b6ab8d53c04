"""How a meld is drawn (issue 47, defect 16): a gold ✓ stood on complete
sets, explained nowhere; a complete meld now looks like any other."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw_melds
from tests.ui.ui_driver import frame, melded_rummy500, open_table


def test_a_complete_meld_carries_no_unexplained_mark(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = melded_rummy500([1, 1])
    for meld in game.melds:
        meld.complete = True
    scene = open_table(app, game)
    texts: list[str] = []
    real = draw_melds.fonts.text_cached

    def record(text: str, *args: object, **kw: object) -> pygame.Surface:
        texts.append(text)
        return real(text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(draw_melds.fonts, "text_cached", record)
    scene.base_layer.forget()
    frame(app)
    assert texts  # the table's words were drawn again
    assert "✓" not in texts
