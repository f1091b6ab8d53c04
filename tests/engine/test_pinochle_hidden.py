"""RULES.md 3.9 for `pinochle`: lay-offs face down (option `hidden_layoffs`,
section 6: on in `pinochle`, no such option elsewhere).

`g.melds` is the referee's truth; a view (and `g.public_melds`) shows each
meld without its face-down cards, and per seat the cards it laid off face
down, with the meld only where everyone was told it."""

from __future__ import annotations

import pytest

from rummy_gui.engine import PRESETS, Game, Move
from rummy_gui.engine.enums import Action
from tests.engine._helpers import layout, meld_cards, play, refused

OTHERS = ["2D 3D 4D 5D KS", "6D 8D 9D 10D KC"]


def at_play(hand0, others=OTHERS, options=None, stock="QC QS QD 2S 3S"):
    g = layout("pinochle", [hand0, *others], stock=stock, discard="JC", options=options)
    play(g, "0: draw")
    return g


def texts(view_or_game_melds):
    return [str(m) for m in view_or_game_melds]


def next_turn(g, discard):
    """The turn player discards; the next one draws from the stock."""
    play(g, f"{g.turn}: discard {discard}")
    play(g, f"{g.turn}: draw")


# --- the option ----------------------------------------------------------------
def test_hidden_layoffs_option_is_on_in_pinochle_only():
    assert PRESETS["pinochle"].hidden_layoffs is True
    assert PRESETS["pinochle"].options()["hidden_layoffs"] is True
    for preset, rules in PRESETS.items():
        if preset == "pinochle":
            continue
        assert "hidden_layoffs" not in rules.options()
        with pytest.raises(ValueError, match="unknown option 'hidden_layoffs'"):
            Game.new(preset, players=4, seed=1, options={"hidden_layoffs": True})


def test_hidden_layoffs_option_must_be_true_or_false():
    with pytest.raises(ValueError, match=r"hidden_layoffs.*true or false"):
        Game.new("pinochle", players=3, seed=1, options={"hidden_layoffs": "yes"})
    g = Game.new("pinochle", players=3, seed=1, options={"hidden_layoffs": False})
    assert g.rules.hidden_layoffs is False


# --- a lay-off goes face down -------------------------------------------------
def test_pinochle_hidden_layoff_extends_the_real_meld():
    g = at_play("5H 6H 7H 8H 9H 10H JH 2C 3C")
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    assert meld_cards(g, 1) == ["5H", "6H", "7H", "8H", "9H", "10H"]
    # the fit is decided on the real meld: the hidden 10♥ takes the J♥
    play(g, "0: layoff JH to 1")
    assert meld_cards(g, 1) == ["5H", "6H", "7H", "8H", "9H", "10H", "JH"]
    assert g.melds[0].owners == (0,) * 7
    assert g.face_down == ((None, None), (), ())


def test_pinochle_hidden_layoff_fits_for_another_player_on_the_hidden_card():
    g = at_play("5H 6H 7H 8H 9H 10H 2C 3C", others=["JH 3D 4D 5D KS", OTHERS[1]])
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    next_turn(g, "2C")
    play(g, "1: layoff JH to 1")
    assert meld_cards(g, 1)[-2:] == ["10H", "JH"]
    assert g.melds[0].owners[-2:] == (0, 1)
    assert texts(g.view(1).melds) == ["5H 6H 7H 8H 9H"]


def test_pinochle_hidden_layoff_is_shown_face_down_in_every_view_the_layers_too():
    g = at_play("5H 6H 7H 8H 9H 10H 2C 3C")
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    for seat in range(3):
        v = g.view(seat)
        assert texts(v.melds) == ["5H 6H 7H 8H 9H"]
        assert v.melds[0].owners == (0,) * 5
        assert v.face_down == ((None,), (), ())
        assert v.face_down_count == 1
        assert all(m.action is not Action.LAYOFF for m in v.log)
        assert "10H" not in " ".join(str(m) for m in v.log)
    assert texts(g.public_melds) == ["5H 6H 7H 8H 9H"]
    assert g.face_down == ((None,), (), ())


