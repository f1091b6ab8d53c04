"""Hard's price of a discard in the 500 family: what it feeds the opponents,
measured on guessed hands consistent with what they picked up and let go."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rummy_gui.bots.memory import card_of
from rummy_gui.bots.policy import HARD_500, MEDIUM, Judge, RuleBot
from rummy_gui.bots.search import RolloutBot, hard_level
from rummy_gui.engine import Action, Game, View
from rummy_gui.engine.cards import Card

from ._shared import next_holds_two_nines

FEED = HARD_500


def test_the_discard_that_completes_the_next_players_set_is_priced_highest() -> None:
    view = next_holds_two_nines()
    judge = Judge(view, FEED)
    prices = {c: judge.feed_price(c) for c in view.hand}
    assert max(prices, key=lambda c: prices[c]) == Card(9, "D")


def test_on_meldless_guesses_that_discard_costs_the_whole_set() -> None:
    view = next_holds_two_nines()
    judge = Judge(view, replace(FEED, feed_meldless=True))
    # no guess holds 9C, so in each 9H 9S go from the hand (-18) into a meld (+18)
    assert judge.feed_price(Card(9, "D")) >= 36


def test_meldless_guesses_hold_no_meld_the_opponent_would_have_laid_down() -> None:
    view = next_holds_two_nines()
    judge = Judge(view, replace(FEED, feed_meldless=True))
    assert not any(judge.split(hand).melds for _w, hand in judge._feed_hands()[1])


def test_random_guesses_may_hold_melds() -> None:
    view = next_holds_two_nines()
    judge = Judge(view, FEED)
    assert any(judge.split(hand).melds for _w, hand in judge._feed_hands()[1])


def test_a_discard_nobody_can_meld_with_costs_little() -> None:
    view = next_holds_two_nines()
    judge = Judge(view, FEED)
    # 2D: its neighbours 3D and AD/4D are in this hand or gone; no set of twos is likely
    assert judge.feed_price(Card(2, "D")) < 0.1 * judge.feed_price(Card(9, "D"))


def test_the_price_is_added_to_the_danger_only_when_asked_for() -> None:
    view = next_holds_two_nines()
    nine = Card(9, "D")
    priced = Judge(view, FEED)
    plain = Judge(view, MEDIUM)
    assert priced.danger(nine) - plain.danger(nine) == pytest.approx(priced.feed_price(nine))


def test_the_price_is_the_same_for_the_same_view() -> None:
    view = next_holds_two_nines()
    first = [Judge(view, FEED).feed_price(c) for c in view.hand]
    again = [Judge(view, FEED).feed_price(c) for c in view.hand]
    assert first == again


def test_a_guess_that_would_have_melded_a_card_its_seat_threw_weighs_less() -> None:
    view = next_holds_two_nines()
    judge = Judge(view, FEED)
    threw = [Card(2, "C"), Card(3, "C")]  # seat 1's discards
    weights = []
    for w, hand in judge._feed_hands()[1]:
        refuted = sum(judge._melds_with(hand, c, 1) for c in threw if c not in hand)
        weights.append((w, refuted))
    assert all(w == FEED.feed_refuted**k for w, k in weights)


def test_the_guesses_keep_the_cards_the_next_player_picked_up() -> None:
    view = next_holds_two_nines()
    judge = Judge(view, FEED)
    held = {Card(9, "H"), Card(9, "S")}
    assert all(held <= set(hand) for _w, hand in judge._feed_hands()[1])


def _discard_views(count: int) -> list[View]:
    """Discard decisions of medium-played Rummy 500 deals (3 players), seeded."""
    out: list[View] = []
    for seed in range(20):
        g = Game.new("rummy500", 3, seed=seed)
        bots = [RuleBot(s, MEDIUM, "medium", per_preset=True) for s in range(3)]
        while not g.deal_over and len(out) < count:
            seat = g.to_act[0]
            view = g.view(seat)
            move = bots[seat].choose(view)
            if move.action == Action.DISCARD:
                out.append(view)
            g.play(move)
        if len(out) >= count:
            break
    return out


def test_where_the_priced_discard_differs_from_mediums_it_feeds_less() -> None:
    changed = 0
    for view in _discard_views(40):
        medium = RuleBot(1, MEDIUM, "medium", per_preset=True).choose(view)
        priced = RuleBot(1, FEED, "medium", per_preset=True).choose(view)
        if priced == medium:
            continue
        changed += 1
        judge = Judge(view, FEED)
        assert judge.feed_price(card_of(priced.cards[0])) < judge.feed_price(
            card_of(medium.cards[0])
        )
    assert changed >= 3


def test_hard_with_the_price_does_not_throw_the_card_that_completes_the_set() -> None:
    view = next_holds_two_nines()
    bot = RolloutBot(seed=1, params=HARD_500)
    assert bot.base.params_for(view).feed_samples > 0
    assert bot.choose(view).body() != "discard 9D"


def test_the_levels_do_not_price_feeding() -> None:
    view = next_holds_two_nines()
    assert hard_level(seed=1).base.params_for(view).feed_samples == 0
    assert RuleBot(1, MEDIUM, "medium", per_preset=True).params_for(view).feed_samples == 0
