"""Medium's settings tuned per preset: medium and hard use them, easy not."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest

from rummy_gui.bots import make_bot
from rummy_gui.bots.expert import ExpertBot
from rummy_gui.bots.memory import card_of
from rummy_gui.bots.policy import (
    EASY,
    EXPERT_TUNING,
    HARD_CONTRACT,
    HARD_TUNING,
    JUDGMENTS,
    MEDIUM,
    PRESET_TUNING,
    Judge,
    Params,
    RuleBot,
    Tuning,
    cards_of,
    decision_rng,
    minus,
)
from rummy_gui.bots.search import RolloutBot, hard_level
from rummy_gui.bots.solver import card_value
from rummy_gui.engine import PRESETS, Action, Game, Move, Phase, View
from rummy_gui.engine.seeded import seeded_deal
from tests.bots._shared import one_stream

PLAYERS = {"persian": 4, "contract": 4, "liverpool": 4, "shanghai": 4}


def settings(level: str, preset: str, players: int = 0) -> Params:
    """A level's settings for a preset (`Tuning.settings`)."""
    return JUDGMENTS[level].settings(PRESETS[preset], players)


def test_the_tuning_names_real_presets_and_settings() -> None:
    names = {f.name for f in fields(Params)}
    assert PRESET_TUNING, "no preset is tuned"
    for preset, changed in PRESET_TUNING.items():
        assert preset in PRESETS
        assert changed
        assert set(changed) <= names
        for name, value in changed.items():
            # a tuning entry that equals the family setting would be a no-op
            base = HARD_CONTRACT if PRESETS[preset].is_contract else MEDIUM
            assert getattr(base, name) != value, (preset, name)


def test_hards_own_tuning_names_500_presets_and_changes_what_medium_plays() -> None:
    names = {f.name for f in fields(Params)}
    for preset, changed in HARD_TUNING.items():
        # the contract games have their own settings for hard (HARD_CONTRACT)
        assert not PRESETS[preset].is_contract, preset
        assert set(changed) <= names
        for name, value in changed.items():
            assert getattr(settings("medium", preset), name) != value, (preset, name)
            assert getattr(settings("hard", preset), name) == value
    # medium's own tuning stays under hard's
    for preset in PRESETS:
        own = settings("hard", preset)
        for name, value in PRESET_TUNING.get(preset, {}).items():
            assert getattr(own, name) == value, (preset, name)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_medium_and_hard_use_the_presets_settings_and_easy_does_not(preset: str) -> None:
    g = Game.new(preset, PLAYERS.get(preset, 3), seed=1)
    view = g.view(g.to_act[0])
    changed = PRESET_TUNING.get(preset, {})
    medium = make_bot("medium", seed=1)
    hard = make_bot("hard", seed=1)
    easy = make_bot("easy", seed=1)
    assert isinstance(medium, RuleBot)
    assert isinstance(hard, RolloutBot)
    assert isinstance(easy, RuleBot)
    m = medium.params_for(view)
    h = hard.base.params_for(view)
    for name, value in changed.items():
        assert getattr(m, name) == value
        assert getattr(h, name) == value
    # everything not tuned is the family setting
    for f in fields(Params):
        if f.name not in changed:
            assert getattr(m, f.name) == getattr(MEDIUM, f.name), f.name
    # hard keeps its own contract settings: urgency, discards tested on
    # guessed hands (medium tests none) and a cost on takes of the top discard
    contract = g.rules.is_contract
    assert h.urgency == (HARD_CONTRACT.urgency if contract else 0.0)
    assert h.sampled_danger == (8 if contract else 0)
    assert h.take_cost == (2.0 if contract or preset == "rummy500" else 0.0)
    assert m.sampled_danger == 0
    assert m.take_cost == 0.0
    assert easy.params_for(view) == EASY
    # the untuned rule player (experiments, replays) is left alone
    assert RuleBot(1, MEDIUM, "medium").params_for(view) == MEDIUM


def test_a_judgment_leaves_an_untuned_preset_alone() -> None:
    for preset in PRESETS:
        assert Tuning(MEDIUM).settings(PRESETS[preset]) is MEDIUM
        if preset not in PRESET_TUNING:
            assert settings("medium", preset) is MEDIUM


