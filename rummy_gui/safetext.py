"""One gate for every text that comes from outside the program: a file, the
environment (a folder's name), the keyboard.

    clean("Ann\\x00")       # 'Ann\\ufffd': safe to keep and to draw
    problem("Ann\\x00", 40) # 'it holds a control character': why it can't be kept as it is

What the gate stops: control characters (a NUL stops the font renderer),
lone surrogates (what a file name that is not UTF-8 becomes; they can't be
encoded at all), invisible format characters (a text of nothing else has
no width, which the renderer refuses too) and line separators. Each is
replaced by U+FFFD, and a text is cut to a length. Nothing here imports
pygame; the rules are in one place so that every screen draws the same text.
"""

from __future__ import annotations

import re
import unicodedata

REPLACEMENT = "\ufffd"
ELLIPSIS = "\u2026"
MAX_TEXT = 400  # a message on screen; names have their own, shorter limits

# Cc control, Cs surrogate, Cf format (bidi overrides, zero-width), Zl/Zp line breaks
_REFUSED = {
    "Cc": "a control character",
    "Cs": "a lone surrogate (bytes that are not text)",
    "Cf": "an invisible format character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}


def _category(ch: str) -> str:
    return unicodedata.category(ch)


def problem(text: object, max_len: int = MAX_TEXT) -> str | None:
    """Why ``text`` can't be kept as it is (None: it can)."""
    if not isinstance(text, str):
        return "it is not text"
    if len(text) > max_len:
        return f"it is longer than {max_len} characters"
    for ch in text:
        what = _REFUSED.get(_category(ch))
        if what is not None:
            return f"it holds {what} (U+{ord(ch):04X})"
    return None


def clean(text: object, max_len: int = MAX_TEXT) -> str:
    """``text`` made safe to keep and to draw: every refused character
    replaced by U+FFFD, cut to ``max_len`` characters (the last one then an
    ellipsis). Not text at all: its repr, cleaned the same way."""
    if not isinstance(text, str):
        text = repr(text)
    if len(text) > max_len:
        text = text[: max(0, max_len - 1)] + ELLIPSIS
    if text.isascii() and text.isprintable():  # the common case, quickly
        return text
    return "".join(REPLACEMENT if _category(ch) in _REFUSED else ch for ch in text)


def shown_path(path: object) -> str:
    """A file or folder name as it may appear in a message (``str`` of a path
    whose bytes are not UTF-8 holds lone surrogates)."""
    return clean(str(path))


MAX_SAID_BACK = 24  # characters of a bad command-line argument said back
_WHOLE = re.compile(r"\s*[+-]?[0-9]+\s*")


def said_back(text: str) -> str:
    """A command-line argument as a message says it back: quoted, cut short when long."""
    if len(text) <= MAX_SAID_BACK:
        return repr(text)
    return f"{text[:MAX_SAID_BACK]!r}{ELLIPSIS} ({len(text)} characters)"


def whole_number(text: str, low: int, high: int) -> int:
    """A whole number from `low` to `high` written in `text`, or ValueError
    saying why in a short sentence. A long text is refused before it is
    read (Python refuses more than 4,300 digits, with advice for programmers)."""
    if not _WHOLE.fullmatch(text):
        raise ValueError(f"{said_back(text)} is not a whole number")
    if len(text.strip().lstrip("+-")) > len(str(max(abs(low), abs(high)))):
        raise ValueError(f"{said_back(text)} is too large (at most {high})")
    n = int(text)
    if n < 0 <= low:
        raise ValueError(f"{said_back(text)} is negative")
    if not low <= n <= high:
        raise ValueError(f"{said_back(text)} must be from {low} to {high}")
    return n
