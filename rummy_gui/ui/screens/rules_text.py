"""The rules screen's text: the chosen preset, with the house rules in effect.

Every sentence is a whole message of the catalogs (never a piece glued into
another sentence), so each language can word it its own way; a paragraph is
its sentences joined by spaces.
"""

from __future__ import annotations

from typing import Any

from rummy_gui.engine import Rules
from rummy_gui.engine.catalog import contracts
from rummy_gui.i18n import N_, _
from rummy_gui.ui.screens.catalog import PresetInfo

HEADINGS = {
    "deal": N_("The deal"),
    "melds": N_("Melds"),
    "turn": N_("Your turn"),
    "going_out": N_("Going out"),
    "face_down": N_("Lay-offs face down"),
    "rummy": N_("Rummy!"),
    "scoring": N_("Scoring"),
    "partners": N_("Partners"),
    "winning": N_("Winning"),
    "contracts": N_("Contracts"),
    "buying": N_("Buying"),
    "shanghai": N_("Shanghai!"),
    "cut": N_("The cut"),
}


def rules_for(info: PresetInfo, options: dict[str, Any]) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs for one preset and its options, in the current
    language. Which sentences are said is read from the engine's rules with
    these options applied (ValueError for an option the preset does not take)."""
    rules = info.rules.with_options(options)
    pairs = _contract(rules) if rules.is_contract else _family_500(rules)
    return [(info.display_name, info.display_description)] + [
        (_(HEADINGS[key]), " ".join(sentences)) for key, sentences in pairs
    ]


def _family_500(rules: Rules) -> list[tuple[str, list[str]]]:
    jokers = rules.jokers
    out: list[tuple[str, list[str]]] = []
    if rules.fixed_decks is not None:
        deck = _("One deck with 4 jokers (56 cards).")
    elif jokers:
        deck = _("One deck for up to four players, two from five, with two jokers per deck.")
    else:
        deck = _("One deck for up to four players, two from five, no jokers.")
    out.append(
        (
            "deal",
            [
                deck,
                _("Seven cards each (13 with two players), dealt one at a time."),
                _("The rest is the stock; its top card starts the discard pile."),
            ],
        )
    )
    melds = [
        _(
            "A set is 3 or 4 cards of one rank; a run is {run} or more cards in a row of one suit."
        ).format(run=rules.min_run)
    ]
    if rules.ace == "low":
        melds.append(_("Aces are low only (A-2-3…, K is highest)."))
    else:
        melds.append(_("An ace is low (A-2-3) or high (Q-K-A), never both."))
    if jokers and rules.jokers_only_in_joker_sets:
        melds.append(_("Jokers only make sets of three or four jokers."))
    elif jokers:
        melds.append(
            _("A joker stands for any card; in a run it stands for one exact card for good.")
        )
    melds.append(
        _(
            "You may lay cards off on any meld on the table; a laid-off card scores for you, "
            "whoever made the meld."
        )
    )
    out.append(("melds", melds))
    out.append(
        (
            "turn",
            [
                _(
                    "Draw the top of the stock, or take any card of the discard pile "
                    "together with every card above it: the deepest card taken must be "
                    "melded or laid off this turn."
                ),
                _("Even the top card, when taken, must be melded this turn.")
                if rules.top_discard_must_meld
                else _("The top card alone may be taken freely."),
                _("Then meld and lay off as you like, and end with one discard."),
            ],
        )
    )
    out.append(
        (
            "going_out",
            [
                _("The deal ends when someone has no cards left."),
                _("The last card must be a discard.")
                if rules.go_out_by_discard
                else _("You may go out by melding every card, or by discarding the last one."),
            ],
        )
    )
    if rules.hidden_layoffs:
        out.append(("face_down", _face_down()))
    call = rules.rummy_call
    if call == "full":
        out.append(
            (
                "rummy",
                [
                    _(
                        "After a discard, anyone else may call Rummy when the pile holds cards "
                        "that meld without hand cards; the caller takes them, melds, discards, "
                        "and play goes on from the caller."
                    )
                ],
            )
        )
    elif call == "last":
        out.append(
            (
                "rummy",
                [
                    _(
                        "After a discard, anyone else may claim the card just discarded to lay "
                        "it off on a meld; play goes on as before."
                    )
                ],
            )
        )
    if rules.simple_scoring:
        scoring = _("Cards 2-9 count 5, tens and faces 10, an ace 15 (5 at the low end of a run).")
    else:
        scoring = _(
            "Cards 2-9 count their value, tens and faces 10, an ace 15 (1 at the low end of a run)."
        )
    score = [scoring]
    if jokers:
        score.append(_("A joker counts {points}.").format(points=rules.joker_value_500))
    score.append(_("Each deal you score your melded cards minus the cards left in hand."))
    out.append(("scoring", score))
    if rules.partnerships:
        out.append(
            (
                "partners",
                [
                    _(
                        "Partners sit opposite and add their scores. A set of four melded at "
                        "once scores double; going out in your first melding turn earns 25. "
                        "After two deals the better team gets 50 more."
                    )
                ],
            )
        )
    else:
        out.append(
            (
                "winning",
                [
                    _(
                        "The game ends after the deal in which someone reaches {target}; the "
                        "highest total wins."
                    ).format(target=rules.target)
                ],
            )
        )
    return out


def _face_down() -> list[str]:
    """RULES.md 3.9, Pinochle's house rule "hidden lay-offs"."""
    return [
        _(
            "A card you lay off goes face down among your own melds: nobody sees it until "
            "the deal is scored, not even you, so remember it."
        ),
        _(
            "The others learn only that you laid off a card, and on which meld only when it "
            "could go on more than one."
        ),
        _("A set of three made four is turned face down whole: it is complete."),
        _(
            "A face-down card still extends its meld, and you may drop a card on any meld: "
            "the game says if it does not fit."
        ),
        _("The last card goes to the discard pile face down."),
        _("When the deal is scored, every face-down card is turned up and counts."),
    ]


