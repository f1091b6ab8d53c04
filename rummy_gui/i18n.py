"""Languages: English, Finnish and Russian, from gettext catalogs.

The catalogs are `rummy_gui/locale/<lang>.po`; they are compiled to the
binary .mo form in memory when first loaded (no build step, no extra tool).
English is the source language: its text is the message id. The engine's
refusals are translated by their stable ids (`rummy_gui.engine.messages`).
"""

from __future__ import annotations

import ast
import gettext
import inspect
import io
import locale
import os
import struct
import warnings
import weakref
from collections.abc import Callable
from pathlib import Path

from rummy_gui.engine.cards import Card
from rummy_gui.engine.messages import MESSAGES
from rummy_gui.engine.moves import IllegalMove

LANGUAGES: dict[str, str] = {"en": "English", "fi": "Suomi", "ru": "Русский"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current = "en"
_catalogs: dict[str, gettext.NullTranslations] = {}
_listeners: list[Callable[[], Callable[[str], None] | None]] = []  # weak references


class CatalogError(ValueError):
    """A .po file that can't be read."""


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr of a .po file (plain entries; the header is skipped)."""
    entries: dict[str, str] = {}
    msgid: list[str] | None = None
    msgstr: list[str] | None = None
    current: list[str] | None = None

    def flush() -> None:
        if msgid is not None and msgstr is not None:
            key = "".join(msgid)
            if key:
                entries[key] = "".join(msgstr)

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            if line.startswith("msgid "):
                flush()
                msgid, msgstr = [ast.literal_eval(line[6:])], None
                current = msgid
            elif line.startswith("msgstr "):
                msgstr = [ast.literal_eval(line[7:])]
                current = msgstr
            elif line.startswith('"') and current is not None:
                current.append(ast.literal_eval(line))
            else:
                raise CatalogError(f"line {lineno}: {raw!r}")
        except (SyntaxError, ValueError) as e:
            raise CatalogError(f"line {lineno}: {e}") from None
    flush()
    return entries


def compile_mo(entries: dict[str, str]) -> bytes:
    """The GNU .mo bytes for these entries (what msgfmt would write)."""
    keys = sorted(entries)
    ids = b""
    strs = b""
    offsets = []
    for k in keys:
        kb, vb = k.encode("utf-8"), entries[k].encode("utf-8")
        offsets.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    n = len(keys)
    header = 7 * 4
    ids_start = header + n * 16
    strs_start = ids_start + len(ids)
    out = struct.pack("Iiiiiii", 0x950412DE, 0, n, header, header + n * 8, 0, 0)
    for o, ln, _, _ in offsets:
        out += struct.pack("ii", ln, ids_start + o)
    for _, _, o, ln in offsets:
        out += struct.pack("ii", ln, strs_start + o)
    return out + ids + strs


def catalog(lang: str) -> gettext.NullTranslations:
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    if lang not in _catalogs:
        path = LOCALE_DIR / f"{lang}.po"
        try:
            entries = {k: v for k, v in parse_po(path.read_text(encoding="utf-8")).items() if v}
        except (OSError, UnicodeDecodeError, CatalogError) as e:
            # A missing or damaged catalog: say so once and show English.
            warnings.warn(f"translations {path} could not be read ({e}); showing English",
                          stacklevel=2)
            _catalogs[lang] = gettext.NullTranslations()
            return _catalogs[lang]
        entries[""] = "Content-Type: text/plain; charset=UTF-8\n"
        _catalogs[lang] = gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))
    return _catalogs[lang]


def default_language() -> str:
    """The system's language if we have it, else English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            code = value.split(":")[0][:2].lower()
            return code if code in LANGUAGES else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    code = loc[:2].lower()
    return code if code in LANGUAGES else "en"


def set_language(lang: str) -> None:
    """Switch every translated text (no restart); listeners redraw."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (one of: {', '.join(LANGUAGES)})")
    _current = lang
    alive = []
    for ref in list(_listeners):
        listener = ref()
        if listener is not None:
            alive.append(ref)
            listener(lang)
    _listeners[:] = alive


def language() -> str:
    return _current


def on_change(listener: Callable[[str], None]) -> None:
    """Call `listener(lang)` after every switch. A bound method is held weakly,
    so a screen that is gone stops listening by itself."""
    if inspect.ismethod(listener):
        _listeners.append(weakref.WeakMethod(listener))
    else:
        _listeners.append(lambda: listener)


def _(text: str) -> str:
    """Translate a UI text into the current language."""
    return catalog(_current).gettext(text)


def N_(text: str) -> str:
    """Mark a text for translation where it is defined; translate where shown."""
    return text


def reason(exc: IllegalMove) -> str:
    """The engine's reason for refusing a move, in the current language."""
    template = MESSAGES.get(exc.code)
    if template is None:
        return str(exc)
    try:
        return _(template).format(**exc.params)
    except (KeyError, IndexError, ValueError):
        return str(exc)


_FI_RANKS = {1: "ässä", 2: "kakkonen", 3: "kolmonen", 4: "nelonen", 5: "vitonen", 6: "kuutonen",
             7: "seiska", 8: "kasi", 9: "ysi", 10: "kymppi", 11: "jätkä", 12: "rouva",
             13: "kuningas"}
_FI_SUITS = {"C": "risti", "D": "ruutu", "H": "hertta", "S": "pata"}
_RU_RANKS = {1: "туз", 2: "двойка", 3: "тройка", 4: "четвёрка", 5: "пятёрка", 6: "шестёрка",
             7: "семёрка", 8: "восьмёрка", 9: "девятка", 10: "десятка", 11: "валет", 12: "дама",
             13: "король"}
_RU_SUITS = {"C": "треф", "D": "бубен", "H": "червей", "S": "пик"}


def card_name(card: Card, lang: str | None = None) -> str:
    """A card's name: "king of hearts", "hertta-kuningas", "король червей"."""
    lang = lang or _current
    if card.is_joker:
        return {"fi": "jokeri", "ru": "джокер"}.get(lang, "joker")
    if lang == "fi":
        return f"{_FI_SUITS[card.suit]}-{_FI_RANKS[card.rank]}"
    if lang == "ru":
        return f"{_RU_RANKS[card.rank]} {_RU_SUITS[card.suit]}"
    return card.name
