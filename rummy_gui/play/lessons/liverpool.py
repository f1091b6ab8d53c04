"""Liverpool Rummy, learnt on round one for three and the cut before round
two: the contract, a declined buy, a lay-off on a later turn, going out,
then the cut, which the learner makes by eye, and what the table says about
it (an exact cut: the cut bonus off the total)."""

from __future__ import annotations

from rummy_gui.i18n import N_, NN_
from rummy_gui.play.lessons import Lesson, Step
from rummy_gui.play.lessons.words import AFTER_ROUNDS, ROUND_CONTRACT, Counted

LESSON = Lesson(
    preset="liverpool",
    title=N_("Learn Liverpool Rummy"),
    hands=(
        "5H 5S KC KS KD 9C 2C",
        "2H 3H 8C 10D JS QH 4S",
        "4C 6D 7S 9D AH 5D JH",
    ),
    stock="3S KH 4D 8H JC 2D 6S",
    discard="10C",
    turn=1,
    opening=("1: take 1", "1: discard 2H", "2: take 1", "2: discard 5D"),
    assumes={
        "liverpool_cut": True,
        "buying": True,
        "layoff_with_contract": False,
        "go_out_by_discard": True,
    },
    steps=(
        Step(
            say=(
                N_("Welcome to Liverpool Rummy: Contract Rummy with a cut before every deal."),
                ROUND_CONTRACT,
                N_(
                    "The 5♦ on the pile is your third five: take it. Taking the top discard in "
                    "your turn costs no penalty card."
                ),
            ),
            move="0: take 1",
            point="5D",
            why=N_("Take the 5♦ from the pile: it completes your second set."),
        ),
        Step(
            say=N_("Lay down your contract: the three fives and the three kings, in one move."),
            move="0: contract 5H 5S 5D / KC KS KD",
            point="hand",
            why=N_(
                "Lay down the three fives and the three kings: exactly the contract of round "
                "{round}."
            ),
        ),
        Step(
            say=N_(
                "Lay-offs wait for a later turn. Discard the 9♣ and keep the 2♣, the lower "
                "card, in case someone else goes out first."
            ),
            move="0: discard 9C",
            point="9C",
            why=N_("Throw the 9♣: if you are caught, the 2♣ costs fewer penalty points."),
            then=("1: take 1", "1: discard 3H", "2: draw"),
        ),
        Step(
            say=Counted(
                NN_(
                    "The next player drew from the stock, so you may buy the 3♥ out of turn. But "
                    "your contract is down and one lay-off from going out: a buy would only put "
                    "the 3♥ and {buy_penalty} penalty card in your hand. Pass.",
                    "The next player drew from the stock, so you may buy the 3♥ out of turn. But "
                    "your contract is down and one lay-off from going out: a buy would only put "
                    "the 3♥ and {buy_penalty} penalty cards in your hand. Pass.",
                ),
                "buy_penalty",
            ),
            move="0: pass",
            point="3H",
            why=Counted(
                NN_(
                    "Pass: the 3♥ and its {buy_penalty} penalty card would only add to your hand.",
                    "Pass: the 3♥ and its {buy_penalty} penalty cards would only add to your hand.",
                ),
                "buy_penalty",
            ),
            then=("1: pass", "2: discard 4C"),
        ),
        Step(
            say=N_("Your turn: draw from the stock."),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock: the 4♣ is of no use to you."),
            then=("1: pass", "2: pass"),
        ),
        Step(
            say=N_("You drew the K♥: lay it off on your kings."),
            move="0: layoff KH to 2",
            point="KH",
            why=N_("Lay off the K♥ on your kings: then one card is left."),
        ),
        Step(
            say=N_(
                "Discard your last card to go out. The round's scores come up; then start the "
                "next round: before its deal the pack is cut."
            ),
            move="0: discard 2C",
            point="2C",
            why=N_("Discard the 2♣ to go out."),
        ),
        Step(
            say=(
                N_(
                    "Before each deal the player right of the dealer cuts the pack: now that is "
                    "you."
                ),
                Counted(
                    NN_(
                        "Lifting exactly the cards the deal needs takes {cut_bonus} point off "
                        "your total.",
                        "Lifting exactly the cards the deal needs takes {cut_bonus} points off "
                        "your total.",
                    ),
                    "cut_bonus",
                ),
                Counted(
                    NN_(
                        "The deal needs {cut_cards} card: {cut_hand} for each of the {players} "
                        "players and the upcard.",
                        "The deal needs {cut_cards} cards: {cut_hand} for each of the {players} "
                        "players and the upcard.",
                    ),
                    "cut_cards",
                ),
                Counted(
                    NN_(
                        "The edge shows no count: cut where you judge {cut_cards} card to be.",
                        "The edge shows no count: cut where you judge {cut_cards} cards to be.",
                    ),
                    "cut_cards",
                ),
            ),
            kind="cut",
            point="stock",
            why=Counted(
                NN_(
                    "Cut the pack: click where you judge {cut_cards} card to be.",
                    "Cut the pack: click where you judge {cut_cards} cards to be.",
                ),
                "cut_cards",
            ),
        ),
    ),
    end=(
        N_("The log says how many cards you cut."),
        Counted(
            NN_(
                "Exactly {cut_cards} takes {cut_bonus} point off your total — it is {total} now "
                "— and the round's scores then list “Exact cut”; any other cut changes nothing.",
                "Exactly {cut_cards} takes {cut_bonus} points off your total — it is {total} now "
                "— and the round's scores then list “Exact cut”; any other cut changes nothing.",
            ),
            "cut_bonus",
        ),
        AFTER_ROUNDS,
    ),
)
