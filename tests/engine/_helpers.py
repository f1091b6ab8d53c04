"""Shared helpers for the engine rule tests.

Everything here drives the engine only through the public contract
(`docs/engine-api.md` and `docs/engine.md`): `Game.from_layout`,
`play`, `legal_moves`, `hand`, `discard_pile`, `stock_count`, `melds`,
`phase`, `to_act`, `totals`, `record` / `from_record`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

from rummy_gui.engine import Game, IllegalMove, Move
from rummy_gui.engine.cards import parse_card, parse_cards


def layout(
    preset: str,
    hands: Iterable[str],
    stock: str = "",
    discard: str = "",
    turn: int = 0,
    round: int = 1,
    options: dict[str, Any] | None = None,
) -> Game:
    return Game.from_layout(
        preset,
        hands=list(hands),
        stock=stock,
        discard=discard,
        turn=turn,
        round=round,
        options=options,
    )


# The 500-family games whose takes leave a target card (preset, players, options),
# one with the house rules that bear on it.
TAKE_CASES: list[tuple[str, int, dict[str, object] | None]] = [
    ("rummy500", 3, None),
    ("rummy500", 4, {"top_discard_must_meld": True, "go_out_by_discard": True, "min_run": 4}),
    ("rummy500-classic", 3, None),
    ("persian", 4, None),
    ("pinochle", 3, None),
]

# Seats 1 to 7's hands for `at_play`: a few diamonds and clubs, no meld near seat 0's cards.
OTHERS = ["2D 3D", "4D 5D", "6D 8D", "10D JD", "QD KD", "2C 3C", "4C 5C"]


def at_play(
    hand0: str,
    *,
    players: int = 2,
    preset: str = "rummy500",
    stock: str = "QC JC 10C",
    pile: str = "KC",
    options: dict[str, Any] | None = None,
) -> Game:
    """Seat 0 holds `hand0`, has drawn QC from the stock and may now meld."""
    g = layout(preset, [hand0, *OTHERS[: players - 1]], stock=stock, discard=pile, options=options)
    g.play("0: draw")
    assert g.phase == "play"
    return g


def cards(text: str) -> Counter[str]:
    """A multiset of card texts, normalised through the card parser."""
    return Counter(str(c) for c in parse_cards(text))


def hand(g: Game, seat: int) -> Counter[str]:
    return Counter(str(c) for c in g.hand(seat))


def hand_size(g: Game, seat: int) -> int:
    return len(g.hand(seat))


def pile(g: Game) -> list[str]:
    return [str(c) for c in g.discard_pile]


def melds(g: Game) -> list[str]:
    return [str(m) for m in g.melds]


def meld(g: Game, meld_id: int) -> Any:
    for m in g.melds:
        if m.id == meld_id:
            return m
    raise AssertionError(f"no meld {meld_id} on the table: {melds(g)}")


def meld_cards(g: Game, meld_id: int) -> list[str]:
    return [str(c) for c in meld(g, meld_id).cards]


def owners(g: Game, meld_id: int) -> tuple[int, ...]:
    return tuple(meld(g, meld_id).owners)


def find_meld(g: Game, card_texts: str) -> Any:
    """The meld on the table holding exactly these cards (any order)."""
    want = cards(card_texts)
    for m in g.melds:
        if Counter(str(c) for c in m.cards) == want:
            return m
    raise AssertionError(f"no meld {card_texts} on the table: {melds(g)}")


def totals(g: Game) -> list[int]:
    return list(g.totals)


def deal_scores(g: Game) -> list[int]:
    assert g.deal_scores is not None
    return list(g.deal_scores)


def snapshot(g: Game) -> dict[str, Any]:
    """Everything a player could notice about the game (plus its record)."""
    seats = range(_players(g))
    return {
        "record": g.record(),
        "hands": [[str(c) for c in g.hand(s)] for s in seats],
        "pile": pile(g),
        "stock": g.stock_count,
        "melds": [(m.id, m.kind, str(m), tuple(m.owners)) for m in g.melds],
        "phase": g.phase,
        "to_act": tuple(g.to_act),
        "turn": g.turn,
        "totals": list(g.totals),
        "deal_scores": None if g.deal_scores is None else list(g.deal_scores),
        "round": g.round,
        "dealer": g.dealer,
        "deal_over": g.deal_over,
        "game_over": g.game_over,
        "winners": tuple(g.winners),
        "legal": sorted(str(m) for m in g.legal_moves),
    }


def _players(g: Game) -> int:
    return sum(len(side) for side in g.sides)


def players(g: Game) -> int:
    return _players(g)


def with_seat(g: Game, text: str) -> str:
    head = text.split(":", 1)[0].strip()
    if ":" in text and head.isdigit():
        return text
    return f"{g.turn}: {text}"


def legal(g: Game, text: str) -> bool:
    """Is this move (in any correct spelling) legal now? Seat defaults to g.turn."""
    return Move.parse(with_seat(g, text)) in g.legal_moves


def legal_texts(g: Game) -> set[str]:
    return {str(m) for m in g.legal_moves}


def play(g: Game, *moves: str) -> Game:
    for m in moves:
        g.play(m)
    return g


def pass_claims(g: Game) -> Game:
    """Every seat asked in an open claim window passes."""
    guard = 0
    while g.phase == "claim":
        seat = g.to_act[0]
        g.play(f"{seat}: pass")
        guard += 1
        assert guard < 20, "claim window never closes"
    return g


def discard(g: Game, card: str) -> Game:
    """The turn player discards; any claim window that opens is passed."""
    g.play(f"{g.turn}: discard {card}")
    return pass_claims(g)


def draw(g: Game) -> Game:
    """The turn player draws from the stock; any buy window is passed."""
    g.play(f"{g.turn}: draw")
    return pass_claims(g)


def card_words(card_text: str) -> list[str]:
    """Ways a message may name a card: 9H, 9♥, nine of hearts, 9 of hearts."""
    c = parse_card(card_text)
    words = [str(c).lower(), c.pretty.lower(), c.name.lower()]
    if not c.is_joker:
        words.append(f"{str(c)[:-1]} of ".lower())
    return words


def refused(
    g: Game,
    move: str,
    *,
    card: str | None = None,
    says: Iterable[str] = (),
) -> str:
    """`move` must raise IllegalMove (a ValueError) with a message a player
    understands, and leave the game exactly as it was. Returns the message.

    card: the message must name this card (as 9H, 9♥ or "nine of hearts").
    says: each item is a '|'-separated list of alternatives, one of which the
    message must contain (case-insensitive).
    """
    before = snapshot(g)
    copy = Game.from_record(g.record())
    with pytest.raises(IllegalMove) as info:
        g.play(move)
    assert isinstance(info.value, ValueError)
    msg = str(info.value)
    assert len(msg.strip()) >= 10, f"unhelpful message for {move!r}: {msg!r}"
    for junk in ("Traceback", "Error(", "Move(", "Card(", "Token(", "{", "}", "<", "None"):
        assert junk not in msg, f"message for {move!r} is not for players: {msg!r}"
    low = msg.lower()
    if card is not None:
        assert any(w in low for w in card_words(card)), (
            f"message for {move!r} does not name {card}: {msg!r}"
        )
    for alternatives in says:
        assert any(a.lower() in low for a in alternatives.split("|")), (
            f"message for {move!r} does not say {alternatives!r}: {msg!r}"
        )
    after = snapshot(g)
    assert after == before, f"refused move {move!r} changed the game"
    assert g == copy, f"refused move {move!r} changed the game"
    return msg


AMBIGUOUS = "ambiguous|more than one|which|declare|either|set or run|say"


def pack_counts(preset: str, players: int, jokers: bool | None = None) -> Counter[str]:
    """The whole pack of a game as RULES.md sections 3.1 and 4.1 define it."""
    contract_family = preset in ("contract", "liverpool", "shanghai")
    decks = 2 if contract_family else 2 if players >= 5 else 1
    if preset == "rummy500":
        n_jokers = 2 * decks
    elif preset in ("rummy500-classic", "pinochle"):
        n_jokers = 0 if not jokers else 2 * decks
    elif preset == "persian":
        n_jokers = 4
    elif preset in ("contract", "liverpool"):
        n_jokers = players - 1
    elif preset == "shanghai":
        n_jokers = 4
    else:  # pragma: no cover
        raise AssertionError(preset)
    if jokers is False:
        n_jokers = 0
    counts: Counter[str] = Counter()
    for suit in "CDHS":
        for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]:
            counts[rank + suit] = decks
    if n_jokers:
        counts["JK"] = n_jokers
    return counts


def visible_cards(g: Game) -> Counter[str]:
    """Every card not in the stock: hands, discard pile and melds."""
    seen: Counter[str] = Counter()
    for s in range(players(g)):
        seen.update(str(c) for c in g.hand(s))
    seen.update(str(c) for c in g.discard_pile)
    for m in g.melds:
        seen.update(str(c) for c in m.cards)
    return seen


def stock_cards(g: Game) -> Counter[str] | None:
    """The stock's cards if the engine offers a private accessor for tests."""
    for name in ("_stock_cards", "_stock"):
        value = getattr(g, name, None)
        if value is None:
            continue
        if callable(value):
            value = value()
        try:
            return Counter(str(c) for c in value)
        except TypeError:
            continue
    return None


