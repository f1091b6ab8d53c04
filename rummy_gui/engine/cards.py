"""Cards: ranks, suits, decks and the card text of RULES.md section 7.

A card is a value: the two 7♥ of a two-deck game are equal (they are
interchangeable in play); the engine keeps each physical card exactly once by
counting. Cards are interned, so ``is`` and ``==`` agree and hashing is cheap.
"""

from __future__ import annotations

from collections.abc import Sequence

SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {
    1: "ace",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
JOKER_CODE = 52


def rank_text(rank: int) -> str:
    """Rank as written in card text; 14 is the high ace."""
    if rank == 14:
        return "A"
    return RANK_TEXT.get(rank, str(rank))


def suit_symbol(suit: str) -> str:
    """A suit letter's symbol: "H" -> "♥"."""
    return SUIT_SYMBOLS[SUITS.index(suit)]


def rank_name(rank: int) -> str:
    if rank == 14:
        rank = 1
    return RANK_NAMES.get(rank, str(rank))


class Card:
    """One card face: a natural card (rank 1-13, suit C D H S) or the joker."""

    __slots__ = ("_text", "code", "is_joker", "rank", "suit")
    rank: int
    suit: str
    code: int
    is_joker: bool
    _text: str

    def __new__(cls, rank: int, suit: str = "") -> Card:
        if rank == 0:
            return _CARDS[JOKER_CODE]
        return _CARDS[SUITS.index(suit) * 13 + rank - 1]

    @classmethod
    def _make(cls, code: int) -> Card:
        card = object.__new__(cls)
        if code == JOKER_CODE:
            card.rank, card.suit, card._text = 0, "", "JK"
        else:
            card.rank = code % 13 + 1
            card.suit = SUITS[code // 13]
            card._text = rank_text(card.rank) + card.suit
        card.code = code
        card.is_joker = code == JOKER_CODE
        return card

    @property
    def pretty(self) -> str:
        """The card with its suit symbol: "10♥", "A♠"; the joker is "★"."""
        if self.is_joker:
            return "★"
        return rank_text(self.rank) + suit_symbol(self.suit)

    @property
    def name(self) -> str:
        """English name: "ten of hearts", "joker"."""
        if self.is_joker:
            return "joker"
        return f"{rank_name(self.rank)} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text})"

    def __reduce__(self) -> tuple[object, ...]:
        return (card_from_code, (self.code,))

    def __lt__(self, other: Card) -> bool:
        return self.code < other.code

    # Cards are interned: equal means the same object, so the default
    # (identity) equality of `object` is kept, which list.remove/count/in run
    # in C. Hashing by code keeps the order of sets of cards the same in every
    # process (bots rely on it).
    def __hash__(self) -> int:
        return self.code

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)


_CARDS: list[Card] = [Card._make(code) for code in range(53)]
JOKER: Card = _CARDS[JOKER_CODE]
NATURALS: tuple[Card, ...] = tuple(_CARDS[:52])


def card_from_code(code: int) -> Card:
    return _CARDS[code]


class Token:
    """A card as a move plays it: the card, and for a joker what the move
    says it stands for, a run place (`rank` and `suit`) or a set's `rank`
    (0 and "" when it says nothing). A value with no text of its own
    (`notation` writes and reads it). Tokens are interned like cards, so
    ``is`` and ``==`` agree and hashing is done in C."""

    __slots__ = ("card", "code", "rank", "suit")
    card: Card
    code: int  # 0-52: the card's code (no meaning said); 53 and up: a joker's meaning
    rank: int
    suit: str

    def __new__(cls, card: Card, rank: int = 0, suit: str = "") -> Token:
        if not rank and not suit:
            return _TOKENS[card.code]
        if not card.is_joker or not 1 <= rank <= 14 or (suit and suit not in SUITS):
            raise ValueError(f"a joker's meaning is a rank and maybe a suit, not {rank}{suit}")
        return _TOKENS[_meaning_code(1 if rank == 14 else rank, suit)]

    @classmethod
    def _make(cls, code: int) -> Token:
        token = object.__new__(cls)
        token.code = code
        if code <= JOKER_CODE:
            token.card, token.rank, token.suit = _CARDS[code], 0, ""
        else:
            rank, suit = divmod(code - JOKER_CODE - 1, 5)
            token.card, token.rank, token.suit = JOKER, rank + 1, ("", *SUITS)[suit]
        return token

    def __repr__(self) -> str:
        if not self.rank:
            return f"Token({self.card!r})"
        return f"Token({self.card!r}, {self.rank}, {self.suit!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (token_from_code, (self.code,))

    def __lt__(self, other: Token) -> bool:
        return self.code < other.code


def _meaning_code(rank: int, suit: str) -> int:
    return JOKER_CODE + 1 + (rank - 1) * 5 + (SUITS.index(suit) + 1 if suit else 0)


_TOKENS: list[Token] = [Token._make(code) for code in range(_meaning_code(13, "S") + 1)]
TOKENS: tuple[Token, ...] = tuple(_TOKENS)  # every token, by code


_JOKER_MEANINGS: dict[tuple[int, str], Token] = {
    (rank, suit): _TOKENS[_meaning_code(1 if rank == 14 else rank, suit)]
    for rank in range(1, 15)
    for suit in ("", *SUITS)
}


def joker_token(rank: int, suit: str = "") -> Token:
    """The joker standing for a run place (`rank` 1..14, 14 the high ace, and
    `suit`) or a set's rank (no suit): `Token(JOKER, rank, suit)`, looked up."""
    return _JOKER_MEANINGS[(rank, suit)]


def card_token(card: Card) -> Token:
    """The token of a card that says no joker meaning."""
    return _TOKENS[card.code]


def token_from_code(code: int) -> Token:
    return _TOKENS[code]


_RANK_PARSE = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, "1": 1}
for _r in range(2, 11):
    _RANK_PARSE[str(_r)] = _r
