"""Every rules fact once, in the engine (issue 48): the bots, the play layer,
the hints and the ui keep no copy of the suit order, re-derive no claim
priority and test no preset by its name."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from rummy_gui.engine import PRESETS
from rummy_gui.engine.cards import SUIT_SYMBOLS, SUITS
from rummy_gui.engine.rules import FAMILY_500, FAMILY_CONTRACT

PACKAGE = Path(__file__).resolve().parents[1] / "rummy_gui"
ABOVE_THE_ENGINE = ("bots", "play", "ui", "hints.py")
PRESET_WORDS = {*PRESETS, FAMILY_500, FAMILY_CONTRACT}


def modules() -> Iterator[tuple[str, ast.Module]]:
    for part in ABOVE_THE_ENGINE:
        path = PACKAGE / part
        for file in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            yield str(file.relative_to(PACKAGE)), ast.parse(file.read_text(encoding="utf-8"))


def docstrings(tree: ast.Module) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            out.add(id(body[0].value))
    return out


def spells_suit_order(text: str) -> bool:
    return (len(text) == len(SUITS) and set(text) == set(SUITS)) or set(SUIT_SYMBOLS) <= set(text)


def suit_orders(name: str, tree: ast.Module) -> list[str]:
    skip = docstrings(tree)
    return [
        f"{name}:{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skip
        and spells_suit_order(node.value)
    ]


def test_no_module_above_the_engine_spells_out_the_suit_order() -> None:
    assert [line for name, tree in modules() for line in suit_orders(name, tree)] == []


def test_the_sort_buttons_words_show_the_engines_suit_order() -> None:
    """The one suit order a player reads is the engine's, in every language."""
    from rummy_gui import i18n
    from rummy_gui.engine.cards import suit_order

    for lang in ("fi", "ru"):
        shown = i18n.catalog(lang).gettext("Sort {suits}").format(suits=suit_order())
        assert suit_order() in shown


def test_no_module_above_the_engine_reads_the_claim_order() -> None:
    """Who answers a claim first is `Game.to_act`'s order, who won is `Claim.winner()`."""
    found = [
        f"{name}:{node.lineno}"
        for name, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr == "claimants"
        and name != "play/net/protocol.py"  # the wire copies a view's claim; it decides nothing
    ]
    assert found == []


def _names_a_preset(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in PRESET_WORDS
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_preset(e) for e in node.elts)
    return False


def test_no_module_above_the_engine_tests_a_preset_by_its_name() -> None:
    """`== "pinochle"`, `in ("contract", ...)`: the engine's `Rules` say what differs."""
    found = [
        f"{name}:{node.lineno}"
        for name, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Compare)
        and any(_names_a_preset(side) for side in [node.left, *node.comparators])
    ]
    assert found == []
