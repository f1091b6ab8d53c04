"""Languages: English, Finnish and Russian, from gettext catalogs.

The catalogs are compiled gettext files in the package,
`rummy_gui/locale/<lang>/LC_MESSAGES/rummy_gui.mo`, read by the standard
library's `gettext`; their sources (`.po`) sit beside them and are made and
compiled with Babel (`python tools/catalogs.py`, see docs/translating.md).
English is the source language: its text is the message id. The engine's
refusals are translated by their stable ids (`rummy_gui.engine.messages`).
"""

from __future__ import annotations

import gettext
import inspect
import locale
import os
import warnings
import weakref
from collections.abc import Callable, Mapping
from pathlib import Path

from rummy_gui.engine.messages import MESSAGES
from rummy_gui.engine.moves import IllegalMove

LANGUAGES: dict[str, str] = {"en": "English", "fi": "Suomi", "ru": "Русский"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "rummy_gui"

# Engine refusals that show a count, and the parameter that holds it. The
# engine writes "card(s)"; the catalogs hold a singular and a plural id for
# them (see plural_ids) so that every language gets its own plural forms.
ENGINE_PLURALS: dict[str, str] = {
    "bad_cut": "most",
    "bad_take": "size",
    "target_unusable": "count",
    "meld_joker_limit": "most",
    "set_too_big": "most",
    "run_too_short": "most",
    "contract_count": "need",
    "rummy_not_possible": "count",
    "meld_too_small": "least",
    "contract_sizes": "size",
    "round7_whole_hand": "runs",
}

# Each language's decimal separator, from Babel's CLDR data (tests/test_i18n
# checks the table against it; Babel is a development tool, not a run-time one).
DECIMAL_SIGNS: dict[str, str] = {"en": ".", "fi": ",", "ru": ","}

_current = "en"
_catalogs: dict[str, gettext.NullTranslations] = {}
_listeners: list[Callable[[], Callable[[str], None] | None]] = []  # weak references


def catalog_path(lang: str) -> Path:
    """Where the compiled catalog of a language is."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def catalog(lang: str) -> gettext.NullTranslations:
    if lang == "en" or lang not in LANGUAGES:
        return gettext.NullTranslations()
    if lang not in _catalogs:
        path = catalog_path(lang)
        try:
            with path.open("rb") as f:
                _catalogs[lang] = gettext.GNUTranslations(f)
        except (OSError, UnicodeDecodeError, ValueError) as e:
            # A missing or damaged catalog: say so once and show English.
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            warnings.warn(
                f"translations {path} could not be read ({reason}); showing English", stacklevel=2
            )
            _catalogs[lang] = gettext.NullTranslations()
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
    for ref in _listeners:
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


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a text for the count n, in the current language."""
    return catalog(_current).ngettext(singular, plural, n)


def pgettext(context: str, text: str) -> str:
    """Translate a text whose English is ambiguous; the context tells which."""
    return catalog(_current).pgettext(context, text)


def N_(text: str) -> str:
    """Mark a text for translation where it is defined; translate where shown."""
    return text


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text with a count where it is defined (its English singular and
    plural); `ngettext(*forms, n)` picks the form where it is shown."""
    return singular, plural


def NC_(_context: str, text: str) -> str:
    """Mark a text with its context (shown with `pgettext(context, text)`); the
    context is for the extractor only."""
    return text


def decimal(value: float, digits: int = 1, lang: str | None = None) -> str:
    """A number with `digits` decimals as the language writes it: 3.2, fi and ru 3,2."""
    return f"{value:.{digits}f}".replace(".", DECIMAL_SIGNS.get(lang or _current, "."))


def plural_ids(template: str) -> tuple[str, str]:
    """An engine template's singular and plural message ids: "card(s)" -> "card", "cards"."""
    return template.replace("(s)", ""), template.replace("(s)", "s")


# The refusals that name a meld, as the table says them: a player knows a meld
# by its cards ("Q♠ K♠ A♠"), not by the engine's number for it.
MELD_BY_CARDS: dict[str, str] = {
    "no_meld": N_("That meld is not on the table."),
    "does_not_fit": N_("{cards} does not fit {meld}."),
    "swap_no_joker": N_("No joker in {meld} stands for the {card}."),
    "claim_no_fit": N_("The {card} does not fit {meld}."),
}


def reason(exc: IllegalMove, melds: Mapping[int, str] | None = None) -> str:
    """The engine's reason for refusing a move, in the current language.
    With `melds` (each meld's number and its cards' text) a meld is named by
    its cards."""
    template = MESSAGES.get(exc.code)
    if template is None:
        return str(exc)
    params = dict(exc.params)
    if melds is not None and exc.code in MELD_BY_CARDS:
        number = params.get("meld")
        named = melds.get(number) if isinstance(number, int) else None
        if named is not None or exc.code == "no_meld":
            params["meld"] = named
            return _(MELD_BY_CARDS[exc.code]).format(**params)
    count = params.get(ENGINE_PLURALS.get(exc.code, ""))
    try:
        if isinstance(count, int):
            return ngettext(*plural_ids(template), count).format(**params)
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(exc)
