"""How a seat's badge is drawn: its score line stays inside the badge."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.engine import Game
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import draw_seats
from tests.ui.ui_driver import frame, open_table


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
def test_a_badges_score_line_with_buys_fits_the_badge_at_960x600(
    app: App, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    # In Russian, Shanghai for 4 at 960x600 drew "11 карт на руке   покупки ●●"
    # under the fan of backs, which cut it at "покупк".
    drawn: list[tuple[int, int, str]] = []
    real = draw_seats.score_line

    def record(line3: str, room: int) -> pygame.Surface:
        img = real(line3, room)
        drawn.append((img.get_width(), room, line3))
        return img

    monkeypatch.setattr(draw_seats, "score_line", record)
    try:
        i18n.set_language(language)
        app.resize((960, 600))
        scene = open_table(app, Game.new("shanghai", 4, seed=5))
        scene.base_layer.forget()
        frame(app)
    finally:
        i18n.set_language("en")
    assert len(drawn) >= 4
    for width, room, line3 in drawn:
        assert width <= room, line3
