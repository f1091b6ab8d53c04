r"""The translation catalogs, on Babel.

    python tools/catalogs.py extract    # the template rummy_gui/locale/rummy_gui.pot
    python tools/catalogs.py update     # merge the template into every language's .po
    python tools/catalogs.py compile    # every .po -> its .mo (fuzzy entries are left out)
    python tools/catalogs.py check      # what the catalog tests check; exit 1 on any problem
    python tools/catalogs.py init LANG  # start a new language (see docs/translating.md)
    python tools/catalogs.py all        # extract, update, compile, check

The same steps with Babel's own command line (from the repository's root):

    PYTHONPATH=tools pybabel extract -F babel.cfg -k NC_:1c,2 -k NN_:1,2 --no-location \
        -o rummy_gui/locale/rummy_gui.pot .
    pybabel update -D rummy_gui -d rummy_gui/locale -i rummy_gui/locale/rummy_gui.pot \
        -N --ignore-obsolete
    pybabel compile -D rummy_gui -d rummy_gui/locale --statistics
"""

from __future__ import annotations

import io
import string
import sys
from collections.abc import Iterable
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import PoFileError, read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT))

from rummy_gui.i18n import DOMAIN, LANGUAGES, LOCALE_DIR  # noqa: E402 (after the path set-up)

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2), "NN_": (1, 2)}
PROJECT = "rummy-gui"
VERSION = "0.1"
AUTHORS = "the rummy-gui authors"
BUGS = "the project's issue tracker"
HEADER = (
    "# {what} of rummy-gui.\n# Copyright (C) 2026 the rummy-gui authors\n"
    "# This file is distributed under the same licence as rummy-gui (MIT)."
)
NAMES = {"fi": "Finnish", "ru": "Russian"}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def languages() -> list[str]:
    """The translated languages: every folder of the locale directory with a .po."""
    return sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> Catalog:
    """Every text of the package to translate, as a template catalog."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, str(ROOT / "babel.cfg"))
    template = Catalog(
        project=PROJECT,
        version=VERSION,
        copyright_holder=AUTHORS,
        msgid_bugs_address=BUGS,
        fuzzy=False,
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, strip_comment_tags=True
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    template.header_comment = HEADER.format(what="The template of the translations")
    return template


def read(path: Path, lang: str | None = None) -> Catalog:
    """A .po file; a malformed one is refused with its file and line."""
    with path.open("rb") as f:
        try:
            return read_po(f, locale=lang, domain=DOMAIN, abort_invalid=True)
        except PoFileError as e:
            # Babel counts lines from 0 and adds " on N" to its message: say it once, from 1.
            message = str(e).removesuffix(f" on {e.lineno}")
            raise CatalogError(
                f"{path}, line {e.lineno + 1}: {message}: {e.line.strip()!r}"
            ) from None


class CatalogError(ValueError):
    """A .po file that can't be read."""


def write(path: Path, catalog: Catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def update(template: Catalog, langs: Iterable[str]) -> None:
    for lang in langs:
        catalog = read(po_path(lang), lang)
        catalog.update(template, no_fuzzy_matching=True)
        write(po_path(lang), catalog)


def compile_catalogs(langs: Iterable[str]) -> None:
    for lang in langs:
        catalog = read(po_path(lang), lang)
        with mo_path(lang).open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)


def language_name(lang: str) -> str:
    return NAMES.get(lang) or Locale.parse(lang).english_name or lang


def init(lang: str, template: Catalog) -> None:
    path = po_path(lang)
    if path.exists():
        raise SystemExit(f"{path} exists already")
    catalog = Catalog(
        locale=lang,
        domain=DOMAIN,
        project=PROJECT,
        version=VERSION,
        copyright_holder=AUTHORS,
        msgid_bugs_address=BUGS,
        fuzzy=False,
    )
    catalog.update(template, no_fuzzy_matching=True)
    catalog.header_comment = HEADER.format(what=f"{language_name(lang)} translations")
    catalog.last_translator = "the rummy-gui authors"
    catalog.language_team = f"{language_name(lang)}, the rummy-gui authors"
    write(path, catalog)
    print(
        f"wrote {path}: translate it, add {lang!r} to LANGUAGES in rummy_gui/i18n.py, "
        "then run `python tools/catalogs.py compile check`"
    )


