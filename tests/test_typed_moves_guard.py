"""Moves are typed values in the table and the bots (issue 48).

An AST walk over rummy_gui/ui and rummy_gui/bots: no move text is built or
parsed there (the engine's `notation` module is the one place for it, used at
the edges: records, saves, logs, the command line, `Move.parse`), no meld's
text is split to find its cards, and no preset is recognised by its name.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rummy_gui.engine import PRESETS, Action

ROOT = Path(__file__).resolve().parent.parent / "rummy_gui"
GUARDED = ("ui", "bots")

# The notation's text functions: what reads or writes a move's or a token's text.
TEXT_FUNCTIONS = frozenset(
    {"parse_move", "read_move", "move_body", "parse_token", "token_text", "tokens_text"}
)
_ACTION = "|".join(a.value for a in Action)
# an f-string (its literal parts, "{}" for each value) that writes a move: "{}: pass", "discard {}"
MOVE_TEXT = re.compile(rf"(^|\{{\}}:\s*)({_ACTION})( |$)")

# Preset-name comparisons there today, shrinking (file, line text): none may be added.
KNOWN_PRESET_NAMES: frozenset[tuple[str, str]] = frozenset()


def _strings(node: ast.AST) -> list[str]:
    """The string constants of a constant or of a literal collection (also
    under a call such as frozenset({...}))."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in _strings(e)]
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("frozenset", "set", "tuple", "list")
        and len(node.args) == 1
    ):
        return _strings(node.args[0])
    return []


def _is_text(node: ast.AST) -> bool:
    """A string built in place: a literal, an f-string or a concatenation."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _is_text(node.left) or _is_text(node.right)
    return False


def findings(source: str) -> list[tuple[int, str, str]]:
    """(line, rule, the line's text) for each use of move or meld text or a
    preset's name in this module's source."""
    tree = ast.parse(source)
    lines = source.splitlines()
    presets = set(PRESETS)
    out: list[tuple[int, str, str]] = []

    def hit(node: ast.AST, rule: str) -> None:
        line = getattr(node, "lineno", 0)
        out.append((line, rule, lines[line - 1].strip() if line else ""))

    for node in ast.walk(tree):
        if (
            (isinstance(node, ast.Name) and node.id in TEXT_FUNCTIONS)
            or (isinstance(node, ast.Attribute) and node.attr in TEXT_FUNCTIONS)
            or (
                isinstance(node, ast.ImportFrom)
                and any(a.name in TEXT_FUNCTIONS for a in node.names)
            )
        ):
            hit(node, "move text function")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            func = node.func
            owner = func.value
            if (
                func.attr == "parse"
                and isinstance(owner, ast.Name)
                and owner.id in ("Move", "Token")
            ):
                hit(node, "move text parsed")
            elif func.attr == "play" and any(_is_text(a) for a in node.args):
                hit(node, "move played as text")
            elif func.attr in ("split", "rsplit", "partition", "rpartition"):
                text_of = (
                    isinstance(owner, ast.Call)
                    and isinstance(owner.func, ast.Name)
                    and owner.func.id == "str"
                )
                joker_meaning = any(_strings(a) == ["="] for a in node.args)
                if text_of or joker_meaning:
                    hit(node, "meld or card text split")
        elif isinstance(node, ast.JoinedStr):
            literal = "".join(
                str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values
            )
            if MOVE_TEXT.search(literal):
                hit(node, "move text written")
        elif isinstance(node, ast.Compare):
            if any(s in presets for side in (node.left, *node.comparators) for s in _strings(side)):
                hit(node, "preset name compared")
        elif isinstance(node, ast.Assign):
            names = _strings(node.value)
            if (
                names
                and all(s in presets for s in names)
                and not isinstance(node.value, ast.Constant)
            ):
                hit(node, "preset names kept to compare")
    return out


def _guarded_findings() -> list[tuple[str, int, str, str]]:
    out = []
    for folder in GUARDED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for line, rule, text in findings(path.read_text(encoding="utf-8")):
                out.append((rel, line, rule, text))
    return out


def test_the_table_and_the_bots_hold_no_move_or_meld_text() -> None:
    found = [f for f in _guarded_findings() if not f[2].startswith("preset")]
    assert not found, "\n".join(f"{p}:{n}: {rule}: {text}" for p, n, rule, text in found)


def test_no_preset_is_recognised_by_its_name_beyond_the_known_list() -> None:
    found = {(p, text) for p, _n, rule, text in _guarded_findings() if rule.startswith("preset")}
    assert found <= KNOWN_PRESET_NAMES, sorted(found - KNOWN_PRESET_NAMES)


def test_the_known_list_only_shrinks() -> None:
    """An entry whose comparison is gone must leave the list."""
    found = {(p, text) for p, _n, rule, text in _guarded_findings() if rule.startswith("preset")}
    assert found >= KNOWN_PRESET_NAMES, sorted(KNOWN_PRESET_NAMES - found)


def test_the_guard_sees_what_it_guards_against() -> None:
    """What the table and the bots did before moves were typed is caught."""
    bad = """
def f(g, seat, meld, c, tok, preset, rules):
    tokens = str(meld).split()
    meaning = tok.split("=")[1]
    g.play(f"{seat}: pass")
    g.play("draw")
    text = f"{seat}: layoff {tok} to {meld.id}"
    body = f"discard {c}"
    m = Move.parse("0: draw")
    if preset == "pinochle" or rules.preset in ("contract", "liverpool"):
        pass
EVERY = frozenset({"rummy500-classic"})
"""
    rules = [rule for _line, rule, _text in findings(bad)]
    assert rules.count("meld or card text split") == 2
    assert rules.count("move played as text") == 2
    assert rules.count("move text written") == 3
    assert rules.count("move text parsed") == 1
    assert rules.count("preset name compared") == 2
    assert rules.count("preset names kept to compare") == 1
    fine = """
def f(g, seat, meld, name):
    g.play(Move(Action.PASS, seat))
    tokens = meld.tokens()
    label = f"{name} passes"
    log = f"rummy-gui: {name}"
"""
    assert findings(fine) == []