def test_pinochle_hidden_layoff_names_the_meld_only_when_the_card_fits_several():
    # 7♥ fits 2♥–6♥ and 8♥–Q♥; 9♣ fits only 4♣–8♣
    g = at_play("2H 3H 4H 5H 6H 8H 9H 10H JH QH 7H 4C 5C 6C 7C 8C 9C KD 7D")
    play(g, "0: meld 2H 3H 4H 5H 6H", "0: meld 8H 9H 10H JH QH", "0: meld 4C 5C 6C 7C 8C")
    play(g, "0: layoff 7H to 2", "0: layoff 9C to 3")
    assert g.view(1).face_down[0] == (2, None)
    assert g.view(0).face_down[0] == (2, None)
    assert [g.view(1).face_down_on(i) for i in (1, 2, 3)] == [0, 1, 0]
    # the public melds stay as they were made
    assert texts(g.view(1).melds) == ["2H 3H 4H 5H 6H", "8H 9H 10H JH QH", "4C 5C 6C 7C 8C"]


def test_pinochle_set_made_four_is_face_down_whole_and_complete():
    g = at_play("7C 7D 7H 7S 2H 3H")
    play(g, "0: meld 7C 7D 7H")
    assert not g.view(1).shown_face_down(g.view(1).melds[0])
    play(g, "0: layoff 7S to 1")
    assert g.melds[0].complete
    assert len(g.melds[0].cards) == 4
    v = g.view(1)
    m = v.melds[0]
    assert m.complete
    assert v.shown_face_down(m)
    assert "7S" not in str(m)
    assert v.face_down[0] == (1,)  # turning the set over tells everyone the meld


def test_pinochle_layoff_that_does_not_fit_is_refused_revealing_nothing():
    g = at_play("5H 6H 7H 8H 9H 10H KH 2C 3C")
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    msg = refused(g, "0: layoff KH to 1")
    assert msg == "K♥ does not fit that meld."
    assert "10" not in msg
    assert "meld 1" not in msg


def test_pinochle_view_offers_no_move_that_tells_a_hidden_card():
    g = at_play("5H 6H 7H 8H 9H 10H 2C 3C", others=["JH 3D 4D 5D KS", OTHERS[1]])
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    next_turn(g, "2C")
    jack = Move.parse("1: layoff JH to 1")
    assert jack in g.legal_moves  # the referee knows it fits
    offered = g.view(1).legal_moves
    assert jack not in offered  # but the table offers nothing a hidden card decides
    assert Move.parse("1: discard KS") in offered
    assert set(offered) <= set(g.legal_moves)
    assert list(offered) == g.offered_moves(1)


def test_pinochle_view_offers_a_layoff_every_world_allows():
    # with one deck a card held at the run's end can not be hidden: it fits
    g = at_play("5H 6H 7H 8H 9H 10H 2C 3C", others=["4H 3D 4D 5D KS", OTHERS[1]])
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    next_turn(g, "2C")
    assert Move.parse("1: layoff 4H to 1") in g.view(1).legal_moves
    assert g.view(1).face_down == ((None,), (), ())


def test_pinochle_going_out_discard_is_face_down():
    g = at_play("5H 6H 7H 8H 9H")
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: discard QC")
    assert g.deal_over
    assert [str(c) for c in g.discard_pile][-1] == "QC"  # the referee's truth
    assert g.discard_face_down
    for seat in range(3):
        v = g.view(seat)
        assert v.discard_face_down
        assert [str(c) for c in v.discard_pile] == ["JC"]


def test_pinochle_hidden_cards_are_turned_up_and_scored_at_the_deal_end():
    g = at_play("5H 6H 7H 8H 9H 10H 2C 3C", others=["JH", OTHERS[1]])
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    next_turn(g, "2C")
    play(g, "1: layoff JH to 1", "1: discard QS")  # seat 1 goes out
    assert g.deal_over
    assert g.deal_scores == [5 + 6 + 7 + 8 + 9 + 10 - (3 + 10), 10, -(6 + 8 + 9 + 10 + 10)]
    v = g.view(2)
    assert texts(v.melds) == ["5H 6H 7H 8H 9H 10H JH"]
    assert v.melds[0].owners == (0, 0, 0, 0, 0, 0, 1)
    assert v.face_down == ((), (), ())


def test_pinochle_hidden_layoff_undo_takes_it_back():
    g = at_play("5H 6H 7H 8H 9H 10H 2C 3C")
    g.undo_enabled = True
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    g.undo()
    assert g.face_down == ((), (), ())
    assert meld_cards(g, 1) == ["5H", "6H", "7H", "8H", "9H"]


