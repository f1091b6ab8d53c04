"""The claim prompt stands by the hand, with the other actions (issue 47: it
stood beside the pile, away from where the player looks), and leaves the
card on offer in view (issue 18: centred on the pile's zone, it lay over the
pile's top card, the very card the player was asked about)."""

from __future__ import annotations

from itertools import combinations

import pytest

from rummy_gui import i18n
from rummy_gui.bots import make_bot
from rummy_gui.engine import Game
from rummy_gui.engine.enums import Phase
from rummy_gui.ui.shell.app import App
from tests.ui.ui_driver import frame, open_table


def _offered(seed: int) -> Game:
    """Contract for 4, played by easy bots until seat 0 may buy a discard first
    (three cards or more in the pile)."""
    game = Game.new("contract", players=4, seed=seed)
    bots = [make_bot("easy", seed=s) for s in range(4)]
    for _ in range(400):
        if game.phase is Phase.CLAIM and game.to_act[0] == 0 and len(game.discard_pile) >= 3:
            return game
        seat = game.to_act[0]
        game.play(bots[seat].choose(game.view(seat)))
    raise AssertionError("no discard was offered to seat 0")


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_buy_prompt_does_not_cover_the_card_on_offer(app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    scene = open_table(app, _offered(10))
    frame(app)
    assert scene.answers.answer_buttons  # the prompt is up
    top = scene.geometry().zones[("discard",)][-1][1]
    prompt = scene.claims.rect()
    assert not prompt.colliderect(top)
    assert scene.geometry().layout.table.contains(prompt)


@pytest.mark.parametrize("lang", ["en", "fi", "ru"])
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_claim_prompt_stands_by_the_hand_with_the_actions(
    app: App, size: tuple[int, int], lang: str
) -> None:
    app.resize(size)
    i18n.set_language(lang)
    try:
        scene = open_table(app, _offered(10))
        frame(app)
        buttons = scene.answers.answer_buttons
        images = [b.label_image() for b in buttons]
    finally:
        i18n.set_language("en")
    assert len(buttons) >= 2  # buy and pass
    lt = scene.geometry().layout
    prompt = scene.claims.rect()
    assert prompt.bottomright == lt.actions.bottomright  # where Meld and Discard stand
    assert not prompt.colliderect(lt.hand)
    assert not prompt.colliderect(lt.seats[scene.viewer].badge)
    assert all(prompt.contains(b.rect) for b in buttons)
    assert all(img.get_width() <= b.rect.w - 12 for img, b in zip(images, buttons, strict=True))
    for a, b in combinations([b.rect for b in buttons], 2):
        assert not a.colliderect(b)
