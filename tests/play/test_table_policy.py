"""The table's policy about who acts, in the play layer (issue 48): which human
is turned to next in a claim window, which hot-seat hands are face down,
which claims are passed for a human, what Undo takes back, and which claim
the log tells. No pygame: these run without a window."""

from __future__ import annotations

import pytest

from rummy_gui.engine import Action, Claim, Game, Move, Phase, parse_cards
from rummy_gui.play import table_policy as policy
from rummy_gui.play.history import current_deal
from rummy_gui.play.session import SeatConfig, Session
from tests.engine._helpers import five_hundred_deal, rummy_call_example

HUMAN, BOT = "human", "easy"


def session(game: Game, kinds: list[str]) -> Session:
    names = ["Ann", "Bo", "Cy", "Di"]
    seats = [SeatConfig(names[i], kind) for i, kind in enumerate(kinds)]
    return Session(game.preset, seats, {}, game=game, threaded=False, bot_process=False)


def buy_window(kinds: list[str]) -> Session:
    """Contract: seat 0 draws from the stock; seats 1 and 2 may buy the J♦."""
    g = Game.from_layout(
        "contract",
        hands=[
            "10C 10C QH 7H 7S 7D 9C 9S 9D KD",
            "2C 3C 4D 5D 6S 8S JH JC QD KC",
            "AC AD 3H 5H 6H 8H 10H 10D QH KH",
        ],
        stock="AS 2S 3S 4S 5S 6C 7C 8C 9H 10S",
        discard="JD",
    )
    s = session(g, kinds)
    s.play(0, Move(Action.DRAW))
    assert s.phase is Phase.CLAIM
    return s


# --- whom the table turns to ------------------------------------------------------------
def test_a_human_after_a_bot_in_the_claim_order_waits_for_the_bots_answer() -> None:
    s = session(rummy_call_example(), [HUMAN, BOT, HUMAN])
    assert s.game.to_act == (1, 2)
    assert policy.next_human(s) is None  # Bo answers first
    s.play(1, Move(Action.PASS))
    assert policy.next_human(s) == 2


def test_the_first_human_in_the_claim_order_is_asked_first() -> None:
    s = session(rummy_call_example(), [BOT, HUMAN, HUMAN])
    assert policy.next_human(s) == 1
    s.play(2, Move(Action.RUMMY, number=6))  # the later seat answered first: still Bo's word
    assert policy.next_human(s) == 1


def test_no_human_is_asked_in_a_demo_or_once_the_deal_is_over() -> None:
    s = session(rummy_call_example(), [HUMAN, HUMAN, HUMAN])
    s.demo = True
    assert policy.next_human(s) is None


def test_a_hot_seat_hand_is_face_down_unless_revealed_to_its_owner_in_turn() -> None:
    s = session(rummy_call_example(), [HUMAN, HUMAN, HUMAN])
    assert policy.hot_seat(s)
    assert policy.concealed(s, 1, None)  # handed over, not yet revealed
    assert not policy.concealed(s, 1, 1)
    assert policy.concealed(s, 0, 0)  # the discarder is not asked: someone else may look
    one = session(rummy_call_example(), [HUMAN, BOT, BOT])
    assert not policy.hot_seat(one)
    assert not policy.concealed(one, 0, None)


# --- claims a human is not asked about ----------------------------------------------------
def test_hot_seat_turns_to_the_next_human_through_the_hand_over_screen() -> None:
    s = session(rummy_call_example(), [HUMAN, HUMAN, HUMAN])  # Bo, then Cy may call Rummy!
    turn = policy.next_seat(s, revealed_for=0, hand_over_screen=True, covered=False)
    assert turn == policy.NextSeat(1, None, hand_over=True)
    assert policy.next_seat(s, 1, True, covered=False) == policy.NextSeat(1, 1)
    assert policy.next_seat(s, 0, True, covered=True) == policy.NextSeat(None, 0)
    assert policy.next_seat(s, 0, hand_over_screen=False, covered=False) == policy.NextSeat(1, 1)
    assert not policy.may_act(s, 1, revealed_for=0)  # handed over, not yet revealed
    assert policy.may_act(s, 1, revealed_for=1)


def test_one_human_sits_at_the_bottom_without_a_hand_over() -> None:
    s = session(rummy_call_example(), [BOT, HUMAN, BOT])
    assert policy.next_seat(s, None, True, covered=False) == policy.NextSeat(1, 1)


def test_claims_the_setting_does_not_ask_about_are_passed_and_not_told() -> None:
    s = buy_window([HUMAN, HUMAN, HUMAN])
    told = len(s.log)
    assert not policy.pass_unasked(s, "always")
    assert s.phase is Phase.CLAIM
    assert policy.pass_unasked(s, "never")
    assert s.phase is Phase.PLAY  # both passed: the window closed
    assert len(s.log) == told  # the passes were the table's, not the players' word


def test_only_useful_claims_are_asked_about() -> None:
    s = buy_window([HUMAN, HUMAN, HUMAN])
    g = s.game
    assert policy.worth_asking(g, 1, "always")
    assert not policy.worth_asking(g, 1, "never")
    # J♦: seat 1 holds J♥ J♣ (a set of three with it), seat 2 no jack
    assert policy.worth_asking(g, 1, "useful")
    assert not policy.worth_asking(g, 2, "useful")


# --- undo -------------------------------------------------------------------------------------
def undo_game() -> Session:
    g = five_hundred_deal()
    return session(g, [HUMAN, BOT, BOT])