def test_pinochle_hidden_layoffs_off_lays_off_face_up():
    g = at_play("5H 6H 7H 8H 9H 10H KH 2C 3C", options={"hidden_layoffs": False})
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    v = g.view(1)
    assert texts(v.melds) == ["5H 6H 7H 8H 9H 10H"]
    assert v.face_down == ((), (), ())
    assert any(m.action is Action.LAYOFF for m in v.log)
    assert "does not fit meld 1 (5♥ 6♥ 7♥ 8♥ 9♥ 10♥)" in refused(g, "0: layoff KH to 1")
    play(g, "0: discard 2C", "1: draw")
    assert not g.discard_face_down


# --- records ------------------------------------------------------------------
def test_pinochle_record_made_before_hidden_layoffs_replays_face_up():
    g = at_play("5H 6H 7H 8H 9H 10H 2C 3C")
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    old = g.record()
    del old["options"]["hidden_layoffs"]
    again = Game.from_record(old)
    assert again.rules.hidden_layoffs is False
    assert texts(again.view(1).melds) == ["5H 6H 7H 8H 9H 10H"]
    assert again.record()["options"]["hidden_layoffs"] is False


def test_pinochle_record_with_hidden_layoffs_replays_them_face_down():
    g = at_play("5H 6H 7H 8H 9H 10H 2C 3C")
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    again = Game.from_record(g.record())
    assert again == g
    assert again.face_down == ((None,), (), ())


# --- two decks, and the table's questions ---------------------------------------
FIVE = ["2D 3D 4D 5D KS", "6D 8D 9D 10D KC", "2S 3S", "4S 5S"]


def test_pinochle_set_made_four_takes_no_card_even_seen_with_three():
    # five players: two decks, so the other 7♥ exists in seat 1's hand
    g = at_play("7C 7D 7S 7H 2H 3H", others=["7H 3D 4D 5D KS", *FIVE[1:]], stock="QC QS QD")
    play(g, "0: meld 7C 7D 7S", "0: layoff 7H to 1")
    next_turn(g, "2H")
    v = g.view(1)
    assert len(v.melds[0].cards) == 3
    assert v.melds[0].complete
    assert Move.parse("1: layoff 7H to 1") not in v.legal_moves
    refused(g, "1: layoff 7H to 1")


def test_pinochle_two_decks_leave_out_a_layoff_the_face_down_copy_blocks():
    g = at_play("5H 6H 7H 8H 9H 10H 2C 3C", others=["10H 3D 4D 5D KS", *FIVE[1:]])
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: layoff 10H to 1")
    next_turn(g, "2C")
    ten = Move.parse("1: layoff 10H to 1")
    assert ten not in g.view(1).legal_moves
    assert "does not fit that meld" in refused(g, "1: layoff 10H to 1")


def test_pinochle_every_meld_is_a_lay_off_place_while_lay_offs_are_face_down():
    from rummy_gui.engine import ask
    from rummy_gui.engine.cards import parse_card

    g = at_play("5H 6H 7H 8H 9H AC AD AS AH KD 3C")
    play(g, "0: meld 5H 6H 7H 8H 9H", "0: meld AC AD AS")
    king = [parse_card("KD")]
    assert sorted(ask.joinable_melds(g, 0, king)) == [1, 2]  # KD fits neither
    play(g, "0: layoff AH to 2")
    assert sorted(ask.joinable_melds(g, 0, king)) == [1]  # the set is complete
    assert ask.joinable_melds(g, 1, king) == {}  # not seat 1's turn
    off = at_play("5H 6H 7H 8H 9H KD 3C", options={"hidden_layoffs": False})
    play(off, "0: meld 5H 6H 7H 8H 9H")
    assert ask.joinable_melds(off, 0, king) == {}


def test_pinochle_offered_moves_equal_the_public_tables_generator_in_random_play():
    """The quick path of the offered moves (a lay-off's fit on the public
    meld) lists what the public table's move generator lists."""
    import random

    from rummy_gui.engine.public import offered_by_generation

    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        g = Game.new("pinochle", players=3 + seed % 3 * 2, seed=seed)
        while not g.deal_over:
            for seat in g.to_act:
                offered = g.offered_moves(seat)
                real = g.legal_moves.for_seat(seat)
                assert offered == offered_by_generation(g._table, real, seat)
                checked += bool(g.face_down != ((),) * g.players)
            moves = list(g.legal_moves)
            layoffs = [m for m in moves if m.action is Action.LAYOFF]
            g.play(rng.choice(layoffs or moves))
    assert checked > 20
