"""New game lists exactly the engine's options for the chosen game, each
with its name and, under the pointer, its one line of help (issue 48)."""

from __future__ import annotations

import pytest

from rummy_gui.engine import PRESETS
from rummy_gui.i18n import _
from rummy_gui.ui.screens import catalog
from rummy_gui.ui.screens.new_game import NewGameScene
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import PointerMove
from rummy_gui.ui.widgets.controls import Toggle
from tests.ui.ui_driver import frame


@pytest.mark.parametrize("preset", list(PRESETS))
def test_new_game_offers_exactly_the_engines_options(app: App, preset: str) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    scene._pick_preset([p.id for p in scene.presets].index(preset))
    specs = PRESETS[preset].option_specs()
    assert [help_text for _w, help_text in scene.option_help] == [_(s.help) for s in specs]
    labels = {w.label for w in scene.widgets if isinstance(w, Toggle)}
    labels |= {label for label, _pos, _w in scene.option_labels}
    assert labels == {catalog.option_label(s.key) for s in specs}
    if preset in ("contract", "liverpool", "shanghai"):
        assert catalog.option_label("min_run") not in labels


def test_the_help_of_the_option_under_the_pointer_shows(app: App) -> None:
    scene = NewGameScene(app)
    app.push(scene)
    frame(app)
    assert scene.blurb() == scene.info.display_description
    widget, help_text = scene.option_help[1]
    app.dispatch(PointerMove(widget.rect.center))
    frame(app)
    assert scene.blurb() == help_text
    assert help_text == _(PRESETS[scene.info.id].option_specs()[1].help)


def test_a_player_count_with_one_choice_shows_no_arrows_and_does_not_step(app: App) -> None:
    import pygame

    from rummy_gui.ui.shell.intents import PointerDown
    from rummy_gui.ui.widgets import theme
    from rummy_gui.ui.widgets.controls import Cycler

    scene = NewGameScene(app)
    app.push(scene)
    scene._pick_preset([p.id for p in scene.presets].index("persian"))
    frame(app)
    count = next(w for w in scene.widgets if isinstance(w, Cycler) and w.values == [4])
    surface = pygame.Surface(app.screen.get_size())
    count.draw(surface)
    arrow = count.rect.copy()
    arrow.width = count.arrow_w
    gold = [
        (x, y)
        for x in range(arrow.x, arrow.right)
        for y in range(arrow.y, arrow.bottom)
        if surface.get_at((x, y))[:3] == theme.GOLD
    ]
    assert gold == []
    assert not count.handle(PointerDown(arrow.center, 1))
    assert count.value == 4


def test_names_and_seat_kinds_typed_are_there_for_the_next_game(app: App) -> None:
    from rummy_gui.play.settings import load_settings

    app.persist_settings = True
    scene = NewGameScene(app)
    app.push(scene)
    frame(app)
    scene.name_fields[0].text = "Marja"
    scene.kinds[1] = "hard"
    scene._start()
    frame(app)
    assert app.session is not None
    app.session.close()
    again = NewGameScene(app)
    assert again.names[0] == "Marja"
    assert again.kinds[1] == "hard"
    saved, warnings = load_settings()
    assert warnings == []
    assert saved.seat_names[0] == "Marja"
    assert saved.seat_names[1] == ""  # Bo stays the seat's own name, in any language
    assert saved.seat_kinds[:2] == ["human", "hard"]