_SUIT_PARSE = {s: s for s in SUITS}
_SUIT_PARSE.update(dict(zip(SUIT_SYMBOLS, SUITS, strict=False)))
_SUIT_PARSE.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})


def parse_rank(text: str) -> int:
    """Rank text ("A", "10", "T", "K") -> 1..13. Raises ValueError."""
    rank = _RANK_PARSE.get(text.strip().upper())
    if rank is None:
        raise ValueError(f"'{text}' is not a card rank (A 2-10 J Q K)")
    return rank


def parse_card(text: str) -> Card:
    """Card text -> Card: "10H", "TH", "AS", "Q♦", "JK". Raises ValueError."""
    t = text.strip().upper()
    if t in ("JK", "JOKER", "★"):
        return JOKER
    if len(t) < 2:
        raise ValueError(f"'{text}' is not a card (write cards like 7H, 10S, QD, AS or JK)")
    suit = _SUIT_PARSE.get(t[-1])
    rank = _RANK_PARSE.get(t[:-1])
    if suit is None or rank is None or t[:-1] == "1":
        raise ValueError(f"'{text}' is not a card (write cards like 7H, 10S, QD, AS or JK)")
    return _CARDS[SUITS.index(suit) * 13 + rank - 1]


def parse_cards(text: str) -> list[Card]:
    """Space-separated card text -> list of Cards."""
    return [parse_card(t) for t in text.replace(",", " ").split()]


def by_suit(card: Card) -> tuple[bool, int, int]:
    """Sort key of a hand by suit (in the order of `SUITS`), then rank; the joker last."""
    return (card.is_joker, SUITS.find(card.suit), card.rank)


def by_rank(card: Card) -> tuple[bool, int, int]:
    """Sort key of a hand by rank, then suit (in the order of `SUITS`); the joker last."""
    return (card.is_joker, card.rank, SUITS.find(card.suit))


def suit_order() -> str:
    """The suit symbols in the order `by_suit` sorts a hand (the table's sort button shows it)."""
    one_each = sorted((c for c in NATURALS if c.rank == 1), key=by_suit)
    return "".join(suit_symbol(c.suit) for c in one_each)


def rank_ends() -> tuple[str, str]:
    """The first and last rank, as card text, in the order `by_rank` sorts a hand."""
    ranks = sorted(NATURALS, key=by_rank)
    return rank_text(ranks[0].rank), rank_text(ranks[-1].rank)


def make_pack(decks: int, jokers: int) -> list[Card]:
    """Every physical card of a game, in a fixed order (before the shuffle)."""
    return list(NATURALS) * decks + [JOKER] * jokers


def count_cards(cards: Sequence[Card]) -> list[int]:
    """A 53-slot count of card codes: the multiset of a pile."""
    counts = [0] * 53
    for c in cards:
        counts[c.code] += 1
    return counts
