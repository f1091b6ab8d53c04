"""The Hint button's advice and the game log's plain words."""

from __future__ import annotations

import pytest

from rummy_gui import i18n
from rummy_gui.engine import Game, Move
from rummy_gui.hints import hint
from rummy_gui.play.narrate import advise, describe


@pytest.fixture(autouse=True)
def _english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_hint_runs_to_the_end_of_the_turn_and_names_the_cards() -> None:
    g = Game.from_layout(
        "rummy500", hands=["7H 8H 9H KC 2D 5S", "4C 5C 6C"], stock="QS 3D", discard="4H 9C"
    )
    g.play("draw")
    before = g.record()
    h = hint(g, 0)
    assert h is not None
    assert [m.action for m in h.moves][-1] == "discard"
    assert h.moves[0] in g.legal_moves
    assert "7♥ 8♥ 9♥" in h.text
    assert ", then discard" in h.text
    assert {str(c) for c in h.cards} >= {"7H", "8H", "9H"}
    assert g.record() == before  # advice changes nothing


def test_hint_in_the_draw_phase_stops_at_the_draw() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H KC", "4C 5C 6C"], stock="QS 3D", discard="4D 9H")
    h = hint(g, 0)
    assert h is not None
    assert len(h.moves) == 1
    assert h.moves[0].action in ("draw", "take")


def test_no_hint_for_a_seat_that_has_nothing_to_decide() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H KC", "4C 5C 6C"], stock="QS", discard="4D")
    assert hint(g, 1) is None


def test_log_lines_say_which_cards_a_take_picked_up() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H KC", "4C 5C 6C"], stock="QS", discard="4D 9H 2S")
    move = Move.parse("0: take 2")
    assert describe(move, g, "Anna") == "Anna takes 9♥ 2♠ from the discard pile."
    i18n.set_language("fi")
    assert describe(move, g, "Anna") == "Anna ottaa poistopakasta 9♥ 2♠."
    i18n.set_language("ru")
    assert describe(move, g, "Анна") == "Анна берёт из сброса 9♥ 2♠."


def test_log_lines_write_a_joker_s_meaning_with_the_suit_symbol() -> None:
    run = describe(Move.parse("0: meld JK=3D 4D 5D"), None, "Anna")
    assert run == "Anna melds ★=3♦ 4♦ 5♦."
    assert describe(Move.parse("0: meld JK=7 7H 7S"), None, "Anna") == "Anna melds ★=7 7♥ 7♠."
    assert describe(Move.parse("0: meld JK 8C 9C"), None, "Anna") == "Anna melds ★ 8♣ 9♣."


def test_log_lines_for_every_kind_of_move_read_as_sentences() -> None:
    for text in [
        "0: draw",
        "0: meld 7H 8H 9H",
        "0: layoff 10H to 1",
        "0: discard KC",
        "1: pass",
        "2: rummy 2",
        "1: buy",
        "0: cut 12",
        "0: deal",
        "0: discard KC shanghai",
        "0: contract 7H 7S 7D / 9C 10C JC QC",
        "0: swap 8H in 1",
        "0: shanghai to 1",
    ]:
        line = describe(Move.parse(text), None, "Anna")
        assert line.startswith("Anna ")
        assert line.endswith((".", "!"))


def test_advice_joins_moves_with_then() -> None:
    moves = [Move.parse("0: meld 7H 8H 9H"), Move.parse("0: discard KC")]
    assert advise(moves) == "Meld 7♥ 8♥ 9♥, then discard K♣."


def test_the_player_at_the_screen_is_told_in_the_second_person() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H KC", "4C 5C 6C"], stock="QS", discard="4D 9H")
    assert describe(Move.parse("0: discard KC"), g, "You") == "You discard K♣."
    assert describe(Move.parse("0: draw"), g, "You") == "You draw from the stock."
    assert describe(Move.parse("0: discard KC"), g, "Anna") == "Anna discards K♣."


