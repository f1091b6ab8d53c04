"""Shanghai Rummy, learnt on round one for three: a buy declined, one joker
a meld, laying off on the contract's own turn, and the "Shanghai!" call on a discard that
fits a meld, with the random card it costs the discarder."""

from __future__ import annotations

from rummy_gui.i18n import N_, NN_
from rummy_gui.play.lessons import Lesson, Step
from rummy_gui.play.lessons.words import AFTER_ROUNDS, ROUND_CONTRACT, Counted

LESSON = Lesson(
    preset="shanghai",
    title=N_("Learn Shanghai Rummy"),
    hands=(
        "8H JK JK KC KD KS 9C 4D 5D",
        "2H 3H 8C 10D JS QH 7S",
        "4C 6D 7D 9D AH 5C JH",
    ),
    stock="4S 8S 8D 3S JC 2D 6S",
    discard="10C",
    turn=1,
    opening=("1: draw", "2: pass"),
    assumes={"ace": "high", "buying": True, "layoff_with_contract": True, "shanghai_call": True},
    steps=(
        Step(
            say=(
                Counted(
                    NN_(
                        "Welcome to Shanghai Rummy: aces high, at most {max_jokers} joker a meld, "
                        "and a call.",
                        "Welcome to Shanghai Rummy: aces high, at most {max_jokers} jokers a "
                        "meld, and a call.",
                    ),
                    "max_jokers",
                ),
                Counted(
                    NN_(
                        "Your neighbour drew from the stock, so you may buy the 10♣ out of turn: "
                        "here that costs {buy_penalty} penalty card.",
                        "Your neighbour drew from the stock, so you may buy the 10♣ out of turn: "
                        "here that costs {buy_penalty} penalty cards.",
                    ),
                    "buy_penalty",
                ),
                Counted(
                    NN_(
                        "You may buy at most {buy_limit} time a round. Pass.",
                        "You may buy at most {buy_limit} times a round. Pass.",
                    ),
                    "buy_limit",
                ),
            ),
            move="0: pass",
            point="10C",
            why=Counted(
                NN_(
                    "Pass: the 10♣ fits nothing of yours, and a buy costs {buy_penalty} penalty "
                    "card.",
                    "Pass: the 10♣ fits nothing of yours, and a buy costs {buy_penalty} penalty "
                    "cards.",
                ),
                "buy_penalty",
            ),
            then=("1: discard 7S", "2: take 1", "2: discard 6D"),
        ),
        Step(
            say=(ROUND_CONTRACT, N_("Your turn: draw from the stock.")),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock: the 6♦ on the pile is of no use to you."),
            then=("1: pass", "2: pass"),
        ),
        Step(
            say=Counted(
                NN_(
                    "In Shanghai a meld may hold only {max_jokers} joker: 8♥ ★ ★ is not a set. "
                    "With the 8♠ you drew, lay down 8♥ 8♠ ★ and the three kings.",
                    "In Shanghai a meld may hold only {max_jokers} jokers: 8♥ ★ ★ is not a set. "
                    "With the 8♠ you drew, lay down 8♥ 8♠ ★ and the three kings.",
                ),
                "max_jokers",
            ),
            move="0: contract 8H 8S JK / KC KD KS",
            point="hand",
            why=N_(
                "Lay down 8♥ 8♠ ★ and the three kings: the kings need no joker, and your second "
                "joker can go on them next."
            ),
        ),
        Step(
            say=Counted(
                NN_(
                    "Here you may lay off in the same turn as your contract. The eights hold a "
                    "joker already, the kings none: put your second joker on the kings. A joker "
                    "left in your hand costs {joker_points} penalty point.",
                    "Here you may lay off in the same turn as your contract. The eights hold a "
                    "joker already, the kings none: put your second joker on the kings. A joker "
                    "left in your hand costs {joker_points} penalty points.",
                ),
                "joker_points",
            ),
            move="0: layoff JK to 2",
            point="JK",
            why=N_("Lay off your joker on the kings: the only meld without one."),
        ),
        Step(
            say=N_("Discard the 9♣."),
            move="0: discard 9C",
            point="9C",
            why=N_("Throw the 9♣: it is your highest card."),
            then=("1: take 1", "1: discard 8C", "2: pass"),
        ),
        Step(
            say=N_(
                "Your neighbour discarded the 8♣, which fits your eights. Anyone else may now "
                "call “Shanghai!” and lay that card off, and the discarder must take a random "
                "card from the caller's hand. Call “Shanghai!” onto your eights."
            ),
            move="0: shanghai to 1",
            point="8C",
            why=N_("Call “Shanghai!”: the 8♣ goes on your eights and a card leaves your hand."),
            then=("2: take 1", "2: discard 7D"),
        ),
        Step(
            say=N_(
                "Your neighbour took the 5♦ from your hand. They would have been safe had they "
                "called “Shanghai!” as they threw the card: then nobody may take it. Your turn: "
                "draw from the stock."
            ),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock: the 7♦ is of no use to you."),
            then=("1: pass", "2: pass"),
        ),
        Step(
            say=N_("The 8♦ goes on your eights too: lay it off."),
            move="0: layoff 8D to 1",
            point="8D",
            why=N_("Lay off the 8♦ on the eights: then one card is left."),
        ),
        Step(
            say=N_("Discard your last card, the 4♦, to go out."),
            move="0: discard 4D",
            point="4D",
            why=N_("Discard the 4♦ to go out."),
        ),
    ),
    end=(
        N_(
            "The round is over. You went out and score {mine}; the others score penalty points "
            "for the cards in their hands, up to {theirs} — a joker {joker_points}, an ace "
            "{ace_points}."
        ),
        AFTER_ROUNDS,
    ),
)
