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


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_contract_slots_words_stay_inside_their_slots(
    app: App, language: str, size: tuple[int, int]
) -> None:
    # At 960x600 in Russian "drag cards here" and a slot's name ran over the
    # slot's edge, into the next slot and the tip beside the slots.
    from rummy_gui import i18n
    from rummy_gui.engine import Game
    from tests.ui.ui_driver import staged_slots

    game = Game.from_layout(
        "shanghai",
        hands=[
            "7H 7S 7D 9C 9S 9D 2H 4C KD QS 5C",
            "2C 3C 4D 5D 6S 8S 10D JC QD KC 4S",
            "AC AD 3H 5H 6H 8H 10H JH QH KH 4H",
        ],
        stock="AS 2S 3S 4D 5S 6C 7C 8C 9H 10S",
        discard="JD",
        turn=0,
    )
    try:
        i18n.set_language(language)
        app.resize(size)
        scene = open_table(app, game)
        slots = staged_slots(app, scene)
        for k, slot in enumerate(slots):
            status = scene.slots.status(k, scene.view, scene.viewer)
            assert draw_melds.slot_label(status, slot).get_width() <= slot.w - 20
            hint = draw_melds.slot_hint(slot).get_rect(center=slot.center)
            assert slot.contains(hint)
        own = scene.geometry().layout.seats[scene.viewer].melds
        for tip, at in draw_melds.contract_tip(own, slots):
            spot = tip.get_rect(topleft=at)
            assert not any(spot.colliderect(slot) for slot in slots)
            assert own.contains(spot)
    finally:
        i18n.set_language("en")
