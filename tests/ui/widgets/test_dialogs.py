"""The two dialogs every screen may open, the chooser (which reading of the
cards) and the yes-or-no question: scaled with the window like the other
screens over the table, on the screen at the smallest window however many
readings there are, every word inside its button, every option a click away."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import TypeVar

import pygame
import pytest

from rummy_gui import i18n
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.widgets.dialogs import ChooserScene, ConfirmScene
from tests.ui.ink_boxes import inked
from tests.ui.ui_driver import click, frame

D = TypeVar("D", bound=ChooserScene | ConfirmScene)
SMALL, LARGE = (960, 600), (1920, 1080)
# a reading as long as a contract split's
LONG = "meld 7♥ 8♥ 9♥ 10♥ J♥ Q♥ (run)  /  K♠ K♦ K♣ (set)"


def _chooser(app: App, count: int, picked: list[str]) -> ChooserScene:
    options = [(f"{k + 1}. {LONG}", str(k)) for k in range(count)]
    return ChooserScene(app, "Which do you mean?", options, picked.append)


def _confirm(app: App, count: int, picked: list[str]) -> ConfirmScene:  # noqa: ARG001
    question = "Delete the saved game “Rummy 500, Alexandra, deal 3”? It cannot be undone."
    return ConfirmScene(app, question, lambda: picked.append("yes"))


def _open(app: App, dialog: D, size: tuple[int, int]) -> D:
    app.resize(size)
    app.push(dialog)
    frame(app)
    return dialog


@pytest.mark.parametrize("make", [_chooser, _confirm])
def test_a_dialog_grows_with_the_window(
    app: App, make: Callable[[App, int, list[str]], ChooserScene | ConfirmScene]
) -> None:
    heights: list[tuple[int, int, int]] = []
    for size in (SMALL, LARGE):
        dialog = _open(app, make(app, 3, []), size)
        words = inked(app.size, dialog.draw)
        button = dialog.buttons[0]
        text = max(r.h for t, r in words if button.rect.contains(r))
        heights.append((button.rect.h, text, max(r.h for _t, r in words)))
        app.pop()
    small, large = heights
    assert large[0] >= small[0] * 1.2  # the buttons
    assert large[1] >= small[1] * 1.2  # the words on them
    assert large[2] >= small[2] * 1.2  # the largest words: the title or the question


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
@pytest.mark.parametrize("count", [2, 6, 14])
@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_every_reading_is_on_the_screen_and_its_words_in_its_button(
    app: App, size: tuple[int, int], count: int, lang: str
) -> None:
    i18n.set_language(lang)
    try:
        dialog = _open(app, _chooser(app, count, []), size)
        words = inked(app.size, dialog.draw)
    finally:
        i18n.set_language("en")
    screen = pygame.Rect((0, 0), app.size)
    assert screen.contains(dialog.rect)
    buttons = dialog.buttons
    assert len(buttons) == count + 1  # and Cancel
    assert [tuple(b.rect) for b in buttons if not dialog.rect.contains(b.rect)] == []
    assert [
        (a.label, b.label) for a, b in combinations(buttons, 2) if a.rect.colliderect(b.rect)
    ] == []
    for text, r in words:
        assert dialog.rect.contains(r), text
        inside = [b for b in buttons if b.rect.collidepoint(r.center)]
        assert all(b.rect.inflate(2, 2).contains(r) for b in inside), text
    readable = [r.h for t, r in words if t.startswith("1.")]
    assert readable
    assert min(readable) >= 9


@pytest.mark.parametrize("count", [3, 14])
def test_every_reading_is_picked_by_a_click(app: App, count: int) -> None:
    for k in range(count):
        picked: list[str] = []
        dialog = _open(app, _chooser(app, count, picked), SMALL)
        centre = dialog.buttons[k].rect.center
        assert pygame.Rect((0, 0), app.size).collidepoint(centre)
        click(app, centre)
        assert picked == [str(k)]
        assert app.stack.top is not dialog
