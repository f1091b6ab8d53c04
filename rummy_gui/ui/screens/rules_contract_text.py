"""The Rules page's sections for the contract family (RULES.md 4), each a
function of `Rules`; rules_text.py puts the page together."""

from __future__ import annotations

from collections.abc import Callable

from rummy_gui.engine import Rules
from rummy_gui.engine.catalog import contracts
from rummy_gui.engine.rules import CONTRACT_RUN_SIZE, CONTRACT_SET_SIZE
from rummy_gui.i18n import _, ngettext
from rummy_gui.ui.screens.rules_parts import (
    Section,
    ace_sentence,
    card_value,
    joker_sentences,
)


def _deal_contract(rules: Rules) -> Section:
    # the contract family's deck count is the same for every number of players
    count = rules.decks(rules.min_players)
    decks = ngettext("{n} deck", "{n} decks", count).format(n=count)
    if not rules.jokers:
        deck = _("{decks}, no jokers.").format(decks=decks)
    elif rules.fixed_jokers is not None:
        deck = ngettext(
            "{decks} and {n} joker.", "{decks} and {n} jokers.", rules.fixed_jokers
        ).format(decks=decks, n=rules.fixed_jokers)
    else:
        deck = _("{decks} and one joker fewer than there are players.").format(decks=decks)
    sizes = rules.contract_hand_size
    if len(set(sizes)) == 1:
        dealt = [_("{n} cards are dealt in every round.").format(n=sizes[0])]
    else:
        dealt = []
        first = 0
        for i in range(1, len(sizes) + 1):
            if i == len(sizes) or sizes[i] != sizes[first]:
                dealt.append(
                    _("{n} cards are dealt in rounds {first}-{last}.").format(
                        n=sizes[first], first=first + 1, last=i
                    )
                )
                first = i
    return Section(
        "deal",
        ("1", "4.1"),
        (
            _("For {least} to {most} players.").format(
                least=rules.min_players, most=rules.max_players
            ),
            deck,
            _("The game has {n} rounds; the deal passes left each round.").format(n=rules.rounds),
            _("The lowest card drawn deals first (ace low)."),
            *dealt,
            _("The rest is the stock; its top card is turned up to start the discard pile."),
            _("Play goes clockwise; the player left of the dealer starts."),
        ),
    )


def _cut(rules: Rules) -> Section | None:
    if not rules.liverpool_cut:
        return None
    return Section(
        "cut",
        ("4.1",),
        (
            _(
                "Before each deal the player right of the dealer cuts; lifting exactly the cards "
                "the deal and the upcard need takes {bonus} off their total."
            ).format(bonus=rules.cut_bonus),
        ),
    )


def _melds_contract(rules: Rules) -> Section:
    return Section(
        "melds",
        ("2", "4.2"),
        (
            _(
                "A set is {least} or more cards of one rank, in any suits; a run is {run} or more "
                "cards in a row of one suit."
            ).format(least=CONTRACT_SET_SIZE, run=CONTRACT_RUN_SIZE),
            ace_sentence(rules),
            *joker_sentences(rules),
        ),
    )


def _contracts(rules: Rules) -> Section:
    sentences = [
        _(
            "Your first meld of a round must be its contract, laid down in one turn: sets of "
            "exactly {set} cards and runs of exactly {run}, nothing more."
        ).format(set=CONTRACT_SET_SIZE, run=CONTRACT_RUN_SIZE),
        _(
            "Two runs of one suit in a contract may not join into one run: leave a gap between "
            "them or let them overlap."
        ),
    ]
    if rules.contract_sets_distinct_ranks:
        sentences.append(_("Two sets of the same rank may not be in one contract."))
    sentences.extend(
        _(
            "In round {round} you go out only by laying down your whole hand at once as the "
            "contract, with no discard; its runs may be longer. Until someone can, turns end "
            "with a discard and nobody melds or lays off."
        ).format(round=number)
        for number in rules.whole_hand_rounds
    )
    listed = "\n".join(
        ngettext(
            "Round {round}: {contract} ({cards} card)",
            "Round {round}: {contract} ({cards} cards)",
            rules.contract_hand_size[i],
        ).format(round=i + 1, contract=_(name), cards=rules.contract_hand_size[i])
        for i, (_sets, _runs, name) in enumerate(contracts(rules))
    )
    sentences.append("\n" + listed)
    return Section("contracts", ("4.3",), tuple(sentences))


