"""One truth: the ui sends the engine `Move` values and never builds or
parses move text (the review's findings reach it as moves)."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "rummy_gui" / "ui"


def _parses_move(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "parse"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "Move"
    )


def test_no_ui_module_parses_move_text() -> None:
    calls = [
        f"{path.relative_to(UI)}:{getattr(node, 'lineno', 0)}"
        for path in sorted(UI.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if _parses_move(node)
    ]
    assert calls == []
