"""The rules screen's text: the chosen preset, with the house rules in effect."""

from __future__ import annotations

from typing import Any

from rummy_gui.ui.catalog import CONTRACT_NAMES, PresetInfo


def rules_for(info: PresetInfo, options: dict[str, Any]) -> list[tuple[str, str]]:
    """(heading, paragraph) pairs for one preset and its options."""
    o = {**info.options, **options}
    if info.contract:
        return _contract(info, o)
    return _family_500(info, o)


def _family_500(info: PresetInfo, o: dict[str, Any]) -> list[tuple[str, str]]:
    persian = info.id == "persian"
    pinochle = info.id == "pinochle"
    jokers = o.get("jokers", False)
    out = [(info.name, info.description)]
    deck = "One deck with 4 jokers (56 cards)." if persian else (
        "One deck for up to four players, two from five" + (", with two jokers per deck." if jokers else ", no jokers."))
    out.append(("Deal", f"{deck} Seven cards each (13 with two players), dealt one at a time. "
                        "The rest is the stock; its top card starts the discard pile."))
    run = o.get("min_run", 3)
    ace = "Aces are low only (A-2-3…, K is highest)." if pinochle else "An ace is low (A-2-3) or high (Q-K-A), never both."
    joker_rule = ""
    if jokers and persian:
        joker_rule = " Jokers only make sets of three or four jokers."
    elif jokers:
        joker_rule = " A joker stands for any card; in a run it stands for one exact card for good."
    out.append(("Melds", f"A set is 3 or 4 cards of one rank; a run is {run} or more cards in a row of one suit. "
                         f"{ace}{joker_rule} You may lay cards off on any meld on the table; "
                         "a laid-off card scores for you, whoever made the meld."))
    top = ("Even the top card, when taken, must be melded this turn."
           if o.get("top_discard_must_meld") else "The top card alone may be taken freely.")
    out.append(("Your turn", "Draw the top of the stock, or take any card of the discard pile together with every "
                             f"card above it: the deepest card taken must be melded or laid off this turn. {top} "
                             "Then meld and lay off as you like, and end with one discard."))
    go_out = ("The last card must be a discard." if o.get("go_out_by_discard")
              else "You may go out by melding every card, or by discarding the last one.")
    out.append(("Going out", f"The deal ends when someone has no cards left. {go_out}"))
    call = o.get("rummy_call", "off")
    if call == "full":
        out.append(("Rummy!", "After a discard, anyone else may call Rummy when the pile holds cards that meld "
                              "without hand cards; the caller takes them, melds, discards, and play goes on "
                              "from the caller."))
    elif call == "last":
        out.append(("Rummy!", "After a discard, anyone else may claim the card just discarded to lay it off "
                              "on a meld; play goes on as before."))
    scoring = "Cards 2-9 count 5" if o.get("simple_scoring") else "Cards 2-9 count their value"
    joker_value = 20 if persian else 15
    out.append(("Scoring", f"{scoring}, tens and faces 10, an ace 15 (1 at the low end of a run), a joker "
                           f"{joker_value}. Each deal you score your melded cards minus the cards left in hand."))
    if persian:
        out.append(("Partners", "Partners sit opposite and add their scores. A set of four melded at once scores "
                                "double; going out in your first melding turn earns 25. After two deals the "
                                "better team gets 50 more."))
    else:
        out.append(("Winning", f"The game ends after the deal in which someone reaches {o.get('target', 500)}; "
                               "the highest total wins."))
    return out


def _contract(info: PresetInfo, o: dict[str, Any]) -> list[tuple[str, str]]:
    shanghai = info.id == "shanghai"
    out = [(info.name, info.description)]
    jokers = "4 jokers" if shanghai else "one joker fewer than the players"
    if not o.get("jokers", True):
        jokers = "no jokers"
    cards = "11 cards every round" if shanghai else "10 cards in rounds 1-3, 12 in rounds 4-7"
    out.append(("Deal", f"Two decks with {jokers}; {cards}. Seven rounds."))
    contracts = "; ".join(f"{i + 1}: {name}" for i, name in enumerate(CONTRACT_NAMES))
    out.append(("Contracts", f"Your first meld of a round must be its contract, exactly: sets of 3 and runs "
                             f"of {o.get('min_run', 4)}. {contracts}. In round 7 you go out only by laying "
                             "down your whole hand at once."))
    out.append(("Your turn", "Draw from the stock or take the top discard; lay down the contract if you can; "
                             "on later turns lay off on any meld, or swap a natural card for the joker it "
                             "stands for in a run. End with a discard."))
    if o.get("buying", True):
        penalty = "two penalty cards" if shanghai else "a penalty card"
        limit = " Twice per round at most." if shanghai else ""
        out.append(("Buying", f"When the player in turn draws from the stock, others may buy the top discard, "
                              f"taking {penalty} from the stock too.{limit}"))
    if shanghai:
        out.append(("Shanghai!", "When someone discards a card that fits a meld, anyone else may call Shanghai "
                                 "and lay it off; the discarder then takes a random card from the caller. "
                                 "Call it yourself as you discard to be safe."))
    if info.id == "liverpool":
        out.append(("The cut", "Before each deal the player right of the dealer cuts; lifting exactly the "
                               "cards needed for the deal takes 50 off their total."))
    values = "2-7 count 5, 8-K 10, ace 20, joker 50" if shanghai else "2-9 face value, 10-K 10, ace 15, joker 15"
    out.append(("Scoring", f"When someone goes out the others score penalty points for their hands: {values}. "
                           "After round 7 the lowest total wins."))
    return out
