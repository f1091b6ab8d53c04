"""Babel extractors for the engine: its refusals (`rummy_gui/engine/messages.py`)
and the texts the screens show (preset names, contracts, house rules).

The engine may not import the translation layer, so its English templates
are a plain table, not `_()` calls. This extractor yields each template as a
message; the ones that show a count (`rummy_gui.i18n.ENGINE_PLURALS`) as a
singular and a plural id, so that every language can give its plural forms.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy_gui.i18n import ENGINE_PLURALS, plural_ids


def extract_engine_messages(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.AnnAssign | ast.Assign) or not isinstance(node.value, ast.Dict):
            continue
        targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
        if not any(isinstance(t, ast.Name) and t.id == "MESSAGES" for t in targets):
            continue
        for key, value in zip(node.value.keys, node.value.values, strict=True):
            if not (
                isinstance(key, ast.Constant)
                and isinstance(value, ast.Constant)
                and isinstance(key.value, str)
                and isinstance(value.value, str)
            ):
                raise ValueError(
                    f"messages.py line {value.lineno}: MESSAGES holds only string literals"
                )
            comment = [f"engine: {key.value}"]
            if key.value in ENGINE_PLURALS:
                yield value.lineno, "ngettext", plural_ids(value.value), comment
            else:
                yield value.lineno, "gettext", value.value, comment


# The engine's texts the screens show (rules.py, catalog.py): preset names and
# descriptions (the `name=` and `description=` of each preset), the contracts'
# names, the house rules' names, their one-line help and the names of their values.
_TEXT_TABLES = {"CONTRACT_NAMES", "OPTION_LABELS", "OPTION_HELP", "CHOICE_NAMES"}
_TEXT_KEYWORDS = {"name", "description"}


def _strings(node: ast.expr) -> Iterator[ast.Constant]:
    """Every string literal among a literal's values (dict values, tuple items)."""
    if isinstance(node, ast.Dict):
        for value in node.values:
            yield from _strings(value)
    elif isinstance(node, ast.Tuple | ast.List):
        for item in node.elts:
            yield from _strings(item)
    elif isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    else:
        raise ValueError(f"line {node.lineno}: the engine's text tables hold only string literals")


def extract_engine_texts(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign | ast.Assign) and node.value is not None:
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            names = [t.id for t in targets if isinstance(t, ast.Name) and t.id in _TEXT_TABLES]
            if names:
                for text in _strings(node.value):
                    yield text.lineno, "gettext", str(text.value), [f"engine: {names[0]}"]
        elif isinstance(node, ast.Call):
            for kw in node.keywords:
                if (
                    kw.arg in _TEXT_KEYWORDS
                    and isinstance(kw.value, ast.Constant)
                    and isinstance(kw.value.value, str)
                ):
                    said, comment = kw.value.value, [f"engine: preset {kw.arg}"]
                    if "(s)" in said:  # a description whose number picks its form
                        yield kw.value.lineno, "ngettext", plural_ids(said), comment
                    else:
                        yield kw.value.lineno, "gettext", said, comment