def _turn_contract(rules: Rules) -> Section:
    return Section(
        "turn",
        ("4.4",),
        (
            _("Draw the top card of the stock or of the discard pile."),
            _("If you have not laid down your contract this round, you may now."),
            _(
                "From the turn you lay down your contract on, you may lay off on any meld on the "
                "table, yours or others'."
            )
            if rules.layoff_with_contract
            else _(
                "From your next turn after the contract on, you may lay off on any meld on the "
                "table, yours or others'."
            ),
            _(
                "A player who may lay off may take a joker from a run by putting in the card it "
                "stands for; that joker must go back on the table the same turn. A joker in a set "
                "stays."
            ),
            _("End with a discard; play passes left."),
            _(
                "You go out by melding and laying off all but one card and discarding it: you may "
                "not meld or lay off your last card."
            )
            if rules.go_out_by_discard
            else _("You go out when you have no cards left, by melding or by discarding."),
        ),
    )


def _buying(rules: Rules) -> Section:
    if not rules.buying:
        return Section("buying", ("4.5",), (_("Nobody buys a discard out of turn."),))
    sentences = [
        ngettext(
            "When the player in turn draws from the stock, the others may buy the top discard, "
            "taking {n} penalty card from the stock with it.",
            "When the player in turn draws from the stock, the others may buy the top discard, "
            "taking {n} penalty cards from the stock with it.",
            rules.buy_penalty,
        ).format(n=rules.buy_penalty),
        _("If several want it, the one nearest the player in turn, going left, gets it."),
        _(
            "The card beneath may then be bought too, and so on; nobody buys twice in a row, and "
            "a buy the stock can't pay its penalty for is not allowed."
        ),
        _(
            "When the player in turn takes the discard, nobody pays a penalty and nobody may buy "
            "the card beneath."
        ),
    ]
    if rules.buy_limit is not None:
        sentences.append(
            ngettext(
                "Each player may buy at most {n} time per round.",
                "Each player may buy at most {n} times per round.",
                rules.buy_limit,
            ).format(n=rules.buy_limit)
        )
    return Section("buying", ("4.5",), tuple(sentences))


def _shanghai(rules: Rules) -> Section | None:
    if not rules.shanghai_call:
        return None
    return Section(
        "shanghai",
        ("4.6",),
        (
            _(
                "When someone discards a card that fits a meld on the table, anyone else, even "
                "before their contract, may call Shanghai and lay it off; the discarder then "
                "takes a random card from the caller's hand."
            ),
            _(
                "Call it yourself as you discard such a card to be safe: then nobody may take "
                "that card this turn."
            ),
            _("If several call, the one nearest the discarder, going left, gets it."),
        ),
    )


def _stock_contract(rules: Rules) -> Section:
    if rules.reshuffles is None:
        rebuild = _(
            "When the stock is empty, the discard pile but its top card is shuffled into a new "
            "stock."
        )
    elif rules.reshuffles == 0:
        rebuild = _("An empty stock is never rebuilt.")
    else:
        rebuild = ngettext(
            "When the stock is empty, the discard pile but its top card is shuffled into a new "
            "stock, at most {n} time a round.",
            "When the stock is empty, the discard pile but its top card is shuffled into a new "
            "stock, at most {n} times a round.",
            rules.reshuffles,
        ).format(n=rules.reshuffles)
    return Section(
        "stock",
        ("4.7",),
        (
            rebuild,
            _(
                "When it can't be rebuilt, a draw from the empty stock ends the round with no "
                "winner: everyone scores the cards in their hand. The player in turn may still "
                "take the top discard instead."
            ),
        ),
    )


def _scoring_contract(rules: Rules) -> Section:
    ten, ace, joker = (card_value(rules, c) for c in ("10H", "AH", "JK"))
    if all(card_value(rules, f"{n}H") == n for n in range(2, 10)):
        values = _(
            "When someone goes out, the others score penalty points for their hands: 2-9 their "
            "value, 10-K {ten}, an ace {ace}, a joker {joker}; the one who went out scores 0."
        ).format(ten=ten, ace=ace, joker=joker)
    else:
        small = card_value(rules, "2H")
        top = max(n for n in range(2, 10) if card_value(rules, f"{n}H") == small)
        values = _(
            "When someone goes out, the others score penalty points for their hands: 2-{top} "
            "count {small}, {next}-K {ten}, an ace {ace}, a joker {joker}; the one who went out "
            "scores 0."
        ).format(top=top, small=small, next=top + 1, ten=ten, ace=ace, joker=joker)
    return Section(
        "scoring",
        ("4.7",),
        (
            values,
            _("After round {n} the lowest total wins; a tie is shared.").format(n=rules.rounds),
        ),
    )


CONTRACT_FAMILY: tuple[Callable[[Rules], Section | None], ...] = (
    _deal_contract,
    _cut,
    _melds_contract,
    _contracts,
    _turn_contract,
    _buying,
    _shanghai,
    _stock_contract,
    _scoring_contract,
)
