"""Every reason the engine gives has a stable id with an English template."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import rummy_gui.engine
from rummy_gui.engine import Game, IllegalMove
from rummy_gui.engine.messages import MESSAGES

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
