"""Liverpool deals for the claim tests: seat 0 draws and the 7♥ on the pile
is open to the other seats' claims."""

from __future__ import annotations

from rummy_gui.engine import Game


def contested_buy() -> Game:
    """Four seats: both seat 2 (a pair of 7s) and seat 3 (7D 7C) would buy
    the 7♥ seat 0 leaves on the pile; seat 1 could not use it."""
    return Game.from_layout(
        "liverpool",
        hands=[
            "2C 3C 4D 5D 6S 8S 10D JC QD KC",
            "AC AD 3S 4C 10H JH QH KH 2D 9S",
            "7H 7S 2D 3H 4S 9C 9D JD QS KD",
            "7D 7C 2S 4C 5S 6D 8D 10C JS QC",
        ],
        stock="AH 2H 3D 4H 5C 6C 8C 9H 9S 10S KS AS",
        discard="7H",
        turn=0,
        round=1,
    )


def useful_seven() -> Game:
    """Three seats: seat 2 could use the 7♥ (5H 6H 8H), seat 1 could not (one 7)."""
    return Game.from_layout(
        "liverpool",
        hands=[
            "2C 3C 4D 5D 6S 8S 10D JC QD KC",
            "7S 9H 2D 3H 4S 9C 9D JD QS KD",
            "AC AD 3S 5H 6H 8H 10H JH QH KH",
        ],
        stock="AH 2H 3D",
        discard="7H",
        turn=0,
        round=1,
    )