def _contract(rules: Rules) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    if not rules.jokers:
        deck = _("Two decks, no jokers.")
    elif rules.fixed_jokers is not None:
        deck = _("Two decks and 4 jokers.")
    else:
        deck = _("Two decks and one joker fewer than there are players.")
    cards = (
        _("Eleven cards are dealt every round.")
        if set(rules.contract_hand_size) == {11}
        else _("10 cards are dealt in rounds 1-3, 12 in rounds 4-7.")
    )
    out.append(("deal", [deck, cards, _("The game has seven rounds.")]))
    listed = "\n".join(
        _("Round {round}: {contract}").format(round=i + 1, contract=_(name))
        for i, (_sets, _runs, name) in enumerate(contracts(rules))
    )
    out.append(
        (
            "contracts",
            [
                _(
                    "Your first meld of a round must be its contract, exactly: "
                    "sets of 3 and runs of {run}."
                ).format(run=rules.min_run),
                *(
                    [_("In round 7 you go out only by laying down your whole hand at once.")]
                    if rules.last_round_goes_out_whole(7)
                    else []
                ),
                _("Aces are high only (Q-K-A), and a meld may hold one joker at most.")
                if rules.ace == "high"
                else _("An ace is low (A-2-3) or high (Q-K-A), never both."),
                "\n" + listed,
            ],
        )
    )
    out.append(
        (
            "turn",
            [
                _(
                    "Draw from the stock or take the top discard; lay down the contract if you "
                    "can; on later turns lay off on any meld, or swap a natural card for the "
                    "joker it stands for in a run. End with a discard."
                )
            ],
        )
    )
    if rules.buying:
        if rules.buy_limit is not None:
            buying = _(
                "When the player in turn draws from the stock, others may buy the top discard, "
                "taking two penalty cards from the stock too. Twice per round at most."
            )
        else:
            buying = _(
                "When the player in turn draws from the stock, others may buy the top discard, "
                "taking a penalty card from the stock too."
            )
        out.append(("buying", [buying]))
    if rules.shanghai_call:
        out.append(
            (
                "shanghai",
                [
                    _(
                        "When someone discards a card that fits a meld, anyone else may call "
                        "Shanghai and lay it off; the discarder then takes a random card from "
                        "the caller. Call it yourself as you discard to be safe."
                    )
                ],
            )
        )
    if rules.liverpool_cut:
        out.append(
            (
                "cut",
                [
                    _(
                        "Before each deal the player right of the dealer cuts; lifting exactly the "
                        "cards needed for the deal takes 50 off their total."
                    )
                ],
            )
        )
    if rules.shanghai_scoring:
        values = _(
            "When someone goes out the others score penalty points for their hands: 2-7 count 5, "
            "8-K 10, an ace 20, a joker 50."
        )
    else:
        values = _(
            "When someone goes out the others score penalty points for their hands: 2-9 their "
            "value, 10-K 10, an ace 15, a joker 15."
        )
    out.append(("scoring", [values, _("After round 7 the lowest total wins.")]))
    return out