def loose_hand_view() -> tuple[Game, int]:
    """Rummy 500, two players: seat 0 has drawn 2D and holds seven cards
    that make no meld, pair or run fragment."""
    g = Game.from_layout(
        "rummy500",
        hands=["KS 3C 7H 9D 5S JC QD", "4C 4D 6H 10S 10H AC 8S"],
        stock="2D 8C 9C",
        discard="4H",
        turn=0,
        options={"jokers": False},
    )
    g.play("0: draw")
    return g, 0


def test_rummy500_medium_keeps_its_high_cards_while_they_may_still_meld() -> None:
    """In Rummy 500 medium does not count the points of the cards no meld
    uses: a king may still meld for ten points, and thrown it is ten points
    for the opponent to dig for. With nothing else to choose by it throws
    its cheapest card; the family setting throws the dearest."""
    g, seat = loose_hand_view()
    view = g.view(seat)
    assert settings("medium", "rummy500").leftover == 0.0
    for level in ("medium", "hard"):
        move = make_bot(level, seed=2).choose(view)
        assert move.action == "discard", level
        assert move.body() == "discard 2D", level
    untuned = RuleBot(2, MEDIUM, "medium").choose(view)
    assert untuned.action == "discard"
    assert untuned.body() in ("discard KS", "discard QD", "discard JC")


def test_the_experts_own_tuning_is_over_hards_and_its_searches_start_from_it() -> None:
    names = {f.name for f in fields(Params)}
    assert EXPERT_TUNING, "the expert has no judgment of its own"
    for preset, changed in EXPERT_TUNING.items():
        assert preset in PRESETS
        assert set(changed) <= names
        g = Game.new(preset, PLAYERS.get(preset, 3), seed=1)
        view = g.view(g.to_act[0])
        expert = make_bot("expert", seed=1)
        assert isinstance(expert, ExpertBot)
        # hard's fallback and search take their candidates from the same judgment
        assert expert.hard.base is expert.base
        own = expert.base.params_for(view)
        plain = hard_level(1, "expert").base.params_for(view)
        assert plain == make_bot("hard", seed=1).base.params_for(view)  # type: ignore[attr-defined]
        for name, value in changed.items():
            assert getattr(plain, name) != value, (preset, name)
            assert getattr(own, name) == value
        # everything else is hard's
        for f in fields(Params):
            if f.name not in changed:
                assert getattr(own, f.name) == getattr(plain, f.name), f.name
    # a preset the expert does not tune judges as hard
    for preset in PRESETS:
        if preset not in EXPERT_TUNING:
            assert settings("expert", preset) == settings("hard", preset)


def _parted(
    preset: str, players: int, seeds: range, phase: Phase = Phase.DRAW, searched: bool = False
) -> list[tuple[Move, Move, bool]]:
    """On the draws (or another phase's decisions) of seeded medium play,
    where the expert's judgment and hard's choose otherwise: (the expert's
    move, hard's, whether the expert level plays its judgment's move there,
    or with `searched` whether it plays it or its search decides there)."""
    hard = make_bot("hard", seed=1)
    expert = ExpertBot(1)
    bots = [make_bot("medium", seed=s) for s in range(players)]
    out: list[tuple[Move, Move, bool]] = []
    for seed in seeds:
        g = one_stream(preset, players, seed)
        while not g.deal_over:
            seat = g.to_act[0]
            view = g.view(seat)
            if view.phase == phase:
                mine = expert.base.choose(view)
                theirs = hard.base.choose(view)  # type: ignore[attr-defined]
                if mine != theirs:
                    played = expert.choose(view) == mine
                    out.append((mine, theirs, played or (searched and expert.searches(view))))
            g.play(bots[seat].choose(view))
    return out


def _dearer_share(preset: str, discards: list[tuple[Move, Move]]) -> float:
    """Of (the expert's discard, the other's) pairs, the share where the
    expert's card is worth more penalty points; there must be some."""
    assert discards
    rules = PRESETS[preset]
    dearer = sum(
        card_value(rules, card_of(m.cards[0])) > card_value(rules, card_of(t.cards[0]))
        for m, t in discards
    )
    return dearer / len(discards)


