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


def _refusal(g: Game, move: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as info:
        g.play(move)
    return info.value


def test_the_whole_hand_round_is_named_from_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole-hand round and its contract's runs come from `Rules` and the
    contracts, not a "round 7 ... three runs" typed into the text."""
    rules = replace(PRESETS["contract"], whole_hand_rounds=(3,))
    g = _game_by(
        monkeypatch,
        rules,
        hands=["3H 4H 5H 6H 8C 9C 10C JC KD", "4C 5C", "6C 8C"],
        stock="QD JD",
        discard="2C",
        round=3,
    )
    g.play("draw")
    pass_claims(g)
    refusal = _refusal(g, "contract 3H 4H 5H 6H / 8C 9C 10C JC")
    assert refusal.code == "round7_whole_hand"
    assert refusal.params == {"round": 3, "runs": CONTRACTS[2][1]}
    assert (
        reason(refusal) == "In round 3 you go out by laying down your whole hand at once as 2 runs."
    )


def test_no_lay_off_round_is_named_from_the_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = replace(PRESETS["contract"], whole_hand_rounds=(2,))
    g = _game_by(monkeypatch, rules, hands=["3H 4H 5H", "4C 5C", "6C 8C"], round=2)
    with pytest.raises(IllegalMove) as info:
        check_may_lay_off(g._table, 0)
    assert info.value.params == {"round": 2}
    assert reason(info.value).startswith("In round 2 nobody lays off")


def test_the_least_meld_is_the_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(turn_module, "MIN_SET", 4)
    g = Game.from_layout("rummy500", hands=["7C 7D 7H 2S 9D", "4C 5C"], stock="KD", discard="3S")
    g.play("draw")
    refusal = _refusal(g, "meld 7C 2S 9D")
    assert refusal.code == "meld_too_small"
    assert refusal.params["least"] == 4
    assert reason(refusal) == "7♣ 2♠ 9♦: a meld needs at least 4 cards."


def test_the_contract_sizes_are_the_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(contracts_module, "CONTRACT_RUN_SIZE", 5)
    g = Game.from_layout(
        "contract",
        hands=["7C 7D 7H 3S 4S 5S 6S 9D 9H KD", "4C 5C", "6C 8C"],
        stock="QD JD",
        discard="2C",
        round=2,
    )
    g.play("draw")
    pass_claims(g)
    refusal = _refusal(g, "contract 7C 7D 7H / 3S 4S 5S 6S")
    assert refusal.code == "contract_sizes"
    assert refusal.params["size"] == CONTRACT_SET_SIZE
    assert reason(refusal).endswith("contract sets are exactly 3 cards and runs exactly 5.")
