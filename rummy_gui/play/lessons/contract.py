"""Contract Rummy, learnt on round one for three: the round's contract,
buying with a penalty card, laying down exactly the contract, laying off on
a later turn, going out, and penalty points."""

from __future__ import annotations

from rummy_gui.i18n import N_, NN_
from rummy_gui.play.lessons import Lesson, Step
from rummy_gui.play.lessons.words import AFTER_ROUNDS, ROUND_CONTRACT, Counted

LESSON = Lesson(
    preset="contract",
    title=N_("Learn Contract Rummy"),
    hands=(
        "7H 7S 7D QC QS 9C",
        "8H 8C 8D 5D 5C 5S QD 3H",
        "2S 6C 9H JD 4H KH 10S",
    ),
    stock="4S JC 7C 2C 8S 10H 3D 6D",
    discard="AD",
    assumes={"buying": True, "layoff_with_contract": False, "go_out_by_discard": True},
    steps=(
        Step(
            say=(
                Counted(
                    NN_(
                        "Welcome to Contract Rummy: {rounds} round, and in each your first meld "
                        "must be the round's contract.",
                        "Welcome to Contract Rummy: {rounds} rounds, and in each your first meld "
                        "must be the round's contract.",
                    ),
                    "rounds",
                ),
                ROUND_CONTRACT,
                N_("Draw from the stock."),
            ),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock: the A♦ on the pile is of no use to you."),
            then=("1: pass", "2: pass"),
        ),
        Step(
            say=N_(
                "When you drew from the stock, the others could have bought the A♦ on the "
                "pile. You have one set, the sevens, and two queens. Discard the 9♣."
            ),
            move="0: discard 9C",
            point="9C",
            why=N_("Throw the 9♣: keep the sevens and queens for your contract."),
            then=("1: take 1", "1: discard QD", "2: draw"),
        ),
        Step(
            say=Counted(
                NN_(
                    "Your neighbour threw the Q♦, your third queen, and the next player drew from "
                    "the stock. Now you may buy the Q♦ out of turn: you get it and {buy_penalty} "
                    "penalty card from the stock. Buy it.",
                    "Your neighbour threw the Q♦, your third queen, and the next player drew from "
                    "the stock. Now you may buy the Q♦ out of turn: you get it and {buy_penalty} "
                    "penalty cards from the stock. Buy it.",
                ),
                "buy_penalty",
            ),
            move="0: buy",
            point="QD",
            why=Counted(
                NN_(
                    "Buy the Q♦: it completes your contract, worth {buy_penalty} penalty card.",
                    "Buy the Q♦: it completes your contract, worth {buy_penalty} penalty cards.",
                ),
                "buy_penalty",
            ),
            then=("1: pass", "2: discard KH"),
        ),
        Step(
            say=N_("You got the Q♦ and a penalty card, the 7♣. Your turn: draw from the stock."),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock: the K♥ is of no use to you."),
            then=("1: pass", "2: pass"),
        ),
        Step(
            say=Counted(
                NN_(
                    "Lay down the contract: exactly {contract} of {contract_set} card, in one "
                    "move. Extra cards may not go with it, so the 7♣ waits.",
                    "Lay down the contract: exactly {contract} of {contract_set} cards, in one "
                    "move. Extra cards may not go with it, so the 7♣ waits.",
                ),
                "contract_set",
            ),
            move="0: contract 7H 7S 7D / QC QS QD",
            point="hand",
            why=Counted(
                NN_(
                    "Lay down the three sevens and the three queens: exactly the contract, "
                    "{contract_set} card a set.",
                    "Lay down the three sevens and the three queens: exactly the contract, "
                    "{contract_set} cards a set.",
                ),
                "contract_set",
            ),
        ),
        Step(
            say=N_("Lay-offs come on a later turn than your contract. Discard the 4♠ for now."),
            move="0: discard 4S",
            point="4S",
            why=N_("Throw the 4♠: the 7♣ and 2♣ can go later."),
            then=(
                "1: take 1",
                "1: contract 8H 8C 8D / 5D 5C 5S",
                "1: discard 3H",
                "2: take 1",
                "2: discard 2S",
            ),
        ),
        Step(
            say=N_("Your neighbour laid down their contract too. Draw from the stock."),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock: the 2♠ is of no use to you."),
            then=("1: pass", "2: pass"),
        ),
        Step(
            say=N_(
                "Now you may lay off on any meld on the table, yours or another's. Put the "
                "7♣ on your sevens."
            ),
            move="0: layoff 7C to 1",
            point="7C",
            why=N_("Lay off the 7♣ on your sevens first."),
        ),
        Step(
            say=N_("The 8♠ you drew goes on your neighbour's eights. Lay it off."),
            move="0: layoff 8S to 3",
            point="8S",
            why=N_("Lay off the 8♠ on the eights: then one card is left."),
        ),
        Step(
            say=N_("Discard your last card to go out and end the round."),
            move="0: discard 2C",
            point="2C",
            why=N_("Discard the 2♣ to go out."),
        ),
    ),
    end=(
        N_(
            "The round is over. You went out, so you score {mine}; the others score penalty "
            "points for the cards left in their hands, up to {theirs}."
        ),
        AFTER_ROUNDS,
    ),
)
