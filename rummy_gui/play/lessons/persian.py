"""Persian Rummy, learnt on one deal for four: partners, sets of jokers, a
free top card, the Rummy! call, a set of four melded at once, the whole hand
down in one turn, the score."""

from __future__ import annotations

from rummy_gui.i18n import N_, NN_
from rummy_gui.play.lessons import Lesson, Step
from rummy_gui.play.lessons.words import Counted

LESSON = Lesson(
    preset="persian",
    title=N_("Learn Persian Rummy"),
    hands=(
        "JK JK 6D 6C 6H 9S 3H 7C",
        "2D 5S 10D KC 4D 8C AC",
        "QD QS QH 7D 2S 9D 5H",
        "6S JH 3D 10C 8D 5C KS",
    ),
    stock="JK 4H JS 4S 3S 10H 5D KH",
    discard="AD",
    assumes={
        "partnerships": True,
        "jokers_only_in_joker_sets": True,
        "persian_bonuses": True,
        "top_discard_must_meld": False,
        "rummy_call": "full",
    },
    steps=(
        Step(
            say=(
                Counted(
                    NN_(
                        "Welcome to Persian Rummy: Rummy 500 for {players} player, in pairs.",
                        "Welcome to Persian Rummy: Rummy 500 for {players} players, in pairs.",
                    ),
                    "players",
                ),
                N_(
                    "The player across the table is your partner: your scores are added. Draw "
                    "from the stock."
                ),
            ),
            move="0: draw",
            point="stock",
            why=N_("Draw from the stock: the A♦ on the pile is of no use to you."),
        ),
        Step(
            say=(
                Counted(
                    NN_(
                        "A third joker! Here jokers never stand for other cards: they are melded "
                        "only as a set of {set_least} or {set_most} joker.",
                        "A third joker! Here jokers never stand for other cards: they are melded "
                        "only as a set of {set_least} or {set_most} jokers.",
                    ),
                    "set_most",
                ),
                Counted(
                    NN_(
                        "A joker counts {joker_points} point.",
                        "A joker counts {joker_points} points.",
                    ),
                    "joker_points",
                ),
                Counted(
                    NN_(
                        "Don't meld yet: lay down your whole hand in one turn and your pair earns "
                        "{out_bonus} point more. Discard the 9♠.",
                        "Don't meld yet: lay down your whole hand in one turn and your pair earns "
                        "{out_bonus} points more. Discard the 9♠.",
                    ),
                    "out_bonus",
                ),
            ),
            move="0: discard 9S",
            point="9S",
            why=Counted(
                NN_(
                    "Keep your cards this turn and throw the 9♠: melding your whole hand in one "
                    "turn later earns your pair {out_bonus} point.",
                    "Keep your cards this turn and throw the 9♠: melding your whole hand in one "
                    "turn later earns your pair {out_bonus} points.",
                ),
                "out_bonus",
            ),
            then=(
                "1: draw",
                "1: discard 2D",
                "2: draw",
                "2: meld QD QS QH",
                "2: discard 2S",
                "3: draw",
                "3: discard 6S",
            ),
        ),
        Step(
            say=N_(
                "Your partner melded three queens: those points are your pair's too. And the "
                "6♠ on the pile is your fourth six. The top card taken alone is free to keep: "
                "take it."
            ),
            move="0: take 1",
            point="6S",
            why=N_("Take the 6♠ from the pile: it makes four sixes with yours."),
        ),
        Step(
            say=N_(
                "You need not meld the 6♠ now: keep everything for the one turn that lays "
                "down your whole hand. Discard the 3♥."
            ),
            move="0: discard 3H",
            point="3H",
            why=N_("Keep your melds in your hand a little longer and throw the 3♥."),
            then=("1: draw", "1: discard 4H", "2: draw", "2: discard 5H", "3: pass"),
        ),
        Step(
            say=N_(
                "3♥ 4♥ 5♥ on the pile make a run without any card of yours. After a discard "
                "anyone else may call “Rummy!”, take such cards out of turn and meld them; "
                "the seats in between lose their turn. Call it."
            ),
            move="0: rummy 3",
            point="discard",
            why=N_("Call “Rummy!” for the three hearts: your turn comes at once."),
        ),
        Step(
            say=N_("First meld the run you called for: 3♥ 4♥ 5♥."),
            move="0: meld 3H 4H 5H",
            point="3H",
            why=N_("Meld 3♥ 4♥ 5♥ first: the deepest card you called for must be melded."),
        ),
        Step(
            say=N_("Now lay down everything in this one turn. Next the set of three jokers."),
            move="0: meld JK JK JK",
            point="JK",
            why=Counted(
                NN_(
                    "Meld the three jokers now: {points} point on the table.",
                    "Meld the three jokers now: {points} points on the table.",
                ),
                "points",
            ),
            scored="JK JK JK",
        ),
        Step(
            say=Counted(
                NN_(
                    "A set of {full_set} card melded all at once scores double, so don't build "
                    "it up in parts. Meld the four sixes.",
                    "A set of {full_set} cards melded all at once scores double, so don't build "
                    "it up in parts. Meld the four sixes.",
                ),
                "full_set",
            ),
            move="0: meld 6D 6C 6H 6S",
            point="6S",
            why=Counted(
                NN_(
                    "Meld all four sixes together: a set of {full_set} card melded at once "
                    "scores double.",
                    "Meld all four sixes together: a set of {full_set} cards melded at once "
                    "scores double.",
                ),
                "full_set",
            ),
        ),
        Step(
            say=Counted(
                NN_(
                    "Discard your last card: you go out on the turn you first melded, and your "
                    "pair earns {out_bonus} point.",
                    "Discard your last card: you go out on the turn you first melded, and your "
                    "pair earns {out_bonus} points.",
                ),
                "out_bonus",
            ),
            move="0: discard 7C",
            point="7C",
            why=N_("Discard the 7♣ to go out with your whole hand laid down in one turn."),
        ),
    ),
    end=(
        N_("The deal is over: {mine} for your pair, {theirs} for the other pair."),
        Counted(
            NN_(
                "Persian Rummy is exactly {deals} deal.", "Persian Rummy is exactly {deals} deals."
            ),
            "deals",
        ),
        Counted(
            NN_(
                "Then the pair with more points gets {match_bonus} point more and wins by the "
                "difference.",
                "Then the pair with more points gets {match_bonus} points more and wins by the "
                "difference.",
            ),
            "match_bonus",
        ),
    ),
)
