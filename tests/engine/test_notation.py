"""RULES.md section 7: move notation — one text form per move, parse and print
with `Move.parse(str(m)) == m`, card spellings, joker meanings, seats; the
canonical forms of docs/engine.md; malformed text refused; records."""

from __future__ import annotations

import json

import pytest

from rummy_gui.engine import JOKER, Action, Card, Game, IllegalMove, MalformedMove, Move, parse_card
from rummy_gui.engine.cards import Token
from rummy_gui.engine.notation import parse_token, text_key, token_text, tokens_text
from tests.engine._helpers import layout, legal, legal_texts, play, refused, snapshot

CANONICAL = [
    "0: draw",
    "1: take 1",
    "1: take 3",
    "0: meld 7H 8H 9H",
    "0: meld set 7H JK JK",
    "0: meld run 7H JK=8H JK=9H",
    "0: meld 6S 7S JK=8S",
    "0: layoff 9S to 3",
    "0: layoff 8H 9H to 3",
    "0: layoff JK=9S to 2",
    "0: swap 8H in 3",
    "0: discard KD",
    "0: discard KD shanghai",
    "2: rummy 2",
    "2: buy",
    "1: shanghai to 3",
    "1: pass",
    "2: cut 17",
    "0: contract 7H 7S 7D / 9C 10C JC QC",
    "0: deal",
    "3: discard 10H",
    "0: discard AS",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_every_move_has_one_text_form(text):
    m = Move.parse(text)
    assert str(m) == text
    assert Move.parse(str(m)) == m
    assert hash(Move.parse(text)) == hash(m)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("0: discard TH", "0: discard 10H"),
        ("0: discard 10♥", "0: discard 10H"),
        ("0: discard Q♦", "0: discard QD"),
        ("0: discard A♠", "0: discard AS"),
        ("0: discard K♣", "0: discard KC"),
        ("0: discard 10h", "0: discard 10H"),
        ("0:draw", "0: draw"),
        ("  0:   take   2 ", "0: take 2"),
    ],
)
def test_card_spellings_t_for_ten_and_suit_symbols(a, b):
    assert Move.parse(a) == Move.parse(b)
    assert str(Move.parse(a)) == b


@pytest.mark.parametrize("text", ["draw", "take 2", "meld 7H 8H 9H", "pass"])
def test_move_without_a_seat(text):
    m = Move.parse(text)
    assert Move.parse(str(m)) == m


def test_play_without_a_seat_uses_the_turn_and_returns_the_move_with_its_seat():
    g = layout("rummy500", ["2S 3S", "4C 5C"], stock="KD QD", discard="9H", turn=1)
    m = g.play("draw")
    assert str(m) == "1: draw"
    assert Move.parse(str(m)) == m


def test_play_accepts_a_move_value():
    g = layout("rummy500", ["2S 3S", "4C 5C"], stock="KD QD", discard="9H")
    g.play(Move.parse("0: draw"))
    assert g.phase == "play"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "flarp",
        "0: flarp",
        "x: draw",
        "0: take",
        "0: take x",
        "0: take -1",
        "0: meld",
        "0: meld 7H 8X 9H",
        "0: layoff 9S",
        "0: layoff 9S 3",
        "0: layoff to 3",
        "0: swap 8H",
        "0: discard",
        "0: discard 1H",
        "0: discard ZZ",
        "0: discard KD KH",
        "0: cut",
        "0: draw 2",
        "0: contract",
        "0: shanghai 3",
        "0: meld JK=ZZ 7H 8H",
    ],
)
def test_malformed_text_is_refused(text):
    with pytest.raises(MalformedMove):
        Move.parse(text)


@pytest.mark.parametrize(
    "text",
    ["flarp", "0: take x", "0: discard ZZ", "7: draw", "0: layoff 9S", "", "0: meld 7H 8X 9H"],
)
def test_playing_malformed_text_raises_illegal_move_and_changes_nothing(text):
    g = layout("rummy500", ["2S 3S", "4C 5C"], stock="KD QD", discard="9H")
    before = snapshot(g)
    with pytest.raises(IllegalMove):
        g.play(text)
    assert snapshot(g) == before


def test_legal_moves_are_written_with_their_seat_and_parse_back():
    g = layout("rummy500", ["7H 8H 9H 7S 7D JK", "4C 5C"], stock="7C QD", discard="9D 6H")
    play(g, "0: draw")
    for m in g.legal_moves:
        text = str(m)
        assert text.startswith("0: ")
        assert Move.parse(text) == m
        assert m in g.legal_moves


def test_legal_moves_write_runs_low_to_high_and_declare_only_what_is_ambiguous():
    g = layout("rummy500", ["9H 7H 8H 6S 8S 2C", "4C 5C"], stock="JK QD", discard="9D")
    play(g, "0: draw")
    texts = legal_texts(g)
    assert "0: meld 7H 8H 9H" in texts
    assert "0: meld 6S JK 8S" in texts  # the joker can only be the 7♠
    assert "0: meld 9H 7H 8H" not in texts  # one canonical form each


def test_legal_moves_declare_ambiguous_jokers():
    g = layout("rummy500", ["7H JK 2C 4D", "4C 5C"], stock="JK QD", discard="9D")
    play(g, "0: draw")
    texts = legal_texts(g)
    assert "0: meld set 7H JK JK" in texts
    assert "0: meld run 7H JK=8H JK=9H" in texts
    assert "0: meld run JK=5H JK=6H 7H" in texts
    assert "0: meld 7H JK JK" not in texts


