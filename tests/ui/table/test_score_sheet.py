"""The score sheet: every deal (or round) with each side's score in it, the
totals and what the game is played to, from the engine's own figures; it
opens from the table by its key and its button, shuts with Esc, and fits
its panel at 960x600 in English, Finnish and Russian."""

from __future__ import annotations

import pygame
import pytest

from rummy_gui.engine import Action, Game, Move
from rummy_gui.ui.shell.app import App
from rummy_gui.ui.table.overlays import DealSummaryScene
from rummy_gui.ui.table.score_sheet import ScoreSheetScene, rows
from tests.ui.table.played_deals import played
from tests.ui.ui_driver import drawn, frame, key, open_table


def _sheet(app: App, game: Game) -> ScoreSheetScene:
    table = open_table(app, game)
    while isinstance(app.stack.top, DealSummaryScene):
        app.pop()
    sheet = ScoreSheetScene(app, table.session)
    app.push(sheet)
    frame(app)
    return sheet


def test_the_sheet_lists_every_deal_and_the_totals(
    monkeypatch: pytest.MonkeyPatch, app: App
) -> None:
    game = played("rummy500", 3, 4, deals=3)
    sheet = _sheet(app, game)
    shown = [t for t, _b in drawn(monkeypatch, app.size, sheet.draw) if t]
    history = game.score_history
    assert len(history) == 3
    for n, deal in enumerate(history, start=1):
        assert f"Deal {n}" in shown
        for v in deal:
            assert f"{v:+d}" in shown
    for total in game.totals:
        assert str(total) in shown
    assert "Played to 500 points; the highest total wins." in shown


def test_the_deal_in_play_shows_the_melded_points_so_far(app: App) -> None:
    game = played("rummy500", 3, 4, deals=1)
    game.play(Move(Action.DEAL, game.turn))
    table = open_table(app, game)
    labels = [(label, cells) for label, cells, _done in rows(table.session)]
    assert labels[-1] == ("Deal 2", ["+0 so far"] * 3)


def test_the_contract_sheet_names_every_round_and_its_contract(app: App) -> None:
    game = played("contract", 3, 2, deals=2)
    table = open_table(app, game)
    table_rows = rows(table.session)
    assert len(table_rows) == 7
    assert table_rows[0][0] == "Round 1: two sets"
    assert [r[2] for r in table_rows] == [True, True] + [False] * 5
    assert table_rows[1][1] == [str(v) for v in game.score_history[1]]


def test_escape_and_the_sheet_key_shut_it(app: App) -> None:
    sheet = _sheet(app, played("rummy500", 3, 4))
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not sheet
    sheet = ScoreSheetScene(app, sheet.session)
    app.push(sheet)
    frame(app)
    key(app, pygame.K_c)
    assert app.stack.top is not sheet


@pytest.mark.parametrize("language", ["en", "fi", "ru"], indirect=True)
@pytest.mark.parametrize(
    ("preset", "players", "deals"),
    [("rummy500", 8, 3), ("persian", 4, 2), ("shanghai", 5, 3), ("rummy500-classic", 2, 3)],
)
def test_the_sheet_fits_its_panel_at_960x600(
    monkeypatch: pytest.MonkeyPatch,
    app: App,
    language: str,
    preset: str,
    players: int,
    deals: int,
) -> None:
    app.resize((960, 600))
    game = played(preset, players, 7, deals=deals)
    sheet = _sheet(app, game)
    boxes = drawn(monkeypatch, app.size, sheet.draw)
    outside = [(t, tuple(b)) for t, b in boxes if b.size != app.size and not sheet.rect.contains(b)]
    assert outside == [], language
    texts = [(t, b) for t, b in boxes if t]
    clashes = [
        (a, c) for i, (a, ra) in enumerate(texts) for c, rc in texts[i + 1 :] if ra.colliderect(rc)
    ]
    assert clashes == [], language
    shown = [t for t, _b in texts]
    for total in game.totals:
        assert str(total) in shown


def test_a_long_game_shows_its_latest_deals_and_scrolls_to_the_first(
    monkeypatch: pytest.MonkeyPatch, app: App
) -> None:
    app.resize((960, 600))
    game = played("rummy500", 2, 3, deals=20, options={"target": 5000})
    sheet = _sheet(app, game)

    def shown() -> list[str]:
        boxes = drawn(monkeypatch, app.size, sheet.draw)
        texts = [(t, b) for t, b in boxes if t]
        assert [t for t, b in boxes if b.size != app.size and not sheet.rect.contains(b)] == []
        clash = [
            a for i, (a, ra) in enumerate(texts) for _c, rc in texts[i + 1 :] if ra.colliderect(rc)
        ]
        assert clash == []
        return [t for t, _b in texts]

    first = shown()
    assert "Deal 20" in first
    assert "Deal 1" not in first
    assert any(t.startswith("▲") for t in first)
    for _ in range(20):
        key(app, pygame.K_UP)
    top = shown()
    assert "Deal 1" in top
    assert "Deal 20" not in top
    assert any(t.startswith("▼") for t in top)


def test_the_sheet_opens_over_the_deal_summary_and_shuts_back_to_it(app: App) -> None:
    table = open_table(app, played("rummy500", 3, 4))
    summary = app.stack.top
    if not isinstance(summary, DealSummaryScene):
        summary = DealSummaryScene(app, table)
        app.push(summary)
        frame(app)
    key(app, pygame.K_c)
    assert isinstance(app.stack.top, ScoreSheetScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is summary
