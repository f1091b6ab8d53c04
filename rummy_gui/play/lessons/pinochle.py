"""Pinochle Rummy, learnt on one deal for three: runs of five with the ace
low, the top discard that must be melded, lay-offs face down that you must
remember, a set of four turned down, the last turns after the stock, and
going out by a discard."""

from __future__ import annotations

from rummy_gui.i18n import N_
from rummy_gui.play.lessons import Lesson, Step

LESSON = Lesson(
    preset="pinochle",
    title=N_("Learn Pinochle Rummy"),
    hands=(
        "3S 4S 5S 6S KH JD JC 8S 10S 9S QD 2D",
        "10H 10C 10D 2H JS 7D 4C",
        "AH 6C KC 3D 5H 8H JH",
    ),
    stock="QC 9H KS QH",
    discard="4D 7S",
    options={"hidden_layoffs": True},
    steps=(
        Step(
            say=N_(
                "Welcome to Pinochle Rummy. Each turn: draw, meld, discard. The 7♠ on the "
                "pile goes with your spades. Here even the top card taken alone must be "
                "melded in the same turn: take it."
            ),
            move="0: take 1",
            point="7S",
            why=N_("Take the 7♠ from the pile: you can meld it at once with your spades."),
        ),
        Step(
            say=N_(
                "Here a run needs at least five cards of one suit, and the ace is always "
                "low: it goes before the 2, never after the K. Meld your run 3♠ 4♠ 5♠ 6♠ 7♠."
            ),
            move="0: meld 3S 4S 5S 6S 7S",
            point="7S",
            why=N_("Meld the five spades 3♠–7♠: a run of five is the shortest this game allows."),
        ),
        Step(
            say=N_("End your turn with a discard: throw the K♥."),
            move="0: discard KH",
            point="KH",
            why=N_("Throw the K♥: it fits nothing you hold."),
            then=("1: draw", "1: meld 10H 10C 10D", "1: discard 2H", "2: draw", "2: discard JH"),
        ),
        Step(
            say=N_("The J♥ makes a set with your J♦ J♣: take it, and meld it this turn."),
            move="0: take 1",
            point="JH",
            why=N_("Take the J♥ from the pile: you can meld it at once with your jacks."),
        ),
        Step(
            say=N_("Meld the three jacks, as the card from the pile must be."),
            move="0: meld JD JC JH",
            point="JH",
            why=N_("Meld J♦ J♣ J♥ now: the card you took must be melded this turn."),
        ),
        Step(
            say=N_(
                "Now lay off your 8♠ on your run. In Pinochle Rummy a card laid off goes face "
                "down among your own melds: nobody sees it, not even you. Remember it: your "
                "run now goes up to the 8♠."
            ),
            move="0: layoff 8S to 1",
            point="8S",
            why=N_("Lay off the 8♠ on your spade run: it scores for you, face down."),
        ),
        Step(
            say=N_(
                "Your 10♠ makes the three tens four. A set made four is turned face down "
                "whole, as a sign that it is complete: nothing more goes on it. Lay it off."
            ),
            move="0: layoff 10S to 2",
            point="10S",
            why=N_("Lay off the 10♠ on the tens: it completes the set and scores for you."),
        ),
        Step(
            say=N_("Discard the Q♦."),
            move="0: discard QD",
            point="QD",
            why=N_("Throw the Q♦: your 9♠ can go on your run later, and the 2♦ is low."),
            then=("1: draw", "1: discard JS", "2: draw", "2: discard 3D"),
        ),
        Step(
            say=N_(
                "The stock is empty: everyone has one last turn, you first, and may take from "
                "the discard pile or take nothing. The J♠ would fit your jacks, but the 3♦ "
                "above it would stay in your hand. Take nothing."
            ),
            move="0: pass",
            point="discard",
            why=N_("Take nothing: with the J♠ and the 3♦ you could not go out this turn."),
        ),
        Step(
            say=N_(
                "The run shows 3♠–7♠, but you remember the 8♠ you laid off face down: the "
                "9♠ fits after it. Lay it off."
            ),
            move="0: layoff 9S to 1",
            point="9S",
            why=N_("Lay off the 9♠ on your run: it follows the 8♠ you laid off face down."),
        ),
        Step(
            say=N_("You go out by discarding your last card, face down. The deal ends at once."),
            move="0: discard 2D",
            point="2D",
            why=N_("Discard the 2♦ to go out."),
        ),
    ),
    end=N_(
        "The deal is over, and every face-down card is turned up and scored: {mine} for you, "
        "and the best of the others {theirs}. The first to 500 wins the game."
    ),
)
