"""The rules screen's text: the chosen preset, with the house rules in effect.

Each section of the page gives one or more sections of the rule book
(docs/rules.md, by number) and is one function of `Rules`: every number and
every clause that differs between the games is read from the engine's rules
(and its contracts and card values), never typed here. Every sentence is a
whole message of the catalogs (never a piece glued into another sentence), so
each language can word it its own way; a paragraph is its sentences joined by
spaces.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rummy_gui.engine import Rules
from rummy_gui.engine.cards import parse_card
from rummy_gui.engine.catalog import contracts
from rummy_gui.engine.rules import CONTRACT_RUN_SIZE, CONTRACT_SET_SIZE
from rummy_gui.engine.scoring import penalty_value, value_500
from rummy_gui.i18n import N_, _, ngettext
from rummy_gui.ui.screens.catalog import PresetInfo

HEADINGS = {
    "deal": N_("The deal"),
    "melds": N_("Melds"),
    "turn": N_("Your turn"),
    "going_out": N_("Going out"),
    "rummy": N_("Rummy!"),
    "scoring": N_("Scoring"),
    "partners": N_("Partners"),
    "winning": N_("Winning"),
    "contracts": N_("Contracts"),
    "buying": N_("Buying"),
    "shanghai": N_("Shanghai!"),
    "cut": N_("The cut"),
    "stock": N_("An empty stock"),
}


@dataclass(frozen=True)
class Section:
    """One section of the page: its heading's key, the rule book's sections it
    gives (docs/rules.md numbers, "2" for what every game shares), and its
    sentences in the current language."""

    key: str
    refs: tuple[str, ...]
    sentences: tuple[str, ...]


def rules_for(info: PresetInfo, options: dict[str, Any]) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs for one preset and its options, in the current
    language. Which sentences are said is read from the engine's rules with
    these options applied (ValueError for an option the preset does not take)."""
    rules = info.rules.with_options(options)
    return [(info.display_name, info.display_description)] + [
        (_(HEADINGS[s.key]), " ".join(s.sentences)) for s in sections(rules)
    ]


def sections(rules: Rules) -> list[Section]:
    """The page's sections for these rules, in order."""
    builders = _CONTRACT_FAMILY if rules.is_contract else _FAMILY_500
    return [s for s in (build(rules) for build in builders) if s is not None]


# ------------------------------------------------------------ shared facts


def _card_value(rules: Rules, code: str, low_ace: bool = False) -> int:
    card = parse_card(code)
    return penalty_value(rules, card) if rules.is_contract else value_500(rules, card, low_ace)


def _first_with_two_decks(rules: Rules) -> int | None:
    """The fewest players that play with two decks, when fewer play with one."""
    counts = range(rules.min_players, rules.max_players + 1)
    two = [n for n in counts if rules.decks(n) == 2]
    return two[0] if two and two[0] > rules.min_players else None


def _ace(rules: Rules) -> str:
    if rules.ace == "low":
        return _("Aces are low only (A-2-3…, K is highest).")
    if rules.ace == "high":
        return _("Aces are high only (Q-K-A).")
    return _("An ace is low (A-2-3) or high (Q-K-A), never both; K-A-2 is not a run.")


def _jokers(rules: Rules) -> list[str]:
    if not rules.jokers:
        return []
    if rules.jokers_only_in_joker_sets:
        return [
            _("Jokers only make sets of three or four jokers; a joker never stands for a card.")
        ]
    out = [_("A joker stands for any card, and every meld holds at least one natural card.")]
    most = rules.max_jokers_per_meld
    if most is not None:
        out.append(
            ngettext(
                "A meld may hold at most {n} joker.", "A meld may hold at most {n} jokers.", most
            ).format(n=most)
        )
    out.append(
        _(
            "In a run a joker stands for one exact card, fixed when it is played; in a set it "
            "stands for the rank only."
        )
    )
    out.append(_("When cards can be read as more than one meld, you say which one you mean."))
    return out


# ------------------------------------------------------------ the 500 family


