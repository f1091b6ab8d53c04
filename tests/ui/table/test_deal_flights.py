"""The deal flies from the stock round the table, and a card that was face
down turns over on its way (geometry.deal_flights, Flight.flip; issue 47)."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Action, Game, Move
from rummy_gui.play.table_view import table_view
from rummy_gui.ui.table import geometry as geom


def dealt() -> Game:
    return Game.from_layout(
        "rummy500",
        hands=["7H 8H 9H 10C 10S KD 2C", "3S 4S 5C 6D 8C JD QC", "2D 3D 5H 9S JC QD KC"],
        stock="AC 2S 3C 4D 5D 6C 7C 8D 9D",
        discard="KS",
        turn=0,
    )


def picture(game: Game, viewer: int = 0) -> geom.Geometry:
    return geom.build(table_view(game, viewer), (1280, 800), viewer, list(game.hand(viewer)))


def test_the_deal_goes_round_the_table_from_the_stock_then_turns_the_upcard() -> None:
    game = dealt()
    geo = picture(game)
    flights = geom.deal_flights(geo, game.dealer, game.players, 1.0)
    assert len(flights) == 7 * 3 + 1
    stock = geo.zones[("stock",)][0][1]
    assert all(f.start == stock for f in flights)
    first_round = [f.dest[0] for f in flights[:3]]
    assert first_round == [("hand", (game.dealer + k) % 3) for k in (1, 2, 3)]
    assert [f.delay for f in flights] == sorted(f.delay for f in flights)
    assert flights[-1].dest == (("discard",), 0)
    assert flights[-1].card is not None
    assert flights[-1].flip
    for f in flights[:-1]:
        mine = f.dest[0] == ("hand", 0)
        assert (f.card is not None) == mine  # the others' cards fly as backs
        assert f.flip == mine
    last = max(f.delay + f.duration for f in flights)
    assert last <= geom.DEAL_SECONDS + 1e-9


@pytest.mark.parametrize("factor", [0.5, 2.0])
def test_the_deal_follows_the_animation_speed(factor: float) -> None:
    game = dealt()
    normal = geom.deal_flights(picture(game), game.dealer, game.players, 1.0)
    other = geom.deal_flights(picture(game), game.dealer, game.players, factor)
    end = max(f.delay + f.duration for f in normal)
    assert max(f.delay + f.duration for f in other) == pytest.approx(end * factor)


def test_no_deal_flights_with_animations_off() -> None:
    game = dealt()
    assert geom.deal_flights(picture(game), game.dealer, game.players, 0.0) == []


def test_a_card_turns_over_only_when_it_comes_out_of_hiding() -> None:
    game = dealt()
    before = picture(game)
    game.play(Move(Action.DRAW))  # the stock's top card comes into the viewer's hand
    after = picture(game)
    drawn = geom.flights_between(before, after, 0.3)
    assert [f.flip for f in drawn] == [True]
    before = after
    game.play(next(m for m in game.legal_moves.for_seat(0) if m.action is Action.DISCARD))
    thrown = geom.flights_between(before, picture(game), 0.3)
    assert [f.flip for f in thrown] == [False]  # the viewer's own card was face up already
    before = picture(game)
    bot = game.turn
    game.play(Move(Action.DRAW))
    drop = next(m for m in game.legal_moves.for_seat(bot) if m.action is Action.DISCARD)
    game.play(drop)
    theirs = [
        f for f in geom.flights_between(before, picture(game), 0.3) if f.dest[0] == ("discard",)
    ]
    assert theirs
    assert all(f.flip for f in theirs)  # out of a hidden hand, face up on the pile
