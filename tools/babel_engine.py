"""A Babel extractor for the engine's refusals (`rummy_gui/engine/messages.py`).

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

from rummy_gui.i18n import ENGINE_PLURALS, plural_ids  # noqa: E402


def extract_engine_messages(fileobj: IO[bytes], keywords: Collection[str],
                            comment_tags: Collection[str], options: Mapping[str, Any]
                            ) -> Iterator[tuple[int, str, str | tuple[str, str], list[str]]]:
    tree = ast.parse(fileobj.read().decode("utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.AnnAssign | ast.Assign) or not isinstance(node.value, ast.Dict):
            continue
        targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
        if not any(isinstance(t, ast.Name) and t.id == "MESSAGES" for t in targets):
            continue
        for key, value in zip(node.value.keys, node.value.values, strict=True):
            if not (isinstance(key, ast.Constant) and isinstance(value, ast.Constant)
                    and isinstance(key.value, str) and isinstance(value.value, str)):
                raise ValueError(f"messages.py line {value.lineno}: MESSAGES holds only string literals")
            comment = [f"engine: {key.value}"]
            if key.value in ENGINE_PLURALS:
                yield value.lineno, "ngettext", plural_ids(value.value), comment
            else:
                yield value.lineno, "gettext", value.value, comment