def _deal_500(rules: Rules) -> Section:
    sentences = [_("The lowest card drawn deals first (ace low); then the deal passes left.")]
    jokers = rules.joker_count(rules.min_players)
    if rules.fixed_decks is not None and not jokers:
        sentences.append(_("One deck, no jokers."))
    elif rules.fixed_decks is not None:
        size = 52 * rules.fixed_decks + jokers
        sentences.append(
            ngettext(
                "One deck with {jokers} joker ({cards} cards).",
                "One deck with {jokers} jokers ({cards} cards).",
                jokers,
            ).format(jokers=jokers, cards=size)
        )
    else:
        two = _first_with_two_decks(rules)
        if two is not None:
            sentences.append(
                _("One deck for up to {most} players, two decks from {least}.").format(
                    most=two - 1, least=two
                )
            )
        per_deck = jokers // rules.decks(rules.min_players)
        sentences.append(
            ngettext("Each deck has {n} joker.", "Each deck has {n} jokers.", per_deck).format(
                n=per_deck
            )
            if per_deck
            else _("No jokers.")
        )
    usual = rules.hand_size(max(3, rules.min_players), 1)
    sentences.append(_("{n} cards each, dealt one at a time.").format(n=usual))
    if rules.min_players == 2 and rules.hand_size(2, 1) != usual:
        sentences.append(_("With two players, {n} cards each.").format(n=rules.hand_size(2, 1)))
    sentences.append(
        _("The rest is the stock, face down; its top card is turned up to start the discard pile.")
    )
    sentences.append(_("Play goes clockwise; the player left of the dealer starts."))
    return Section("deal", ("1", "3.1"), tuple(sentences))


def _melds_500(rules: Rules) -> Section:
    sentences = [
        _(
            "A set is 3 to {most} cards of one rank; a run is {run} or more cards in a row of "
            "one suit."
        ).format(most=rules.max_set, run=rules.min_run)
    ]
    if _first_with_two_decks(rules) is not None:
        sentences.append(_("With two decks a set never holds two cards of one suit."))
    sentences.append(_ace(rules))
    sentences.extend(_jokers(rules))
    sentences.append(
        _(
            "You may lay cards off on any meld on the table; a laid-off card scores for you, "
            "whoever made the meld."
        )
    )
    sentences.append(
        _("When a card fits several melds, you say which; cards never move from meld to meld.")
    )
    if rules.mark_complete_sets:
        sentences.append(_("A set of three made four is marked complete."))
    return Section("melds", ("2", "3.3"), tuple(sentences))


def _turn_500(rules: Rules) -> Section:
    return Section(
        "turn",
        ("3.4",),
        (
            _(
                "Draw the top card of the stock, or take any card of the discard pile together "
                "with every card above it."
            ),
            _(
                "The deepest card you take must be melded or laid off this same turn; the others "
                "go to your hand. You can't take cards whose deepest one you could not use."
            ),
            _("Even the top card, taken alone, must be melded this turn.")
            if rules.top_discard_must_meld
            else _("The top card taken alone is yours to keep, with no duty to meld it."),
            _("Then meld and lay off as you like, and end with one discard."),
            _(
                "You may not discard a card you took from the discard pile this turn; when you "
                "took more than one, the one that was on top may be discarded."
            ),
        ),
    )


def _going_out_500(rules: Rules) -> Section:
    sentences = [_("The deal ends when someone has no cards left.")]
    sentences.append(
        _("The last card must be a discard.")
        if rules.go_out_by_discard
        else _("You may go out by melding every card, or by discarding the last one.")
    )
    if rules.pinochle_last_turns:
        sentences.append(
            _(
                "Once the last stock card is drawn, everyone gets one more turn, from the next "
                "player to the one who drew it: take from the discard pile or take nothing, then "
                "meld, lay off and discard as usual. Then the deal ends."
            )
        )
    else:
        sentences.append(
            _(
                "When the stock is empty, play goes on while players take from the discard pile; "
                "the deal ends when a player would have to draw from the empty stock."
            )
        )
    return Section("going_out", ("3.5",), tuple(sentences))


def _rummy_call(rules: Rules) -> Section | None:
    if "rummy_call" not in rules.option_keys:
        return None
    call = rules.rummy_call
    if call == "full":
        sentences = [
            _(
                "After a discard, anyone else may call Rummy when the pile holds cards that meld "
                "without hand cards: the caller takes the deepest of them and every card above "
                "it, melds it, may meld more, and discards."
            ),
            _("Play goes on from the caller: the players in between lose their turn."),
        ]
    elif call == "last":
        sentences = [
            _(
                "After a discard, anyone else may claim the card just discarded to lay it off "
                "on a meld; it scores for them, and play goes on as before."
            )
        ]
    else:
        return Section("rummy", ("3.6",), (_("Nobody calls Rummy in this game."),))
    sentences.append(_("If several call, the one nearest the discarder, going left, gets it."))
    return Section("rummy", ("3.6",), tuple(sentences))