def _single_take(m: Move) -> bool:
    return (m.action, m.number) == (Action.TAKE, 1)


def _where_the_expert_parts_from(
    seeds: range, phases: tuple[Phase, ...], players: int = 3, **changed: Any
) -> list[tuple[View, Move, Move]]:
    """On the decisions of `phases` in seeded medium play of Rummy 500,
    where the expert's judgment and the same judgment with `changed` choose
    otherwise: (the view, the expert's move, the other's)."""
    expert = ExpertBot(1)
    own = settings("expert", "rummy500", players)
    other = RuleBot(1, replace(own, **changed), "medium")
    bots = [make_bot("medium", seed=s) for s in range(players)]
    parted = []
    for seed in seeds:
        g = Game.new("rummy500", players, seed=seed)
        while not g.deal_over:
            view = g.view(g.to_act[0])
            if view.phase in phases:
                mine, theirs = expert.base.choose(view), other.choose(view)
                if mine != theirs:
                    parted.append((view, mine, theirs))
            g.play(bots[view.seat].choose(view))
    return parted


def test_in_rummy_500_the_expert_prices_a_take_of_the_top_discard_alone_as_hard() -> None:
    # The expert's take cost in Rummy 500 is hard's 2 points (6 lost hard's
    # search its gain against greedy players): wherever its judgment and
    # the same judgment at 6 part at a draw, the expert takes the top
    # discard alone and the dearer judgment draws from the stock.
    view = Game.new("rummy500", 3, seed=1).view(0)
    hard = make_bot("hard", seed=1)
    assert ExpertBot(1).base.params_for(view).take_cost == 2.0
    assert hard.base.params_for(view).take_cost == 2.0  # type: ignore[attr-defined]
    parted = _where_the_expert_parts_from(range(1, 6), (Phase.DRAW,), take_cost=6.0)
    assert len(parted) >= 3
    for _, mine, theirs in parted:
        assert _single_take(mine), (mine, theirs)
        assert theirs.action == Action.DRAW, (mine, theirs)


def test_the_expert_brings_fewer_cards_from_the_pile_with_its_deep_cost() -> None:
    # Rummy 500's deep cost (3 points a card above the target): on the draws
    # and rummy calls of seeded medium play, wherever the expert's judgment
    # and the same judgment without the cost part, the expert's move brings
    # fewer cards into its hand.
    view = Game.new("rummy500", 3, seed=1).view(0)
    assert ExpertBot(1).base.params_for(view).deep_cost == 3.0

    def taken(m: Move) -> int:
        return (m.number or 1) if m.action in (Action.TAKE, Action.RUMMY) else 0

    parted = [
        (taken(mine), taken(plain))
        for _, mine, plain in _where_the_expert_parts_from(
            range(1, 9), (Phase.DRAW, Phase.CLAIM), deep_cost=0.0
        )
    ]
    assert len(parted) >= 3
    assert all(mine < plain for mine, plain in parted), parted


def test_at_four_players_the_expert_keeps_no_card_for_a_near_meld_in_rummy_500() -> None:
    # With four players or more the expert's near-melds count for nothing in
    # Rummy 500 (three opponents dig the pile for the cards they wait for):
    # wherever its discard and that of the same judgment with near-melds at
    # 0.2 part, its card feeds the others no more, and the other keeps more
    # near-meld promise in hand.
    for players, potential in ((3, 0.2), (4, 0.0), (6, 0.0)):
        view = Game.new("rummy500", players, seed=1).view(0)
        assert ExpertBot(1).base.params_for(view).potential == potential
    assert settings("expert", "persian", 4).potential == settings("expert", "persian").potential
    parted = _where_the_expert_parts_from(range(1, 6), (Phase.PLAY,), 4, potential=0.2)
    discards = [(v, m, t) for v, m, t in parted if Action.DISCARD == m.action == t.action]
    assert len(discards) >= 5
    for view, mine, theirs in discards:
        judge = Judge(view, ExpertBot(1).base.params_for(view))
        hand = list(view.hand)
        kept = [judge.promise(minus(hand, cards_of(m))) for m in (mine, theirs)]
        assert judge.danger(card_of(mine.cards[0])) <= judge.danger(card_of(theirs.cards[0]))
        assert kept[0] < kept[1], (mine, theirs)


