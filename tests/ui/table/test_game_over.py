"""Game over: "Review last deal" stands clear of the score graph above it and
of the buttons' row below it (issue 47, defect 15: the graph's lowest labels
ran down to 4 px above the button), at every window size."""

from __future__ import annotations

import pytest

from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.overlays import GameOverScene
from tests.ui.table.played_deals import played
from tests.ui.ui_driver import drawn, frame, open_table, overlay_labels

GAP = 12


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_review_last_deal_is_clear_of_the_graph_and_the_buttons(
    monkeypatch: pytest.MonkeyPatch, app: App, size: tuple[int, int]
) -> None:
    app.resize(size)
    game = played("persian", 4, 3, deals=2)
    assert game.game_over
    table = open_table(app, game)
    over = GameOverScene(app, table)
    app.push(over)
    frame(app)
    review = next(b for b in over.buttons if b.label == "Review last deal")
    row = [b for b in over.buttons if b is not review]
    assert all(review.rect.bottom + GAP <= b.rect.top for b in row)
    boxes = drawn(monkeypatch, app.size, over.draw)
    graph_texts = [
        b
        for t, b in boxes
        if t
        and b.x >= over.rect.centerx
        and b.bottom <= review.rect.bottom
        and not any(btn.rect.contains(b) for btn in over.buttons)
    ]
    assert graph_texts  # the graph's axis labels
    assert max(b.bottom for b in graph_texts) + GAP <= review.rect.top
    assert all(over.rect.contains(b.rect) for b in over.buttons)


@pytest.mark.parametrize("keeps_record", [True, False])
def test_game_over_offers_review_and_replay_only_where_the_session_keeps_a_record(
    monkeypatch: pytest.MonkeyPatch, app: App, keeps_record: bool
) -> None:
    # A joined network table keeps no record: a click on either did nothing.
    game = played("persian", 4, 3, deals=2)
    labels = overlay_labels(monkeypatch, app, game, GameOverScene, keeps_record)
    assert ("Review last deal" in labels) is keeps_record
    assert ("Replay last deal" in labels) is keeps_record
    assert {"New game", "Main menu"} <= labels
