"""Every reason the engine gives for refusing a move, by stable id.

`IllegalMove.code` is the id and `IllegalMove.params` the values; the English
sentence is the template below filled in. The table translates the same ids
(its catalogs must cover every id here). Parameters are language-neutral:
cards as "9♥", numbers, seats, move words.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # game flow
    "game_over": "The game is over.",
    "no_seat": "There is no seat {seat} at this table.",
    "not_your_turn": "It is not seat {seat}'s move now (waiting for seat {waiting}).",
    "cut_first": "First the pack is cut: choose where to cut it.",
    "draw_first": "Draw first: take the top card of the stock or from the discard pile.",
    "wrong_time_draw": "You can't {action} now: it is time to draw.",
    "already_drew": "You have already drawn this turn.",
    "use_contract": "In Contract Rummy you lay down the whole contract in one move: "
    "'contract 7H 7S 7D / 9C 10C JC QC'.",
    "no_contract": "Contracts belong to Contract Rummy; here you meld: 'meld 7H 8H 9H'.",
    "wrong_time_play": "You can't {action} now: meld, lay off or discard.",
    "claim_or_pass_rummy": "Now you may call rummy or pass.",
    "claim_or_pass_buy": "Now you may buy the discard or pass.",
    "claim_or_pass_shanghai": "Now you may call Shanghai or pass.",
    "rummy_layoff_first": "Lay off the card you called rummy for.",
    "deal_over": "The deal is over: start the next one with 'deal'.",
    "nothing_to_undo": "There is nothing to undo: a card drawn from the stock, another player's "
    "move or a new turn can't be taken back.",
    "nothing_to_redo": "There is nothing to redo.",
    # cards in hand
    "not_in_hand": "You don't have the {card}.",
    "not_enough": "You have {have} × {card}, not {need}.",
    "last_card_discard": "You may not meld or lay off your last card: you go out by discarding.",
    "must_use_target": "You must meld the {card} you took before you discard.",
    "target_blocked": "After that you could no longer meld the {card} you took.",
    "no_discard_left": "That would leave you only cards taken from the discard pile this turn, "
    "which you may not discard.",
    "joker_keep_card": "You must keep a card to discard after putting the joker back.",
    "no_meld": "There is no meld {meld} on the table.",
    # drawing
    "bad_cut": "Cut between 1 and {most} cards.",
    "stock_empty_pinochle": "The stock is empty: take from the discard pile or pass.",
    "pile_empty": "The discard pile is empty.",
    "take_top_only": "In Contract Rummy you may take only the top card of the discard pile.",
    "protected": "That card was protected by a Shanghai call: nobody may take it this turn.",
    "bad_take": "The discard pile has {size} cards; take from 1 to {size}.",
    "target_unusable": "You can't take {count} card(s): the {card} could not be melded or laid off "
    "this turn.",
    "must_draw": "You must draw: take the top card of the stock or from the discard pile.",
    # melds
    "meld_persian_jokers": "{cards}: in Persian Rummy jokers only make sets of jokers.",
    "meld_needs_natural": "{cards}: a meld needs at least one natural card.",
    "meld_joker_limit": "{cards}: a meld may hold at most {most} joker(s).",
    "meld_too_small": "{cards}: a meld needs at least {least} card(s).",
    "set_too_big": "{cards}: a set has at most {most} cards.",
    "set_repeated_suit": "{cards}: a set may not hold two cards of one suit.",
    "not_a_set": "{cards} is not a set: a set is 3 or more cards of one rank.",
    "not_a_meld": "{cards} is not a meld: a run is one suit, a set one rank.",
    "run_too_short": "{cards}: a run needs at least {most} cards.",
    "run_gap_low": "{cards} is not a run: the cards must be consecutive "
    "(the ace is low only, A-2-3).",
    "run_gap_high": "{cards} is not a run: the cards must be consecutive "
    "(the ace is high only, Q-K-A).",
    "run_gap": "{cards} is not a run: the cards must be consecutive (the ace is low or high, never "
    "both, and K-A-2 is not a run).",
    "ambiguous_kind": "{cards} could be a set or a run: say which, e.g. 'meld set …' or "
    "'meld run …' with what each joker stands for.",
    "ambiguous_joker": "Say what the joker stands for: {options}.",
    "ambiguous_layoff": "Say where the joker goes: {options}.",
    # laying off and swapping
    "rummy_layoff_card": "Lay off the {card} you called rummy for.",
    "does_not_fit": "{cards} does not fit meld {meld} ({table}).",
    # face-down lay-offs (Pinochle): the refusal tells nothing of the hidden cards
    "does_not_fit_hidden": "{cards} does not fit that meld.",
    "round7_no_layoff": "In round {round} nobody lays off: you go out by laying down your whole "
    "hand at once.",
    "contract_first": "Lay down your contract before you lay off.",
    "layoff_next_turn": "You may lay off from your next turn on, not on the turn you laid down "
    "your contract.",
    "no_swap": "Jokers can be swapped only in Contract Rummy.",
    "swap_natural": "Swap a natural card for the joker that stands for it.",
    "swap_set": "A joker in a set is dead: only jokers in runs can be swapped.",
    "swap_no_joker": "No joker in meld {meld} stands for the {card}.",
    "joker_nowhere": "The joker would have nowhere to go on the table this turn.",
    # contracts
    "contract_done": "You have already laid down your contract this round.",
    "contract_count": "Round {round}'s contract is {contract}: {need} melds, not {count}.",
    "contract_sizes": "{cards}: contract sets are exactly {size} card(s) and runs exactly {run}.",
    "contract_not_set": "{cards} is not a set.",
    "contract_not_run": "{cards} is not a run.",
    "contract_shape": "Round {round}'s contract is {contract}.",
    "runs_join": "Two runs of one suit in a contract may not join into one run: leave a gap or "
    "overlap them.",
    "sets_same_rank": "Two sets of the same rank may not be in one contract.",
    "round7_whole_hand": "In round {round} you go out by laying down your whole hand "
    "at once as {runs} run(s).",
    "contract_last_card": "You may not meld your last card: keep one to discard.",
    # discarding and claims
    "joker_back_first": "You must put the joker you took back on the table before you discard.",
    "no_discard_taken": "You took the {card} from the discard pile this turn: you may not discard "
    "it again.",
    "no_shanghai": "Only Shanghai has the Shanghai call.",
    "shanghai_no_fit": "'Shanghai!' protects a discard that fits a meld on the table; the {card} "
    "fits none.",
    "rummy_last_only": "With the 'last card' rummy call only the card just discarded can be "
    "claimed: 'rummy 1'.",
    "rummy_not_possible": "Rummy with {count} card(s): the cards taken can't be melded without "
    "hand cards.",
    "claim_no_fit": "The {card} does not fit meld {meld}.",
    # move text
    "bad_move": "Not a move: {text}.",
    "bad_card": "{text}",
    "bad_number": "'{text}' is not a number.",
    "bad_seat": "'{text}' is not a seat number.",
    "empty_move": "An empty move: say what to do, e.g. 'draw'.",
    "unknown_action": "'{text}' is not a move (moves: draw, take, meld, layoff, swap, discard, "
    "rummy, buy, shanghai, pass, cut, contract, deal).",
    "bad_syntax": "'{text}' is not a well-formed move; write it like '{usage}'.",
    "bad_record": "Move {index} of the record ('{move}') is refused: {reason}",
}


def message(code: str, **params: object) -> str:
    """The English sentence for a message id."""
    return MESSAGES[code].format(**params)
