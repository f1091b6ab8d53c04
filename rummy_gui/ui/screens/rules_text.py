"""The rules screen's text: the chosen preset, with the house rules in effect.

Each section of the page gives one or more sections of the rule book
(docs/rules.md, by number) and is one function of `Rules`: every number and
every clause that differs between the games is read from the engine's rules
(and its contracts and card values), never typed here. Every sentence is a
whole message of the catalogs (never a piece glued into another sentence), so
each language can word it its own way; a paragraph is its sentences joined by
spaces. The 500 family's sections are here, the contract family's in
rules_contract_text.py, and what both say in rules_parts.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rummy_gui.engine import Rules
from rummy_gui.engine.cards import NATURALS
from rummy_gui.engine.melds import FULL_SET, MIN_SET
from rummy_gui.engine.scoring import DOUBLED_FACTOR
from rummy_gui.i18n import N_, _, ngettext
from rummy_gui.ui.screens.catalog import PresetInfo
from rummy_gui.ui.screens.rules_contract_text import CONTRACT_FAMILY
from rummy_gui.ui.screens.rules_parts import (
    Section,
    ace_sentence,
    card_value,
    first_with_two_decks,
    joker_sentences,
)

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
    "stock": N_("An empty stock"),
}


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
    builders = CONTRACT_FAMILY if rules.is_contract else _FAMILY_500
    return [s for s in (build(rules) for build in builders) if s is not None]


# ------------------------------------------------------------ the 500 family


def _deal_500(rules: Rules) -> Section:
    sentences = [_("The lowest card drawn deals first (ace low); then the deal passes left.")]
    if rules.min_players != rules.max_players:
        sentences.insert(
            0,
            _("For {least} to {most} players.").format(
                least=rules.min_players, most=rules.max_players
            ),
        )
    jokers = rules.joker_count(rules.min_players)
    if rules.fixed_decks is not None and not jokers:
        sentences.append(_("One deck, no jokers."))
    elif rules.fixed_decks is not None:
        size = len(NATURALS) * rules.fixed_decks + jokers
        sentences.append(
            ngettext(
                "One deck with {jokers} joker ({cards} cards).",
                "One deck with {jokers} jokers ({cards} cards).",
                jokers,
            ).format(jokers=jokers, cards=size)
        )
    else:
        two = first_with_two_decks(rules)
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
            "A set is {least} to {most} cards of one rank; a run is {run} or more cards in a row "
            "of one suit."
        ).format(least=MIN_SET, most=rules.max_set, run=rules.min_run)
    ]
    if first_with_two_decks(rules) is not None:
        sentences.append(_("With two decks a set never holds two cards of one suit."))
    sentences.append(ace_sentence(rules))
    sentences.extend(joker_sentences(rules))
    sentences.append(
        _(
            "You may lay cards off on any meld on the table; a laid-off card scores for you, "
            "whoever made the meld."
        )
    )
    sentences.append(
        _("When a card fits several melds, you say which; cards never move from meld to meld.")
    )
    if rules.mark_complete_sets and not rules.hidden_layoffs:  # else: the face-down section
        sentences.append(
            _("A set laid up to {full} cards is marked complete.").format(full=FULL_SET)
        )
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


def _face_down(rules: Rules) -> Section | None:
    """RULES.md 3.9, Pinochle's house rule "hidden lay-offs"."""
    if not rules.hidden_layoffs:
        return None
    return Section(
        "face_down",
        ("3.9",),
        (
            _(
                "A card you lay off goes face down among your own melds: nobody sees it until "
                "the deal is scored, not even you, so remember it."
            ),
            _(
                "The others learn only that you laid off a card, and on which meld only when it "
                "could go on more than one."
            ),
            _("A set laid up to {full} cards is turned face down whole: it is complete.").format(
                full=FULL_SET
            ),
            _(
                "A face-down card still extends its meld, and you may drop a card on any meld: "
                "the game says if it does not fit."
            ),
            _("The last card goes to the discard pile face down."),
            _("When the deal is scored, every face-down card is turned up and counts."),
        ),
    )


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
            _(
                "Then the turn passes to the player after the caller: the players between the "
                "discarder and the caller lose their turn."
            ),
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
        "ten": card_value(rules, "10H"),
        "ace": card_value(rules, "AH"),
        "low": card_value(rules, "AH", low_ace=True),
    }
    if all(card_value(rules, f"{n}H") == n for n in range(2, 10)):
        scoring = _(
            "Cards 2-9 count their value, tens and faces {ten}, an ace {ace} ({low} at the low "
            "end of a run)."
        ).format(**values)
    else:
        scoring = _(
            "Cards 2-9 count {small}, tens and faces {ten}, an ace {ace} ({low} at the low end "
            "of a run)."
        ).format(small=card_value(rules, "2H"), **values)
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
        sentences.append(
            ngettext(
                "A set of {full} card melded all at once scores {factor} times its points.",
                "A set of {full} cards melded all at once scores {factor} times its points.",
                FULL_SET,
            ).format(full=FULL_SET, factor=DOUBLED_FACTOR)
        )
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
    _face_down,
    _rummy_call,
    _scoring_500,
    _winning_500,
    _partners,
)
