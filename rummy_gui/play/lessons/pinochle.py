"""Pinochle Rummy, learnt on one deal for three: a draw from the stock, a
run of five with the ace low, a take of several cards whose deepest card
must be used at once, a set, lay-offs face down that you must remember, a
set of four turned down, the last turns after the stock, and going out by
discarding the top card of a take."""

from __future__ import annotations

from rummy_gui.i18n import N_, NN_
from rummy_gui.play.lessons import Lesson, Step
from rummy_gui.play.lessons.words import FIRST_TO_TARGET, Counted

LESSON = Lesson(
    preset="pinochle",
    title=N_("Learn Pinochle Rummy"),
    hands=(
        "3S 4S 5S 6S KH JD JC QS 10S 2D",
        "QH QC QD JH 9S 4C 7D",
        "AH 6C KC 3D 5H 8H 8S",
    ),
    stock="7S 3C KD 6H 9D",
    discard="4D",
    options={"hidden_layoffs": True},
    assumes={
        "top_discard_must_meld": True,
        "ace": "low",
        "mark_complete_sets": True,
        "pinochle_last_turns": True,
        "go_out_by_discard": True,
    },
    steps=(
        Step(
            say=N_(
                "Welcome to Pinochle Rummy. Each turn: draw, meld, discard. Here a card "
                "taken from the discard pile must be melded at once, even the top card "
                "alone, and the 4♦ fits nothing of yours. Draw from the stock."
            ),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock: the 4♦ on the pile could not be melded this turn."),
        ),
        Step(
            say=Counted(
                NN_(
                    "You drew the 7♠. Here a run needs at least {min_run} card of one suit, and "
                    "the ace is always low: it comes before the two, never after the king. Meld "
                    "your run 3♠ 4♠ 5♠ 6♠ 7♠.",
                    "You drew the 7♠. Here a run needs at least {min_run} cards of one suit, and "
                    "the ace is always low: it comes before the two, never after the king. Meld "
                    "your run 3♠ 4♠ 5♠ 6♠ 7♠.",
                ),
                "min_run",
            ),
            move="0: meld 3S 4S 5S 6S 7S",
            point="7S",
            why=Counted(
                NN_(
                    "Meld the five spades 3♠–7♠: a run of {min_run} card is the shortest this "
                    "game allows.",
                    "Meld the five spades 3♠–7♠: a run of {min_run} cards is the shortest this "
                    "game allows.",
                ),
                "min_run",
            ),
        ),
        Step(
            say=N_("End your turn with a discard: throw the K♥."),
            move="0: discard KH",
            point="KH",
            why=N_("Throw the K♥: it fits nothing you hold."),
            then=("1: draw", "1: meld QH QC QD", "1: discard JH", "2: draw", "2: discard 8S"),
        ),
        Step(
            say=N_(
                "You may take any card of the discard pile with every card above it. The "
                "deepest card you take must be melded or laid off this turn. Take two "
                "cards, down to the J♥: it makes a set with your J♦ J♣."
            ),
            move="0: take 2",
            point="JH",
            why=N_(
                "Take two cards, down to the J♥: it makes a set with your jacks, and the 8♠ "
                "above it fits your run."
            ),
        ),
        Step(
            say=N_("Meld the three jacks: the J♥, the deepest card you took, must be used now."),
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
            say=Counted(
                NN_(
                    "You may lay off on anyone's melds too, and the card scores for you. Your Q♠ "
                    "makes the three queens four. A set laid up to {full_set} card is turned face "
                    "down whole, as a sign that it is complete: nothing more goes on it. Lay it "
                    "off.",
                    "You may lay off on anyone's melds too, and the card scores for you. Your Q♠ "
                    "makes the three queens four. A set laid up to {full_set} cards is turned "
                    "face down whole, as a sign that it is complete: nothing more goes on it. Lay "
                    "it off.",
                ),
                "full_set",
            ),
            move="0: layoff QS to 2",
            point="QS",
            why=N_("Lay off the Q♠ on the queens: it completes the set and scores for you."),
        ),
        Step(
            say=N_("Discard the 2♦, and keep the 10♠: a 9♠ would join it to your run."),
            move="0: discard 2D",
            point="2D",
            why=N_("Throw the 2♦: a 9♠ would join your 10♠ to your run."),
            then=("1: draw", "1: discard 9S", "2: draw", "2: discard 3D"),
        ),
        Step(
            say=N_(
                "The stock is empty: everyone has one last turn, you first, and may take from "
                "the discard pile or take nothing. Take the 9♠ and the 3♦ above it."
            ),
            move="0: take 2",
            point="9S",
            why=N_("Take two cards, down to the 9♠: with them you can go out this turn."),
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
            say=N_("And the 10♠ follows the 9♠: lay it off on your run too."),
            move="0: layoff 10S to 1",
            point="10S",
            why=N_("Lay off the 10♠ on your run: it follows the 9♠."),
        ),
        Step(
            say=N_(
                "A card taken from the pile may not be discarded in the same turn, except the "
                "top card of a take of several: the 3♦. Discard it, face down: it is your "
                "last card, so you go out and the deal ends at once."
            ),
            move="0: discard 3D",
            point="3D",
            why=N_("Discard the 3♦ to go out: as the top card of your take, it may go back."),
        ),
    ),
    end=(
        N_(
            "The deal is over, and every face-down card is turned up and scored: {mine} for you, "
            "and the best of the others {theirs}."
        ),
        FIRST_TO_TARGET,
    ),
)
