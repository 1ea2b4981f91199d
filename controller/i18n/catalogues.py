"""The catalogues' upkeep, a development step (needs Babel, the `test` extra):

    python -m controller.i18n.catalogues extract   # the templates, to stdout as a .pot (both domains)
    python -m controller.i18n.catalogues update    # every .po gains the new msgids (empty), loses the gone ones
    python -m controller.i18n.catalogues compile   # .po -> .mo, next to it
    python -m controller.i18n.catalogues export    # the page's controller/web/static/i18n/<lang>.json
    python -m controller.i18n.catalogues all       # update, compile, export
    python -m controller.i18n.catalogues check     # exit 1, saying why, when any of it is out of date

Two domains, each with a catalogue per language under controller/i18n/locale/<lang>/LC_MESSAGES/:
`soccerboard`, the Python side (`say(...)`/`N_(...)` in controller/), and `page`, the spectator page's
JavaScript (`t(...)` in controller/web/static/ and the games' page.js); and `argparse`, the standard library's
argparse messages (taken from the running Python's module; not exported to the page). English is the source
language: it has no catalogue. The runtime reads the .mo with the standard library's gettext alone.
"""
from __future__ import annotations

import argparse
import ast
import io
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .translate import LANGUAGES, LOCALE_DIR, SOURCE

ROOT = Path(__file__).resolve().parents[2]
STABLE = datetime(2026, 1, 1, tzinfo=UTC)     # the headers' dates: an update that adds nothing changes nothing
EXPORT_DIR = ROOT / "controller" / "web" / "static" / "i18n"


@dataclass(frozen=True)
class Domain:
    """A gettext domain: where its messages are marked, by which functions, read by which Babel extractor."""
    name: str
    folders: tuple[str, ...]
    method_map: tuple[tuple[str, str], ...]
    keywords: tuple[str, ...]


DOMAINS = (
    Domain("soccerboard", ("controller", "simulator"), (("**/web/static/**", "ignore"), ("**.py", "python")),
           ("say", "N_")),
    Domain("page", ("controller/web/static", "controller/games"),
           (("**/vendor/**", "ignore"), ("**.js", "javascript"),
            ("**.html", "controller.i18n.page_markup:extract_markup")), ("t",)),
)
# the page's markup is written in template strings, with t("...") inside their ${...}
OPTIONS = {"**.js": {"parse_template_string": True}}
# the standard library's own words the command line shows (its usage and errors), in a domain of their own taken
# from the running Python's module: Python ships no Italian for them (controller/i18n/argparse_words.py)
STDLIB = (("argparse", Path(argparse.__file__)),)


def po_path(domain: str, lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def extract(domain: Domain, root: Path = ROOT) -> Catalog:
    """The domain's templates as the code marks them now, with where each is said."""
    pot = Catalog(project="soccerboard", domain=domain.name, fuzzy=False, creation_date=STABLE,
                  revision_date=STABLE)
    for folder in domain.folders:
        base = root / folder
        if not base.is_dir():
            continue
        found = extract_from_dir(str(base), method_map=list(domain.method_map),
                                 options_map=OPTIONS, keywords=dict.fromkeys(domain.keywords), comment_tags=("i18n:",),
                                 strip_comment_tags=True)
        for filename, lineno, message, comments, context in found:
            if isinstance(message, tuple):      # a keyword given several strings: the first is the msgid
                message = message[0]
            if message:
                pot.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context)
        if "python" in dict(domain.method_map).values():
            for path, lineno, message in _python_marks(base, domain.keywords):
                if message not in pot:
                    pot.add(message, None, [(str(path.relative_to(root)), lineno)])
    return pot


def _python_marks(base: Path, keywords: tuple[str, ...]) -> Iterator[tuple[Path, int, str]]:
    """Every marked literal of the Python files under `base`, read from their syntax trees (Babel's extractor
    misses a marked call nested in another's arguments: a list of said sentences, a lambda's), and the help
    texts of the command line's parsers, whose literals are their marks."""
    for path in sorted(base.rglob("*.py")):
        if "static" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in keywords
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
                    and node.args[0].value):
                yield path, node.lineno, node.args[0].value
            elif isinstance(node, ast.Call) and _called(node) in HELP_CALLS:
                for keyword in node.keywords:
                    if keyword.arg in HELP_WORDS:
                        for text in _literals(keyword.value):
                            yield path, node.lineno, text


# the command line's help: the texts given to our parsers (controller/commandline.py's Parser and its subparsers),
# said by its HelpFormatter in the language chosen before the parser is built
HELP_CALLS = ("Parser", "add_parser", "add_argument", "add_argument_group", "add_mutually_exclusive_group")
HELP_WORDS = ("help", "description", "epilog")


def _called(node: ast.Call) -> str | None:
    return node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)