def test_undo_after_the_discard_takes_the_whole_turn_back() -> None:
    s = undo_game()
    start = s.game.hand(0)
    for text in ("take 3", "meld 10C 10S 10D", "discard KD"):
        s.play(0, Move.parse(text))
    assert policy.may_undo(s, 0, None)
    assert not policy.may_undo(s, 1, None)  # not Bo's move
    assert policy.undoes_whole_turn(s, 0, None)
    assert policy.take_back(s, 0, None)
    assert s.game.turn == 0
    assert s.game.phase is Phase.DRAW
    assert sorted(s.game.hand(0)) == sorted(start)
    assert not policy.may_undo(s, 0, None)  # nothing of Ann's is left to undo


def test_undo_before_the_discard_takes_one_move_back() -> None:
    s = undo_game()
    for text in ("take 3", "meld 10C 10S 10D"):
        s.play(0, Move.parse(text))
    assert not policy.undoes_whole_turn(s, 0, None)
    assert not policy.take_back(s, 0, None)
    assert s.game.phase is Phase.PLAY
    assert not s.game.melds


def test_the_next_bot_waits_only_after_the_one_humans_discard() -> None:
    s = undo_game()
    meld = Move.parse("meld 10C 10S 10D")
    s.play(0, Move.parse("take 3"))
    assert not policy.holds_for_undo(s, 0, Move.parse("take 3"))
    s.play(0, meld)
    assert not policy.holds_for_undo(s, 0, meld)
    discard = Move.parse("discard KD")
    s.play(0, discard)
    assert policy.holds_for_undo(s, 0, discard)
    s.seats[1].kind = HUMAN  # two humans: nobody waits for the other's undo
    assert not policy.holds_for_undo(s, 0, discard)


# --- the claim the log tells is the one the engine gave the card to ----------------------
@pytest.fixture
def last_claimant_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """Claim priority turned around: once all have answered, the last claimant in
    order who claimed wins. The log must follow the engine, whatever its rule."""

    def winner(self: Claim) -> Move | bool | None:
        answers = [self.answers.get(seat) for seat in self.claimants]
        if any(a is None for a in answers):
            return False
        claims = [a for a in answers if a is not None and a.action is not Action.PASS]
        return claims[-1] if claims else None

    monkeypatch.setattr(Claim, "winner", winner)


def both_call(s: Session) -> None:
    s.play(2, Move(Action.RUMMY, number=6))
    s.play(1, Move(Action.RUMMY, number=6))


@pytest.mark.usefixtures("last_claimant_wins")
def test_the_log_tells_the_claim_the_engine_chose() -> None:
    s = session(rummy_call_example(), [HUMAN, BOT, BOT])
    both_call(s)
    assert s.game.hand(2)[-6:] == parse_cards("KS 7D QS 8C KH JS")  # the engine: seat 2 won
    won = [e for e in s.log if e.move is not None and e.move.action is Action.RUMMY]
    assert [e.move.seat for e in won if e.move is not None] == [2]
    assert len(s.announcements) == 1
    assert s.announcements[0].startswith("Cy")


@pytest.mark.usefixtures("last_claimant_wins")
def test_a_reopened_game_tells_the_claim_the_engine_chose() -> None:
    s = session(rummy_call_example(), [HUMAN, BOT, BOT])
    both_call(s)
    again = Game.from_record(s.game.record())
    told = current_deal(again, {0})
    rummies = [t.seat for t in told if t.move.action is Action.RUMMY]
    assert rummies == [2]


def test_with_the_engines_own_priority_the_nearest_caller_is_told() -> None:
    s = session(rummy_call_example(), [HUMAN, BOT, BOT])
    both_call(s)
    won = [e.move.seat for e in s.log if e.move is not None and e.move.action is Action.RUMMY]
    assert won == [1]
    assert s.announcements[0].startswith("Bo")


# --- the log's words follow the engine ----------------------------------------------------------
def test_a_draw_that_ends_a_contract_round_is_told_so() -> None:
    """RULES.md 4.7: with no stock rebuild left, a draw ends the round."""
    g = Game.from_layout(
        "contract",
        hands=[
            "10C 10C QH 7H 7S 7D 9C 9S 9D KD",
            "2C 3C 4D 5D 6S 8S JH JC QD KC",
            "AC AD 3H 5H 6H 8H 10H 10D QH KH",
        ],
        stock="",
        discard="2S 3S JD",
        options={"reshuffles": 0},
    )
    s = session(g, [HUMAN, BOT, BOT])
    s.play(0, Move(Action.DRAW))
    assert s.game.deal_over
    assert s.log[-1].text() == "Ann finds the stock empty: the deal ends."


def test_a_lesson_asks_about_every_claim_whatever_the_setting() -> None:
    from rummy_gui.play.lesson_session import LessonSession
    from rummy_gui.play.lessons import lesson
    from tests.play.lesson_driver import play_to_step

    s = LessonSession(lesson("contract"), ["You", "Ada", "Bo"], threaded=False)
    play_to_step(s, "0: buy")
    assert s.phase is Phase.CLAIM
    assert 0 in s.game.to_act
    assert not policy.pass_unasked(s, "never")  # the lesson's buy is asked for, not passed
    assert 0 in s.game.to_act
    # the same window at a game's table: the setting passes it
    game = Session("contract", s.seats, {}, game=s.game.copy(), threaded=False)
    assert policy.pass_unasked(game, "never")
    assert 0 not in game.game.to_act
