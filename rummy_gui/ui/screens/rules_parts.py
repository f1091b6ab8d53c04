"""The pieces the Rules page's sections share: the section itself and the
sentences on cards, aces and jokers that both families say (rules_text.py,
rules_contract_text.py)."""

from __future__ import annotations

from dataclasses import dataclass

from rummy_gui.engine import Rules
from rummy_gui.engine.cards import parse_card
from rummy_gui.engine.melds import MIN_SET
from rummy_gui.engine.scoring import penalty_value, value_500
from rummy_gui.i18n import _, ngettext


@dataclass(frozen=True)
class Section:
    """One section of the page: its heading's key, the rule book's sections it
    gives (docs/rules.md numbers, "2" for what every game shares), and its
    sentences in the current language."""

    key: str
    refs: tuple[str, ...]
    sentences: tuple[str, ...]


def card_value(rules: Rules, code: str, low_ace: bool = False) -> int:
    card = parse_card(code)
    return penalty_value(rules, card) if rules.is_contract else value_500(rules, card, low_ace)


def first_with_two_decks(rules: Rules) -> int | None:
    """The fewest players that play with two decks, when fewer play with one."""
    counts = range(rules.min_players, rules.max_players + 1)
    two = [n for n in counts if rules.decks(n) == 2]
    return two[0] if two and two[0] > rules.min_players else None


def ace_sentence(rules: Rules) -> str:
    if rules.ace == "low":
        return _("Aces are low only (A-2-3…, K is highest).")
    if rules.ace == "high":
        return _("Aces are high only (Q-K-A).")
    return _("An ace is low (A-2-3) or high (Q-K-A), never both; K-A-2 is not a run.")


def joker_sentences(rules: Rules) -> list[str]:
    if not rules.jokers:
        return []
    if rules.jokers_only_in_joker_sets:
        largest = rules.max_set or rules.joker_count(rules.max_players)
        return [
            ngettext(
                "Jokers only make sets of {least} to {most} joker; a joker never stands for a "
                "card.",
                "Jokers only make sets of {least} to {most} jokers; a joker never stands for a "
                "card.",
                largest,
            ).format(least=MIN_SET, most=largest)
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
