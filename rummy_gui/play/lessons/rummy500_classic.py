"""Rum 500 (classic), learnt on one deal for two: the top card taken alone
must be melded, a deep take and which of its cards may go back, going out
by melding the whole hand, and the settlement."""

from __future__ import annotations

from rummy_gui.i18n import N_
from rummy_gui.play.lessons import Lesson, Step

LESSON = Lesson(
    preset="rummy500-classic",
    title=N_("Learn Rum 500 (classic)"),
    hands=("8S 8H 8C 10C JC 6H 7H 2D 3D", "QS 3C 4S 9H KH 6D QC"),
    stock="10S JD 4D 7C 3S",
    discard="KD 9C 5H 8D",
    assumes={
        "jokers": False,
        "top_discard_must_meld": True,
        "go_out_by_discard": False,
        "settlement": True,
    },
    steps=(
        Step(
            say=N_(
                "Welcome to Rum 500, the classic game: no jokers, and no card of the discard "
                "pile is free to take. The 8♦ on top of the pile is your fourth eight: "
                "take it."
            ),
            move="0: take 1",
            point="8D",
            why=N_(
                "Take the 8♦ from the pile: with your three eights it is a set of four you "
                "can meld this turn."
            ),
        ),
        Step(
            say=N_(
                "Here even the top card taken alone must be melded or laid off in the same "
                "turn. Meld the four eights."
            ),
            move="0: meld 8S 8H 8C 8D",
            point="8D",
            why=N_(
                "Meld all four eights now: the 8♦ must be used this turn, and every melded "
                "card scores."
            ),
        ),
        Step(
            say=N_("End your turn with a discard: throw the 2♦. You will meet it again."),
            move="0: discard 2D",
            point="2D",
            why=N_("Throw the 2♦: the lesson brings it back to you."),
            then=("1: draw", "1: discard QS"),
        ),
        Step(
            say=N_(
                "You may take any card of the pile with every card above it, if you can use "
                "that deepest card this turn. Take four cards, down to the 9♣: it makes a run "
                "with your 10♣ J♣."
            ),
            move="0: take 4",
            point="9C",
            why=N_("Take the four cards down to the 9♣: that card makes your run."),
        ),
        Step(
            say=N_("The deepest card you took must be used this turn: meld 9♣ 10♣ J♣."),
            move="0: meld 9C 10C JC",
            point="9C",
            why=N_("Meld 9♣ 10♣ J♣ first: the 9♣ must be melded this turn."),
        ),
        Step(
            say=N_(
                "The other cards you took are yours to meld too. The 5♥ makes a run with "
                "your 6♥ 7♥: meld it."
            ),
            move="0: meld 5H 6H 7H",
            point="5H",
            why=N_("Meld 5♥ 6♥ 7♥: melded cards score for you, cards in your hand against you."),
        ),
        Step(
            say=N_(
                "A card taken from the pile may not go back this turn, except the top card "
                "of a take of several: the Q♠ may be discarded, the 2♦ may not. Discard "
                "the Q♠."
            ),
            move="0: discard QS",
            point="QS",
            why=N_(
                "Discard the Q♠: it was the top card of your take, and your 3♦ goes with the 2♦."
            ),
            then=("1: draw", "1: discard QC"),
        ),
        Step(
            say=N_(
                "The Q♣ would fit your clubs, but then you would still hold two cards and "
                "could not go out. Draw from the stock instead."
            ),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock: a drawn card may make a run with your 2♦ 3♦."),
        ),
        Step(
            say=N_(
                "The 4♦! Meld 2♦ 3♦ 4♦: a player who melds every card in the hand goes out "
                "without a discard, which ends the deal."
            ),
            move="0: meld 2D 3D 4D",
            point="4D",
            why=N_("Meld 2♦ 3♦ 4♦: it is your whole hand, and you go out."),
        ),
    ),
    end=N_(
        "The deal is over: {mine} for you, {theirs} for your opponent — melded cards count "
        "for you, cards left in the hand against. When someone reaches {target} the highest "
        "total wins, and each other player pays the winner the difference of their totals."
    ),
)