def test_in_persian_the_expert_draws_where_hard_takes_a_marginal_top_discard() -> None:
    # Persian's only change at the draw is the take cost (6 points against hard's none):
    # wherever the two judgments part at a draw, hard takes the top discard
    # alone and the expert draws from the stock.
    parted = _parted("persian", 4, range(1, 4))
    assert parted
    for mine, theirs, played in parted:
        assert _single_take(theirs)
        assert mine.action == Action.DRAW
        assert played


@pytest.mark.parametrize("preset", ["contract", "liverpool", "shanghai"])
def test_in_the_contract_games_the_expert_throws_its_high_cards_sooner_than_hard(
    preset: str,
) -> None:
    # The contract games' only change is the weight of the penalty held
    # before the contract (0.6 against hard's 0.15): where the two
    # judgments part at a discard, the expert mostly throws the dearer card
    # (every time on these deals: 10, 3 and 5 discards).
    parted = _parted(preset, 4, range(1, 3), Phase.PLAY)
    assert parted
    assert all(played for _, _, played in parted)
    discards = [(m, t) for m, t, _ in parted if m.action == t.action == Action.DISCARD]
    assert _dearer_share(preset, discards) >= 0.75


def test_in_rum_500_classic_the_expert_plays_its_own_near_meld_weight() -> None:
    # Rum 500 classic's judgment changes only the near-meld weight (1.4
    # against hard's 1.0): the judgments part on seeded deals, at draws and
    # at discards. The level plays its own judgment's discards; at draws
    # its search (of every take there, single ones too) may overrule it.
    draws = _parted("rummy500-classic", 3, range(1, 4), Phase.DRAW, searched=True)
    assert draws
    assert all(played_or_searched for _, _, played_or_searched in draws)
    discards = _parted("rummy500-classic", 3, range(1, 4), Phase.PLAY)
    assert discards
    assert all(played for _, _, played in discards)


@pytest.mark.parametrize("preset", ["contract", "liverpool"])
def test_in_the_last_round_the_expert_holds_its_points_heavier_still(preset: str) -> None:
    # Round 7 of Contract and Liverpool (the whole hand goes out at once,
    # and everyone else scores a full hand) has a penalty weight of its own
    # (2.0 against 0.6 in the other rounds): on round-7 deals, where that
    # weight parts the expert's judgment from the same judgment without it,
    # the expert mostly throws the dearer card (every time on these deals:
    # 59 discards in each game), and the level plays its judgment there.
    expert = ExpertBot(1)
    bots = [make_bot("medium", seed=s) for s in range(4)]
    discards: list[tuple[Move, Move]] = []
    for index in (6, 13, 20):
        g = seeded_deal(preset, 4, 1, index)
        assert g.round == 7
        while not g.deal_over:
            seat = g.to_act[0]
            view = g.view(seat)
            if view.phase == Phase.PLAY:
                own = expert.base.params_for(view)
                assert own.final_penalty == EXPERT_TUNING[preset]["final_penalty"]
                lighter = RuleBot(1, replace(own, final_penalty=None), "medium")
                mine, theirs = expert.base.choose(view), lighter.choose(view)
                if mine != theirs and mine.action == theirs.action == Action.DISCARD:
                    assert expert.choose(view) == mine
                    discards.append((mine, theirs))
            g.play(bots[seat].choose(view))
    assert _dearer_share(preset, discards) >= 0.75


def test_in_rummy_500_the_hold_ends_once_an_opponent_is_quiet_for_five_turns() -> None:
    # against a player who keeps its melds to go out all at once (the
    # arena's hoarder) the hold without this end lost to hard
    assert ExpertBot(1).base.params_for(Game.new("rummy500", 3, seed=1).view(0)).hold_quiet == 5
    assert hard_level(1).base.params_for(Game.new("rummy500", 3, seed=1).view(0)).hold_quiet == 0


