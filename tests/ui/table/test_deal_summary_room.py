"""The deal summary's rows fit above its note (issue 18): with 8 players in
a 960x600 window the last player's row was drawn over the note "Melded
cards count for you, cards left in hand against you." (seen under Xvfb).
The rows now share the room between the headings and the note."""

from __future__ import annotations

import pytest

from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.overlays import DealSummaryScene
from tests.ui.ui_driver import drawn, frame, melded_rummy500, open_table, overlay_labels

NOTE = "Melded cards count for you, cards left in hand against you."


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
@pytest.mark.parametrize("players", [4, 8])
def test_no_row_of_the_deal_summary_runs_into_its_note(
    monkeypatch: pytest.MonkeyPatch, app: App, size: tuple[int, int], players: int
) -> None:
    app.resize(size)
    scene = open_table(app, melded_rummy500([1] * players))
    summary = DealSummaryScene(app, scene)
    app.push(summary)
    frame(app)
    boxes = drawn(monkeypatch, app.size, summary.draw)
    note = next(box for text, box in boxes if text == NOTE)
    rows = [box for text, box in boxes if text != NOTE and box.w < summary.rect.w // 2]
    assert [tuple(b) for b in rows if b.colliderect(note)] == []


@pytest.mark.parametrize("keeps_record", [True, False])
def test_the_summary_offers_review_and_replay_only_where_the_session_keeps_a_record(
    monkeypatch: pytest.MonkeyPatch, app: App, keeps_record: bool
) -> None:
    # A joined network table keeps no record: its summary showed both buttons,
    # and a click on either did nothing.
    game = melded_rummy500([1, 1, 1])
    labels = overlay_labels(monkeypatch, app, game, DealSummaryScene, keeps_record)
    assert ("Review this deal" in labels) is keeps_record
    assert ("Replay last deal" in labels) is keeps_record
    assert "Next deal" in labels or "See the result" in labels
