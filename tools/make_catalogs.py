"""Write or update rummy_gui/locale/{fi,ru}.po from the source texts.

`python tools/make_catalogs.py` collects every text to translate — the
engine's message templates and every `_("...")` / `N_("...")` literal in the
package — keeps existing translations and adds new ids with an empty
msgstr (which the catalog test then reports as missing).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rummy_gui.engine.messages import MESSAGES  # noqa: E402
from rummy_gui.i18n import LOCALE_DIR, parse_po  # noqa: E402


def source_texts() -> list[str]:
    texts: list[str] = list(MESSAGES.values())
    for path in sorted((ROOT / "rummy_gui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("_", "N_") and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                texts.append(node.args[0].value)
    seen: dict[str, None] = {}
    for t in texts:
        seen.setdefault(t, None)
    return list(seen)


def quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def write(lang: str, texts: list[str], extra: dict[str, str] | None = None) -> int:
    path = LOCALE_DIR / f"{lang}.po"
    old = parse_po(path.read_text(encoding="utf-8")) if path.exists() else {}
    old.update(extra or {})
    lines = [f"# rummy-gui: {lang} translations", 'msgid ""',
             'msgstr "Content-Type: text/plain; charset=UTF-8\\n"', ""]
    missing = 0
    for t in texts:
        msgstr = old.get(t, "")
        missing += not msgstr
        lines += [f"msgid {quote(t)}", f"msgstr {quote(msgstr)}", ""]
    path.write_text("\n".join(lines), encoding="utf-8")
    return missing


if __name__ == "__main__":
    texts = source_texts()
    for lang in ("fi", "ru"):
        print(lang, "missing:", write(lang, texts))