def _scoring_500(rules: Rules) -> Section:
    values = {
        "ten": _card_value(rules, "10H"),
        "ace": _card_value(rules, "AH"),
        "low": _card_value(rules, "AH", low_ace=True),
    }
    if all(_card_value(rules, f"{n}H") == n for n in range(2, 10)):
        scoring = _(
            "Cards 2-9 count their value, tens and faces {ten}, an ace {ace} ({low} at the low "
            "end of a run)."
        ).format(**values)
    else:
        scoring = _(
            "Cards 2-9 count {small}, tens and faces {ten}, an ace {ace} ({low} at the low end "
            "of a run)."
        ).format(small=_card_value(rules, "2H"), **values)
    sentences = [scoring]
    if rules.jokers:
        sentences.append(_("A joker counts {points}.").format(points=rules.joker_value_500))
    sentences.append(
        _(
            "Each deal you score the cards you melded and laid off, minus the cards left in "
            "your hand; a score may be negative."
        )
    )
    return Section("scoring", ("3.2",), tuple(sentences))


def _winning_500(rules: Rules) -> Section:
    if rules.target is not None:
        sentences = [
            _(
                "The game ends after the deal in which someone reaches {target}; the highest "
                "total wins. If the highest totals tie, another deal is played."
            ).format(target=rules.target)
        ]
    else:
        sentences = [
            ngettext(
                "The game is exactly {n} deal.", "The game is exactly {n} deals.", rules.deals or 1
            ).format(n=rules.deals or 1)
        ]
    if rules.match_bonus:
        sentences.append(
            _(
                "Then the team ahead gets {bonus} more and wins by the difference of the team "
                "totals."
            ).format(bonus=rules.match_bonus)
        )
    if rules.settlement:
        sentences.append(
            _("The winner settles with each other player by the difference of their totals.")
        )
    return Section("winning", ("3.7",), tuple(sentences))


def _partners(rules: Rules) -> Section | None:
    if not rules.partnerships:
        return None
    sentences = [
        ngettext(
            "Always {n} player: partners sit opposite and add their scores.",
            "Always {n} players: partners sit opposite and add their scores.",
            rules.max_players,
        ).format(n=rules.max_players)
        if rules.min_players == rules.max_players
        else _("Partners sit opposite and add their scores.")
    ]
    if rules.persian_bonuses:
        sentences.append(_("A set of four melded all at once scores double."))
    if rules.out_in_one_turn_bonus:
        sentences.append(
            _(
                "Going out in the first turn you meld at all, the whole hand at once, earns your "
                "team {bonus}."
            ).format(bonus=rules.out_in_one_turn_bonus)
        )
    return Section("partners", ("3.8",), tuple(sentences))


# A section is one function of the rules here, in the page's order; a rule of
# its own (say RULES.md 3.9's face-down lay-offs) is one more function.
_FAMILY_500: tuple[Callable[[Rules], Section | None], ...] = (
    _deal_500,
    _melds_500,
    _turn_500,
    _going_out_500,
    _rummy_call,
    _scoring_500,
    _winning_500,
    _partners,
)


# ------------------------------------------------------------ the contract family


def _deal_contract(rules: Rules) -> Section:
    if not rules.jokers:
        deck = _("Two decks, no jokers.")
    elif rules.fixed_jokers is not None:
        deck = ngettext(
            "Two decks and {n} joker.", "Two decks and {n} jokers.", rules.fixed_jokers
        ).format(n=rules.fixed_jokers)
    else:
        deck = _("Two decks and one joker fewer than there are players.")
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
                "A set is 3 or more cards of one rank, in any suits; a run is {run} or more "
                "cards in a row of one suit."
            ).format(run=rules.min_run),
            _ace(rules),
            *_jokers(rules),
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
        _("Round {round}: {contract} ({cards} cards)").format(
            round=i + 1, contract=_(name), cards=rules.contract_hand_size[i]
        )
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
    ten, ace, joker = (_card_value(rules, c) for c in ("10H", "AH", "JK"))
    if all(_card_value(rules, f"{n}H") == n for n in range(2, 10)):
        values = _(
            "When someone goes out, the others score penalty points for their hands: 2-9 their "
            "value, 10-K {ten}, an ace {ace}, a joker {joker}; the one who went out scores 0."
        ).format(ten=ten, ace=ace, joker=joker)
    else:
        small = _card_value(rules, "2H")
        top = max(n for n in range(2, 10) if _card_value(rules, f"{n}H") == small)
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


_CONTRACT_FAMILY: tuple[Callable[[Rules], Section | None], ...] = (
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
