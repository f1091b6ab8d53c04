"""The table's buttons (ui/table/buttons.py): the actions that apply now by
the hand, shown only then; the rest as an icon bar with tooltips that name
each icon and its key (issue 47, "A game UI, not a control panel")."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.engine import Move
from rummy_gui.play.session import SeatConfig, Session
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.shell.intents import PointerMove
from rummy_gui.ui.table.buttons import ACTIONS, ICON_BAR, ICON_OF
from rummy_gui.ui.table.scene import TableScene
from rummy_gui.ui.widgets.icons import IconButton, KeyedButton, draw_icon, tooltip_rect
from tests.engine._helpers import five_hundred_deal
from tests.ui.ui_driver import frame


def _table(app: App, size: tuple[int, int] = (1280, 800)) -> TableScene:
    app.resize(size)
    seats = [SeatConfig("Ann", "human"), SeatConfig("Bo", "easy"), SeatConfig("Cy", "easy")]
    session = Session("rummy500", seats, {}, game=five_hundred_deal(), threaded=False)
    app.session = session
    scene = TableScene(app, session)
    app.push(scene)
    scene.pace.wait(1e9)  # the bots wait: the test plays
    frame(app)
    return scene


def shown_actions(scene: TableScene) -> set[str]:
    return {name for name in ACTIONS if scene.buttons[name].visible}


def test_only_the_actions_that_apply_now_are_shown_by_the_hand(app: App) -> None:
    scene = _table(app)
    assert shown_actions(scene) == set()  # the draw: the stock and the pile are the actions
    assert scene.play(Move.parse("draw"), 0)
    frame(app)
    assert shown_actions(scene) == {"meld", "discard"}  # 7H 8H 9H melds
    area = scene.geometry().layout.actions
    own = scene.geometry().layout.seats[0].zone
    hand = scene.geometry().layout.hand
    for name in shown_actions(scene):
        rect = scene.buttons[name].rect
        assert area.contains(rect), name
        assert own.contains(rect), name  # over the hand, in the player's own zone
        assert rect.bottom <= hand.y
    melds = scene.geometry().layout.seats[0].melds
    assert not melds.colliderect(area)  # the melds never go under them


def test_the_icon_bar_holds_the_rest_with_a_tooltip_and_key_each(app: App) -> None:
    scene = _table(app)
    icons = scene.buttons.icons()
    assert [b.label for b in icons] == [scene.buttons[n].label for n, _k in ICON_BAR]
    names = {n for n, _k in ICON_BAR}
    assert names >= {"sort_suit", "sort_rank", "undo", "redo", "hint", "rules", "save", "menu"}
    assert "options" in names  # Settings
    tips = {b.label: b.tooltip() for b in icons}
    assert tips["Undo"] == "Undo (Ctrl+Z)"
    assert tips["Redo"] == "Redo (Ctrl+Y)"
    assert tips["Hint"] == "Hint (H)"
    assert tips["Menu"] == "Menu (Esc)"
    assert tips["Settings"] == "Settings"
    bar = scene.geometry().layout.buttons
    assert all(bar.contains(b.rect) for b in icons)
    assert [
        (a.label, b.label) for a, b in combinations(icons, 2) if a.rect.colliderect(b.rect)
    ] == []


@pytest.mark.parametrize("lang", ["fi", "ru"])
def test_the_tooltips_are_in_the_language(app: App, lang: str) -> None:
    i18n.set_language(lang)
    try:
        scene = _table(app)
        for b in scene.buttons.icons():
            assert b.tooltip().startswith(b.label)
            assert b.label == i18n._(
                {
                    "sort_suit": "Sort {suits}",
                    "sort_rank": "Sort {first}-{last}",
                    "undo": "Undo",
                    "redo": "Redo",
                    "hint": "Hint",
                    "rules": "Rules",
                    "save": "Save as…",
                    "options": "Settings",
                    "scores": "Scores",
                    "menu": "Menu",
                }[next(n for n, x in scene.buttons.by_name.items() if x is b)]
            ).format(suits="♣♦♥♠", first="A", last="K")
        assert scene.buttons["menu"].label != "Menu"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(960, 600), (2560, 1440)])
def test_a_tooltip_stays_in_the_window_and_clear_of_the_icons(
    app: App, size: tuple[int, int]
) -> None:
    scene = _table(app, size)
    window = pygame.Rect((0, 0), size)
    icons = scene.buttons.icons()
    for b in icons:
        tip = tooltip_rect(b, window)
        assert window.contains(tip)
        assert not any(tip.colliderect(other.rect) for other in icons), b.label


def test_pointing_at_an_icon_shows_its_tooltip(app: App) -> None:
    scene = _table(app)
    undo = scene.buttons["undo"]
    assert isinstance(undo, KeyedButton)
    tip = tooltip_rect(undo, app.screen.get_rect())
    frame(app)
    before = pygame.image.tobytes(app.screen.subsurface(tip), "RGB")
    app.dispatch(PointerMove(undo.rect.center))
    frame(app)
    assert scene.buttons.hovered() is undo
    shown = pygame.image.tobytes(app.screen.subsurface(tip), "RGB")
    assert shown != before
    app.dispatch(PointerMove((5, 5)))
    frame(app)
    assert scene.buttons.hovered() is None
    assert pygame.image.tobytes(app.screen.subsurface(tip), "RGB") == before


def test_every_icon_draws_something_of_its_own() -> None:
    pictures = set()
    for name in (ICON_OF.get(n, n) for n, _k in ICON_BAR):
        surface = pygame.Surface((48, 48))
        draw_icon(surface, name, surface.get_rect(), (255, 255, 255))
        assert surface.get_bounding_rect().w > 10, name
        pictures.add(pygame.image.tobytes(surface, "RGB"))
    assert len(pictures) == len(ICON_BAR)


def test_an_icon_button_draws_no_label() -> None:
    b = IconButton((0, 0, 40, 40), "undo", "Undo", lambda: None, key="Ctrl+Z")
    assert b.tooltip() == "Undo (Ctrl+Z)"


def test_the_sort_buttons_name_the_engines_sort_order(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummy_gui.engine import cards

    assert _table(app).buttons["sort_suit"].label == "Sort ♣♦♥♠"
    monkeypatch.setattr(cards, "SUITS", "SHDC")
    monkeypatch.setattr(cards, "SUIT_SYMBOLS", "♠♥♦♣")
    assert _table(app).buttons["sort_suit"].label == "Sort ♠♥♦♣"
    assert _table(app).buttons["sort_rank"].label == "Sort A-K"
