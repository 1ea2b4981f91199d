"""Saying a sentence in the chosen language, at the edges (the console, `report`, doctor, the CLI's errors).

The catalogues are gettext's: domain `soccerboard`, compiled to
controller/i18n/locale/<lang>/LC_MESSAGES/soccerboard.mo and read with the standard library alone. English
is the source language (no catalogue: a msgid is its own English). One language is in use per process
(`use`), chosen once at start-up from `--lang` or the locale (controller/i18n/languages.py).
"""
from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Any

from .said import Say

DOMAIN = "soccerboard"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE = "en"
LANGUAGES = ("en", "it")     # the source language first

_current = SOURCE


@cache
def catalogue(lang: str) -> gettext.NullTranslations:
    """The language's compiled catalogue (English, or a language with none: the messages as they are)."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def use(lang: str) -> None:
    """The language this process speaks from now on (one of LANGUAGES)."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGUAGES)})")
    _current = lang


def current() -> str:
    """The language in use."""
    return _current


def text(sentence: Any, lang: str | None = None) -> str:
    """The sentence in `lang` (the language in use when not given): a `Say` by its translated template and
    translated arguments; a plain string as the catalogue has it (itself when it has none). A translation
    whose placeholders do not match its template falls back to the English sentence."""
    lang = lang or _current
    if isinstance(sentence, Say):
        if lang == SOURCE:
            return str.__str__(sentence)
        template = catalogue(lang).gettext(sentence.msg)
        args = {k: _arg(v, lang) for k, v in sentence.args.items()}
        try:
            return template.format(**args) if args else template
        except (KeyError, IndexError, ValueError):
            return str.__str__(sentence)
    if isinstance(sentence, str):
        return sentence if lang == SOURCE or not sentence else catalogue(lang).gettext(sentence)
    return str(sentence)


def _arg(v: Any, lang: str) -> Any:
    """A sentence's argument in `lang`: a sentence translated, a list item by item and joined by ", "."""
    if isinstance(v, list | tuple):
        return ", ".join(_arg(x, lang) if isinstance(x, Say) else str(x) for x in v)
    return text(v, lang) if isinstance(v, Say) else v


def error_text(e: BaseException) -> str:
    """An exception's message in the language in use: its first argument when it is a `say`, else as it prints."""
    return text(e.args[0]) if len(e.args) == 1 and isinstance(e.args[0], Say) else str(e)