def _literals(node: ast.expr) -> Iterator[str]:
    """The plain strings an argument may be: a literal, or either literal branch of `a if c else b`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value:
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)


def read(path: Path) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=116, omit_header=False, sort_output=True, include_lineno=False)
    path.write_bytes(out.getvalue())


def translated(catalog: Catalog) -> dict[str, str]:
    """msgid -> msgstr of the catalogue's translated, not fuzzy, messages."""
    return {m.id: m.string for m in catalog if m.id and isinstance(m.id, str) and isinstance(m.string, str)
            and m.string and not m.fuzzy}


def extract_stdlib(name: str, source: Path) -> Catalog:
    """A standard library module's gettext messages (`_` and `ngettext`, a plural as its two forms)."""
    pot = Catalog(project="soccerboard", domain=name, fuzzy=False, creation_date=STABLE, revision_date=STABLE)
    with open(source, "rb") as f:
        for lineno, message, _comments, context in extract_from_file(
                "python", f.name, keywords={"_": None, "ngettext": (1, 2)}):
            if message:
                pot.add(message, None, [(source.name, lineno)], context=context)
    return pot


def _templates() -> Iterator[tuple[str, Catalog]]:
    """Every domain's name and its templates as the code (or the standard library) says them now."""
    for domain in DOMAINS:
        yield domain.name, extract(domain)
    for name, source in STDLIB:
        yield name, extract_stdlib(name, source)


def _unsaid(catalog: Catalog, ids: set[Any]) -> list[str]:
    """The msgids (a plural's first form) of `ids` the catalogue leaves without a translation."""
    done = {m.id for m in catalog if m.id and not m.fuzzy
            and (all(m.string) if isinstance(m.string, tuple | list) else m.string)}
    return sorted((i[0] if isinstance(i, tuple) else i) for i in ids - done)


def _languages() -> Iterable[str]:
    return (lang for lang in LANGUAGES if lang != SOURCE)


def update() -> None:
    for name, pot in _templates():
        for lang in _languages():
            path = po_path(name, lang)
            if not path.exists() and not len(pot):
                continue
            catalog = read(path) if path.exists() else Catalog(
                locale=lang, domain=name, fuzzy=False, project="soccerboard", revision_date=STABLE,
                header_comment=f"# soccerboard's {name} messages in {lang} (docs/languages.md)",
                last_translator="soccerboard", language_team=lang)
            catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
            catalog.creation_date = STABLE
            catalog.obsolete.clear()
            write(catalog, path)


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def export_doc(lang: str) -> str:
    """The page's catalogue for `lang`: msgid -> msgstr of both domains, as JSON."""
    merged: dict[str, str] = {}
    for domain in DOMAINS:
        path = po_path(domain.name, lang)
        if path.exists():
            merged.update(translated(read(path)))
    return json.dumps(dict(sorted(merged.items())), ensure_ascii=False, indent=1) + "\n"


def compile_all() -> None:
    for lang in _languages():
        for name in [d.name for d in DOMAINS] + [name for name, _ in STDLIB]:
            path = po_path(name, lang)
            if path.exists():
                path.with_suffix(".mo").write_bytes(mo_bytes(read(path)))


def export_all() -> None:
    EXPORT_DIR.mkdir(parents=True, exist_ok=True)
    for lang in _languages():
        (EXPORT_DIR / f"{lang}.json").write_text(export_doc(lang), encoding="utf-8")


def stale() -> list[str]:
    """What is out of date: a msgid the code says and a .po lacks or leaves untranslated or fuzzy, a .mo or
    JSON export that does not match its .po."""
    problems = []
    for name, pot in _templates():
        ids = {m.id for m in pot if m.id}
        for lang in _languages():
            path = po_path(name, lang)
            if not path.exists():
                if ids:
                    problems.append(f"{path.relative_to(ROOT)} is missing")
                continue
            catalog = read(path)
            problems += [f"{path.relative_to(ROOT)}: no translation of {i!r}" for i in _unsaid(catalog, ids)]
            problems += [f"{path.relative_to(ROOT)}: fuzzy {m.id!r}" for m in catalog if m.id and m.fuzzy]
            mo = path.with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != mo_bytes(catalog):
                problems.append(f"{mo.relative_to(ROOT)} is not compiled from its .po")
    for lang in _languages():
        exported = EXPORT_DIR / f"{lang}.json"
        if not exported.exists() or exported.read_text(encoding="utf-8") != export_doc(lang):
            problems.append(f"{exported.relative_to(ROOT)} is not exported from the .po files")
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "all"
    if command == "extract":
        for domain in DOMAINS:
            out = io.BytesIO()
            write_po(out, extract(domain), width=116, sort_output=True)
            sys.stdout.write(f"# domain {domain.name}\n" + out.getvalue().decode("utf-8"))
    elif command in ("update", "compile", "export", "all"):
        if command in ("update", "all"):
            update()
        if command in ("compile", "all"):
            compile_all()
        if command in ("export", "all"):
            export_all()
    elif command == "check":
        problems = stale()
        for p in problems:
            print(p, file=sys.stderr)
        return 1 if problems else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