def test_other_correct_spellings_of_a_legal_move_are_legal_and_playable():
    g = layout("rummy500", ["10H JH QH 2C", "4C 5C"], stock="KD QD", discard="9D")
    play(g, "0: draw")
    assert legal(g, "0: meld QH TH JH")
    assert legal(g, "0: meld 10♥ J♥ Q♥")
    play(g, "0: meld QH TH JH")
    assert str(g.melds[0]) == "10H JH QH"


def test_out_of_turn_claims_are_written_with_their_seat():
    g = layout("contract", ["2C 3C", "4D 5D", "6H 8H"], stock="KH QH JH", discard="4S 9D")
    play(g, "0: draw")
    assert "2: buy" in legal_texts(g)
    m = g.play("2: buy")
    assert str(m) == "2: buy"


def test_meld_str_writes_jokers_with_what_they_stand_for():
    g = layout("rummy500", ["6S 7S JK 2C 4D", "4C 5C"], stock="QD KD", discard="9D")
    play(g, "0: draw", "0: meld JK=8S 6S 7S")
    assert str(g.melds[0]) == "6S 7S JK=8S"
    assert [str(c) for c in g.melds[0].cards] == ["6S", "7S", "JK"]


def test_ambiguous_layoff_of_a_joker_is_refused_with_a_message_that_says_so():
    g = layout("rummy500", ["6S 7S 8S JK 2C", "4C 5C"], stock="QD KD", discard="9D")
    play(g, "0: draw", "0: meld 6S 7S 8S")
    refused(g, "0: layoff JK to 1", says=["ambiguous|which|say|either|stands for"])


def test_record_is_json_and_replays_to_an_equal_game():
    g = layout("rummy500", ["7H 8H 9H 2S 3S", "4C 5C"], stock="KD QD JD", discard="9D")
    play(g, "0: draw", "0: meld 7H 8H 9H", "0: discard KD", "1: draw")
    rec = json.loads(json.dumps(g.record()))
    again = Game.from_record(rec)
    assert again == g
    assert snapshot(again) == snapshot(g)
    g2 = Game.new("shanghai", players=4, seed=9)
    play(g2, f"{g2.turn}: draw")
    again2 = Game.from_record(json.loads(json.dumps(g2.record())))
    assert again2 == g2


# --- typed moves (issue 48): a move holds Tokens; text is notation's ------------


@pytest.mark.parametrize("text", CANONICAL)
def test_a_move_holds_typed_cards_never_text(text):
    m = Move.parse(text)
    for token in [*m.cards, *(t for g in m.groups for t in g)]:
        assert isinstance(token, Token)
        assert isinstance(token.card, Card)
        assert token_text(token) in text


def test_tokens_are_interned_values_with_what_a_joker_stands_for():
    run_joker = parse_token("JK=8S")
    assert run_joker is Token(JOKER, 8, "S")
    assert (run_joker.card, run_joker.rank, run_joker.suit) == (JOKER, 8, "S")
    assert parse_token("JK=8") is Token(JOKER, 8)
    assert parse_token("JK=A♥") is Token(JOKER, 14, "H")  # the high ace is the ace
    assert parse_token("10h") is Token(parse_card("10H"))
    assert parse_token("JK=0") is Token(
        JOKER
    )  # how earlier versions wrote a joker of a set of jokers
    assert [token_text(t) for t in Move.parse("0: meld run 7H JK=8H JK=9H").cards] == [
        "7H",
        "JK=8H",
        "JK=9H",
    ]


def test_a_move_is_built_from_cards_and_refuses_text():
    card = parse_card("KD")
    assert Move(Action.DISCARD, 0, (card,)) == Move.parse("0: discard KD")
    assert Move(Action.DISCARD, 0, (Token(card),)) == Move.parse("0: discard KD")
    with pytest.raises(MalformedMove):
        Move(Action.DISCARD, 0, ("KD",))  # type: ignore[arg-type]
    contract = Move(Action.CONTRACT, 0, groups=((Token(JOKER), card), (card,)))
    assert str(contract) == "0: contract JK KD / KD"


def test_text_key_sorts_token_lists_as_their_texts_sort():
    texts = ["10C", "2C", "AS", "JK", "JK=8S", "JK=10H", "KD", "QH", "9D", "JS"]
    groups = [(parse_token(a), parse_token(b)) for a in texts for b in texts[:3]]
    by_key = sorted(groups, key=text_key)
    by_text = sorted(groups, key=lambda g: tuple(token_text(t) for t in g))
    assert by_key == by_text


def test_a_meld_gives_its_tokens_and_its_text_is_theirs():
    g = layout("rummy500", ["6S 7S JK 2C 3D", "4C 5C"], stock="KD QD", discard="9H")
    play(g, "0: draw", "0: meld 6S 7S JK=8S")
    meld = g.melds[0]
    assert meld.tokens() == (Token(parse_card("6S")), Token(parse_card("7S")), Token(JOKER, 8, "S"))
    assert str(meld) == tokens_text(meld.tokens()) == "6S 7S JK=8S"
