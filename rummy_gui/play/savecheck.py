"""The checks a loaded save passes: its moves replay through the rules, its
house rules stay within what the program uses, its cards add up to the pack,
and its summary matches the replayed game."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from rummy_gui.engine import Game, IllegalMove
from rummy_gui.engine.cards import count_cards, make_pack
from rummy_gui.play import opening
from rummy_gui.play.saves import MAX_MOVES, MAX_SCORE, SaveError, summary_of
from rummy_gui.safetext import clean


def check_position(game: Game, record: Mapping[str, Any], summary: Any) -> None:
    """The cards add up, and the saved summary matches the replayed game."""
    if record.get("layout") is None:
        r = game.rules
        pack = count_cards(make_pack(r.decks(game.players), r.joker_count(game.players)))
        if count_cards(game.all_cards()) != pack:
            raise SaveError("the cards in the saved game do not add up to the pack", "tampered")
    if summary is None:
        return
    if not isinstance(summary, Mapping):
        raise SaveError("the save's summary is not an object", "invalid")
    actual = summary_of(game)
    for key, value in actual.items():
        saved = summary.get(key)
        if saved != value or type(saved) is not type(value):
            raise SaveError(
                f"the file does not add up: it says {key} is {saved!r}, but its moves "
                f"give {value!r}; it was edited or damaged",
                "tampered",
            )


def replay(record: Any) -> Game:
    if not isinstance(record, Mapping):
        raise SaveError("the save holds no game record", "invalid")
    moves = record.get("moves")
    if isinstance(moves, list) and len(moves) > MAX_MOVES:
        raise SaveError(
            f"the game record holds {len(moves):,} moves, more than the {MAX_MOVES:,} "
            "a save can hold",
            "invalid",
        )
    _check_numbers(record)
    total = len(moves) if isinstance(moves, list) else 0
    try:  # the progress of an opening under way (play/opening.py), and its Cancel
        return Game.from_record(record, progress=partial(opening.tell, "replay", total))
    except IllegalMove as e:
        reason = str(e).rstrip(". ")
        raise SaveError(
            f"the rules refuse the saved game: {reason[:1].lower()}{reason[1:]}; "
            "the file was edited or damaged",
            "tampered",
        ) from None
    except ValueError as e:
        raise SaveError(f"the game record is not valid: {clean(str(e), 200)}", "invalid") from None


def _check_numbers(record: Mapping[str, Any]) -> None:
    """The record's house rules within what the program uses (a 4,000-digit number
    would pass the rules and fail later, in the bots or on screen; the engine
    holds the seed to SEED_LIMIT itself)."""
    options = record.get("options")
    for key, value in options.items() if isinstance(options, Mapping) else ():
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if number and not -MAX_SCORE <= value <= MAX_SCORE:
            raise SaveError(
                f"the house rule {clean(str(key), 40)!r} is out of range; "
                "the file was edited or damaged"
            )