def test_in_pinochle_the_expert_counts_runs_short_of_one_or_two_cards() -> None:
    # hard's judgment counts only pairs as near-melds there (runs are five long)
    view = Game.new("pinochle", 3, seed=1).view(0)
    assert ExpertBot(1).base.params_for(view).long_runs == 2.0
    assert hard_level(1).base.params_for(view).long_runs == 0.0


def test_in_shanghai_the_last_round_has_no_weight_of_its_own() -> None:
    # measured in the arena to lose there
    g = seeded_deal("shanghai", 4, 1, 6)
    assert g.round == 7
    own = ExpertBot(1).base.params_for(g.view(g.to_act[0]))
    assert own.final_penalty is None
    assert own.penalty == EXPERT_TUNING["shanghai"]["penalty"]


@pytest.mark.parametrize(("preset", "players"), [("rummy500", 3), ("persian", 4)])
def test_the_expert_keeps_new_melds_in_hand_while_every_opponent_holds_four(
    preset: str, players: int
) -> None:
    # The hold (every opponent, a partner not counted, holding four cards or
    # more): wherever hard's judgment lays down a new meld and the expert's
    # does not, the expert discards or lays off instead, and every opponent
    # holds four cards or more.
    expert, hard = ExpertBot(1), hard_level(1)
    assert expert.base.params_for(Game.new(preset, players, seed=1).view(0)).hold_melds == 3
    bots = [make_bot("medium", seed=s) for s in range(players)]
    parted = []
    for seed in range(1, 6):
        g = Game.new(preset, players, seed=seed)
        while not g.deal_over:
            view = g.view(g.to_act[0])
            if view.phase == Phase.PLAY:
                mine, theirs = expert.base.choose(view), hard.base.choose(view)
                if theirs.action == Action.MELD and mine != theirs:
                    side = next(s for s in view.sides if view.seat in s)
                    others = [n for s, n in enumerate(view.hand_sizes) if s not in side]
                    parted.append((mine, min(others)))
            g.play(bots[view.seat].choose(view))
    assert len(parted) >= 3
    for mine, fewest in parted:
        assert mine.action in (Action.DISCARD, Action.LAYOFF)
        assert fewest >= 4


def _without_single_takes(judgment: Tuning) -> Tuning:
    """This judgment with `single_takes` off in every preset."""
    presets = {
        preset: {k: v for k, v in changed.items() if k != "single_takes"}
        for preset, changed in judgment.presets.items()
    }
    return Tuning(judgment.params, judgment.contract, presets, judgment.crowd)


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("rummy500-classic", None),
        ("rummy500", None),
        ("rummy500-classic", {"top_discard_must_meld": False}),
    ],
)
def test_in_rum_500_classic_the_expert_searches_a_take_of_the_top_discard_alone(
    preset: str, options: dict[str, Any] | None
) -> None:
    # There every card taken must be melded at once; hard's search checks
    # only takes of two cards or more, and so does the expert where a taken
    # card does not bind (the rules' `top_discard_must_meld`, an option).
    assert settings("expert", "rummy500-classic").single_takes
    expert = ExpertBot(1)
    as_hard = ExpertBot(1)
    as_hard.hard = RolloutBot(1, "expert", judgment=_without_single_takes(JUDGMENTS["expert"]))
    bots = [make_bot("medium", seed=s) for s in range(3)]
    single = 0
    for seed in range(1, 4):
        g = Game.new(preset, 3, seed=seed, options=options)
        while not g.deal_over:
            view = g.view(g.to_act[0])
            if view.phase == Phase.DRAW and expert.searches(view) != as_hard.searches(view):
                rng = decision_rng(1, view, "expert")
                moves = expert.hard.compared(view, rng)
                assert all((m.number or 1) == 1 for m in moves)  # deep takes: both search
                assert any(m.action == Action.TAKE for m in moves)
                single += 1
            g.play(bots[view.seat].choose(view))
    assert (single > 0) == (preset == "rummy500-classic" and options is None)