def fields(text: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def _key(m: Message) -> tuple[str | None, str]:
    return m.context, m.id if isinstance(m.id, str) else m.id[0]


def _show(key: tuple[str | None, str]) -> str:
    return repr(key[1]) + (f" (context {key[0]!r})" if key[0] else "")


def _strings(m: Message) -> tuple[str, ...]:
    return (m.string,) if isinstance(m.string, str) else tuple(m.string or ())


def problems(lang: str, source: Catalog | None = None) -> list[str]:
    """What is wrong with one language's catalogs: missing, fuzzy or wrong
    translations, a compiled .mo that is not the .po, ids the source lacks."""
    out: list[str] = []
    catalog = read(po_path(lang), lang)
    where = f"{lang}: "
    if catalog.fuzzy:
        out.append(where + "the header is marked fuzzy")
    if catalog.plural_forms != Catalog(locale=lang).plural_forms:
        out.append(
            where + f"Plural-Forms is {catalog.plural_forms!r}, "
            f"not the language's {Catalog(locale=lang).plural_forms!r}"
        )
    entries = [m for m in catalog if m.id]
    for m in entries:
        name = f"{where}{m.id if isinstance(m.id, str) else m.id[0]!r}"
        if m.fuzzy:
            out.append(f"{name} is fuzzy (a guess: check it and remove the flag)")
        strings = _strings(m)
        if m.pluralizable and len(strings) != catalog.num_plurals:
            out.append(f"{name} has {len(strings)} plural forms, not {catalog.num_plurals}")
        if not all(strings):
            out.append(f"{name} has no translation")
            continue
        want = fields(m.id[-1] if isinstance(m.id, tuple | list) else m.id)
        out.extend(
            f"{name}: its placeholders {sorted(fields(s))} are not {sorted(want)}"
            for s in strings
            if fields(s) != want
        )
    if not mo_path(lang).exists():
        out.append(f"{where}{mo_path(lang)} is missing: run `python tools/catalogs.py compile`")
    else:
        with mo_path(lang).open("rb") as f:
            compiled = read_mo(f)
        have = {_key(m): _strings(m) for m in compiled if m.id}
        want_mo = {_key(m): _strings(m) for m in entries if not m.fuzzy}
        if have != want_mo:
            out.append(
                f"{where}{mo_path(lang)} is not the compiled {po_path(lang).name}: "
                "run `python tools/catalogs.py compile`"
            )
    if source is not None:
        ids = {_key(m) for m in source if m.id}
        po_ids = {_key(m) for m in entries}
        update = "run `python tools/catalogs.py update`"
        out.extend(
            f"{where}{_show(key)} is not in the catalog: {update}"
            for key in sorted(ids - po_ids, key=str)
        )
        out.extend(
            f"{where}{_show(key)} is no longer in the source: {update}"
            for key in sorted(po_ids - ids, key=str)
        )
        plural_source = {_key(m) for m in source if m.id and m.pluralizable}
        plural_po = {_key(m) for m in entries if m.pluralizable}
        out.extend(
            f"{where}{_show(key)}: the source and the catalog differ on its plural"
            for key in sorted((plural_source ^ plural_po) & ids & po_ids, key=str)
        )
    return out


def main(argv: list[str]) -> int:
    steps = argv or ["all"]
    if steps == ["all"]:
        steps = ["extract", "update", "compile", "check"]
    template: Catalog | None = None
    if "init" in steps:
        init(steps[steps.index("init") + 1], extract())
        return 0
    for step in steps:
        if step == "extract":
            template = extract()
            write(TEMPLATE, template)
            print(f"{TEMPLATE.relative_to(ROOT)}: {len(template)} texts")
        elif step == "update":
            update(template or read(TEMPLATE), languages())
        elif step == "compile":
            compile_catalogs(languages())
        elif step == "check":
            source = template or extract()
            found = [p for lang in languages() for p in problems(lang, source)]
            unlisted = set(languages()) - set(LANGUAGES)
            found += [f"{lang}: not in LANGUAGES of rummy_gui/i18n.py" for lang in sorted(unlisted)]
            print("\n".join(found) or f"catalogs {', '.join(languages())}: all good")
            if found:
                return 1
        else:
            raise SystemExit(
                f"unknown step {step!r} (extract, update, compile, check, init LANG, all)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
