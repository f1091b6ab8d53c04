"""Every reason the engine gives has a stable id with an English template."""

from __future__ import annotations

import re
import string
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import rummy_gui.engine
from rummy_gui.engine import Game, IllegalMove, Rules
from rummy_gui.engine import contracts as contracts_module
from rummy_gui.engine import game as game_module
from rummy_gui.engine import turn as turn_module
from rummy_gui.engine.messages import MESSAGES
from rummy_gui.engine.rules import CONTRACT_SET_SIZE, CONTRACTS, PRESETS
from rummy_gui.engine.turn import check_may_lay_off
from rummy_gui.i18n import reason
from tests.engine._helpers import pass_claims

# The engine modules that were imported (the source tree, or an installed wheel).
ENGINE = Path(rummy_gui.engine.__file__).resolve().parent


def _codes_in_source() -> set[str]:
    if not (ENGINE / "game.py").is_file():
        pytest.skip("the engine's .py files are not installed")
    codes: set[str] = set()
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes.update(
            c
            for c in re.findall(r'_(?:illegal|error)\(\s*"([a-z0-9_]+)"', text)
            if not c.endswith("_")
        )
    codes.update(f"claim_or_pass_{kind}" for kind in ("rummy", "buy", "shanghai"))
    codes.update(("contract_not_set", "contract_not_run", "run_gap_low", "run_gap_high", "run_gap"))
    return codes


def test_every_code_the_engine_raises_has_a_template() -> None:
    missing = _codes_in_source() - set(MESSAGES)
    assert not missing


def test_every_template_is_used() -> None:
    unused = set(MESSAGES) - _codes_in_source()
    assert not unused


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_templates_name_only_simple_fields(code: str) -> None:
    fields = [f for _, f, _, _ in string.Formatter().parse(MESSAGES[code]) if f]
    assert all(re.fullmatch(r"[a-z]+", f) for f in fields)


def test_a_refusal_carries_its_code_and_params() -> None:
    g = Game.from_layout("rummy500", hands=["7C 8D 2C", "4C 5C"], stock="KD", discard="3S 9H 4D")
    with pytest.raises(IllegalMove) as info:
        g.play("take 2")
    assert info.value.code == "target_unusable"
    assert info.value.params == {"card": "9♥", "count": 2}
    assert str(info.value) == MESSAGES["target_unusable"].format(card="9♥", count=2)


def test_malformed_text_has_a_code_too() -> None:
    g = Game.from_layout("rummy500", hands=["7H 8H 2C", "4C 5C"], stock="KD", discard="3S")
    for text, code in [
        ("", "empty_move"),
        ("dance", "unknown_action"),
        ("take x", "bad_number"),
        ("discard ZZ", "bad_card"),
        ("layoff 7H 3", "bad_syntax"),
        ("x: draw", "bad_seat"),
    ]:
        with pytest.raises(IllegalMove) as info:
            g.play(text)
        assert info.value.code == code, text


# --- refusals that state a rules number take it from the rules in force ------


def _game_by(monkeypatch: pytest.MonkeyPatch, rules: Rules, **layout: Any) -> Game:
    """A laid-out game played by `rules` (a copy of a preset with a fact changed)."""
    monkeypatch.setattr(game_module, "get_rules", lambda *_args: rules)
    return Game.from_layout(rules.preset, **layout)


# A rules fact changed in the engine (module, name, value), a deal played by it
# to the move it refuses (after a draw and any claim window), and the refusal:
# its code, its params and the player's words, each naming the changed fact.
WHOLE_HAND_ROUND_3 = replace(PRESETS["contract"], whole_hand_rounds=(3,))
RULES_NUMBERS = [
    pytest.param(
        (game_module, "get_rules", lambda *_args: WHOLE_HAND_ROUND_3),
        "contract",
        {
            "hands": ["3H 4H 5H 6H 8C 9C 10C JC KD", "4C 5C", "6C 8C"],
            "stock": "QD JD",
            "discard": "2C",
            "round": 3,
        },
        "contract 3H 4H 5H 6H / 8C 9C 10C JC",
        "round7_whole_hand",
        {"round": 3, "runs": CONTRACTS[2][1]},
        "In round 3 you go out by laying down your whole hand at once as 2 runs.",
        id="the whole-hand round and its contract's runs",
    ),
    pytest.param(
        (turn_module, "MIN_SET", 4),
        "rummy500",
        {"hands": ["7C 7D 7H 2S 9D", "4C 5C"], "stock": "KD", "discard": "3S"},
        "meld 7C 2S 9D",
        "meld_too_small",
        {"cards": "7♣ 2♠ 9♦", "least": 4},
        "7♣ 2♠ 9♦: a meld needs at least 4 cards.",
        id="the least meld",
    ),
    pytest.param(
        (contracts_module, "CONTRACT_RUN_SIZE", 5),
        "contract",
        {
            "hands": ["7C 7D 7H 3S 4S 5S 6S 9D 9H KD", "4C 5C", "6C 8C"],
            "stock": "QD JD",
            "discard": "2C",
            "round": 2,
        },
        "contract 7C 7D 7H / 3S 4S 5S 6S",
        "contract_sizes",
        {"cards": "3♠ 4♠ 5♠ 6♠", "size": CONTRACT_SET_SIZE, "run": 5},
        "3♠ 4♠ 5♠ 6♠: contract sets are exactly 3 cards and runs exactly 5.",
        id="the contract sizes",
    ),
]


@pytest.mark.parametrize(
    ("change", "preset", "layout", "move", "code", "params", "words"), RULES_NUMBERS
)
def test_a_refusal_names_the_rules_number_in_force(
    monkeypatch: pytest.MonkeyPatch,
    change: tuple[object, str, object],
    preset: str,
    layout: dict[str, Any],
    move: str,
    code: str,
    params: dict[str, object],
    words: str,
) -> None:
    """The number comes from `Rules`, the contracts or the engine's constants,
    not a "round 7 ... three runs" or "3 cards" typed into the text."""
    monkeypatch.setattr(*change)
    g = Game.from_layout(preset, **layout)
    g.play("draw")
    pass_claims(g)
    with pytest.raises(IllegalMove) as info:
        g.play(move)
    assert info.value.code == code
    assert info.value.params == params
    assert reason(info.value) == words


def test_no_lay_off_round_is_named_from_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = replace(PRESETS["contract"], whole_hand_rounds=(2,))
    g = _game_by(monkeypatch, rules, hands=["3H 4H 5H", "4C 5C", "6C 8C"], round=2)
    with pytest.raises(IllegalMove) as info:
        check_may_lay_off(g._table, 0)
    assert info.value.params == {"round": 2}
    assert reason(info.value).startswith("In round 2 nobody lays off")
