"""Merge translations from a Python file of dicts FI and RU into the catalogs.

`python tools/add_translations.py FILE.py` — for translators' batches; ids
that the source does not use are ignored.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_catalogs  # noqa: E402

if __name__ == "__main__":
    batch = runpy.run_path(sys.argv[1])
    texts = make_catalogs.source_texts()
    for lang in ("fi", "ru"):
        print(lang, "missing:", make_catalogs.write(lang, texts, batch.get(lang.upper(), {})))