def _pinochle_runs() -> Game:
    """Pinochle, lay-offs face down: seat 0 has melded 2♥–6♥, 8♥–Q♥ and
    4♣–8♣; it holds 7♥ (fits two runs), 9♣ 10♣ and K♥ (each fits one)."""
    g = Game.from_layout(
        "pinochle",
        hands=["2H 3H 4H 5H 6H 8H 9H 10H JH QH 7H 4C 5C 6C 7C 8C 9C KH 10C", "2D 3D", "6D 8D"],
        stock="QC QS",
        discard="JC",
    )
    for text in ("draw", "meld 2H 3H 4H 5H 6H", "meld 8H 9H 10H JH QH", "meld 4C 5C 6C 7C 8C"):
        g.play(text)
    return g


def test_log_of_a_face_down_layoff_tells_only_the_laying_rules_3_9() -> None:
    g = _pinochle_runs()
    line = describe(Move.parse("0: layoff 9C to 3"), g, "Anna")
    assert line == "Anna lays off a card face down."
    assert describe(Move.parse("0: layoff 9C to 3"), g, "You") == "You lay off a card face down."


def test_log_of_a_face_down_layoff_names_the_meld_when_the_card_fits_several() -> None:
    g = _pinochle_runs()
    line = describe(Move.parse("0: layoff 7H to 2"), g, "Anna")
    assert line == "Anna lays off a card face down on 8♥ 9♥ 10♥ J♥ Q♥."
    assert "7♥" not in line


def test_log_of_a_later_layoff_does_not_show_a_face_down_card_in_the_meld() -> None:
    g = _pinochle_runs()
    g.play("0: layoff 7H to 2")
    # a meld is named as everyone sees it: without the face-down 7♥
    assert describe(Move.parse("0: layoff KH to 2"), g, "Anna") == "Anna lays off a card face down."
    advice = advise([Move.parse("0: layoff KH to 2")], g)
    assert advice == "Lay off K♥ on 8♥ 9♥ 10♥ J♥ Q♥."


def test_log_of_a_layoff_is_face_up_with_the_option_off() -> None:
    g = Game.from_layout(
        "pinochle",
        hands=["4C 5C 6C 7C 8C 9C 2D", "2H 3H", "6D 8D"],
        stock="QC QS",
        discard="JC",
        options={"hidden_layoffs": False},
    )
    g.play("draw")
    g.play("meld 4C 5C 6C 7C 8C")
    assert describe(Move.parse("0: layoff 9C to 1"), g, "Anna") == (
        "Anna lays off 9♣ on 4♣ 5♣ 6♣ 7♣ 8♣."
    )


def test_log_of_going_out_face_down_does_not_name_the_card_rules_3_9() -> None:
    g = Game.from_layout(
        "pinochle", hands=["5H 6H 7H 8H 9H", "2D 3D", "6D 8D"], stock="QC QS", discard="JC"
    )
    g.play("draw")
    g.play("meld 5H 6H 7H 8H 9H")
    line = describe(Move.parse("0: discard QC"), g, "Anna")
    assert line == "Anna discards the last card face down."
    you = describe(Move.parse("0: discard QC"), g, "You")
    assert you == "You discard your last card face down."


def test_log_of_a_face_down_chain_tells_how_many_cards() -> None:
    g = _pinochle_runs()
    line = describe(Move.parse("0: layoff 9C 10C to 3"), g, "Anna")
    assert line == "Anna lays off 2 cards face down."
    i18n.set_language("ru")
    assert describe(Move.parse("0: layoff 9C 10C to 3"), g, "Анна") == (
        "Анна присоединяет 2 карты рубашкой вверх."
    )


def test_a_cut_is_told_with_its_count_and_the_bonus_when_exact() -> None:
    from rummy_gui.engine import Action, Game, Move, ask
    from rummy_gui.play.narrate import describe

    game = Game.new("liverpool", 3, seed=1)
    exact = ask.exact_cut(game)
    assert describe(Move(Action.CUT, number=12), game, "Ada") == "Ada cuts 12 cards."
    assert describe(Move(Action.CUT, number=1), game, "You") == "You cut 1 card."
    told = describe(Move(Action.CUT, number=exact), game, "Ada")
    assert told.startswith(f"Ada cuts {exact} cards.")
    assert f"−{game.rules.cut_bonus}" in told
    game.play(Move(Action.CUT, number=exact))
    assert game.totals[2] == -game.rules.cut_bonus  # the engine agrees: that cut was exact
