"""The outside baselines (arena only): legal in every game, the same moves
for the same seed, and each plays the strategy it is named for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from lab.arena import PLAYERS, main, make_player
from lab.baselines import BASELINES, make_baseline
from rummy_gui.bots import LEVELS
from rummy_gui.engine import PRESETS, Game
from rummy_gui.engine.moves import Move
from rummy_gui.engine.seeded import seeded_deal

NAMES = tuple(BASELINES)
NO_JOKERS = {"jokers": False}


def play(
    preset: str,
    players: int,
    names: tuple[str, ...],
    index: int,
    options: dict[str, Any] | None = None,
    max_moves: int = 4000,
    seed: int = 3,
) -> list[Move]:
    """One arena deal with these players; every move checked legal; the moves."""
    g = seeded_deal(preset, players, seed, index, options)
    bots = [make_player(names[s % len(names)], seed=10 * index + s) for s in range(players)]
    played: list[Move] = []
    while not g.deal_over and len(played) < max_moves:
        seat = g.to_act[0]
        view = g.view(seat)
        move = bots[seat].choose(view)
        assert move in view.legal_moves, f"{preset} deal {index}: {move} is not legal"
        g.play(move)
        played.append(move)
    return played


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("jokers", [True, False])
def test_baseline_plays_whole_rummy500_deals_legally(name: str, players: int, jokers: bool) -> None:
    opponents = (name, "medium", name, "easy")[:players]
    for index in range(3):
        moves = play("rummy500", players, opponents, index, {"jokers": jokers})
        assert moves
        assert moves[-1].action != "deal"
        assert len(moves) < 4000, "the deal did not end"


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("preset", [p for p in PRESETS if p != "rummy500"])
def test_baseline_plays_every_other_preset_legally(name: str, preset: str) -> None:
    rules = PRESETS[preset]
    players = max(rules.min_players, min(4, rules.max_players))
    names = (name, "medium") * 2
    for index in range(2):
        play(preset, players, names[:players], index, max_moves=600)


@pytest.mark.parametrize("name", NAMES)
def test_baseline_is_deterministic_per_seed(name: str) -> None:
    first = play("rummy500", 2, (name, name), 4, NO_JOKERS)
    again = play("rummy500", 2, (name, name), 4, NO_JOKERS)
    assert first == again


def test_greedy_discards_differ_by_seed() -> None:
    """Its discards are random: other seeds throw other unpaired cards."""
    g = position("5H 9C QD 4D 7C KS 2H", "3C")
    g.play("0: draw")
    view = g.view(0)
    seen = {make_baseline("greedy", seed).choose(view).cards[0] for seed in range(20)}
    assert len(seen) > 1


def test_baselines_are_arena_players_not_levels() -> None:
    for name in NAMES:
        assert name in PLAYERS
        assert name not in LEVELS


def test_arena_runs_medium_against_greedy(capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(
        [
            "--preset",
            "rummy500",
            "--players",
            "2",
            "--bots",
            "medium,greedy",
            "--deals",
            "1",
            "--options",
            '{"jokers": false}',
        ]
    )
    assert rc == 0
    assert "greedy" in capsys.readouterr().out


def test_arena_refuses_an_unknown_player(refused: Callable[..., str]) -> None:
    err = refused(main, ["--players", "2", "--bots", "medium,nobody", "--deals", "1"])
    assert "unknown bot 'nobody'" in err


# ---------------------------------------------------------------- the strategies


def position(hand: str, discard: str, stock: str = "JC 8C") -> Game:
    """Seat 0 to draw with this hand and pile (bottom first), no jokers."""
    return Game.from_layout(
        "rummy500",
        hands=[hand, "10C 10D 10S 2S 3S 4S 6C"],
        stock=stock,
        discard=discard,
        turn=0,
        options=NO_JOKERS,
    )


def test_greedy_takes_the_deepest_card_that_makes_a_meld() -> None:
    # 9H melds with 7H 8H; QC would meld with the QS above it and QD in hand
    g = position("7H 8H QD 2C 4C 6S KD", "9H 5S QC QS JD")
    move = make_baseline("greedy").choose(g.view(0))
    assert move.action == "take"
    assert move.number == 5


def test_greedy_counts_the_cards_above_the_one_it_takes() -> None:
    # QC melds only with the QS above it and the QD in hand
    g = position("2H 5H QD 2C 4C 6S KD", "9H 5S QC QS JD")
    move = make_baseline("greedy").choose(g.view(0))
    assert move.action == "take"
    assert move.number == 3


def test_greedy_draws_when_no_pile_card_makes_a_meld() -> None:
    g = position("7H 9C QD 2C 4C 6S KS", "9H 5S JD")
    assert make_baseline("greedy").choose(g.view(0)).action == "draw"


def test_greedy_reads_aces_low_only() -> None:
    # A-K-Q would be a run with a high ace; greedy does not see it
    g = position("QH KH 2C 4C 6S 8D 9S", "AH")
    assert make_baseline("greedy").choose(g.view(0)).action == "draw"
    # A-2-3 it does see
    g = position("2H 3H 5C 7C 9S JD KS", "AH")
    move = make_baseline("greedy").choose(g.view(0))
    assert move.action == "take"
    assert move.number == 1


def test_greedy_melds_everything_then_discards_a_card_without_a_pair() -> None:
    for seed in range(5):
        g = position("7H 8H 9H 5C 5D JS KD", "2C")
        g.play("0: draw")  # JC from the stock: a pair with JS
        bot = make_baseline("greedy", seed=seed)
        actions = []
        while g.turn == 0 and not g.deal_over:
            move = bot.choose(g.view(0))
            actions.append(move)
            g.play(move)
        assert actions[0].action == "meld"
        assert set(actions[0].body().split()[1:]) == {"7H", "8H", "9H"}
        assert [m.action for m in actions[1:]] == ["discard"]
        assert actions[-1].body() == "discard KD"  # neither five nor jack: they have pairs


def test_greedy_never_calls_rummy() -> None:
    for index in range(6):
        moves = play("rummy500", 2, ("greedy", "random"), index, {"rummy_call": "full"})
        assert all(m.action != "rummy" for m in moves if m.seat == 0)


def test_toponly_never_takes_below_the_top() -> None:
    for index in range(4):
        moves = play("rummy500", 2, ("toponly", "medium"), index, NO_JOKERS)
        takes = [m for m in moves if m.seat == 0 and m.action == "take"]
        assert all(m.number == 1 for m in takes)
    # and a deep card that would meld stays in the pile
    g = position("7H 8H QD 2C 4C 6S KS", "9H 5S JD")
    assert make_baseline("toponly").choose(g.view(0)).action == "draw"


def test_hoarder_melds_only_to_go_out() -> None:
    g = position("7H 8H 9H 5C 5D JS KD", "2C")
    g.play("0: draw")
    move = make_baseline("hoarder").choose(g.view(0))
    assert move.action == "discard"  # keeps 7H 8H 9H in hand
    g = position("7H 8H 9H 5C 5D 5S KD", "2C", stock="10H 8C")
    g.play("0: draw")  # 10H: every card but one melds now
    bot = make_baseline("hoarder")
    actions = []
    while g.turn == 0 and not g.deal_over:
        move = bot.choose(g.view(0))
        actions.append(move.action)
        g.play(move)
    # the hand melds down to one card: both melds, then out with a discard
    assert actions == ["meld", "meld", "discard"] or actions == ["meld", "meld", "discard", "deal"]
