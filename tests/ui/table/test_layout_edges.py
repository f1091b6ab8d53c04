"""Layout edge cases found by the monkey test."""

from __future__ import annotations

from pygame import Rect

from rummy_gui.play.table_view import table_view
from rummy_gui.ui.table.layout import meld_packing


def test_melds_in_a_zone_with_no_height_still_get_real_card_sizes() -> None:
    # Monkey seed 20261129, event 2828: 8 players, a resize left a meld zone with a
    # negative height, and a card surface of negative size crashed the draw.
    rows, (cw, ch) = meld_packing(Rect(10, 10, 300, -20), [3, 4, 5], max_h=-16)
    assert cw > 0
    assert ch > 0
    assert all(r.w > 0 and r.h > 0 for row in rows for r in row)


def test_the_buy_button_says_how_many_penalty_cards() -> None:
    from rummy_gui.engine import Action, Game, Move
    from rummy_gui.ui.table.drops import describe_claim

    buy = Move(Action.BUY, 1)
    shanghai = Game.new("shanghai", 3, seed=1)
    contract = Game.new("contract", 3, seed=1)
    assert "2 penalty cards" in describe_claim(buy, table_view(shanghai, 0))
    assert "1 penalty card " in describe_claim(buy, table_view(contract, 0))


def test_the_buy_button_reads_the_penalty_from_the_rules() -> None:
    from dataclasses import replace
    from types import SimpleNamespace

    from rummy_gui.engine import Action, Game, Move
    from rummy_gui.ui.table.drops import describe_claim

    game = Game.new("shanghai", 3, seed=1)
    three = SimpleNamespace(rules=replace(game.rules, buy_penalty=3))
    assert "3 penalty cards" in describe_claim(Move(Action.BUY, 1), three)  # type: ignore[arg-type]
