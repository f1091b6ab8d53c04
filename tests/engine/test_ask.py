"""The rule questions a table asks (engine/ask.py) are answered by the
engine's own legal moves and meld checks: what they accept, `play` accepts."""

from __future__ import annotations

from rummy_gui.engine import Action, Game, Move, Phase, ask, parse_card, parse_cards


def contract_game(hand: str = "10C 10C QH 7H 7S 7D 9C 9S 9D KD", round_no: int = 1) -> Game:
    g = Game.from_layout(
        "contract",
        hands=[hand, "2C 3C 4D 5D 6S 8S 10D JC QD KC", "AC AD 3H 5H 6H 8H 10H JH QH KH"],
        stock="AS 2S 3S 4S 5S 6C 7C 8C 9H 10S",
        discard="JD",
        turn=0,
        round=round_no,
    )
    g.play(Move.parse("0: draw"))
    while g.phase is Phase.CLAIM:  # nobody buys
        g.play(Move(Action.PASS, g.to_act[0]))
    return g


def layoff_game() -> Game:
    g = Game.from_layout(
        "rummy500",
        hands=["JS 10C 4D 7H 2C 5S 8D", "QS KS AS 3C 6H 9C 4H"],
        stock="KD 2H 3S 6D 9H",
        discard="8C",
        turn=1,
    )
    for text in ("1: draw", "1: meld QS KS AS", "1: discard 3C", "0: draw"):
        g.play(Move.parse(text))
    return g


def test_contract_slots_are_the_rounds_contract() -> None:
    assert [(s.kind, s.size, s.more) for s in ask.contract_slots(contract_game())] == [
        ("set", 3, False)
    ] * 2
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
        "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    ]
    g = Game.from_layout("contract", hands=hands, round=2)
    assert [s.kind for s in ask.contract_slots(g)] == ["set", "run"]
    g7 = Game.from_layout("contract", hands=hands, round=7)
    assert all(s.kind == "run" and s.more for s in ask.contract_slots(g7))
    assert ask.contract_slots(Game.new("rummy500", players=2, seed=1)) == ()


def test_a_group_that_is_no_set_does_not_fill_a_set_slot() -> None:
    g = contract_game()
    assert not ask.fills_contract_slot(g, 0, 0, parse_cards("10C 10C QH"))
    assert ask.fills_contract_slot(g, 0, 0, parse_cards("7H 7S 7D"))
    assert ask.fills_contract_slot(g, 0, 1, parse_cards("9D 9C 9S"))
    assert not ask.fills_contract_slot(g, 0, 0, parse_cards("7H 7S"))  # too few
    assert not ask.fills_contract_slot(g, 0, 0, parse_cards("9C 9S 9D 10C"))
    assert not ask.fills_contract_slot(g, 0, 5, parse_cards("7H 7S 7D"))  # no such slot
    assert not ask.fills_contract_slot(g, 1, 0, parse_cards("7H 7S 7D"))  # not seat 1's to lay down


def test_contract_moves_are_what_play_accepts() -> None:
    g = contract_game()
    good = ask.contract_moves(g, 0, [parse_cards("7H 7S 7D"), parse_cards("9C 9S 9D")])
    assert good
    assert all(m in g.legal_moves for m in good)
    assert ask.contract_moves(g, 0, [parse_cards("10C 10C QH"), parse_cards("9C 9S 9D")]) == []
    assert ask.contract_moves(g, 0, [parse_cards("7H 7S 7D")]) == []  # one slot left empty
    g.play(good[0])
    assert g.has_laid_down(0)


def test_every_legal_contract_is_found_from_its_own_groups() -> None:
    games = [contract_game("7H 7S 7D 4C 5C JK 7C 9D KD 2S", round_no=2), contract_game()]
    for seed in (3, 7, 14, 30):  # deals whose first player can lay down at once
        g = Game.new("contract", players=3, seed=seed)
        g.play(next(m for m in g.legal_moves if m.action is Action.DRAW))
        while g.phase is Phase.CLAIM:
            g.play(Move(Action.PASS, g.to_act[0]))
        games.append(g)
    found = 0
    for g in games:
        seat = g.turn
        for m in ask.seat_moves(g, seat, [Action.CONTRACT]):
            found += 1
            groups = [ask.cards_of(Move(Action.CONTRACT, groups=(group,))) for group in m.groups]
            assert m in ask.contract_moves(g, seat, groups)
            assert all(ask.fills_contract_slot(g, seat, k, group) for k, group in enumerate(groups))
    assert found >= 5


def test_which_melds_a_card_could_join() -> None:
    g = layoff_game()
    meld = g.melds[0].id
    joins = ask.joinable_melds(g, 0, [parse_card("JS")])
    assert list(joins) == [meld]
    assert [m.action for m in joins[meld]] == [Action.LAYOFF]
    assert ask.joinable_melds(g, 0, [parse_card("4D")]) == {}
    assert ask.joinable_melds(g, 1, [parse_card("JS")]) == {}  # not seat 1's turn
    assert ask.melds_card_fits(g, parse_card("JS")) == [meld]
    assert ask.melds_card_fits(g, parse_card("JC")) == []


def test_the_cards_of_a_move_are_physical_cards() -> None:
    m = Move.parse("0: contract 7H 7S 7D / 4C 5C JK=6C 7C")
    assert [str(c) for c in ask.cards_of(m)] == ["7H", "7S", "7D", "4C", "5C", "JK", "7C"]
    assert ask.plays_cards(Move.parse("0: meld JK=8S 9S 10S"), parse_cards("10S JK 9S"))
    assert not ask.plays_cards(Move.parse("0: meld 8S 9S 10S"), parse_cards("8S 9S"))
    assert ask.moves_with_cards(layoff_game(), 0, [parse_card("4D")], [Action.DISCARD]) == [
        Move.parse("0: discard 4D")
    ]
