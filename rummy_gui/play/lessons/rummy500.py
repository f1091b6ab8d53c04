"""Rummy 500, learnt on one deal for two: draw, melds, a deep take and its
obligation, a lay-off, the discard rule, going out, the score."""

from __future__ import annotations

from rummy_gui.i18n import N_, NN_
from rummy_gui.play.lessons import Lesson, Step
from rummy_gui.play.lessons.words import FIRST_TO_TARGET, Counted

LESSON = Lesson(
    preset="rummy500",
    title=N_("Learn Rummy 500"),
    hands=("7H 7S 7D 4C 5C 9S 2H KD", "3H 4H 5H 8D KH 3S 3D"),
    stock="KS QC 2D 10C 10D",
    discard="JS 6C",
    assumes={"family": "500"},
    steps=(
        Step(
            say=N_(
                "Welcome to Rummy 500. Each turn has three parts: draw, meld, discard. "
                "Start by drawing the top card of the stock."
            ),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock this time: the discard pile comes later in the lesson."),
        ),
        Step(
            say=Counted(
                NN_(
                    "You hold three sevens: a set, from {set_least} to {set_most} card of one "
                    "rank. Lay them down: melded cards score for you when the deal ends.",
                    "You hold three sevens: a set, from {set_least} to {set_most} cards of one "
                    "rank. Lay them down: melded cards score for you when the deal ends.",
                ),
                "set_most",
            ),
            move="0: meld 7H 7S 7D",
            point="7H",
            why=N_(
                "Lay down the three sevens now: melded cards score for you, cards kept in "
                "your hand count against you."
            ),
        ),
        Step(
            say=N_("End your turn with a discard. The 9♠ fits nothing in your hand: throw it."),
            move="0: discard 9S",
            point="9S",
            why=N_("Throw the 9♠: it fits none of your cards."),
            then=("1: draw", "1: meld 3H 4H 5H", "1: discard 8D"),
        ),
        Step(
            say=N_(
                "Your opponent melded 3♥ 4♥ 5♥. You may take any card of the discard pile "
                "with every card above it. Take the 6♣ and the two cards above it: it makes "
                "a run with your 4♣ 5♣."
            ),
            move="0: take 3",
            point="6C",
            why=N_("Take three cards, down to the 6♣: that card makes your run."),
        ),
        Step(
            say=N_(
                "The deepest card you took must be melded or laid off this turn. "
                "Meld the run 4♣ 5♣ 6♣."
            ),
            move="0: meld 4C 5C 6C",
            point="4C",
            why=N_("Meld 4♣ 5♣ 6♣ first: the deepest card you took must be used this turn."),
        ),
        Step(
            say=N_(
                "You may add cards to any meld on the table, yours or your opponent's, and "
                "they score for you. Lay off your 2♥ on 3♥ 4♥ 5♥."
            ),
            move="0: layoff 2H to 2",
            point="melds",
            why=N_("Lay off the 2♥ on the hearts run: it scores for you."),
        ),
        Step(
            say=N_(
                "A card taken from the pile may not be discarded in the same turn, except the "
                "top card of a take of several. Discard the 8♦."
            ),
            move="0: discard 8D",
            point="8D",
            why=N_("Discard the 8♦: keep the kings, they can make a set."),
            then=("1: draw", "1: discard KH"),
        ),
        Step(
            say=N_(
                "Your opponent threw the K♥, and you hold two kings. Take the top card of "
                "the discard pile."
            ),
            move="0: take 1",
            point="discard",
            why=N_("Take the K♥ from the pile: it makes a set with your kings."),
        ),
        Step(
            say=N_("Meld the three kings."),
            move="0: meld KD KS KH",
            point="KH",
            why=Counted(
                NN_(
                    "Meld the kings: {points} point on the table, {points} against you in your "
                    "hand.",
                    "Meld the kings: {points} points on the table, {points} against you in your "
                    "hand.",
                ),
                "points",
            ),
            scored="KD KS KH",
        ),
        Step(
            say=N_("One card left: discard it and you go out, which ends the deal."),
            move="0: discard 9S",
            point="9S",
            why=N_("Discard your last card to go out."),
        ),
    ),
    end=(
        N_(
            "The deal is over. Each player scores the cards they melded and laid off, minus the "
            "cards left in their hand: {mine} for you, {theirs} for your opponent."
        ),
        FIRST_TO_TARGET,
    ),
)