def assert_cards_conserved(g: Game, pack: Counter[str]) -> None:
    """Every physical card of the pack is in exactly one place."""
    seen = visible_cards(g)
    extra = seen - pack
    assert not extra, f"cards that are not in the pack (or too many copies): {dict(extra)}"
    assert sum(pack.values()) - sum(seen.values()) == g.stock_count, (
        f"hands+pile+melds hold {sum(seen.values())} cards, stock_count is "
        f"{g.stock_count}, the pack has {sum(pack.values())}"
    )
    stock = stock_cards(g)
    if stock is not None:
        assert seen + stock == pack
    every = getattr(g, "all_cards", None)
    if callable(every):
        assert Counter(str(c) for c in every()) == pack


def rummy_call_example() -> Game:
    """RULES.md 3.6's example: the pile is ♥A ♠K ♦7 ♠Q ♣8 ♥K (bottom to top)
    and seat 0 draws and discards ♠J; seats 1 and 2 may call Rummy!."""
    g = layout(
        "rummy500",
        ["JS 4C 5D", "2C 3D 9H", "2H 3C 10D"],
        stock="9C 6D 6C 4H",
        discard="AH KS 7D QS 8C KH",
    )
    play(g, "0: draw", "0: discard JS")
    assert g.phase == "claim"
    return g


def five_hundred_deal(turn: int = 0) -> Game:
    """Rummy 500 for three, seat `turn` to draw; seat 0 holds the run 7H 8H 9H."""
    return Game.from_layout(
        "rummy500",
        hands=["7H 8H 9H 10C 10S KD 2C", "3S 4S 5C 6D 8C JD QC", "2D 3D 5H 9S JC QD KC"],
        stock="AC 2S 3C 4D 5D 6C 7C 8D 9D",
        discard="KS 10D 6H 4H",
        turn=turn,
    )
