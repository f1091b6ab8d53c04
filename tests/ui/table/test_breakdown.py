"""The end-of-deal screen itemises each side's deal score as the engine
scored it (`Game.deal_breakdown`): melds on their cards with their points,
the hand left, bonuses and penalties, the deal score; and it all fits its
panel at 960x600 in English, Finnish and Russian (nothing drawn outside the
panel, no text over text)."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Game
from rummy_gui.engine.scoring import MeldPart
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table import breakdown
from rummy_gui.ui.table.breakdown import extra_text, meld_label
from rummy_gui.ui.table.overlays import DealSummaryScene
from tests.ui.table.played_deals import played
from tests.ui.ui_driver import drawn, frame, open_table


def _summary(app: App, game: Game) -> DealSummaryScene:
    scene = open_table(app, game)
    top = app.stack.top
    summary = top if isinstance(top, DealSummaryScene) else DealSummaryScene(app, scene)
    if summary is not top:
        app.push(summary)
    frame(app)
    return summary


GAMES = [
    ("rummy500", 4, 3, 1),
    ("rummy500", 8, 5, 1),
    ("persian", 4, 3, 2),
    ("pinochle", 3, 2, 1),
    ("liverpool", 5, 4, 1),
]


@pytest.mark.parametrize("language", ["en", "fi", "ru"], indirect=True)
@pytest.mark.parametrize(("preset", "players", "seed", "deals"), GAMES)
def test_the_breakdown_fits_its_panel_at_960x600(
    monkeypatch: pytest.MonkeyPatch,
    app: App,
    language: str,
    preset: str,
    players: int,
    seed: int,
    deals: int,
) -> None:
    app.resize((960, 600))
    summary = _summary(app, played(preset, players, seed, deals))
    boxes = drawn(monkeypatch, app.size, summary.draw)
    inside = summary.rect
    # the first blit is the shade over the whole table beneath
    outside = [(t, tuple(b)) for t, b in boxes if b.size != app.size and not inside.contains(b)]
    assert outside == [], language
    texts = [(t, b) for t, b in boxes if t is not None]
    clashes = [
        (a, c)
        for i, (a, ra) in enumerate(texts)
        for c, rc in texts[i + 1 :]
        if ra.colliderect(rc) and not (len(a) == 1 or len(c) == 1)  # a chip's initial
    ]
    assert clashes == [], language


def test_the_breakdown_shows_each_item_the_engine_scored(
    monkeypatch: pytest.MonkeyPatch, app: App
) -> None:
    game = played("persian", 4, 3, 2)
    parts = game.deal_breakdown or ()
    summary = _summary(app, game)
    shown = {t for t, _b in drawn(monkeypatch, app.size, summary.draw) if t}
    wanted = {extra_text(e) for p in parts for e in p.extras}
    assert wanted  # the last deal of Persian gives the side ahead its 50
    assert wanted <= shown
    for p in parts:
        assert f"{p.total:+d}" in shown
        assert str(game.totals[p.side]) in shown
        for h in p.hands:
            assert (f"{h.points:+d}" if h.cards else "out!") in shown
    labels = {meld_label(m) for p in parts for m in p.melds}
    sums = {f"{sum(m.points for m in p.melds if m.seat == s):+d}" for p in parts for s in p.seats}
    # each meld's points beside it, or a seat's melds summed where they do not fit
    assert all(label in shown for label in labels) or sums & shown


def test_a_face_down_lay_off_and_a_rummy_call_are_said_beside_their_meld() -> None:
    called = MeldPart(2, "set", 1, (), 30, called=True)
    down = MeldPart(1, "run", 0, (), 45, face_down=(False,) * 5 + (True,))
    doubled = MeldPart(3, "set", 0, (), 56, doubled=True)
    assert meld_label(called) == "+30 Rummy!"
    assert meld_label(down) == "+45 ▼"
    assert meld_label(doubled) == "+56 ×2"


def test_the_doubled_mark_is_the_engines_factor(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mark says the engine's multiplier (RULES.md 3.8), not a "×2" of its own."""
    monkeypatch.setattr(breakdown, "DOUBLED_FACTOR", 3)
    assert meld_label(MeldPart(3, "set", 0, (), 84, doubled=True)) == "+84 ×3"
